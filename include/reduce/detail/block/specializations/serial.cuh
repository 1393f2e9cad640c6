// BlockFinish serial: every thread stores its partial, thread 0 adds them one by one.
#pragma once
#include "shared_stage.cuh"

namespace reduce::detail {

template <int Block, class Acc>
struct block_reduce<policy::serial, Block, Acc> : shared_stage<Block, Acc> {
  using shared_stage<Block, Acc>::shared_stage;

  template <class Op>
  __device__ Acc reduce(Acc v, Op op) {
    this->publish(v);
    if (threadIdx.x == 0) {
#pragma unroll 1
      for (int i = 1; i < Block; ++i) v = op(v, this->s.data[i]);
    }
    return v;
  }
};

}  // namespace reduce::detail
