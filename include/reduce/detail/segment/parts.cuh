// Map parts_per_segment: each segment's tiles dealt to P blocks (P chosen on the host from the segment count, so that
// a few long segments still fill the GPU in one wave of blocks): block p walks tiles p, p + P, ... of its segment with
// the one-array engine's agent (the config's Load: 16-byte vectors at any alignment), as the one-array Grids walk an
// array, so that the P blocks stream through the segment side by side; it reduces with the BlockFinish. Where P > 1
// it stores its result, and the last block of the segment to finish (a ticket per segment) folds the P results in a
// fixed order (thread t takes results t, t + Block, ..., then the BlockFinish) and stores the segment's. One launch
// and a memset of the tickets; the bits depend only on the segment and P.
#pragma once
#include <cuda_runtime.h>

#include "../agent.cuh"
#include "../block/block_reduce.cuh"
#include "../per_device.cuh"
#include "../storage.cuh"
#include "segments.cuh"

namespace reduce::detail {

template <>
struct segment_map<policy::parts_per_segment> {
  template <class Cfg, class T, class Acc, class Op, class Tr, class Segs>
  __device__ static void reduce(const T* in, const Segs& segs, Acc* out, Op op, const Tr& tr, Acc* results,
                                unsigned* tickets) {
    using agent_t = agent<typename Cfg::load, Cfg::block>;
    using block_reduce_t = block_reduce<typename Cfg::finish, Cfg::block, Acc>;
    __shared__ typename block_reduce_t::TempStorage temp;
    __shared__ bool last;
    const std::uint64_t P = gridDim.x, p = blockIdx.x;
    for (std::uint64_t s = blockIdx.y; s < segs.count; s += gridDim.y) {
      const segment_range r = segs(s);
      // Tiles p, p + P, ... of the segment; indices are the segment's own, from 0.
      const Acc partial = agent_t::template walk<Acc, false>(in + r.begin, r.size, p, P, op, tr);
      Acc v = block_reduce_t(temp).reduce(partial, op);
      if (P == 1) {
        if (threadIdx.x == 0) store_words(out + s, v);
      } else {
        if (threadIdx.x == 0) {
          store_words(results + s * P + p, v);
          __threadfence();  // the result is visible before the ticket says so
          last = atomicAdd(tickets + s, 1u) == P - 1;
        }
        __syncthreads();
        if (last) {  // the same in every thread of the block
          __threadfence();
          Acc acc = op.template identity<Acc>();
          for (std::uint64_t i = threadIdx.x; i < P; i += Cfg::block) acc = op(acc, load_cg(results + s * P + i));
          __syncthreads();  // temp is reused
          v = block_reduce_t(temp).reduce(acc, op);
          if (threadIdx.x == 0) store_words(out + s, v);
        }
      }
      __syncthreads();  // temp and last are reused by the next segment
    }
  }

  // P: the blocks that fill one wave of the GPU (slots: the blocks resident on it at once), each walking from the
  // start to the end of the call as a grid-stride walk does; at least 1, each block at least 16 tiles of the walk
  // where the length is known on the host (one size, rows), at most 4096.
  template <class Cfg, class Segs>
  static std::uint64_t parts(const Segs& segs, std::uint64_t slots) {
    std::uint64_t P = slots / (segs.count ? segs.count : 1);
    if constexpr (!is_offset_segments_v<Segs>) {  // at least 16 tiles a block (counted in 4-element units)
      const std::uint64_t most = segs(0).size / (std::uint64_t(Cfg::block) * Cfg::load::items * 4 * 16);
      if (P > most) P = most;
    }
    return P < 1 ? 1 : P > 4096 ? 4096 : P;
  }
  // Slots: the SMs times the blocks an SM holds (per_sm 0: as many as its 2048 threads allow, the most any kernel of
  // this block size can have, which sizes the scratch).
  template <class Cfg>
  static cudaError_t slots(std::uint64_t& n, int per_sm = 0) {
    int sms = 0;
    if (cudaError_t e = sm_count(sms)) return e;
    n = std::uint64_t(sms) * std::uint64_t(per_sm ? per_sm : 2048 / Cfg::block);
    return cudaSuccess;
  }
  template <class Cfg, class Acc, class Segs>
  static cudaError_t storage(const Segs& segs, std::size_t& bytes) {
    static_assert(alignof(Acc) <= storage_alignment,
                  "reduce: parts_per_segment keeps accumulators of 16-byte alignment");
    std::uint64_t most = 0;
    if (cudaError_t e = slots<Cfg>(most)) return e;
    const std::uint64_t P = parts<Cfg>(segs, most);
    bytes = P > 1 ? align_up(segs.count * P * sizeof(Acc)) + segs.count * sizeof(unsigned) : 0;
    return cudaSuccess;
  }

  template <class Cfg, class T, class Acc, class Op, class Tr, class Segs>
  static cudaError_t run(const T* in, const Segs& segs, Acc* out, Op op, Tr tr, void* scratch, cudaStream_t stream);
};

template <class Cfg, class T, class Acc, class Op, class Tr, class Segs>
__global__ void __launch_bounds__(Cfg::block)
    parts_kernel(const T* in, Segs segs, Acc* out, Op op, Tr tr, Acc* results, unsigned* tickets) {
  segment_map<policy::parts_per_segment>::reduce<Cfg>(in, segs, out, op, tr, results, tickets);
}

template <class Cfg, class T, class Acc, class Op, class Tr, class Segs>
cudaError_t segment_map<policy::parts_per_segment>::run(const T* in, const Segs& segs, Acc* out, Op op, Tr tr,
                                                        void* scratch, cudaStream_t stream) {
  if (segs.count == 0) return cudaSuccess;
  const auto kernel = parts_kernel<Cfg, T, Acc, Op, Tr, Segs>;
  int per_sm = 0;  // this kernel's blocks an SM holds (at most the bound the scratch was sized for)
  if (cudaError_t e = blocks_per_sm<boost::mp11::mp_list<policy::parts_per_segment, Cfg, T, Acc, Op, Tr, Segs>>(
          kernel, Cfg::block, per_sm))
    return e;
  per_sm = std::min(std::max(per_sm, 1), 2048 / Cfg::block);  // at most the bound the scratch was sized with
  std::uint64_t n = 0;
  if (cudaError_t e = slots<Cfg>(n, per_sm)) return e;
  const std::uint64_t P = parts<Cfg>(segs, n);
  Acc* results = static_cast<Acc*>(scratch);
  unsigned* tickets =
      P > 1 ? reinterpret_cast<unsigned*>(static_cast<char*>(scratch) + align_up(segs.count * P * sizeof(Acc)))
            : nullptr;
  if (P > 1)
    if (cudaError_t e = cudaMemsetAsync(tickets, 0, segs.count * sizeof(unsigned), stream)) return e;
  const dim3 grid(unsigned(P), unsigned(segs.count < 65535 ? segs.count : 65535));
  kernel<<<grid, Cfg::block, 0, stream>>>(in, segs, out, op, tr, results, tickets);
  return cudaGetLastError();
}

}  // namespace reduce::detail
