// Map lanes_per_segment<L>: a group of L consecutive lanes per segment (L = 1: a thread, L = 32: a warp). The groups
// of the grid take segments g, g + groups, ...; lane j of a group folds the segment's elements j, j + L, ..., K loads
// of a step issued before the first is used (K: the scalar Load's items), then the group's L values meet through warp
// shuffles in lane order and the group's first lane stores the result. The loop over segments is the same for every
// lane of a warp (its bound is the warp's first segment), so every shuffle has the whole warp.
#pragma once
#include "../warp_reduce.cuh"
#include "segments.cuh"

namespace reduce::detail {

template <int L>
struct segment_map<policy::lanes_per_segment<L>> : no_segment_storage {
  template <class Cfg, class T, class Acc, class Op, class Tr, class Segs>
  __device__ static void reduce(const T* in, const Segs& segs, Acc* out, Op op, const Tr& tr) {
    constexpr int K = Cfg::load::items;
    constexpr std::uint64_t per_warp = 32 / L;
    const unsigned lane = threadIdx.x % 32, j = lane % L;
    const std::uint64_t warp = (std::uint64_t(blockIdx.x) * Cfg::block + threadIdx.x) / 32;
    const std::uint64_t warps = std::uint64_t(gridDim.x) * (Cfg::block / 32);
    for (std::uint64_t first = warp * per_warp; first < segs.count; first += warps * per_warp) {
      const std::uint64_t s = first + lane / L;
      Acc acc = op.template identity<Acc>();
      if (s < segs.count) {
        const segment_range r = segs(s);
        const T* base = in + r.begin;
        for (std::uint64_t i = j; i < r.size; i += std::uint64_t(L) * K) {
          T x[K];
#pragma unroll
          for (int k = 0; k < K; ++k)
            if (i + std::uint64_t(k) * L < r.size) x[k] = base[i + std::uint64_t(k) * L];
#pragma unroll
          for (int k = 0; k < K; ++k)
            if (i + std::uint64_t(k) * L < r.size) acc = op(acc, transformed<Acc>(tr, x[k], i + std::uint64_t(k) * L));
        }
      }
      if constexpr (L > 1) acc = warp_reduce<L>(acc, op);
      if (j == 0 && s < segs.count) store_words(out + s, acc);
    }
  }

  template <class Cfg, class Segs>
  static cudaError_t blocks(const Segs& segs, unsigned& blocks) {
    const std::uint64_t threads = segs.count * L;
    blocks = capped_blocks((threads + Cfg::block - 1) / Cfg::block);
    return cudaSuccess;
  }
};

}  // namespace reduce::detail
