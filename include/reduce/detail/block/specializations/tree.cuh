// BlockFinish tree: the shared-memory tree of the lecture, a runtime loop with a barrier per level.
// Indexing chooses the addressing: interleaved with modulo (reduce_0), interleaved strided (reduce_1),
// sequential (reduce_2).
#pragma once
#include <cuda/std/type_traits>
#include <reduce/policy/block_finish.cuh>

#include "shared_stage.cuh"

namespace reduce::detail {

template <class Indexing, int Block, class Acc>
struct block_reduce<policy::tree<Indexing>, Block, Acc> : shared_stage<Block, Acc> {
  using shared_stage<Block, Acc>::shared_stage;

  template <class Op>
  __device__ Acc reduce(Acc v, Op op) {
    Acc* data = this->s.data;
    const unsigned tid = threadIdx.x;
    this->publish(v);
    if constexpr (cuda::std::is_same_v<Indexing, policy::interleaved_modulo>) {
#pragma unroll 1
      for (unsigned stride = 1; stride < blockDim.x; stride *= 2) {
        if (tid % (2 * stride) == 0) data[tid] = op(data[tid], data[tid + stride]);
        __syncthreads();
      }
    } else if constexpr (cuda::std::is_same_v<Indexing, policy::interleaved_strided>) {
#pragma unroll 1
      for (unsigned stride = 1; stride < blockDim.x; stride *= 2) {
        const unsigned i = 2 * stride * tid;
        if (i < blockDim.x) data[i] = op(data[i], data[i + stride]);
        __syncthreads();
      }
    } else {
      static_assert(cuda::std::is_same_v<Indexing, policy::sequential>, "reduce: unknown Indexing policy");
      this->sequential_levels(op, 0);
    }
    return data[0];
  }
};

}  // namespace reduce::detail
