// Combine ready_marks: thread 0 of each block takes a ticket on entry, so its round trip overlaps the walk. After the
// block reduction it publishes the block's result, value and ready mark in one store per 4 bytes, no fence
// (polled_slots.cuh). The block with the last ticket saw every other block take one first: all of them are running
// and none waits on anything, so its wait ends under any scheduling. It polls the marks, folds in block order, and
// leaves the tickets and slots at zero, as it found them. The storage must read zero at entry: a reduce::workspace
// keeps it so between calls, and the call is one launch and nothing else; on raw storage a memset comes first.
#pragma once
#include <cuda/atomic>

#include "../launch.cuh"
#include "../polled_slots.cuh"

namespace reduce::detail {

template <>
struct combine_strategy<policy::ready_marks> : combine_defaults {
  static constexpr zeroed_use zeroed = zeroed_use::always;

  template <class Acc>
  struct args {
    unsigned* counter = nullptr;          // tickets
    unsigned long long* slots = nullptr;  // polled_slots<Acc>::words a block
  };

  template <class Cfg, class T, class Acc>
  struct epilogue {
    unsigned ticket = 0;  // thread 0's

    __device__ explicit epilogue(const args<Acc>& g) {
      if (threadIdx.x == 0) ticket = atomicAdd(g.counter, 1u);
    }

    template <class Temp, class Op>
    __device__ void block_result(Temp& temp, const Acc& v, std::uint64_t, Acc* out, Op op, const args<Acc>& g) {
      __shared__ bool poller;
      if (threadIdx.x == 0) {
        polled_slots<Acc>::publish(g.slots, blockIdx.x, v);
        poller = ticket == gridDim.x - 1;
      }
      __syncthreads();
      if (!poller) return;
      if (threadIdx.x == 0)
        cuda::atomic_ref<unsigned, cuda::thread_scope_device>(*g.counter).store(0, cuda::memory_order_relaxed);
      fold_slots<Cfg, T, true, block_reduce_for<Cfg, Acc>>(temp, g.slots, out, op);
    }
  };

  template <class Acc>
  static std::size_t bytes_for(std::uint64_t blocks) {
    return align_up(sizeof(unsigned)) + align_up(blocks * polled_slots<Acc>::words * sizeof(unsigned long long));
  }

  template <class Call>
  static cudaError_t storage(const Call& c, bool, storage_need& need) {
    std::uint64_t blocks = 0;
    const cudaError_t e = Call::walk::max_results(c, blocks);
    need.zeroed = bytes_for<typename Call::accumulator>(blocks);
    return e;
  }

  template <class Call>
  static status run(const Call& c, storage_regions storage) {
    unsigned blocks = 0;
    if (status s = Call::walk::blocks(c, blocks)) return s;
    args<typename Call::accumulator> g;
    g.counter = static_cast<unsigned*>(storage.zeroed);
    g.slots = reinterpret_cast<unsigned long long*>(static_cast<char*>(storage.zeroed) + align_up(sizeof(unsigned)));
    if (cudaError_t e = c.launch(blocks, c.out, g)) return {e, "reduce: a kernel launch failed"};
    return {};
  }
};

}  // namespace reduce::detail
