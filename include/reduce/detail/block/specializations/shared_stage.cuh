// The shared-memory stage of the tree-shaped BlockFinishes (serial, tree, unrolled_last_warp, unrolled): one slot per
// thread, which every thread fills before the first level, and the sequential tree's levels over it.
#pragma once

namespace reduce::detail {

template <int Block, class Acc>
struct shared_stage {
  struct TempStorage {
    Acc data[Block];
  };
  TempStorage& s;
  __device__ explicit shared_stage(TempStorage& temp) : s(temp) {}

  // Every thread's partial in its slot, visible to the whole block.
  __device__ void publish(Acc v) {
    s.data[threadIdx.x] = v;
    __syncthreads();
  }

  // Sequential addressing (reduce_2): while the stride is above `last`, the threads below it add the slot one stride
  // up into their own; a barrier after each level.
  template <class Op>
  __device__ void sequential_levels(Op op, unsigned last) {
    const unsigned tid = threadIdx.x;
#pragma unroll 1
    for (unsigned stride = blockDim.x / 2; stride > last; stride /= 2) {
      if (tid < stride) s.data[tid] = op(s.data[tid], s.data[tid + stride]);
      __syncthreads();
    }
  }
};

}  // namespace reduce::detail
