// Map by_length: segments sorted by length on the device, for lengths the host does not know. A warp per segment
// leaves most lanes idle on segments of a few elements, and on one of 10^7 keeps about 2 KB in flight where the GPU
// needs megabytes; so the lengths pick the path, in two launches:
// 1. The warp pass: a warp takes a step of up to two batches of up to 32 consecutive segments (fewer where the
//    segments are few, so that every SM still gets warps), lane i reading the offsets of segment i of each batch,
//    coalesced. Where every segment of the step is tiny (at most 2K elements, 8 at most), each lane folds its own, all
//    of their loads in flight at once. Else batch by batch: a lane whose segment is long (over long_size elements)
//    takes a slot per part (one atomic for the warp), and writes each slot's part record (the segment's first element,
//    its length and the part's number, and the segment's index). The warp picks a group width L (a power of two,
//    1..32, the same in every lane) such that L lanes of K loads in flight cover the batch's typical segment in one
//    step (typical: the mean of the lengths' log2, so one longer segment does not widen the groups of 31 tiny ones);
//    in L rounds its 32 / L groups take a segment each, lane j of a group folding elements j, j + L, ..., the group
//    meeting through shuffles. A segment past wide_steps steps of its group would hold back its round's other groups:
//    after the rounds the whole warp reads it, 2K loads a lane in flight (K once K >= 8).
// 2. The long pass: a listed segment of n elements has min(max_parts, ceil(n / part_size)) parts, bounds a function
//    of n, 16 elements apart (every part as misaligned as the segment: vector Loads stay 16-byte). A block takes its
//    next slot from a counter as it starts a part (parts of any length, and blocks that start late, leave no more than
//    a part's tail), walks
//    its part as block_per_segment walks a segment (the config's Load and BlockFinish), the next slot's record loaded
//    during the walk. A segment of one part is stored at once; else the block that finishes a segment's last part (a
//    count per segment) folds the parts' results with the BlockFinish (a fixed order for each count of parts and block
//    size).
// Each combine's order follows from the lengths and layout of a segment and of its step's other segments, and the
// step's shape from the segment count: the bits are the same on every run of a call, on any GPU. Except past the
// scratch (long segments of more than max_slots parts in all): the atomics' order picks the segments whose parts do
// not fit, and their warps walk them whole; results stay right, but float sums of long segments may then differ run
// to run. Every loop around a shuffle has a bound that is the same in all 32 lanes (a ballot, a shuffled value, a
// warp-uniform index).
#pragma once
#include <cuda_runtime.h>

#include "../agent.cuh"
#include "../kernel.cuh"
#include "../block/block_reduce.cuh"
#include "../per_device.cuh"
#include "../storage.cuh"
#include "../warp_reduce.cuh"
#include "segments.cuh"

namespace reduce::detail {

// The scratch: two counters (slots handed out by the warp pass, slots taken by the long pass), then per slot its part
// record (x: the segment's first element; y: its length times max_parts plus the part's number, 0 where no listed
// segment owns the slot), its segment's index, the count of parts done (read at a segment's first slot) and its
// result.
struct long_list {
  static constexpr std::size_t counters_bytes = 16;
  std::uint64_t max_slots = 0;
  unsigned long long *slots = nullptr, *taken = nullptr;
  ulonglong2* records = nullptr;
  std::uint64_t* owners = nullptr;
  unsigned* done = nullptr;
  std::size_t owners_at() const { return counters_bytes + max_slots * sizeof(ulonglong2); }
  std::size_t done_at() const { return owners_at() + max_slots * sizeof(std::uint64_t); }
  std::size_t results_at() const { return align_up(done_at() + max_slots * sizeof(unsigned)); }
};

__device__ inline unsigned warp_sum(unsigned v) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  return __reduce_add_sync(0xffffffffu, v);
#else
  for (int offset = 16; offset > 0; offset /= 2) v += __shfl_xor_sync(0xffffffffu, v, offset);
  return v;
#endif
}

// warp_reduce<L> for L = 2^log2 lanes, log2 the same in every lane: the same shuffles (compile-time offsets L / 2,
// ..., 1), each taken or skipped by the whole warp.
template <class Acc, class Op>
__device__ Acc group_reduce(Acc v, Op op, unsigned log2) {
#pragma unroll
  for (int offset = 16; offset > 0; offset /= 2)
    if (offset < (1 << log2)) v = op(v, shfl_down(v, offset));
  return v;
}

// A warp pass step: `batches` batches of `width` consecutive segments (lane i of batch b: segment first + b * width +
// i). The most a warp takes (two batches of 32: every lane keeps two tiny segments in flight; more would cost the
// kernel occupancy) that still leaves min_steps warp steps, which fill any current GPU about twice; fewer segments are
// dealt more thinly, down to one a warp. A function of the count alone: the batches, and so the bits, do not depend on
// the GPU.
struct warp_step {
  static constexpr unsigned most_batches = 2;
  static constexpr std::uint64_t min_steps = std::uint64_t(1) << 14;
  unsigned width = 32, batches = most_batches;
};
inline warp_step warp_step_for(std::uint64_t count) {
  warp_step w;
  while (w.batches > 1 && count < std::uint64_t(w.width) * w.batches * warp_step::min_steps) w.batches /= 2;
  while (w.width > 1 && count < std::uint64_t(w.width) * warp_step::min_steps) w.width /= 2;
  return w;
}

template <>
struct segment_map<policy::by_length> {
  // Long: past 2^12 elements, a block's walk (the whole-warp walk of longer segments keeps too little in flight where
  // they are few; a block's walk of shorter ones spends more time finishing than streaming). H100, 2026-11-28, offsets
  // over 2^28 floats, A/B, CUB 3.5.0's hinted call in the same runs: segments of 2^12 elements 363 µs against 374 with
  // long_size 2^11 (CUB 338); of 2^11, 363 against 538 with long_size 2^10 (CUB 405). A part holds up to 2^15 elements
  // (eight tiles of a 256-thread block of vector<4> floats; 2^14: within 1% either way, 2^24 in segments of 2^16 35.8
  // against 36.4 µs, CUB 26.8; a Zipf-like mix 403 against 398, CUB 1656).
  static constexpr std::uint64_t long_size = std::uint64_t(1) << 12, part_size = std::uint64_t(1) << 15;
  // 256 parts at most: a segment of 2^23 elements and more fills 256 blocks (1024: 4 x 2^26 elements, 373 µs against
  // 357). The scratch: 2^18 slots (about 8 MB with float results), which hold every layout of up to 2^29 elements;
  // only a call whose long segments hold more can run past them.
  static constexpr std::uint64_t max_parts = 256, max_slots = std::uint64_t(1) << 18;
  // A segment past wide_steps steps of its group goes to the whole-warp walk.
  static constexpr std::uint64_t wide_steps = 8;

  __host__ __device__ static std::uint64_t parts(std::uint64_t n) {
    const std::uint64_t k = (n + part_size - 1) / part_size;
    return k < max_parts ? k : max_parts;
  }
  __host__ __device__ static segment_range part(std::uint64_t n, std::uint64_t p) {
    const std::uint64_t q = ((n + parts(n) - 1) / parts(n) + 15) / 16 * 16, b = p * q < n ? p * q : n;
    return {b, n - b < q ? n - b : q};
  }
  // The scratch of a call over count segments (its sizes only where scratch is null).
  static long_list list_for(std::uint64_t count, void* scratch) {
    long_list l;
    l.max_slots = count < max_slots / max_parts ? count * max_parts : max_slots;
    if (unsigned char* base = static_cast<unsigned char*>(scratch)) {
      l.slots = reinterpret_cast<unsigned long long*>(base), l.taken = l.slots + 1;
      l.records = reinterpret_cast<ulonglong2*>(base + long_list::counters_bytes);
      l.owners = reinterpret_cast<std::uint64_t*>(base + l.owners_at());
      l.done = reinterpret_cast<unsigned*>(base + l.done_at());
    }
    return l;
  }
  // Lane j's fold of elements j, j + step, ... of a segment of n elements, K loads in flight.
  template <int K, class Acc, class T, class Op, class Tr>
  __device__ static Acc lane_fold(const T* base, std::uint64_t n, std::uint64_t j, std::uint64_t step, Op op,
                                  const Tr& tr) {
    Acc acc = op.template identity<Acc>();
    for (std::uint64_t i = j; i < n; i += step * K) {
      T x[K];
#pragma unroll
      for (int k = 0; k < K; ++k)
        if (i + k * step < n) x[k] = base[i + k * step];
#pragma unroll
      for (int k = 0; k < K; ++k)
        if (i + k * step < n) acc = op(acc, transformed<Acc>(tr, x[k], i + k * step));
    }
    return acc;
  }

  // The warp's long segments (lanes with is_long) take their slots with one atomic for the whole warp, in lane order:
  // an atomic per segment would serialise at the L2 where long segments are many. A lane returns false where the
  // scratch is full (its warp then walks the segment). The long pass reads nothing before this grid has finished, so
  // the counts of parts done are zeroed here.
  __device__ static bool list(std::uint64_t s, const segment_range& r, bool is_long, unsigned longs,
                              const long_list& l) {
    constexpr unsigned all = 0xffffffffu;
    const unsigned lane = threadIdx.x % 32, leader = __ffs(longs) - 1;
    unsigned k = is_long ? unsigned(parts(r.size)) : 0, before = k;  // parts: at most max_parts a lane
#pragma unroll
    for (int o = 1; o < 32; o *= 2) {
      const unsigned v = __shfl_up_sync(all, before, o);
      if (lane >= unsigned(o)) before += v;
    }
    const unsigned total = __shfl_sync(all, before, 31);
    before -= k;
    unsigned long long first = 0;
    if (lane == leader) first = atomicAdd(l.slots, total);
    first = __shfl_sync(all, first, leader) + before;
    if (!is_long) return false;
    const bool fits = first + k <= l.max_slots;
    for (std::uint64_t i = first; i < first + k && i < l.max_slots; ++i) {
      l.records[i] = fits ? make_ulonglong2(r.begin, r.size * max_parts + (i - first)) : make_ulonglong2(0, 0);
      l.owners[i] = s;
    }
    if (fits) l.done[first] = 0;
    return fits;
  }

  // One batch of the warp pass: lane i's segment is first + i (r; real where the batch has one).
  template <int K, class T, class Acc, class Op, class Tr>
  __device__ static void batch(const T* in, std::uint64_t first, bool real, segment_range r, Acc* out, Op op,
                               const Tr& tr, const long_list& l) {
    constexpr int KW = K >= 8 ? K : 2 * K;  // the whole-warp walk: one segment, more in flight
    constexpr int log2_K = K >= 32 ? 5 : K >= 16 ? 4 : K >= 8 ? 3 : K >= 4 ? 2 : K >= 2 ? 1 : 0;
    constexpr unsigned all = 0xffffffffu;
    const unsigned lane = threadIdx.x % 32;
    const bool is_long = r.size > long_size;
    const unsigned longs = __ballot_sync(all, is_long);
    const bool listed = longs != 0 && list(first + lane, r, is_long, longs, l);  // a ballot: the same in every lane
    // The group width: L x K about the typical length, from the mean of floor(log2(length)) over the batch's
    // non-empty, non-long segments (rounded).
    const bool typical = r.size > 0 && r.size <= long_size;
    const unsigned lengths = __popc(__ballot_sync(all, typical));
    const unsigned logs = warp_sum(typical ? 63 - __clzll(r.size) : 0);
    const int want = lengths ? int((logs + lengths / 2) / lengths) - log2_K : 0;
    const unsigned log2_L = want < 0 ? 0 : want > 5 ? 5 : unsigned(want), L = 1u << log2_L;
    const bool wide = real && !listed && (r.size > long_size || r.size > wide_steps * L * K);
    const unsigned grouped = __ballot_sync(all, real && !listed && !wide), wides = __ballot_sync(all, wide);
    const unsigned per_round = 32 >> log2_L, g = lane >> log2_L, j = lane & (L - 1);
    const unsigned round_bits = per_round == 32 ? all : (1u << per_round) - 1;
    for (unsigned round = 0; round < L; ++round) {
      if (((grouped >> (round * per_round)) & round_bits) == 0) continue;  // a ballot: the same in every lane
      const unsigned at = round * per_round + g;
      const std::uint64_t b = __shfl_sync(all, r.begin, at), n = __shfl_sync(all, r.size, at);
      const bool mine = (grouped >> at) & 1u;
      Acc acc = mine ? lane_fold<K, Acc>(in + b, n, j, L, op, tr) : op.template identity<Acc>();
      acc = group_reduce(acc, op, log2_L);
      if (mine && j == 0) store_words(out + first + at, acc);
    }
    for (unsigned m = wides; m != 0; m &= m - 1) {  // a ballot: the same in every lane
      const unsigned at = __ffs(m) - 1;
      const std::uint64_t b = __shfl_sync(all, r.begin, at), n = __shfl_sync(all, r.size, at);
      const Acc acc = warp_reduce<32>(lane_fold<KW, Acc>(in + b, n, lane, 32, op, tr), op);
      if (lane == 0) store_words(out + first + at, acc);
    }
  }

  template <class Cfg, class T, class Acc, class Op, class Tr, class Segs>
  __device__ static void warp_pass(const T* in, const Segs& segs, Acc* out, Op op, const Tr& tr, long_list l,
                                   warp_step ws) {
    allow_next_grid();  // the long pass may be scheduled; it waits for this grid before it reads
    constexpr int K = Cfg::load::items, J = warp_step::most_batches, tiny = K < 4 ? 2 * K : 8;
    const unsigned lane = threadIdx.x % 32;
    const std::uint64_t per_warp = std::uint64_t(ws.width) * ws.batches;
    const std::uint64_t warp = (std::uint64_t(blockIdx.x) * Cfg::block + threadIdx.x) / 32;
    const std::uint64_t warps = std::uint64_t(gridDim.x) * (Cfg::block / 32);
    for (std::uint64_t first = warp * per_warp; first < segs.count; first += warps * per_warp) {  // warp-uniform
      segment_range r[J];
      bool small = true;
#pragma unroll
      for (int b = 0; b < J; ++b) {
        const std::uint64_t s = first + b * ws.width + lane;
        r[b] = b < int(ws.batches) && lane < ws.width && s < segs.count ? segs(s) : segment_range{0, 0};
        small = small && r[b].size <= tiny;
      }
      if (__all_sync(0xffffffffu, small)) {  // every segment of the step tiny: each lane folds its own, in order
        T x[J][tiny];
#pragma unroll
        for (int b = 0; b < J; ++b)
#pragma unroll
          for (int e = 0; e < tiny; ++e)
            if (e < r[b].size) x[b][e] = in[r[b].begin + e];
#pragma unroll
        for (int b = 0; b < J; ++b) {
          Acc acc = op.template identity<Acc>();
#pragma unroll
          for (int e = 0; e < tiny; ++e)
            if (e < r[b].size) acc = op(acc, transformed<Acc>(tr, x[b][e], std::uint64_t(e)));
          const std::uint64_t s = first + b * ws.width + lane;
          if (b < int(ws.batches) && lane < ws.width && s < segs.count) store_words(out + s, acc);
        }
        continue;
      }
#pragma unroll 1
      for (unsigned b = 0; b < ws.batches; ++b) {  // the offsets again (cached): an array indexed here would spill
        const std::uint64_t at = first + b * ws.width, s = at + lane;
        const bool real = lane < ws.width && s < segs.count;
        batch<K>(in, at, real, real ? segs(s) : segment_range{0, 0}, out, op, tr, l);
      }
    }
  }

  // The long pass and its slot counter (by_length_run.cuh).
  __device__ static std::uint64_t take(unsigned long long* taken, unsigned long long& number);
  template <class Cfg, class T, class Acc, class Op, class Tr>
  __device__ static void long_pass(const T* in, Acc* out, Acc* results, Op op, const Tr& tr, long_list l);

  template <class Cfg, class Acc, class Segs>
  static cudaError_t storage(const Segs& segs, std::size_t& bytes) {
    static_assert(alignof(Acc) <= storage_alignment, "reduce: by_length keeps accumulators of 16-byte alignment");
    const long_list l = list_for(segs.count, nullptr);
    bytes = segs.count ? l.results_at() + l.max_slots * sizeof(Acc) : 0;
    return cudaSuccess;
  }

  template <class Cfg, class T, class Acc, class Op, class Tr, class Segs>
  static cudaError_t run(const T* in, const Segs& segs, Acc* out, Op op, Tr tr, void* scratch, cudaStream_t stream);
};

}  // namespace reduce::detail
