// The thin kernel: the agent folds the input, the BlockFinish combines the block, the Grid policy's epilogue
// (epilogue/) hands the block result on (store it, combine it atomically, or let one block finish the job).
#pragma once
#include <cstdint>
#include <cuda/std/type_traits>
#include <reduce/policy/config.cuh>

#include "agent/thread_reduce.cuh"
#include "block/block_reduce.cuh"
#include "epilogue/epilogue.cuh"

namespace reduce::detail {

// Grids whose launches give each block exactly one tile (block b, tile b): the agent walks it with no loop.
template <class Grid>
inline constexpr bool walks_one_tile =
    cuda::std::is_same_v<Grid, policy::multipass> || cuda::std::is_same_v<Grid, policy::atomic>;

// Grid reproducible: one partial per tile, whichever block takes it; the same value multipass's first pass stores
// for that tile, so the fold that follows (multipass passes) sees the same input for every grid size.
template <class Cfg, class T, class Acc, class Op, class I, class Tr>
__device__ void store_tile_partials(const T* in, I n, Acc* out, Op op, Tr tr) {
  using agent_t = agent<typename Cfg::load, Cfg::block>;
  using block_reduce_t = block_reduce<typename Cfg::finish, typename Cfg::indexing, Cfg::block, Acc>;
  static_assert(!cuda::std::is_same_v<typename Cfg::finish, policy::none>,
                "reduce: Grid reproducible needs a block result per tile; pick a BlockFinish other than none");
  __shared__ typename block_reduce_t::TempStorage temp;
  const I tiles = agent_t::tiles(in, n);
  for (I t = blockIdx.x; t < tiles; t += gridDim.x) {
    const Acc v = block_reduce_t(temp).reduce(agent_t::template walk<Acc, true>(in, n, t, tiles, op, tr), op);
    if (threadIdx.x == 0) out[t] = v;
    __syncthreads();  // temp is reused
  }
}

// The other Grid policies: a block walks its tiles into one value (per thread with BlockFinish none) and its epilogue
// hands it on.
template <class Cfg, class T, class Acc, class Op, class I, class Tr>
__device__ void reduce_and_hand_on(const T* in, I n, Acc* out, Op op, Tr tr, grid_args<Acc> g) {
  using finish = typename Cfg::finish;
  constexpr policy::epilogue kind = Cfg::grid::kind;
  block_epilogue<kind> epilogue(g);
  constexpr bool one_tile = walks_one_tile<typename Cfg::grid>;
  const Acc partial =
      agent<typename Cfg::load, Cfg::block>::template walk<Acc, one_tile>(in, n, I(blockIdx.x), I(gridDim.x), op, tr);

  if constexpr (cuda::std::is_same_v<finish, policy::none>) {
    static_assert(kind == policy::epilogue::store || kind == policy::epilogue::atomic,
                  "reduce: BlockFinish none has no block result to hand on");
    const std::uint64_t i = std::uint64_t(blockIdx.x) * Cfg::block + threadIdx.x;
    if (i >= g.outputs) return;
    epilogue.hand_on_thread(i, partial, out, op, g);
  } else {
    using block_reduce_t = block_reduce<finish, typename Cfg::indexing, Cfg::block, Acc>;
    __shared__ typename block_reduce_t::TempStorage temp;
    const Acc v = block_reduce_t(temp).reduce(partial, op);
    epilogue.template hand_on<Cfg, T, block_reduce_t>(temp, v, out, op, g);
  }
}

// I: the offset type, std::uint32_t where n <= index32_limit, else std::uint64_t. Tr: the load transform.
// input_from_previous_grid: a later pass, whose input is the previous kernel's output. It is a parameter of its own
// beside in and n, the only ones read before the first loads: read from a later line of the constant bank it was one
// more trip before any load issued (the default at 2^12 0.988 -> 0.997x CUB over six paired rounds; probe 15,
// docs/perf-attempts-21-23.md).
template <class Cfg, class T, class Acc, class Op, class I, class Tr>
__global__ void __launch_bounds__(Cfg::block)
    reduce_kernel(const T* in, I n, bool input_from_previous_grid, Acc* out, Op op, Tr tr, grid_args<Acc> g) {
  // A programmatic launch that follows (the next pass) may start now: it waits in wait_for_previous_grid() for this
  // grid to complete before it reads anything, so only its launch latency overlaps this kernel.
  allow_next_grid();
  if constexpr (Cfg::grid::kind == policy::epilogue::cluster) cluster_arrive_on_entry();
  if (input_from_previous_grid) wait_for_previous_grid();
  if constexpr (Cfg::grid::kind == policy::epilogue::per_tile)
    store_tile_partials<Cfg>(in, n, out, op, tr);
  else
    reduce_and_hand_on<Cfg>(in, n, out, op, tr, g);
}

// Stores one value before the reduction, in stream order: the atomic grid's identity, the single-pass counter's zero.
// It lets the programmatic launch that follows start at once: that kernel still waits for this one to complete (and
// for its store to be visible) in wait_for_previous_grid().
template <class T>
__global__ void store_value(T* p, T v) {
  allow_next_grid();
  *p = v;
}

}  // namespace reduce::detail
