// The thin kernel: the agent folds the input, the BlockFinish combines the block, and the Grid's Combine strategy
// (grid/) hands the block's result on. The kernel asks the strategy's traits; it never names a Grid.
//
// A Combine strategy's device side, combine_strategy<C> in grid/<name>.cuh (grid/strategies.cuh lists the whole
// contract), with the same small contract for all:
//   typename S::template epilogue<Cfg, T, Acc> e(g);  every thread, on entry: what the Combine starts before the walk
//                                             (a ticket, a barrier arrival), so that its latency overlaps the walk
//   e.block_result(temp, v, index, out, op, g);  every thread, after the block reduction; v is the result in thread 0,
//                                             temp the reduction's storage (reusable after a barrier), index the
//                                             block's (or the tile's) number
//   e.thread_result(i, v, out, op, g);        BlockFinish none (Combines with thread_results): thread i's own result
#pragma once
#include <cstdint>
#include <cuda/std/type_traits>
#include <reduce/policy/config.cuh>

#include "agent.cuh"
#include "block/block_reduce.cuh"
#include "pdl.cuh"

namespace reduce::detail {

template <class Combine>
struct combine_strategy;  // one specialization per Combine, in grid/

template <class Cfg>
using strategy_of = combine_strategy<typename Cfg::grid::combine>;
template <class Cfg, class Acc>
using combine_args = typename strategy_of<Cfg>::template args<Acc>;

// Blocks of Block threads that a one-tile-per-block kernel's registers must leave room for on one SM: at least 1024
// threads (half of a Hopper or A100 SM's 2048). Such a kernel has no loop in which one tile's arithmetic overlaps the
// next tile's loads: the loads in flight are those of the warps resident. Past 64 registers a thread (65536 per SM)
// fewer than 1024 threads fit, and a 512-thread block's kernel falls to one block an SM, half the loads in flight; a
// wide accumulator (a double beside float loads) easily takes it there. So ptxas holds these kernels to 64 registers,
// a few bytes of spill for the widest accumulators costing far less than half the occupancy. Grid-stride walks keep
// their registers: their loop overlaps the tiles, and their grid is sized from the occupancy the registers allow.
template <int Block, bool OneTile>
inline constexpr int min_resident_blocks = !OneTile || Block >= 1024 ? 1 : 1024 / Block;

// I: the offset type, std::uint32_t where n <= index32_limit, else std::uint64_t. Tr: the load transform.
// input_from_previous_grid: a later pass, whose input is the previous kernel's output. It is a parameter of its own
// beside in and n, the only ones read before the first loads, so it sits on the same line of the constant bank
// (read from a later line, it cost one more trip before any load issued).
template <class Cfg, class T, class Acc, class Op, class I, class Tr>
__global__ void __launch_bounds__(Cfg::block, min_resident_blocks<Cfg::block, Cfg::grid::walk::one_tile>)
    reduce_kernel(const T* in, I n, bool input_from_previous_grid, Acc* out, Op op, Tr tr, combine_args<Cfg, Acc> g) {
  using strategy = strategy_of<Cfg>;
  using agent_t = agent<typename Cfg::load, Cfg::block>;
  using block_reduce_t = block_reduce_for<Cfg, Acc>;
  constexpr bool one_tile = Cfg::grid::walk::one_tile;

  // A programmatic launch that follows (the next pass) may start now: it waits in wait_for_previous_grid() for this
  // grid to complete before it reads anything, so only its launch latency overlaps this kernel.
  allow_next_grid();
  if (input_from_previous_grid) wait_for_previous_grid();
  typename strategy::template epilogue<Cfg, T, Acc> hand(g);

  if constexpr (cuda::std::is_same_v<typename Cfg::finish, policy::none>) {
    const Acc partial = agent_t::template walk<Acc, one_tile>(in, n, I(blockIdx.x), I(gridDim.x), op, tr);
    const std::uint64_t i = std::uint64_t(blockIdx.x) * Cfg::block + threadIdx.x;
    if (i < g.outputs) hand.thread_result(i, partial, out, op, g);
  } else if constexpr (strategy::result_per_tile) {
    // A block result per tile, whichever block walks it: the tiles, not the grid, decide every rounding.
    __shared__ typename block_reduce_t::TempStorage temp;
    const I tiles = agent_t::tiles(in, n);
    for (I t = blockIdx.x; t < tiles; t += gridDim.x) {
      const Acc v = block_reduce_t(temp).reduce(agent_t::template walk<Acc, true>(in, n, t, tiles, op, tr), op);
      hand.block_result(temp, v, std::uint64_t(t), out, op, g);
      __syncthreads();  // temp is reused
    }
  } else {
    __shared__ typename block_reduce_t::TempStorage temp;
    const Acc partial = agent_t::template walk<Acc, one_tile>(in, n, I(blockIdx.x), I(gridDim.x), op, tr);
    const Acc v = block_reduce_t(temp).reduce(partial, op);
    hand.block_result(temp, v, std::uint64_t(blockIdx.x), out, op, g);
  }
}

}  // namespace reduce::detail
