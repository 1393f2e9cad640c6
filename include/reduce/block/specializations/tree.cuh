// BlockFinish tree: the shared-memory tree of the lecture, a runtime loop with a barrier per level.
// Indexing chooses the addressing: interleaved with modulo (reduce_0), interleaved strided (reduce_1),
// sequential (reduce_2).
#pragma once
#include <cuda/std/type_traits>
#include <reduce/policy/indexing.cuh>

namespace reduce::detail {

template <class Indexing, int Block, class Acc>
struct block_reduce<policy::tree, Indexing, Block, Acc> {
  struct TempStorage {
    Acc data[Block];
  };
  TempStorage& s;
  __device__ explicit block_reduce(TempStorage& temp) : s(temp) {}

  template <class Op>
  __device__ Acc reduce(Acc v, Op op) {
    const unsigned tid = threadIdx.x;
    s.data[tid] = v;
    __syncthreads();
    if constexpr (cuda::std::is_same_v<Indexing, policy::interleaved_modulo>) {
#pragma unroll 1
      for (unsigned stride = 1; stride < blockDim.x; stride *= 2) {
        if (tid % (2 * stride) == 0) s.data[tid] = op(s.data[tid], s.data[tid + stride]);
        __syncthreads();
      }
    } else if constexpr (cuda::std::is_same_v<Indexing, policy::interleaved_strided>) {
#pragma unroll 1
      for (unsigned stride = 1; stride < blockDim.x; stride *= 2) {
        const unsigned i = 2 * stride * tid;
        if (i < blockDim.x) s.data[i] = op(s.data[i], s.data[i + stride]);
        __syncthreads();
      }
    } else {
      static_assert(cuda::std::is_same_v<Indexing, policy::sequential>, "reduce: unknown Indexing policy");
#pragma unroll 1
      for (unsigned stride = blockDim.x / 2; stride > 0; stride /= 2) {
        if (tid < stride) s.data[tid] = op(s.data[tid], s.data[tid + stride]);
        __syncthreads();
      }
    }
    return s.data[0];
  }
};

}  // namespace reduce::detail
