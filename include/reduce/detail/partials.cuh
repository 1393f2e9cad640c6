// The one-GPU engine as one part of a larger reduction: what a layer above it (the multi-GPU layer, nccl/) may ask
// of it, and all it may ask. Every function runs the engine's own code path; none launches anything of its own.
//
//   need / into_slot        a shard reduced into one slot: the storage it needs, then the run on regions the caller
//                           placed (the entry path, detail::run, with the same tuned choice), whole or in two steps:
//                           the first pass, then the launches after it (combine_defaults::complete)
//   tiles / tile_results    a reproducible Grid (Combine per_tile): the shard's tiles, and one result per tile
//                           written at results[0..tiles) by the Grid's first pass alone
//   results_bytes / fold    the later passes over tile results gathered from several shards: their storage, and the
//                           fold into one value, bit for bit the one-GPU result over the concatenated tiles
#pragma once
#include <cstdint>

#include "dispatch.cuh"

namespace reduce::detail::partials {

// Storage seen by the entry path: a query that records the need, or regions placed by the caller. keeps_zeroed: the
// zeroed region reads zero at entry (a workspace's); otherwise the entry path zeroes it per call.
template <bool KeepsZeroed>
struct need_probe {
  storage_need* need;
  static constexpr bool keeps_zeroed = KeepsZeroed;
  static constexpr run_step step = run_step::whole;
  static constexpr bool is_query() { return true; }
  void report(storage_need n) const { *need = n; }
  template <class T, class Acc>
  status take(storage_need, const T*, Acc*, std::uint64_t, cudaStream_t, storage_regions&) const {
    return {cudaErrorInvalidValue, "reduce: internal: a size query cannot run"};
  }
  template <class Acc>
  static Acc* destination(Acc* out) {
    return out;
  }
};
template <bool KeepsZeroed, run_step Step>
struct placed_storage {
  storage_regions placed;
  static constexpr bool keeps_zeroed = KeepsZeroed;
  static constexpr run_step step = Step;
  static constexpr bool is_query() { return false; }
  void report(storage_need) const {}
  template <class T, class Acc>
  status take(storage_need need, const T*, Acc*, std::uint64_t, cudaStream_t, storage_regions& r) const {
    r.zeroed = need.zeroed ? placed.zeroed : nullptr;
    r.scratch = placed.scratch;
    return {};
  }
  template <class Acc>
  static Acc* destination(Acc* out) {
    return out;
  }
};

template <class Cfg, bool KeepsZeroed, class Acc, class T, class Tr, class Op>
status need(const T* in, std::uint64_t n, Tr tr, Op op, cudaStream_t stream, storage_need& need) {
  return run<Cfg>(need_probe<KeepsZeroed>{&need}, in, static_cast<Acc*>(nullptr), n, tr, op, stream);
}
template <class Cfg, bool KeepsZeroed, run_step Step, class T, class Acc, class Tr, class Op>
status into_slot(storage_regions placed, const T* in, Acc* slot, std::uint64_t n, Tr tr, Op op, cudaStream_t stream) {
  return run<Cfg>(placed_storage<KeepsZeroed, Step>{placed}, in, slot, n, tr, op, stream);
}

// ---- a reproducible Grid's tiles ----------------------------------------------------------------------------------

// Tiles of a shard of n elements at a 16-byte aligned address: what every rank computes for every other.
template <class Cfg, class T>
std::uint64_t tiles(std::uint64_t n) {
  return n == 0 ? 0 : tiling<Cfg>::of(static_cast<const T*>(nullptr), n).tiles;
}
template <class Cfg, class T, class Acc, class Tr, class Op>
status tile_results(const T* in, std::uint64_t n, Acc* results, Tr tr, Op op, cudaStream_t stream) {
  static_assert(std::is_same_v<typename Cfg::grid::combine, policy::per_tile>, "reduce: internal: not per_tile");
  if (n == 0) return {};  // an empty shard has no tiles
  return combine_strategy<policy::per_tile>::first_pass(call<Cfg, T, Acc, Op, Tr>{in, n, results, op, tr, stream},
                                                        results);
}
template <class Cfg, class Acc>
std::size_t results_bytes(std::uint64_t capacity) {
  return std::max(combine_strategy<policy::per_tile>::results_bytes<Cfg, Acc>(capacity),
                  align_up(std::max<std::uint64_t>(capacity, 1) * sizeof(Acc)));
}
// tiles >= 2 results at the start of a buffer of results_bytes(capacity) bytes, folded into *out. The first pass
// follows the previous grid programmatically (PDL): it must be a grid of the library's (see nccl/fold.cuh).
template <class Cfg, class Acc, class Op>
cudaError_t fold(void* results, std::uint64_t capacity, std::uint64_t tiles, Acc* out, Op op, cudaStream_t stream) {
  return combine_strategy<policy::per_tile>::fold<Cfg>(results, capacity, tiles, out, op, stream);
}

}  // namespace reduce::detail::partials
