// The one entry path. Every public entry point (two-phase temporary storage, workspace, convenience, extensions)
// comes here: the tuned default is resolved to a fixed config first, then one function runs a fixed config over a
// storage. It works out the call's tile shape once, asks the Grid's Combine strategy what storage it needs, provides
// it (the caller's bytes, or a workspace's regions), and hands the call to the strategy: the one place that knows a
// strategy is this lookup of its type.
#pragma once
#include <cuda_runtime.h>

#include <cstdint>

#include "../ops.cuh"
#include "../types.cuh"
#include "../workspace.cuh"
#include "checks.cuh"
#include "grid/strategies.cuh"
#include "library_ops.cuh"
#include "launch.cuh"
#include "tuned.cuh"

namespace reduce::detail {

// The caller's temporary storage, CUB style: d_temp == nullptr asks for its size. Zeroed regions are zeroed per call.
struct temp_bytes_storage {
  void* d_temp;
  std::size_t& temp_bytes;
  static constexpr bool keeps_zeroed = false;
  static constexpr run_step step = run_step::whole;

  static std::size_t total(storage_need need) { return align_up(need.zeroed) + align_up(need.scratch); }
  bool is_query() const { return d_temp == nullptr; }
  void report(storage_need need) const { temp_bytes = std::max<std::size_t>(total(need), storage_alignment); }
  template <class T, class Acc>
  status take(storage_need need, const T* in, Acc* out, std::uint64_t n, cudaStream_t, storage_regions& r) const {
    const std::size_t needed = std::max<std::size_t>(total(need), storage_alignment);
    if (status s = check_arguments(d_temp, temp_bytes, needed, in, out, n, &r.host_output)) return s;
    r.zeroed = need.zeroed ? d_temp : nullptr;
    r.scratch = static_cast<char*>(d_temp) + align_up(need.zeroed);
    return {};
  }
  template <class Acc>
  static Acc* destination(Acc* out) {
    return out;
  }
  template <class Acc>
  static Acc* checked(Acc* out) {
    return out;
  }
};

// A reduce::workspace: its zeroed region reads zero between calls, so nothing is zeroed per call.
struct workspace_storage {
  workspace& ws;
  static constexpr bool keeps_zeroed = true;
  static constexpr run_step step = run_step::whole;

  static constexpr bool is_query() { return false; }
  void report(storage_need) const {}
  template <class T, class Acc>
  status take(storage_need need, const T* in, Acc* out, std::uint64_t n, cudaStream_t stream,
              storage_regions& r) const {
    if (status s = check_io(in, out, n, &r.host_output)) return s;
    if (status s = ws.reserve(need.zeroed, need.scratch, stream)) return s;
    r.zeroed = need.zeroed ? ws.zeroed() : nullptr;
    r.scratch = ws.scratch();
    return {};
  }
  template <class Acc>
  static Acc* destination(Acc* out) {
    return out;
  }
  template <class Acc>
  static Acc* checked(Acc* out) {
    return out;
  }
};

// The most elements of T at any address that make one tile under Cfg: a vector Load's tiled body is whole vectors,
// after a head and before a tail of fewer than a vector's elements each.
template <class Cfg, class T>
inline constexpr std::uint64_t one_tile_most = [] {
  using agent_t = agent<typename Cfg::load, Cfg::block>;
  if constexpr (agent_t::template vectors_of<T>)
    return (agent_t::tile_units + 2) * vec16<T>::size - 2;
  else
    return agent_t::tile_units;
}();

// One fixed config over a storage: the size query, or the checks and the run. Wide: whether n may exceed
// index32_limit (launch.cuh); the tuned default knows it from the row it picked. Least: a count n is known to exceed
// (the row's range, tuned.cuh): where it rules out an input of one tile, the one-tile kernel is not instantiated.
template <class Cfg, bool Wide = true, std::uint64_t Least = 0, class Storage, class T, class Acc, class Tr, class Op>
status run_fixed(const Storage& storage, const T* in, Acc* out, std::uint64_t n, Tr tr, Op op, cudaStream_t stream) {
  using strategy = strategy_of<Cfg>;
  storage_need need;
  if (cudaError_t e =
          strategy::storage(call<Cfg, T, Acc, Op, Tr, Wide>{in, n, out, op, tr, stream}, Storage::keeps_zeroed, need))
    return {e, "reduce: device query failed"};
  if (storage.is_query()) {
    storage.report(need);
    return {};
  }
  storage_regions regions;
  if (status s = storage.take(need, in, out, n, stream, regions)) return s;
  out = storage.destination(out);  // the caller's output, or a slot the storage placed (detail/seed.cuh)
  const call<Cfg, T, Acc, Op, Tr, Wide> c{in, n, out, op, tr, stream};
  // An input of one tile, under any Grid: one block writes the result (grid/relaunch.cuh). Not with BlockFinish none:
  // its one tile leaves a value per thread, which its Grid still folds.
  if constexpr (!tiling<Cfg>::thread_results && Least < one_tile_most<Cfg, T>) {
    if (c.shape.tiles == 1) {
      if constexpr (Storage::step == run_step::rest) return {};  // the first step wrote the result
      using single = single_tile_config<Cfg>;
      if (cudaError_t e =
              launch<single, false>(1, in, n, out, op, combine_args<single, Acc>{}, stream, follows::callers_work, tr))
        return {e, "reduce: a kernel launch failed"};
      return {};
    }
  }
  if constexpr (Storage::step == run_step::rest) {
    return strategy::complete(c, regions);
  } else {
    if (regions.zeroed && !Storage::keeps_zeroed)
      if (cudaError_t e = cudaMemsetAsync(regions.zeroed, 0, need.zeroed, stream))
        return {e, "reduce: cudaMemsetAsync of the zeroed storage failed"};
    if (status s = strategy::run(c, regions)) return s;
    if constexpr (Storage::step == run_step::first) return {};
    return strategy::complete(c, regions);
  }
}

// The rules on a call's types that no config can meet, checked here before any kernel is instantiated: one
// static_assert each, naming the fix, and `ok`, with which run() instantiates nothing more once one has failed, so
// that its message is the only error (not one per kernel).
template <class T, class Acc, class Tr, class Op, bool Seeded = false>
struct call_types {
  // The plain path converts each element to the accumulator (to the value type of compensated<F>), and only where no
  // value changes (types.cuh, is_narrowing_v). A transform's result type is the caller's choice, and is not checked.
  static constexpr bool exact = !cuda::std::is_same_v<Tr, no_transform> || !is_narrowing_v<T, value_type_of_t<Acc>>;
  static_assert(exact,
                "reduce: the input type converts to the accumulator (d_out's element type) with a loss of values "
                "(float into int drops fractions; double into float, int32 into float and int64 into int32 change "
                "values). To convert on purpose, pass reduce::convert_to<Acc>{} as the transform: "
                "reduce::device_transform_reduce<Cfg>({d_temp, bytes}, d_in, d_out, n, reduce::convert_to<Acc>{}, op, "
                "stream); or use a wider output type");
  // Checked before the op's own static_assert would be reached in a kernel (ops.cuh).
  static constexpr bool bitwise = !is_bitwise_op_v<Op> || cuda::std::is_integral_v<Acc>;
  static_assert(bitwise,
                "reduce: bit_and, bit_or and bit_xor need an integral accumulator (d_out's element type): use an "
                "integer output type; for the bits of floating-point data, a transform that returns them as an "
                "integer (e.g. __float_as_uint)");
  static constexpr bool transform_on_device = runs_on_device_v<Tr>;
  static_assert(transform_on_device,
                "reduce: the transform is a plain lambda, whose operator() is host code and cannot run in a kernel: "
                "write it as a __host__ __device__ lambda and compile with nvcc --extended-lambda, or pass a functor "
                "struct with a __host__ __device__ operator()");
  // A custom op made of a plain lambda has been reported where make_op made it (custom's static_assert, ops.cuh).
  static constexpr bool op_on_device = is_custom_op<Op>::value || runs_on_device_v<Op>;
  static_assert(op_on_device,
                "reduce: the op is a plain lambda, whose operator() is host code and cannot run in a kernel: write it "
                "as a __host__ __device__ lambda and compile with nvcc --extended-lambda, or pass a functor struct");
  // A stream (or another pointer or number) where the op goes: device_reduce({d_temp, bytes}, d_in, d_out, n, stream).
  static constexpr bool op_is_an_op = !cuda::std::is_pointer_v<Op> && !cuda::std::is_arithmetic_v<Op>;
  static_assert(op_is_an_op,
                "reduce: the argument after n is the op, then the stream: pass reduce::sum{} (or another op) before "
                "the stream, e.g. reduce::device_reduce({d_temp, bytes}, d_in, d_out, n, reduce::sum{}, stream)");
  // binned<T> (takes_elements) adds its bins exactly: a sum, nothing else.
  static constexpr bool sums_bins = !takes_elements<Acc>::value || cuda::std::is_same_v<library_op_t<Op, Acc>, sum>;
  static_assert(sums_bins,
                "reduce: a binned<T> accumulator sums (its bins add exactly, in any order): pass reduce::sum{} as the "
                "op; for min, max or another op use a T output");
  // An initial value is taken by the one-array and segmented entries (detail/entry.cuh, segment/entry.cuh), which
  // unwrap it before they get here.
  static constexpr bool unseeded = Seeded || !is_seeded_v<Op>;
  static_assert(unseeded,
                "reduce: with_init(op, init) is taken by the one-array and segmented calls; the multi-GPU calls "
                "take the op alone: combine init with the result");
  // The kernels start each fold with the op's identity and pad tiles with it; with an initial value they need none.
  static constexpr bool identity =
      Seeded || !unseeded || !op_is_an_op || !op_on_device || has_identity_v<library_op_t<Op, Acc>, Acc>;
  static_assert(identity,
                "reduce: this op has no identity element (op.identity<Acc>()): pass an initial value, "
                "reduce::with_init(op, init), as CUB's Reduce takes one, or give the op an identity with "
                "reduce::make_op(op, identity)");
  static constexpr bool sums_bins_seedless = !Seeded || !takes_elements<Acc>::value;
  static_assert(sums_bins_seedless, "reduce: a binned<T> accumulator takes no initial value: add init to the result");
  static constexpr bool ok = exact && bitwise && transform_on_device && op_is_an_op && sums_bins && unseeded &&
                             identity && sums_bins_seedless && runs_on_device_v<Op>;
};

// Any config, the tuned default included, over a storage.
template <class Cfg, class Storage, class T, class Acc, class Tr, class Op>
status run(const Storage& storage, const T* in, Acc* out, std::uint64_t n, Tr tr, Op op, cudaStream_t stream) {
  if constexpr (!call_types<T, Acc, Tr, Op>::ok) {
    return {cudaErrorInvalidValue, "reduce: this call's types are refused"};  // a static_assert has said why
  } else if constexpr (!cuda::std::is_same_v<library_op_t<Op, Acc>, Op>) {
    return run<Cfg>(storage, in, out, n, tr, library_op_t<Op, Acc>{}, stream);  // cuda::std::plus<> as sum, ...
  } else if constexpr (is_tuned<Cfg>::value) {
    return with_tuned_config<Cfg, T, Acc, Op, Tr, Storage::keeps_zeroed>(n, [&](auto config, auto wide, auto least) {
      return run_fixed<typename decltype(config)::type, decltype(wide)::value, decltype(least)::value>(
          storage, in, out, n, tr, op, stream);
    });
  } else {
    return run_fixed<Cfg>(storage, in, out, n, tr, op, stream);
  }
}

}  // namespace reduce::detail
