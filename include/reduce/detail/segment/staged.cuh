// Map staged_tile: a block takes a tile of consecutive segments at a fixed stride (one size; rows, whose stride is the
// leading dimension) and stages the tile's range of elements in shared memory, then each thread folds whole segments
// from there.
//
// Why: a segment of 1-16 elements gives a lane group one or two loads of a few bytes, and the memory system then
// holds too few bytes in flight to stream at its bandwidth. The tile's range is one contiguous run whatever the
// segment length, so every warp load is 16-byte vectors over 512 consecutive bytes (the Load's K of them a thread, all
// issued before the first is stored), as the one-array engine reads.
//
// Shared memory holds element i of the range at i + i / 32 (one pad element after every 32): threads t and t + 1 read
// elements s * stride + e of neighbouring segments, and without the pad a stride of 2, 4, 8 or 16 floats would put
// 2-16 of a warp's reads in one bank; with it they spread over the banks, as do the vectors' element stores.
// A segment longer than a tile (the mapping stays total): the tile holds that one segment, and the block folds it
// from global memory (thread t its elements t, t + Block, ...), then a block reduction.
#pragma once
#include "../block/block_reduce.cuh"
#include "../vector.cuh"
#include "segments.cuh"

namespace reduce::detail {

// Elements from one segment's first element to the next one's.
__host__ __device__ inline std::uint64_t stride_of(const fixed_segments& s) { return s.size; }
__host__ __device__ inline std::uint64_t stride_of(const row_segments& s) { return s.ld; }

template <>
struct segment_map<policy::staged_tile> : no_segment_storage {
  template <class Cfg, class T>
  static constexpr bool vectors = loads_vectors_v<typename Cfg::load, T>;  // the one vector rule (vector.cuh)
  // Elements a tile: Block * K units (a unit: a 16-byte vector, or an element), at most 32 KB of shared memory.
  template <class Cfg, class T>
  static constexpr unsigned units = unsigned(Cfg::block* Cfg::load::items*(vectors<Cfg, T> ? 16 / sizeof(T) : 1));
  template <class Cfg, class T>
  static constexpr unsigned capacity = units<Cfg, T> < 32768 / sizeof(T) ? units<Cfg, T> : unsigned(32768 / sizeof(T));
  __host__ __device__ static constexpr unsigned padded(unsigned i) { return i + i / 32; }

  // Segments a tile holds: as many as fit whole (stride 0: segments of no element, all alike), at least one.
  template <class Cfg, class T>
  __host__ __device__ static std::uint64_t per_tile(std::uint64_t stride, std::uint64_t size) {
    constexpr unsigned cap = capacity<Cfg, T>;
    if (size > cap) return 1;
    if (stride == 0) return cap;
    return (cap - size) / stride + 1;
  }

  // The range [base, base + n) (n within the capacity) into buf: each thread's loads issued before any store.
  template <class Cfg, class T>
  __device__ static void stage(const T* base, unsigned n, T* buf) {
    constexpr int K = Cfg::load::items;
    const unsigned t = threadIdx.x;
    if constexpr (vectors<Cfg, T>) {
      using V = vec16<T>;
      const vector_split<unsigned> v = split_for_vectors(base, n);
      const V* p = reinterpret_cast<const V*>(base + v.head);
      const unsigned t0 = v.head + v.vectors * V::size;  // the tail's first element
      V x[K];
      T head, tail;
#pragma unroll
      for (int k = 0; k < K; ++k)
        if (t + k * Cfg::block < v.vectors) x[k] = p[t + k * Cfg::block];
      if (t < v.head) head = base[t];
      if (t < v.tail) tail = base[t0 + t];
#pragma unroll
      for (int k = 0; k < K; ++k)
        if (t + k * Cfg::block < v.vectors)
#pragma unroll
          for (int e = 0; e < V::size; ++e) buf[padded(v.head + (t + k * Cfg::block) * V::size + e)] = x[k].v[e];
      if (t < v.head) buf[padded(t)] = head;
      if (t < v.tail) buf[padded(t0 + t)] = tail;
    } else {
      T x[K];
#pragma unroll
      for (int k = 0; k < K; ++k)
        if (t + k * Cfg::block < n) x[k] = base[t + k * Cfg::block];
#pragma unroll
      for (int k = 0; k < K; ++k)
        if (t + k * Cfg::block < n) buf[padded(t + k * Cfg::block)] = x[k];
    }
  }

  template <class Cfg, class T, class Acc, class Op, class Tr, class Segs>
  __device__ static void reduce(const T* in, const Segs& segs, Acc* out, Op op, const Tr& tr) {
    constexpr unsigned cap = capacity<Cfg, T>;
    static_assert(cap > 0, "reduce: staged_tile holds elements of at most 32 KB: use another mapping");
    // Raw bytes, no constructors run on them: the tile's elements are copied in before they are read.
    __shared__ alignas(T) unsigned char raw[sizeof(T) * (padded(cap - 1) + 1)];
    __shared__ typename block_reduce_for<Cfg, Acc>::TempStorage temp;
    T* buf = reinterpret_cast<T*>(raw);
    const std::uint64_t stride = stride_of(segs), size = segs(0).size;
    const std::uint64_t per = per_tile<Cfg, T>(stride, size), tiles = (segs.count + per - 1) / per;
    for (std::uint64_t tile = blockIdx.x; tile < tiles; tile += gridDim.x) {
      const std::uint64_t first = tile * per;
      const T* base = in + first * stride;
      if (size > cap) {  // one segment, longer than a tile (the same branch for the whole block)
        Acc acc = op.template identity<Acc>();
        for (std::uint64_t i = threadIdx.x; i < size; i += Cfg::block) acc = op(acc, transformed<Acc>(tr, base[i], i));
        acc = block_reduce_for<Cfg, Acc>(temp).reduce(acc, op);
        if (threadIdx.x == 0) store_words(out + first, acc);
        __syncthreads();  // temp is reused by the next tile
        continue;
      }
      const unsigned n = unsigned(segs.count - first < per ? segs.count - first : per);  // segments of this tile
      stage<Cfg>(base, size ? unsigned((n - 1) * stride + size) : 0u, buf);
      __syncthreads();
      for (unsigned s = threadIdx.x; s < n; s += Cfg::block) {
        Acc acc = op.template identity<Acc>();
        const unsigned at = unsigned(s * stride);
        for (unsigned e = 0; e < unsigned(size); ++e) acc = op(acc, transformed<Acc>(tr, buf[padded(at + e)], e));
        store_words(out + first + s, acc);
      }
      __syncthreads();  // buf is refilled by the next tile
    }
  }

  // A block per tile (the grid capped as every mapping's; a block then takes several tiles).
  template <class Cfg, class T, class Acc, class Op, class Tr, class Segs>
  static cudaError_t run(const T* in, const Segs& segs, Acc* out, Op op, Tr tr, void*, cudaStream_t stream) {
    if (segs.count == 0) return cudaSuccess;
    const std::uint64_t per = per_tile<Cfg, T>(stride_of(segs), segs(0).size);
    return segmented_launch<Cfg>(capped_blocks((segs.count + per - 1) / per), in, segs, out, op, tr, stream);
  }
};

}  // namespace reduce::detail
