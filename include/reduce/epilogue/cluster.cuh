// Epilogue cluster (Grid cluster, Hopper): the grid is one cluster of C blocks. Every thread arrives on the cluster
// barrier at launch (cluster_arrive_on_entry, the kernel's first step); after its walk, thread 0 of each block writes
// the block's result into block 0's shared memory (distributed shared memory), and after the cluster barrier
// (release/acquire) thread 0 of block 0 folds the C values in block order. Nothing in global memory but *out.
#pragma once
#include <cooperative_groups.h>

namespace reduce::detail {

// Grid cluster, at kernel entry: every thread arrives on the cluster barrier (no ordering needed). hand_on waits on it
// before touching block 0's shared memory, which is valid only once block 0 has started; by then the wait is free
// (the input walk came in between).
__device__ __forceinline__ void cluster_arrive_on_entry() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  asm volatile("barrier.cluster.arrive.relaxed;" ::: "memory");
#endif
}

template <>
struct block_epilogue<policy::epilogue::cluster> {
  template <class Acc>
  __device__ explicit block_epilogue(const grid_args<Acc>&) {}  // the arrival was the kernel's first step

  template <class Cfg, class T, class BlockReduce, class Acc, class Op>
  __device__ void hand_on(typename BlockReduce::TempStorage&, const Acc& v, Acc* out, Op op, const grid_args<Acc>&) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
    constexpr int C = Cfg::grid::grid_size;
    __shared__ alignas(Acc) unsigned char raw[C * sizeof(Acc)];  // raw bytes: Acc may have member initialisers
    Acc* parts = reinterpret_cast<Acc*>(raw);
    cooperative_groups::cluster_group cluster = cooperative_groups::this_cluster();
    const unsigned rank = cluster.block_rank();
    asm volatile("barrier.cluster.wait;" ::: "memory");  // every block of the cluster has started (entry arrival)
    if (threadIdx.x == 0) *cluster.map_shared_rank(parts + rank, 0) = v;
    cluster.sync();  // block 0 stays resident until every block's store has landed
    if (rank == 0 && threadIdx.x == 0) {
      Acc r = parts[0];
      for (int i = 1; i < C; ++i) r = op(r, parts[i]);
      *out = r;
    }
#else
    __trap();  // unreachable: the dispatcher runs single_pass where the device has no clusters
#endif
  }
};

}  // namespace reduce::detail
