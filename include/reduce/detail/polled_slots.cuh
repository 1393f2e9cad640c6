// Ready-marked slots, shared by the ready_marks and grid_barrier combines: a block's result as 8-byte words, each
// holding 4 bytes of the result beside a ready mark, so one single-copy-atomic store publishes both (no fence) and the
// poller never sees a value without its mark. A slot of zero is "not ready". ready_marks needs the slots zero at entry
// and clears every slot it has read; grid_barrier has each block clear its own on entry, ordered before the poll by
// the grid barrier.
#pragma once
#include <cstring>
#include <cuda/atomic>
#include <cuda/std/type_traits>

#include "agent.cuh"
#include "words.cuh"

namespace reduce::detail {

template <class Acc>
struct polled_slots {
  static_assert(cuda::std::is_trivially_copyable_v<Acc>, "reduce: accumulators must be trivially copyable");
  static constexpr unsigned words = (sizeof(Acc) + 3) / 4;  // slots per block (a 2-byte accumulator fills one)
  static constexpr unsigned long long ready = 1ull << 32;
  // Slot loads a thread of the poller has in flight before it checks any: one at a time, a grid of thousands of blocks
  // waits a round trip per slot; 8 at once keep the poller at the walk's pace. The fold keeps no more bytes in flight
  // than the walk's loads did (load_bytes per thread, whose registers ptxas has already budgeted), and never fewer than
  // 5 loads: 8 everywhere pushed kernels whose walk holds less past their register budget, into spills.
  __host__ __device__ static constexpr unsigned batch_for(int load_bytes) {
    const int fit = load_bytes / int(8 * words);
    return fit < 5 ? 5u : fit > 8 ? 8u : unsigned(fit);
  }
  using ref = cuda::atomic_ref<unsigned long long, cuda::thread_scope_device>;

  // Thread 0 of block b: marks its slots not ready (grid_barrier, on entry).
  __device__ static void clear(unsigned long long* slots, unsigned b) {
    for (unsigned k = 0; k < words; ++k) ref(slots[b * words + k]).store(0, cuda::memory_order_relaxed);
  }

  // Thread 0 of block b: publishes v.
  __device__ static void publish(unsigned long long* slots, unsigned b, const Acc& v) {
    unsigned w[words] = {};
    memcpy(w, &v, sizeof(Acc));
    for (unsigned k = 0; k < words; ++k) ref(slots[b * words + k]).store(ready | w[k], cuda::memory_order_relaxed);
  }

  // Every thread of the poller: waits for the results of blocks threadIdx.x, + Block, ... (< blocks), folds them in
  // that order (so the grid's fold order is fixed) and, with Clear, clears their slots.
  template <int Block, unsigned Batch, bool Clear, class Op>
  __device__ static Acc fold(unsigned long long* slots, unsigned blocks, Op op) {
    Acc acc = op.template identity<Acc>();
    for (unsigned first = threadIdx.x; first < blocks; first += Batch * Block) {
      unsigned long long w[Batch][words];
#pragma unroll
      for (unsigned j = 0; j < Batch; ++j)
#pragma unroll
        for (unsigned k = 0; k < words; ++k) {
          const unsigned b = first + j * Block;
          w[j][k] = b < blocks ? ref(slots[b * words + k]).load(cuda::memory_order_relaxed) : ready;
        }
#pragma unroll
      for (unsigned j = 0; j < Batch; ++j) {
        const unsigned b = first + j * Block;
        if (b >= blocks) break;
        unsigned payload[words];
#pragma unroll
        for (unsigned k = 0; k < words; ++k) {
          ref slot(slots[b * words + k]);
          while (!(w[j][k] & ready)) w[j][k] = slot.load(cuda::memory_order_relaxed);
          payload[k] = unsigned(w[j][k]);
          if constexpr (Clear) slot.store(0, cuda::memory_order_relaxed);
        }
        Acc v;
        memcpy(&v, payload, sizeof(Acc));
        acc = op(acc, v);
      }
    }
    return acc;
  }
};

// The poller of ready_marks and grid_barrier: waits for every block's ready marks, folds the results in block
// order (Clear: and leaves the slots zero), then the block reduction; thread 0 writes the result.
template <class Cfg, class T, bool Clear, class BlockReduce, class Acc, class Op>
__device__ void fold_slots(typename BlockReduce::TempStorage& temp, unsigned long long* slots, Acc* out, Op op) {
  using slots_t = polled_slots<Acc>;
  constexpr unsigned batch = slots_t::batch_for(agent<typename Cfg::load, Cfg::block>::template bytes_per_thread<T>);
  const Acc acc = slots_t::template fold<Cfg::block, batch, Clear>(slots, gridDim.x, op);
  __syncthreads();  // temp is reused
  const Acc r = BlockReduce(temp).reduce(acc, op);
  if (threadIdx.x == 0) store_words(out, r);
}

}  // namespace reduce::detail
