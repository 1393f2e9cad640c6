// Combine native_atomic: each block's result (or, with BlockFinish none, each thread's) is combined into the output
// with a native atomic, once a preset of the output to the identity has landed. On zeroed storage that costs nothing
// (a reduce::workspace), a sum of 32-bit integers over at most tally_max_arrivals results goes through one tally word
// instead (atomic.cuh): no preset, one launch, and the word left at zero.
//
// Float and double sums: a float atomic add flushes subnormal operands and results to zero (it has no denormal mode),
// so a block's result, or the running value in the output, below 2^-126 in magnitude may count as zero. The result
// then differs from the blocks' results summed in float by at most (blocks + 1) x 2^-126 beyond ordinary rounding;
// every other Grid keeps subnormals. (Double atomics keep them.)
#pragma once
#include <cstring>

#include "../atomic.cuh"
#include "../iterators.cuh"
#include "../launch.cuh"

namespace reduce::detail {

// Stores one value before the reduction, in stream order: the output's identity. It lets the programmatic launch that
// follows start at once: that kernel still waits for this one to complete (and for its store to be visible) in
// wait_for_previous_grid() before its first atomic.
template <class T>
__global__ void store_value(T* p, T v) {
  allow_next_grid();
  *p = v;
}

template <>
struct combine_strategy<policy::native_atomic> : combine_defaults {
  static constexpr zeroed_use zeroed = zeroed_use::where_free;

  template <class Acc>
  struct args {
    std::uint64_t outputs = 1;            // BlockFinish none: threads 0..outputs-1 (over the grid) own a result
    unsigned long long* tally = nullptr;  // the tally word (zero before the launch), or null: the output was preset
  };

  template <class Cfg, class T, class Acc>
  struct epilogue {
    __device__ explicit epilogue(const args<Acc>&) {}

    // One of `arrivals` results.
    template <class Op>
    __device__ static void combine(Acc* out, const Acc& v, const args<Acc>& g, std::uint64_t arrivals) {
      if constexpr (tally_combine<Op, Acc>) {
        if (g.tally) return tally_add(g.tally, v, arrivals, out);
      }
      wait_for_previous_grid();  // the preset
      atomic_combine<Op, Acc>::apply(out, v);
    }
    template <class Temp, class Op>
    __device__ void block_result(Temp&, const Acc& v, std::uint64_t, Acc* out, Op, const args<Acc>& g) {
      if (threadIdx.x == 0) combine<Op>(out, v, g, gridDim.x);
    }
    template <class Op>
    __device__ void thread_result(std::uint64_t, const Acc& v, Acc* out, Op, const args<Acc>& g) {
      combine<Op>(out, v, g, g.outputs);
    }
  };

  // The tally word, where zeroed storage is free and the op and accumulator can use it; and a device slot for the
  // atomics of a call whose output is host memory (pinned or pageable): the device reaches it over the bus, where its
  // atomics are not the device's own, so the blocks combine into the slot and one thread then stores the result.
  template <class Call>
  static cudaError_t storage(const Call& c, bool zeroed_kept, storage_need& need) {
    constexpr bool tally = tally_combine<typename Call::op_type, typename Call::accumulator>;
    need.zeroed = zeroed_kept && tally ? sizeof(unsigned long long) : 0;
    need.scratch = tallies(c, zeroed_kept) ? 0 : sizeof(typename Call::accumulator);
    return cudaSuccess;
  }
  // Whether the call certainly takes the tally word (whose last arrival stores the result, as any memory takes it):
  // at most tally_max_arrivals block or thread results for n elements anywhere.
  template <class Call>
  static bool tallies(const Call& c, bool zeroed_kept) {
    constexpr bool tally = tally_combine<typename Call::op_type, typename Call::accumulator>;
    const std::uint64_t most = tiling<typename Call::config>::thread_results ? c.bound.outputs : c.bound.tiles;
    return zeroed_kept && tally && c.n > 0 && most <= tally_max_arrivals;
  }

  template <class Call>
  static status run(const Call& c, storage_regions storage) {
    using Cfg = typename Call::config;
    using Acc = typename Call::accumulator;
    using Op = typename Call::op_type;
    // A custom op (make_op) is any function of two values: no hardware atomic computes it, whatever the type.
    static_assert(!is_custom_op<Op>::value,
                  "reduce: Grid policy atomic has no native atomic for a custom op (make_op): the hardware has atomics "
                  "only for the library's sum, min, max and bitwise ops. Use policy::single_pass (one launch, "
                  "deterministic), policy::gridstride or policy::multipass instead.");
    static_assert(is_custom_op<Op>::value || atomic_combine<Op, Acc>::supported,
                  "reduce: Grid policy atomic needs a native atomic for this op and accumulator (sum of 32/64-bit "
                  "integers, float, double; min, max and bitwise ops of 32/64-bit integers). Use policy::single_pass "
                  "(one launch, deterministic), policy::gridstride or policy::multipass instead.");
    if constexpr (atomic_combine<Op, Acc>::supported) {  // else only the static_assert above speaks
      unsigned blocks = 0;
      if (status s = Call::walk::blocks(c, blocks)) return s;
      args<Acc> g{c.shape.outputs};
      const std::uint64_t arrivals = tiling<Cfg>::thread_results ? c.shape.outputs : blocks;
      if (storage.zeroed && c.n > 0 && arrivals <= tally_max_arrivals) {  // the last arrival stores *out
        g.tally = static_cast<unsigned long long*>(storage.zeroed);
        if (cudaError_t e = c.launch(blocks, c.out, g)) return {e, "reduce: a kernel launch failed"};
        return {};
      }
      Acc* const host_out = storage.host_output ? c.out : nullptr;
      if (host_out && !storage.scratch) return {cudaErrorInvalidValue, "reduce: no slot for a host output's atomics"};
      Acc* const target = host_out ? static_cast<Acc*>(storage.scratch) : c.out;
      // Preset the output to the identity: a memset node where its bytes are all zero (sum, or, xor: the cheapest
      // stream-ordered store), else a one-thread kernel that the reduction follows programmatically.
      const Acc identity = c.op.template identity<Acc>();
      const Acc zero_bytes{};
      const bool memset_will_do = std::memcmp(&identity, &zero_bytes, sizeof(Acc)) == 0;
      cudaError_t e = cudaSuccess;
      if (memset_will_do) {
        e = cudaMemsetAsync(target, 0, sizeof(Acc), c.stream);
      } else {
        store_value<<<1, 1, 0, c.stream>>>(target, identity);
        e = cudaGetLastError();
      }
      if (!e && c.n > 0) e = c.launch(blocks, target, g, memset_will_do ? follows::callers_work : follows::own_kernel);
      if (!e && host_out) {
        e = launch_finisher<write_through<Acc, Acc*>>(c.stream, static_cast<const Acc*>(target), host_out);
      }
      if (e) return {e, "reduce: a kernel launch failed"};
      return {};
    } else {
      return {cudaErrorInvalidValue, "reduce: Grid atomic has no native atomic for this op"};
    }
  }
};

}  // namespace reduce::detail
