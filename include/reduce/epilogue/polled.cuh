// Epilogue polled (Grid polled): thread 0 takes a ticket on entry, so its round trip overlaps the walk. After the
// block reduction it publishes the block's result (value and ready mark in one store per 4 bytes, no fence). The block
// with the last ticket saw every other block take one first: all of them are running and none waits on anything, so
// its wait ends under any scheduling. It polls the marks, folds in block order, and leaves the tickets and slots at
// zero, as it found them (docs/perf-notes.md, attempts 15 and 16).
#pragma once
#include <cuda/atomic>

#include "../detail/polled_slots.cuh"

namespace reduce::detail {

template <>
struct block_epilogue<policy::epilogue::polled> {
  unsigned ticket = 0;  // thread 0's

  template <class Acc>
  __device__ explicit block_epilogue(const grid_args<Acc>& g) {
    if (threadIdx.x == 0) ticket = atomicAdd(g.counter, 1u);
  }

  template <class Cfg, class T, class BlockReduce, class Acc, class Op>
  __device__ void hand_on(typename BlockReduce::TempStorage& temp, const Acc& v, Acc* out, Op op,
                          const grid_args<Acc>& g) {
    __shared__ bool poller;
    if (threadIdx.x == 0) {
      polled_slots<Acc>::publish(g.slots, blockIdx.x, v);
      poller = ticket == gridDim.x - 1;
    }
    __syncthreads();
    if (!poller) return;
    if (threadIdx.x == 0)
      cuda::atomic_ref<unsigned, cuda::thread_scope_device>(*g.counter).store(0, cuda::memory_order_relaxed);
    fold_slots<Cfg, T, true, BlockReduce>(temp, g.slots, out, op);
  }
};

}  // namespace reduce::detail
