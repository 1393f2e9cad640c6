// The thin kernel: the agent folds the input, the BlockFinish combines the block, the Grid policy's epilogue
// hands the block result on (store it, combine it atomically, or let the last block finish the job).
#pragma once
#include <cooperative_groups.h>

#include <cstdint>
#include <cuda/atomic>
#include <cuda/std/type_traits>
#include <cuda/std/utility>
#include <reduce/policy/config.cuh>

#include "agent/thread_reduce.cuh"
#include "block/block_reduce.cuh"
#include "detail/atomic.cuh"
#include "detail/polled_slots.cuh"

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

// Grids whose launches give each block exactly one tile (block b, tile b): the agent walks it with no loop.
template <class Grid>
inline constexpr bool walks_one_tile =
    cuda::std::is_same_v<Grid, policy::multipass> || cuda::std::is_same_v<Grid, policy::atomic>;

// Grid reproducible: one partial per tile, whichever block takes it; the same value multipass's first pass stores
// for that tile, so the fold that follows (multipass passes) sees the same input for every grid size.
template <class Cfg, class T, class Acc, class Op, class I, class Tr>
__device__ void store_tile_partials(const T* in, I n, Acc* out, Op op, Tr tr) {
  using agent_t = agent<typename Cfg::load, Cfg::block>;
  using block_reduce_t = block_reduce<typename Cfg::finish, typename Cfg::indexing, Cfg::block, Acc>;
  static_assert(!cuda::std::is_same_v<typename Cfg::finish, policy::none>,
                "reduce: Grid reproducible needs a block result per tile; pick a BlockFinish other than none");
  __shared__ typename block_reduce_t::TempStorage temp;
  const I tiles = agent_t::tiles(in, n);
  for (I t = blockIdx.x; t < tiles; t += gridDim.x) {
    const Acc v = block_reduce_t(temp).reduce(agent_t::template walk<Acc, true>(in, n, t, tiles, op, tr), op);
    if (threadIdx.x == 0) out[t] = v;
    __syncthreads();  // temp is reused
  }
}

// Grid cluster, at kernel entry: every thread arrives on the cluster barrier (no ordering needed). cluster_fold waits
// on it before touching block 0's shared memory, which is valid only once block 0 has started; by then the wait is
// free (the input walk came in between).
__device__ __forceinline__ void cluster_arrive_on_entry() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  asm volatile("barrier.cluster.arrive.relaxed;" ::: "memory");
#endif
}

// Grid cluster: the grid is one cluster of C blocks. Thread 0 of each block writes its block's result into block 0's
// shared memory (distributed shared memory); after the cluster barrier (release/acquire) thread 0 of block 0 folds
// the C values in block order. Nothing in global memory but *out.
template <int C, class Acc, class Op>
__device__ void cluster_fold(const Acc& v, Acc* out, Op op) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
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

// The last block of single_pass: folds the grid's gridDim.x block partials, each thread a strided subset in index
// order, then the block reduction; thread 0 writes the result. Deterministic for a given grid.
template <class block_reduce_t, int Block, class Acc, class Op>
__device__ void fold_block_partials(typename block_reduce_t::TempStorage& temp, const Acc* partials, Acc* out, Op op) {
  Acc acc = op.template identity<Acc>();
  for (unsigned i = threadIdx.x; i < gridDim.x; i += Block) acc = op(acc, load_cg(partials + i));
  __syncthreads();  // temp is reused
  const Acc r = block_reduce_t(temp).reduce(acc, op);
  if (threadIdx.x == 0) *out = r;
}

// The poller of Grid polled and Grid cooperative: waits for every block's ready marks, folds the results in block
// order (Clear: and leaves the slots zero), then the block reduction; thread 0 writes the result.
template <class Cfg, class T, bool Clear, class block_reduce_t, class Acc, class Op>
__device__ void fold_slots(typename block_reduce_t::TempStorage& temp, unsigned long long* slots, Acc* out, Op op) {
  using slots_t = polled_slots<Acc>;
  constexpr unsigned batch = slots_t::batch_for(agent<typename Cfg::load, Cfg::block>::template bytes_per_thread<T>);
  const Acc acc = slots_t::template fold<Cfg::block, batch, Clear>(slots, gridDim.x, op);
  __syncthreads();  // temp is reused
  const Acc r = block_reduce_t(temp).reduce(acc, op);
  if (threadIdx.x == 0) *out = r;
}

// Grid atomic: one of `arrivals` results. On a tally word (zeroed storage, 32-bit integer sums) the counted add, whose
// last arrival writes *out; else the native atomic into *out, once the identity fill before the launch has landed.
template <class Op, class Acc>
__device__ void combine_atomically(Acc* out, const Acc& v, const grid_args<Acc>& g, std::uint64_t arrivals) {
  if constexpr (tally_combine<Op, Acc>) {
    if (g.tally) return tally_add(g.tally, v, arrivals, out);
  }
  wait_for_previous_grid();  // the identity fill
  atomic_combine<Op, Acc>::apply(out, v);
}

// The other Grid policies: a block walks its tiles into one value (per thread with BlockFinish none) and hands it on.
template <class Cfg, class T, class Acc, class Op, class I, class Tr>
__device__ void reduce_and_hand_on(const T* in, I n, Acc* out, Op op, Tr tr, grid_args<Acc> g) {
  using finish = typename Cfg::finish;
  constexpr policy::epilogue kind = Cfg::grid::kind;
  unsigned ticket = 0;  // Grid polled: taken on entry, so its round trip overlaps the walk
  if constexpr (kind == policy::epilogue::polled)
    if (threadIdx.x == 0) ticket = atomicAdd(g.counter, 1u);
  // Grid cooperative: thread 0 clears the block's slots and arrives on the grid barrier (a block barrier, then one
  // release arrival), so the arrival's fence is paid on entry, beside the walk, not after it.
  [[maybe_unused]] cooperative_groups::grid_group::arrival_token arrival{};
  if constexpr (kind == policy::epilogue::grid_barrier) {
    if (threadIdx.x == 0) polled_slots<Acc>::clear(g.slots, blockIdx.x);
    arrival = cooperative_groups::this_grid().barrier_arrive();
  }
  constexpr bool one_tile = walks_one_tile<typename Cfg::grid>;
  const Acc partial =
      agent<typename Cfg::load, Cfg::block>::template walk<Acc, one_tile>(in, n, I(blockIdx.x), I(gridDim.x), op, tr);

  if constexpr (cuda::std::is_same_v<finish, policy::none>) {
    static_assert(kind == policy::epilogue::store || kind == policy::epilogue::atomic,
                  "reduce: BlockFinish none has no block result to hand on");
    const std::uint64_t i = std::uint64_t(blockIdx.x) * Cfg::block + threadIdx.x;
    if (i >= g.outputs) return;
    if constexpr (kind == policy::epilogue::store)
      out[i] = partial;
    else
      combine_atomically<Op>(out, partial, g, g.outputs);
  } else {
    using block_reduce_t = block_reduce<finish, typename Cfg::indexing, Cfg::block, Acc>;
    __shared__ typename block_reduce_t::TempStorage temp;
    const Acc v = block_reduce_t(temp).reduce(partial, op);

    if constexpr (kind == policy::epilogue::store) {
      if (threadIdx.x == 0) out[blockIdx.x] = v;
    } else if constexpr (kind == policy::epilogue::atomic) {
      if (threadIdx.x == 0) combine_atomically<Op>(out, v, g, gridDim.x);
    } else if constexpr (kind == policy::epilogue::cluster) {
      cluster_fold<Cfg::grid::grid_size>(v, out, op);
    } else if constexpr (kind == policy::epilogue::grid_barrier) {
      // Every block is resident (the launch's contract) and none waits, so the last block may poll: once the barrier
      // says every block has cleared its slots, a ready mark is this launch's. The rest of the grid retires at once.
      if (threadIdx.x == 0) polled_slots<Acc>::publish(g.slots, blockIdx.x, v);
      if (blockIdx.x != gridDim.x - 1) return;
      cooperative_groups::this_grid().barrier_wait(cuda::std::move(arrival));
      fold_slots<Cfg, T, false, block_reduce_t>(temp, g.slots, out, op);
    } else if constexpr (kind == policy::epilogue::polled) {
      // Thread 0 publishes the block's result (value and ready mark in one store per 4 bytes, no fence). The block
      // with the last ticket saw every other block take one first: all of them are running and none waits on
      // anything, so its wait ends under any scheduling. It folds in block order, then leaves the tickets and slots
      // at zero, as it found them.
      __shared__ bool poller;
      if (threadIdx.x == 0) {
        polled_slots<Acc>::publish(g.slots, blockIdx.x, v);
        poller = ticket == gridDim.x - 1;
      }
      __syncthreads();
      if (!poller) return;
      if (threadIdx.x == 0)
        cuda::atomic_ref<unsigned, cuda::thread_scope_device>(*g.counter).store(0, cuda::memory_order_relaxed);
      fold_slots<Cfg, T, true, block_reduce_t>(temp, g.slots, out, op);
    } else {
      // Last block done: thread 0 publishes its partial with release semantics; the block that takes the last
      // ticket acquires every other block's partial and folds them in block order (deterministic).
      __shared__ bool last;
      if (threadIdx.x == 0) {
        g.partials[blockIdx.x] = v;
        wait_for_previous_grid();  // the counter reset
        cuda::atomic_ref<unsigned, cuda::thread_scope_device> arrivals(*g.counter);
        last = arrivals.fetch_add(1, cuda::memory_order_acq_rel) == gridDim.x - 1;
      }
      __syncthreads();
      if (!last) return;
      fold_block_partials<block_reduce_t, Cfg::block>(temp, g.partials, out, op);
    }
  }
}

// I: the offset type, std::uint32_t where n <= index32_limit, else std::uint64_t. Tr: the load transform.
// input_from_previous_grid: a later pass, whose input is the previous kernel's output. It is a parameter of its own
// beside in and n, the only ones read before the first loads: read from a later line of the constant bank it was one
// more trip before any load issued (the default at 2^12 0.988 -> 0.997x CUB over six paired rounds; probe 15,
// docs/perf-attempts-21-23.md).
template <class Cfg, class T, class Acc, class Op, class I, class Tr>
__global__ void __launch_bounds__(Cfg::block)
    reduce_kernel(const T* in, I n, bool input_from_previous_grid, Acc* out, Op op, Tr tr, grid_args<Acc> g) {
  // A programmatic launch that follows (the next pass) may start now: it waits in wait_for_previous_grid() for this
  // grid to complete before it reads anything, so only its launch latency overlaps this kernel.
  allow_next_grid();
  if constexpr (Cfg::grid::kind == policy::epilogue::cluster) cluster_arrive_on_entry();
  if (input_from_previous_grid) wait_for_previous_grid();
  if constexpr (Cfg::grid::kind == policy::epilogue::per_tile)
    store_tile_partials<Cfg>(in, n, out, op, tr);
  else
    reduce_and_hand_on<Cfg>(in, n, out, op, tr, g);
}

// Stores one value before the reduction, in stream order: the atomic grid's identity, the single-pass counter's zero.
// It lets the programmatic launch that follows start at once: that kernel still waits for this one to complete (and
// for its store to be visible) in wait_for_previous_grid().
template <class T>
__global__ void store_value(T* p, T v) {
  allow_next_grid();
  *p = v;
}

}  // namespace reduce::detail
