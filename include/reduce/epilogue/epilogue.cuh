// Grid epilogues: how a block hands on its result once the block reduction is done. One specialization per
// policy::epilogue (the Grid policy's kind), in this folder, all with the same small contract:
//   block_epilogue<Kind> e(g);        // every thread, before the walk: what the Grid starts on entry (a ticket, an
//                                     // arrival), so its latency overlaps the walk
//   e.hand_on<Cfg, T, BlockReduce>(temp, v, out, op, g);  // every thread, after the block reduction; v is the block's
//                                     // result in thread 0, temp the reduction's storage (reusable after a barrier)
//   e.hand_on_thread(i, partial, out, op, g);  // store and atomic only: BlockFinish none, thread i's own partial
// (Grid cluster's arrival comes earlier still: the kernel's first step, cluster_arrive_on_entry in cluster.cuh.)
#pragma once
#include <cstdint>
#include <reduce/policy/config.cuh>

namespace reduce::detail {

// What the epilogue needs beyond the output pointer.
template <class Acc>
struct grid_args {
  std::uint64_t outputs = 1;            // BlockFinish none: threads 0..outputs-1 (over the grid) own an output
  unsigned* counter = nullptr;          // single_pass: arrivals; polled: tickets (zero before the launch)
  Acc* partials = nullptr;              // single_pass: one per block
  unsigned long long* slots = nullptr;  // polled, cooperative: polled_slots<Acc>::words a block (polled: zeroed)
  unsigned long long* tally = nullptr;  // atomic on zeroed storage: the sum and the arrivals (zero before the launch)
};

// With Programmatic Dependent Launch (Hopper) a kernel may start before the previous kernel in the stream has
// finished; this waits for it and makes its writes visible. A no-op when the launch was not programmatic.
__device__ __forceinline__ void wait_for_previous_grid() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  cudaGridDependencySynchronize();
#endif
}

// Lets the next kernel in the stream, when it was launched programmatically, be scheduled before this one finishes.
__device__ __forceinline__ void allow_next_grid() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  cudaTriggerProgrammaticLaunchCompletion();
#endif
}

template <policy::epilogue Kind>
struct block_epilogue;  // defined in the files below

}  // namespace reduce::detail

#include "atomic.cuh"
#include "cluster.cuh"
#include "grid_barrier.cuh"
#include "last_block.cuh"
#include "polled.cuh"
#include "store.cuh"
