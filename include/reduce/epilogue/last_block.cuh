// Epilogue last_block (Grid single_pass): thread 0 stores the block's partial and takes an arrival ticket with
// acquire-release order; the block with the last ticket folds the grid's partials in block order (deterministic for a
// given grid) and writes the result. The counter is zeroed before the launch (a stream-ordered memset).
#pragma once
#include <cstring>
#include <cuda/atomic>
#include <cuda/std/type_traits>

namespace reduce::detail {

// Loads a partial written by another block of this launch through L2 (never a stale L1 line).
template <class T>
__device__ T load_cg(const T* p) {
  static_assert(cuda::std::is_trivially_copyable_v<T>, "reduce: accumulators must be trivially copyable");
  T v;
  if constexpr (sizeof(T) % 16 == 0 && alignof(T) >= 16) {
    uint4 w[sizeof(T) / 16];
    for (unsigned i = 0; i < sizeof(T) / 16; ++i) w[i] = __ldcg(reinterpret_cast<const uint4*>(p) + i);
    memcpy(&v, w, sizeof(T));
  } else if constexpr (sizeof(T) % 8 == 0 && alignof(T) >= 8) {
    unsigned long long w[sizeof(T) / 8];
    for (unsigned i = 0; i < sizeof(T) / 8; ++i) w[i] = __ldcg(reinterpret_cast<const unsigned long long*>(p) + i);
    memcpy(&v, w, sizeof(T));
  } else if constexpr (sizeof(T) % 4 == 0 && alignof(T) >= 4) {
    unsigned w[sizeof(T) / 4];
    for (unsigned i = 0; i < sizeof(T) / 4; ++i) w[i] = __ldcg(reinterpret_cast<const unsigned*>(p) + i);
    memcpy(&v, w, sizeof(T));
  } else {
    unsigned short w = __ldcg(reinterpret_cast<const unsigned short*>(p));
    static_assert(sizeof(T) == 2, "reduce: accumulators are 2 bytes or whole 4-byte words");
    memcpy(&v, &w, 2);
  }
  return v;
}

template <>
struct block_epilogue<policy::epilogue::last_block> {
  template <class Acc>
  __device__ explicit block_epilogue(const grid_args<Acc>&) {}

  template <class Cfg, class T, class BlockReduce, class Acc, class Op>
  __device__ void hand_on(typename BlockReduce::TempStorage& temp, const Acc& v, Acc* out, Op op,
                          const grid_args<Acc>& g) {
    __shared__ bool last;
    if (threadIdx.x == 0) {
      g.partials[blockIdx.x] = v;
      wait_for_previous_grid();  // the counter reset
      cuda::atomic_ref<unsigned, cuda::thread_scope_device> arrivals(*g.counter);
      last = arrivals.fetch_add(1, cuda::memory_order_acq_rel) == gridDim.x - 1;
    }
    __syncthreads();
    if (!last) return;
    // The last block: each thread folds a strided subset of the partials in index order, then the block reduction.
    Acc acc = op.template identity<Acc>();
    for (unsigned i = threadIdx.x; i < gridDim.x; i += Cfg::block) acc = op(acc, load_cg(g.partials + i));
    __syncthreads();  // temp is reused
    const Acc r = BlockReduce(temp).reduce(acc, op);
    if (threadIdx.x == 0) *out = r;
  }
};

}  // namespace reduce::detail
