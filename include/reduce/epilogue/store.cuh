// Epilogue store (Grids multipass and gridstride): thread 0 writes the block's result to out[block], or with
// BlockFinish none each thread its own to out[thread]; a later pass folds them.
#pragma once

namespace reduce::detail {

template <>
struct block_epilogue<policy::epilogue::store> {
  template <class Acc>
  __device__ explicit block_epilogue(const grid_args<Acc>&) {}

  template <class Cfg, class T, class BlockReduce, class Acc, class Op>
  __device__ void hand_on(typename BlockReduce::TempStorage&, const Acc& v, Acc* out, Op, const grid_args<Acc>&) {
    if (threadIdx.x == 0) out[blockIdx.x] = v;
  }

  template <class Acc, class Op>
  __device__ void hand_on_thread(std::uint64_t i, const Acc& partial, Acc* out, Op, const grid_args<Acc>&) {
    out[i] = partial;
  }
};

}  // namespace reduce::detail
