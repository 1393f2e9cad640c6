// Combine per_tile: the first pass stores one result per tile, whichever block of the fixed grid walked it (the
// kernel's result_per_tile walk), then relaunch's passes of one tile per block fold them. Nothing but n, the input's
// address modulo 16 and the config's Load, BlockFinish and Block shapes the arithmetic, so the result is bitwise
// independent of the grid size and of the GPU, and equal to multipass's.
#pragma once
#include "../launch.cuh"
#include "relaunch.cuh"

namespace reduce::detail {

template <>
struct combine_strategy<policy::per_tile> : combine_defaults {
  using passes = combine_strategy<policy::relaunch>;
  static constexpr bool result_per_tile = true;

  template <class Acc>
  using args = passes::args<Acc>;
  template <class Cfg, class T, class Acc>
  using epilogue = passes::epilogue<Cfg, T, Acc>;  // result t goes to out[t]

  template <class Call>
  static cudaError_t storage(const Call& c, bool, storage_need& need) {  // the same results as multipass's
    need.scratch = results_bytes<typename Call::config, typename Call::accumulator>(c.bound.tiles);
    return cudaSuccess;
  }

  // The two halves, also the engine's interface for a reduction larger than one call (partials.cuh):
  // first_pass stores one result per tile at results[0..tiles); fold reduces `tiles` results at the start of a buffer
  // of results_bytes(capacity) into *out (nothing to do for one: the first pass wrote *out).
  template <class Call>
  static status first_pass(const Call& c, typename Call::accumulator* results) {
    unsigned blocks = 0;
    if (status s = Call::walk::blocks(c, blocks)) return s;
    if (cudaError_t e = c.launch(blocks, results, args<typename Call::accumulator>{}))
      return {e, "reduce: a kernel launch failed"};
    return {};
  }
  template <class Cfg, class Acc>
  static std::size_t results_bytes(std::uint64_t capacity) {
    return passes::passes_bytes<Cfg, Acc>(capacity);
  }
  template <class Cfg, bool Wide = true, class Acc, class Op>
  static cudaError_t fold(void* results, std::uint64_t capacity, std::uint64_t tiles, Acc* out, Op op,
                          cudaStream_t stream) {
    return passes::fold_passes<Cfg, Wide>(results, passes::first_buffer_bytes<Cfg, Acc>(capacity), tiles, out, op,
                                          stream);
  }

  template <class Call>
  static status run(const Call& c, storage_regions storage) {
    using Acc = typename Call::accumulator;
    return first_pass(c, c.shape.tiles == 1 ? c.out : static_cast<Acc*>(storage.scratch));
  }
  template <class Call>
  static status complete(const Call& c, storage_regions storage) {
    if (cudaError_t e = fold<typename Call::config, Call::wide>(storage.scratch, c.bound.tiles, c.shape.tiles, c.out,
                                                                c.op, c.stream))
      return {e, "reduce: a kernel launch failed"};
    return {};
  }
};

}  // namespace reduce::detail
