// BlockFinish serial: every thread stores its partial, thread 0 adds them one by one.
#pragma once

namespace reduce::detail {

template <class Indexing, int Block, class Acc>
struct block_reduce<policy::serial, Indexing, Block, Acc> {
  struct TempStorage {
    Acc data[Block];
  };
  TempStorage& s;
  __device__ explicit block_reduce(TempStorage& temp) : s(temp) {}

  template <class Op>
  __device__ Acc reduce(Acc v, Op op) {
    s.data[threadIdx.x] = v;
    __syncthreads();
    if (threadIdx.x == 0) {
#pragma unroll 1
      for (int i = 1; i < Block; ++i) v = op(v, s.data[i]);
    }
    return v;
  }
};

}  // namespace reduce::detail
