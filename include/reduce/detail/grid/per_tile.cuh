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
    need.scratch = passes::passes_bytes<typename Call::config, typename Call::accumulator>(c.bound.tiles);
    return cudaSuccess;
  }

  template <class Call>
  static status run(const Call& c, storage_regions storage) {
    using Cfg = typename Call::config;
    using Acc = typename Call::accumulator;
    unsigned blocks = 0;
    if (status s = Call::walk::blocks(c, blocks)) return s;
    const std::uint64_t tiles = c.shape.tiles;
    cudaError_t e = c.launch(blocks, tiles == 1 ? c.out : static_cast<Acc*>(storage.scratch), args<Acc>{});
    if (!e)
      e = passes::fold_passes<Cfg>(storage.scratch, passes::first_buffer_bytes<Cfg, Acc>(c.bound.tiles), tiles, c.out,
                                   c.op, c.stream);
    if (e) return {e, "reduce: a kernel launch failed"};
    return {};
  }
};

}  // namespace reduce::detail
