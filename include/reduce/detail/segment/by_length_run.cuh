// Map by_length's long pass, its kernels and its host side: the two launches of segment_map<by_length>::run
// (by_length.cuh describes the passes).
#pragma once
#include <boost/mp11.hpp>

#include "../launch.cuh"
#include "by_length.cuh"

namespace reduce::detail {

// The warp pass is latency-bound on short segments, so occupancy buys speed: 4 blocks of 256 threads an SM (64
// registers) where elements take 4 bytes or less; 8-byte elements keep their registers, which 64 would spill (H100,
// 2026-11-28, A/B of the two, no CUB: offsets of 1 float, 2^28 elements, 1737 µs against 1772; argmin of floats, k =
// 256, 2^26: 174 against 218; doubles, k = 4, 2^26: 462 against 312).
template <class Cfg, class T>
constexpr int warp_pass_min_blocks = sizeof(T) <= 4 ? 1024 / Cfg::block : 1;

template <class Cfg, class T, class Acc, class Op, class Tr, class Segs>
__global__ void __launch_bounds__(Cfg::block, (warp_pass_min_blocks<Cfg, T>))
    by_length_warp_kernel(const T* in, Segs segs, Acc* out, Op op, Tr tr, long_list l, warp_step ws) {
  segment_map<policy::by_length>::warp_pass<Cfg>(in, segs, out, op, tr, l, ws);
}

// The next slot of the long pass, the same in every thread of the block (a barrier first: every thread has read the
// number before).
__device__ inline std::uint64_t segment_map<policy::by_length>::take(unsigned long long* taken,
                                                                     unsigned long long& number) {
  __syncthreads();
  if (threadIdx.x == 0) number = atomicAdd(taken, 1ull);
  __syncthreads();
  return number;
}

template <class Cfg, class T, class Acc, class Op, class Tr>
__device__ void segment_map<policy::by_length>::long_pass(const T* in, Acc* out, Acc* results, Op op, const Tr& tr,
                                                          long_list l) {
  using agent_t = agent<typename Cfg::load, Cfg::block>;
  using block_reduce_t = block_reduce<typename Cfg::finish, Cfg::block, Acc>;
  __shared__ typename block_reduce_t::TempStorage temp;
  __shared__ unsigned long long number;
  __shared__ bool last;
  wait_for_previous_grid();  // every block, before any read: the warp pass has listed every part
  const std::uint64_t handed = *l.slots, slots = handed < l.max_slots ? handed : l.max_slots;
  std::uint64_t i = take(l.taken, number);
  ulonglong2 next = i < slots ? l.records[i] : make_ulonglong2(0, 0);
  std::uint64_t next_owner = i < slots ? l.owners[i] : 0;
  while (i < slots) {  // the same in every thread of the block
    const ulonglong2 record = next;
    const std::uint64_t at = i, s = next_owner;
    i = take(l.taken, number);                                     // also the barrier before temp and last are reused
    if (i < slots) next = l.records[i], next_owner = l.owners[i];  // in flight during this part's walk
    if (record.y == 0) continue;                                   // no listed segment owns the slot
    const std::uint64_t n = record.y / max_parts, p = record.y % max_parts, k = parts(n);
    const segment_range r = part(n, p);
    // Every tile of the part (first 0, stride 1); the transform counts indices from the segment's start.
    const Acc partial = agent_t::template walk<Acc, false>(in + record.x + r.begin, r.size, std::uint64_t(0),
                                                           std::uint64_t(1), op, from_index(tr, r.begin));
    Acc v = block_reduce_t(temp).reduce(partial, op);
    if (k == 1) {
      if (threadIdx.x == 0) store_words(out + s, v);
      continue;
    }
    const std::uint64_t first = at - p;
    if (threadIdx.x == 0) {
      store_words(results + at, v);
      __threadfence();  // the result is visible before the count says so
      last = atomicAdd(l.done + first, 1u) == k - 1;
    }
    __syncthreads();
    if (last) {  // the same in every thread: thread t folds results t, t + Block, ..., then the BlockFinish
      __threadfence();
      Acc acc = op.template identity<Acc>();
      for (std::uint64_t q = threadIdx.x; q < k; q += Cfg::block) acc = op(acc, load_cg(results + first + q));
      __syncthreads();  // temp is reused
      v = block_reduce_t(temp).reduce(acc, op);
      if (threadIdx.x == 0) store_words(out + s, v);
    }
  }
}

// The long pass keeps its registers (about 80 at 256 threads, 3 blocks an SM). H100, 2026-11-28, A/B: capped at 64
// for a fourth block it spills in the walk (2^28 floats in segments of 2^16: 396 µs against 362, CUB 348); a part's
// segment, first slot and count of parts held in shared memory across the walk instead (54 registers, 4 blocks an SM)
// took 2^24 in segments of 2^16 in 33.7 µs against 36.6 (CUB 26.7), but 2^24 in segments of 2^13 in 34.8 against 33.2
// (CUB 25.6), 4 x 2^26 in 363 against 357 (CUB 8100) and 2^28 in segments of 2^18 to 2^22 0.5-1% slower (CUB 349-580).
template <class Cfg, class T, class Acc, class Op, class Tr>
__global__ void __launch_bounds__(Cfg::block)
    by_length_long_kernel(const T* in, Acc* out, Acc* results, Op op, Tr tr, long_list l) {
  segment_map<policy::by_length>::long_pass<Cfg>(in, out, results, op, tr, l);
}

// The two launches, stream-ordered (no host synchronisation: a graph may capture them). The long pass's grid is one
// wave of its blocks (the slots in use are known on the device only; its blocks take them from a counter, one part
// ahead). It follows
// the warp pass programmatically (scheduled while the warp pass drains, it waits for it before reading) where its
// image has the wait (hopper_image: an image compiled for an older architecture starts after the warp pass has
// finished).
// H100, 2026-11-28, A/B against slots dealt in turn over a grid of 8 blocks an SM (more than it holds at once) with a
// third launch for the folds; CUB 3.5.0's hinted call over the same array in the same runs: 2^28 floats in segments
// of 2^13, 2^14, 2^20: 363, 362, 352 µs against 382, 380, 357 (CUB 342, 345, 350); 4 x 2^26: 357 against 368; a
// Zipf-like mix of 2^28 elements with three segments of 1.2 x 10^7: 398 against 416 (CUB 1645); 2^24 in segments of
// 2^16: 36.5 against 32.6 (CUB 26.6; its 512 parts take two rounds of the 396 blocks an H100 holds).
struct by_length_long_pass;  // the key of hopper_image's cache
template <class Cfg, class T, class Acc, class Op, class Tr, class Segs>
cudaError_t segment_map<policy::by_length>::run(const T* in, const Segs& segs, Acc* out, Op op, Tr tr, void* scratch,
                                                cudaStream_t stream) {
  if (segs.count == 0) return cudaSuccess;
  const long_list l = list_for(segs.count, scratch);
  Acc* results = reinterpret_cast<Acc*>(static_cast<unsigned char*>(scratch) + l.results_at());
  // Every query before the first launch: a failed one leaves nothing half done.
  const auto long_kernel = by_length_long_kernel<Cfg, T, Acc, Op, Tr>;
  int wave = 0;  // the long pass's blocks resident at once
  int sms = 0;
  if (cudaError_t e = sm_count(sms)) return e;
  if (cudaError_t e =
          blocks_per_sm<boost::mp11::mp_list<by_length_long_pass, Cfg, T, Acc, Op, Tr>>(long_kernel, Cfg::block, wave))
    return e;
  wave = sms * std::max(wave, 1);
  bool long_waits = false;
  if (cudaError_t e =
          hopper_image<boost::mp11::mp_list<by_length_long_pass, Cfg, T, Acc, Op, Tr>>(long_kernel, long_waits))
    return e;
  if (cudaError_t e = cudaMemsetAsync(scratch, 0, long_list::counters_bytes, stream)) return e;
  const warp_step ws = warp_step_for(segs.count);
  const std::uint64_t per_block = std::uint64_t(Cfg::block / 32) * ws.width * ws.batches;
  by_length_warp_kernel<Cfg><<<capped_blocks((segs.count + per_block - 1) / per_block), Cfg::block, 0, stream>>>(
      in, segs, out, op, tr, l, ws);
  if (cudaError_t e = cudaGetLastError()) return e;
  cudaLaunchAttribute attribute{};
  attribute.id = cudaLaunchAttributeProgrammaticStreamSerialization;
  attribute.val.programmaticStreamSerializationAllowed = long_waits;
  cudaLaunchConfig_t config{};
  config.gridDim = dim3(unsigned(std::uint64_t(wave) < l.max_slots ? std::uint64_t(wave) : l.max_slots));
  config.blockDim = dim3(Cfg::block);
  config.stream = stream;
  config.attrs = &attribute;
  config.numAttrs = 1;
  return cudaLaunchKernelEx(&config, long_kernel, in, out, results, op, tr, l);
}

}  // namespace reduce::detail
