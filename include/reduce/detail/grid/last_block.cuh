// Combine last_block: thread 0 of each block stores the block's result and takes an arrival ticket with
// acquire-release order; the block with the last ticket folds the grid's results in block order (deterministic for a
// given grid) and writes the output. The arrival counter lives in the caller's storage, so concurrent calls never
// share one, and a stream-ordered 4-byte memset zeroes it before each launch (a memset node is cheaper than a
// one-thread kernel, even one followed by a programmatic launch), so fresh storage needs no preparation.
#pragma once
#include <cstring>
#include <cuda/atomic>
#include <cuda/std/type_traits>

#include "../launch.cuh"
#include "../words.cuh"

namespace reduce::detail {

template <>
struct combine_strategy<policy::last_block> : combine_defaults {
  template <class Acc>
  struct args {
    unsigned* counter = nullptr;  // arrivals, zero before the launch
    Acc* partials = nullptr;      // one a block
  };

  template <class Cfg, class T, class Acc>
  struct epilogue {
    __device__ explicit epilogue(const args<Acc>&) {}

    template <class Temp, class Op>
    __device__ void block_result(Temp& temp, const Acc& v, std::uint64_t, Acc* out, Op op, const args<Acc>& g) {
      __shared__ bool last;
      if (threadIdx.x == 0) {
        store_words(g.partials + blockIdx.x, v);
        cuda::atomic_ref<unsigned, cuda::thread_scope_device> arrivals(*g.counter);
        last = arrivals.fetch_add(1, cuda::memory_order_acq_rel) == gridDim.x - 1;
      }
      __syncthreads();
      if (!last) return;
      // The last block: each thread folds a strided subset of the results in index order, then the block reduction.
      Acc acc = op.template identity<Acc>();
      for (unsigned i = threadIdx.x; i < gridDim.x; i += Cfg::block) acc = op(acc, load_cg(g.partials + i));
      __syncthreads();  // temp is reused
      const Acc r = block_reduce_for<Cfg, Acc>(temp).reduce(acc, op);
      if (threadIdx.x == 0) store_words(out, r);
    }
  };

  template <class Call>
  static cudaError_t storage(const Call& c, bool, storage_need& need) {
    std::uint64_t blocks = 0;
    const cudaError_t e = Call::walk::max_results(c, blocks);
    need.scratch = align_up(sizeof(unsigned)) + align_up(blocks * sizeof(typename Call::accumulator));
    return e;
  }

  template <class Call>
  static status run(const Call& c, storage_regions storage) {
    using Acc = typename Call::accumulator;
    unsigned blocks = 0;
    if (status s = Call::walk::blocks(c, blocks)) return s;
    args<Acc> g;
    g.counter = static_cast<unsigned*>(storage.scratch);
    g.partials = reinterpret_cast<Acc*>(static_cast<char*>(storage.scratch) + align_up(sizeof(unsigned)));
    cudaError_t e = cudaMemsetAsync(g.counter, 0, sizeof(unsigned), c.stream);
    if (!e) e = c.launch(blocks, c.out, g);
    if (e) return {e, "reduce: a kernel launch failed"};
    return {};
  }
};

}  // namespace reduce::detail
