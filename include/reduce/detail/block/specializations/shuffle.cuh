// BlockFinish shuffle: each warp reduces with __shfl_down_sync, warp leaders meet in shared memory, warp 0
// reduces those. One barrier in all.
#pragma once
#include "../../warp_reduce.cuh"

namespace reduce::detail {

template <int Block, class Acc>
struct block_reduce<policy::shuffle, Block, Acc> {
  static constexpr int warps = Block / 32;
  struct TempStorage {
    Acc data[warps];
  };
  TempStorage& s;
  __device__ explicit block_reduce(TempStorage& temp) : s(temp) {}

  template <class Op>
  __device__ Acc reduce(Acc v, Op op) {
    v = warp_reduce(v, op);
    if constexpr (warps > 1) {
      const unsigned lane = threadIdx.x % 32, warp = threadIdx.x / 32;
      if (lane == 0) s.data[warp] = v;
      __syncthreads();
      if (warp == 0) {
        // One in-bounds index per lane, not a choice of two loads: a compiler may issue both loads of a choice and
        // keep one, and lane 31's s.data[31] would read past the array (there, a word another thread may write).
        v = s.data[lane < warps ? lane : 0];
        v = warp_reduce<warps>(v, op);
      }
    }
    return v;
  }
};

}  // namespace reduce::detail
