// Map block_per_segment: the blocks of the grid take segments b, b + blocks, ...; a block walks its segment with the
// one-array engine's agent (the config's Load: 16-byte vectors with any alignment, the head and tail peeled) over
// every tile of it, reduces with the config's BlockFinish, and thread 0 stores the result. It reads input iterators
// (reads_iterators): each segment's transform is at_segment's.
#pragma once
#include "../agent.cuh"
#include "../block/block_reduce.cuh"
#include "segments.cuh"

namespace reduce::detail {

template <>
struct segment_map<policy::block_per_segment> : no_segment_storage {
  template <class Cfg, class T, class Acc, class Op, class Tr, class Segs>
  __device__ static void reduce(const T* in, const Segs& segs, Acc* out, Op op, const Tr& tr) {
    using agent_t = agent<typename Cfg::load, Cfg::block>;
    using block_reduce_t = block_reduce<typename Cfg::finish, Cfg::block, Acc>;
    __shared__ typename block_reduce_t::TempStorage temp;
    for (std::uint64_t s = blockIdx.x; s < segs.count; s += gridDim.x) {
      const segment_range r = segs(s);
      // Every tile of the segment (first 0, stride 1); indices are the segment's own, from 0.
      const Acc partial = agent_t::template walk<Acc, false>(in + r.begin, r.size, std::uint64_t(0), std::uint64_t(1),
                                                             op, at_segment(tr, r.begin));
      const Acc v = block_reduce_t(temp).reduce(partial, op);
      if (threadIdx.x == 0) store_words(out + s, v);
      __syncthreads();  // temp is reused by the next segment
    }
  }

  template <class Cfg, class Segs>
  static cudaError_t blocks(const Segs& segs, unsigned& blocks) {
    blocks = capped_blocks(segs.count);
    return cudaSuccess;
  }
};

}  // namespace reduce::detail
