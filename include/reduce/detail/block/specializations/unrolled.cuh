// BlockFinish unrolled_last_warp and unrolled: the sequential tree with its last warp done by one warp alone
// (reduce_4), and the whole tree unrolled for the compile-time block size (reduce_5). The last warp
// synchronises with __syncwarp between steps: no reliance on implicit lockstep (correct on Volta and later).
#pragma once
#include "shared_stage.cuh"

namespace reduce::detail {

// Final 64 -> 1 by warp 0: each step reads its partner's value, then all lanes publish theirs.
template <int Block, class Acc, class Op>
__device__ Acc last_warp_smem(Acc* s, Op op) {
  const unsigned lane = threadIdx.x;  // caller guarantees threadIdx.x < 32
  Acc v = s[lane];
  if constexpr (Block >= 64) v = op(v, s[lane + 32]);
#pragma unroll
  for (int offset = 16; offset > 0; offset /= 2) {
    __syncwarp();
    s[lane] = v;
    __syncwarp();
    if (lane < offset) v = op(v, s[lane + offset]);
  }
  return v;
}

template <int Block, class Acc>
struct block_reduce<policy::unrolled_last_warp, Block, Acc> : shared_stage<Block, Acc> {
  using shared_stage<Block, Acc>::shared_stage;

  template <class Op>
  __device__ Acc reduce(Acc v, Op op) {
    this->publish(v);
    this->sequential_levels(op, 32);
    if (threadIdx.x < 32) v = last_warp_smem<Block>(this->s.data, op);
    return v;
  }
};

template <int Block, class Acc>
struct block_reduce<policy::unrolled, Block, Acc> : shared_stage<Block, Acc> {
  using shared_stage<Block, Acc>::shared_stage;

  template <int Stride, class Op>
  __device__ void level(Op op) {
    if constexpr (Stride > 32) {
      Acc* data = this->s.data;
      if (threadIdx.x < Stride) data[threadIdx.x] = op(data[threadIdx.x], data[threadIdx.x + Stride]);
      __syncthreads();
      level<Stride / 2>(op);
    }
  }

  template <class Op>
  __device__ Acc reduce(Acc v, Op op) {
    this->publish(v);
    level<Block / 2>(op);
    if (threadIdx.x < 32) v = last_warp_smem<Block>(this->s.data, op);
    return v;
  }
};

}  // namespace reduce::detail
