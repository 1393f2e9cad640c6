// Combine distributed_shared (with the one_cluster walk, Hopper): the grid is one cluster of C blocks. Every thread
// arrives on the cluster barrier on entry; after its walk, thread 0 of each block writes the block's result into block
// 0's shared memory (distributed shared memory), and after the cluster barrier (release/acquire) thread 0 of block 0
// folds the C values in block order. Nothing in global memory but *out: one launch, no memset, no storage.
#pragma once
#include <cooperative_groups.h>

#include "../launch.cuh"
#include "../words.cuh"

namespace reduce::detail {

template <>
struct combine_strategy<policy::distributed_shared> : combine_defaults {
  template <class Acc>
  struct args {};

  template <class Cfg, class T, class Acc>
  struct epilogue {
    // Every thread arrives on the cluster barrier (no ordering needed). block_result waits on it before touching
    // block 0's shared memory, which is valid only once block 0 has started; by then the wait is free (the input
    // walk came in between).
    __device__ explicit epilogue(const args<Acc>&) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
      asm volatile("barrier.cluster.arrive.relaxed;" ::: "memory");
#endif
    }

    template <class Temp, class Op>
    __device__ void block_result(Temp&, const Acc& v, std::uint64_t, Acc* out, Op op, const args<Acc>&) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
      constexpr int C = Cfg::grid::walk::cluster;
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
        store_words(out, r);
      }
#else
      __trap();  // not reached: the one_cluster walk launches no kernel whose image lacks this code (one_cluster.cuh)
#endif
    }
  };

  template <class Call>
  static cudaError_t storage(const Call&, bool, storage_need&) {
    return cudaSuccess;
  }

  template <class Call>
  static status run(const Call& c, storage_regions) {
    unsigned blocks = 0;
    if (status s = Call::walk::blocks(c, blocks)) return s;
    if (cudaError_t e = c.launch(blocks, c.out, args<typename Call::accumulator>{}))
      return {e, "reduce: a kernel launch failed"};
    return {};
  }
};

}  // namespace reduce::detail
