// Map lanes_per_segment<L>: a group of L consecutive lanes per segment (L = 1: a thread, L = 32: a warp). Lane j of a
// group folds the segment's units j, j + L, ... (a unit: one element for a scalar<K> Load; one 16-byte vector for a
// vector<K> Load, the scalar head up to the segment's first 16-byte boundary and the scalar tail shared out the same
// way), then the group's L values meet through warp shuffles in lane order and the group's first
// lane stores the result.
//
// Memory parallelism decides the speed here: a GPU streams at its bandwidth only with a few megabytes in flight, and a
// lane whose segment holds one unit has one load to issue. So a group takes K segments at a time (K: the Load's
// items): the first unit of each of the K segments is loaded before any is used, K loads in flight a lane even for
// segments of one element; the rest of a longer segment follows with K loads in flight. The K segments of a group
// are first + k * (32 / L) + g (g: the group in the warp), so each of the warp's loads is one contiguous run where
// segments lie end to end. The loop over batches is the same for every lane of a warp (its bound is the warp's first
// segment), so every shuffle has the whole warp.
#pragma once
#include "../vector.cuh"
#include "../warp_reduce.cuh"
#include "segments.cuh"

namespace reduce::detail {

template <int L>
struct segment_map<policy::lanes_per_segment<L>> : no_segment_storage {
  template <class Cfg>
  static constexpr int batch = Cfg::load::items;  // segments a group takes at a time
  // 16-byte units where the one vector rule allows (detail/vector.cuh); a vector Load on any other element reads
  // scalars.
  template <class Cfg, class T>
  static constexpr bool vectors = loads_vectors_v<typename Cfg::load, T>;

  // One segment's units from unit `first` on, K loads in flight: lane j's share after its first unit.
  template <class Acc, int K, bool Vec, class T, class Op, class Tr>
  __device__ static Acc rest(const T* base, const vector_split<std::uint64_t>& v, std::uint64_t first, Acc acc, Op op,
                             const Tr& tr) {
    const std::uint64_t units = Vec ? v.vectors : v.tail;
    for (std::uint64_t i = first; i < units; i += std::uint64_t(L) * K) {
      if constexpr (Vec) {
        using V = vec16<T>;
        const V* p = reinterpret_cast<const V*>(base + v.head);
        V x[K];
#pragma unroll
        for (int k = 0; k < K; ++k)
          if (i + std::uint64_t(k) * L < units) x[k] = p[i + std::uint64_t(k) * L];
#pragma unroll
        for (int k = 0; k < K; ++k)
          if (i + std::uint64_t(k) * L < units)
#pragma unroll
            for (int e = 0; e < V::size; ++e)
              acc = op(acc, transformed<Acc>(tr, x[k].v[e], v.head + (i + std::uint64_t(k) * L) * V::size + e));
      } else {
        T x[K];
#pragma unroll
        for (int k = 0; k < K; ++k)
          if (i + std::uint64_t(k) * L < units) x[k] = base[i + std::uint64_t(k) * L];
#pragma unroll
        for (int k = 0; k < K; ++k)
          if (i + std::uint64_t(k) * L < units) acc = op(acc, transformed<Acc>(tr, x[k], i + std::uint64_t(k) * L));
      }
    }
    return acc;
  }

  template <class Cfg, class T, class Acc, class Op, class Tr, class Segs>
  __device__ static void reduce(const T* in, const Segs& segs, Acc* out, Op op, const Tr& tr) {
    constexpr int K = batch<Cfg>;
    constexpr bool Vec = vectors<Cfg, T>;
    constexpr std::uint64_t groups = 32 / L;               // groups of a warp
    using V = cuda::std::conditional_t<Vec, vec16<T>, T>;  // vec16<T> exists only where vector_loadable_v<T>
    const unsigned lane = threadIdx.x % 32, j = lane % L, g = lane / L;
    const std::uint64_t warp = (std::uint64_t(blockIdx.x) * Cfg::block + threadIdx.x) / 32;
    const std::uint64_t warps = std::uint64_t(gridDim.x) * (Cfg::block / 32);
    for (std::uint64_t first = warp * groups * K; first < segs.count; first += warps * groups * K) {
      const T* base[K];
      vector_split<std::uint64_t> v[K];
      Acc acc[K];
      // The first unit of each of the K segments (and, with vectors, a head and a tail element), all loads issued
      // before the first is used.
      T head[K], tail[K];
      V x[Vec ? K : 1];  // the first units: vectors, or (scalar Loads) elements
      T y[Vec ? 1 : K];
#pragma unroll
      for (int k = 0; k < K; ++k) {
        const std::uint64_t s = first + k * groups + g;
        const segment_range r = s < segs.count ? segs(s) : segment_range{0, 0};
        base[k] = in + r.begin;
        if constexpr (Vec) {
          v[k] = split_for_vectors(base[k], r.size);
          if (j < v[k].head) head[k] = base[k][j];
          if (j < v[k].vectors) x[k] = reinterpret_cast<const V*>(base[k] + v[k].head)[j];
          if (j < v[k].tail) tail[k] = base[k][v[k].head + v[k].vectors * V::size + j];
        } else {
          v[k] = vector_split<std::uint64_t>{0, 0, r.size};
          if (j < r.size) y[k] = base[k][j];
        }
      }
#pragma unroll
      for (int k = 0; k < K; ++k) {
        acc[k] = op.template identity<Acc>();
        if constexpr (Vec) {
          // The scalar head and tail hold up to 16 / sizeof(T) - 1 elements each: groups narrower than that take
          // them in turns (the first turn's loads were issued above).
          if (j < v[k].head) acc[k] = op(acc[k], transformed<Acc>(tr, head[k], j));
          for (std::uint64_t i = j + L; i < v[k].head; i += L) acc[k] = op(acc[k], transformed<Acc>(tr, base[k][i], i));
          if (j < v[k].vectors)
#pragma unroll
            for (int e = 0; e < V::size; ++e)
              acc[k] = op(acc[k], transformed<Acc>(tr, x[k].v[e], v[k].head + std::uint64_t(j) * V::size + e));
          acc[k] = rest<Acc, K, true>(base[k], v[k], j + L, acc[k], op, tr);
          const std::uint64_t t0 = v[k].head + v[k].vectors * V::size;
          if (j < v[k].tail) acc[k] = op(acc[k], transformed<Acc>(tr, tail[k], t0 + j));
          for (std::uint64_t i = j + L; i < v[k].tail; i += L)
            acc[k] = op(acc[k], transformed<Acc>(tr, base[k][t0 + i], t0 + i));
        } else {
          if (j < v[k].tail) acc[k] = op(acc[k], transformed<Acc>(tr, y[k], j));
          acc[k] = rest<Acc, K, false>(base[k], v[k], j + L, acc[k], op, tr);
        }
      }
#pragma unroll
      for (int k = 0; k < K; ++k) {
        const std::uint64_t s = first + k * groups + g;
        if constexpr (L > 1) acc[k] = warp_reduce<L>(acc[k], op);
        if (j == 0 && s < segs.count) store_words(out + s, acc[k]);
      }
    }
  }

  template <class Cfg, class Segs>
  static cudaError_t blocks(const Segs& segs, unsigned& blocks) {
    const std::uint64_t threads = (segs.count + batch<Cfg> - 1) / batch<Cfg> * L;
    blocks = capped_blocks((threads + Cfg::block - 1) / Cfg::block);
    return cudaSuccess;
  }
};

}  // namespace reduce::detail
