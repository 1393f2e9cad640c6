// Epilogue grid_barrier (Grid cooperative): thread 0 clears the block's slots and the block arrives on the launch's
// grid barrier on entry (a block barrier, then one release arrival), so the arrival's fence is paid beside the walk,
// not after it. After its walk each block publishes its result with a ready mark (Grid polled's slots). Every block
// is resident (the launch's contract) and none waits, so the last block may poll: once the barrier says every block
// has cleared its slots, a ready mark is this launch's. The rest of the grid retires at once.
#pragma once
#include <cooperative_groups.h>

#include <cuda/std/utility>

#include "../detail/polled_slots.cuh"

namespace reduce::detail {

template <>
struct block_epilogue<policy::epilogue::grid_barrier> {
  cooperative_groups::grid_group::arrival_token arrival;

  template <class Acc>
  __device__ explicit block_epilogue(const grid_args<Acc>& g) : arrival(clear_and_arrive(g)) {}

  template <class Acc>
  __device__ static cooperative_groups::grid_group::arrival_token clear_and_arrive(const grid_args<Acc>& g) {
    if (threadIdx.x == 0) polled_slots<Acc>::clear(g.slots, blockIdx.x);
    return cooperative_groups::this_grid().barrier_arrive();
  }

  template <class Cfg, class T, class BlockReduce, class Acc, class Op>
  __device__ void hand_on(typename BlockReduce::TempStorage& temp, const Acc& v, Acc* out, Op op,
                          const grid_args<Acc>& g) {
    if (threadIdx.x == 0) polled_slots<Acc>::publish(g.slots, blockIdx.x, v);
    if (blockIdx.x != gridDim.x - 1) return;
    cooperative_groups::this_grid().barrier_wait(cuda::std::move(arrival));
    fold_slots<Cfg, T, false, BlockReduce>(temp, g.slots, out, op);
  }
};

}  // namespace reduce::detail
