// Tuning tables for Hopper (sm_90), order-free integer ops: integer accumulators with an op that has a native atomic
// (sum, min, max, bitwise), where every order of combining gives the same bits, so the atomic grid is a candidate
// beside the deterministic Grids (regenerate with `python3 bench/tune.py --exact`; the rest as in sm90.cuh).
// sm90_exact<B>: every such call on raw storage, and on a reduce::workspace where no table below is more specific (the
// atomic grid presets the output there as on raw storage). With polled a candidate too (tune.py --exact --workspace),
// the atomic grid led it at every size from 2^14 to 2^22 on the H100 and at all but 2^16 on the H200 (4-byte, device
// runs 64 and 66), and from 2^17 up on both for 8-byte (runs 188, 189).
// sm90_exact_workspace<B>: sums of 32-bit integers on a workspace, where the atomic grid adds into a zeroed tally word
// instead of presetting the output (attempt 21), measured so (reduce-bench --atomic-on-workspace): Grid cluster, the
// exact table's pick at 8193..32768, ran 0.2-0.7 µs behind it there (attempt 31, probe 38).
#pragma once
#include "sm90.cuh"

namespace reduce::tuning {

template <int ElementBytes>
struct sm90_exact;
template <int ElementBytes>
struct sm90_exact_workspace;

// @generated-begin exact4
// clang-format off
// 4-byte elements, integer accumulators, ops with a native atomic. Odd powers 2^11..2^25: device runs 168 (H100) and 169 (H200), reduce-bench --matrix --type=int32 --sizes=11:25:2 with the paired group's kernels and filter (the atomic grid too) on the tree of bbb70a8; each odd size pinned to the kernel the table ran there, or to the neighbouring range's kernel where both GPUs read that one ahead there (attempt 30, docs/perf-attempts-30.md), but 2^13 to the one-block vec4-striped/shuffle/multipass/b512 (one tile of 8192), which these runs read ahead of the cluster kernel attempt 30 pinned there (H100 4.19 against 4.80 µs, CUB / kernel 1.75 against 1.60 in the same pairs; H200 3.84 against 4.16, 1.66 against 1.62) and probe 38 (runs 180, 181) too, at 4352..8192 (4.10 against 4.64-4.77 µs on the H100, CUB / kernel 1.67-1.85 against 1.43-1.68 in the same pairs; 3.81-3.97 against 4.29-4.32 on the H200, 1.66-1.90 against 1.51-1.72: attempt 31, docs/perf-attempts-31.md); every even size pinned to the kernel the table ran there. Even sizes: H100 80GB HBM3: device run 43; H200: run 44 (reduce-bench --matrix --sizes=10:30:2 --benchmark_filter='^paired/' with paired rows (each sample one call of the kernel, one of CUB) of 180 candidates: scalar4 (striped, blocked), vec4, vec1 loads; shuffle, unrolled, unroll-warp finishes; every deterministic Grid and the atomic one; --type=int32; commit fd3460b); a range whose kernel was measured short of a step in its cost ends at the step: past one tile every Grid pays a second launch, a preset or a combine across blocks, and past each whole pass (one tile per block) a cluster's blocks walk one more tile (attempt 30, probes 35 and 36); pinned after attempt 31: 2^15 to vec4-striped/shuffle/cluster16/b128, which probe 39 (device runs 182 H100, 183 H200: three in-process rounds, paired with CUB) read ahead of scalar4-striped/shuffle/cluster16/b256 in every round on both GPUs (4.80 against 5.18-5.31 µs on the H100, 4.29-4.42 against 4.80 on the H200; docs/perf-attempts-31.md); 2026-11-22, docs/device-runs.md
// n: picked kernel; per run: its µs / the fastest allowed kernel's µs, CUB µs (CUB / picked); where the run
// paired kernels with CUB (`paired`), times are in units of CUB's and the ratio is the per-pair median
//   2^10: scalar4-blocked/shuffle/multipass/b512 | H100-r43 paired 0.81 / 0.81, CUB 1.00 (1.23x) | H200-r44 paired 0.81 / 0.81, CUB 1.00 (1.24x)
//   2^11: scalar4-blocked/shuffle/multipass/b512 | H100-r168 paired 0.78 / 0.76, CUB 1.00 (1.29x) | H200-r169 paired 0.73 / 0.70, CUB 1.00 (1.37x)
//   2^12: vec4-striped/shuffle/atomic/b256 | H100-r43 paired 1.00 / 1.00, CUB 1.00 (1.00x) | H200-r44 paired 1.01 / 1.00, CUB 1.00 (0.99x)
//   2^13: vec4-striped/shuffle/multipass/b512 | H100-r168 paired 0.57 / 0.57, CUB 1.00 (1.75x) | H200-r169 paired 0.60 / 0.58, CUB 1.00 (1.66x)
//   2^14: scalar4-striped/shuffle/cluster16/b256 | H100-r43 paired 0.66 / 0.65, CUB 1.00 (1.53x) | H200-r44 paired 0.64 / 0.64, CUB 1.00 (1.56x)
//   2^15: vec4-striped/shuffle/cluster16/b128 | H100-r168 paired 0.65 / 0.62, CUB 1.00 (1.55x) | H200-r169 paired 0.66 / 0.66, CUB 1.00 (1.51x)
//   2^16: scalar4-blocked/shuffle/atomic/b256 | H100-r43 paired 0.71 / 0.70, CUB 1.00 (1.41x) | H200-r44 paired 0.73 / 0.71, CUB 1.00 (1.36x)
//   2^17: scalar4-blocked/shuffle/atomic/b256 | H100-r168 paired 0.70 / 0.62, CUB 1.00 (1.42x) | H200-r169 paired 0.77 / 0.69, CUB 1.00 (1.30x)
//   2^18: scalar4-blocked/shuffle/atomic/b256 | H100-r43 paired 0.69 / 0.68, CUB 1.00 (1.45x) | H200-r44 paired 0.74 / 0.73, CUB 1.00 (1.35x)
//   2^19: scalar4-blocked/shuffle/atomic/b256 | H100-r168 row dropped (CUB disturbed) | H200-r169 paired 0.74 / 0.72, CUB 1.00 (1.35x)
//   2^20: vec4-striped/shuffle/atomic/b128 | H100-r43 paired 0.74 / 0.74, CUB 1.00 (1.36x) | H200-r44 paired 0.76 / 0.76, CUB 1.00 (1.31x)
//   2^21: vec4-striped/shuffle/atomic/b128 | H100-r168 paired 0.77 / 0.76, CUB 1.00 (1.30x) | H200-r169 paired 0.79 / 0.77, CUB 1.00 (1.27x)
//   2^22: vec4-striped/shuffle/atomic/b512 | H100-r43 paired 0.79 / 0.79, CUB 1.00 (1.27x) | H200-r44 paired 0.80 / 0.80, CUB 1.00 (1.25x)
//   2^23: vec4-striped/shuffle/atomic/b512 | H100-r168 paired 0.83 / 0.83, CUB 1.00 (1.21x) | H200-r169 paired 0.83 / 0.83, CUB 1.00 (1.21x)
//   2^24: vec4-striped/shuffle/atomic/b512 | H100-r43 paired 0.91 / 0.91, CUB 1.00 (1.10x) | H200-r44 paired 0.90 / 0.90, CUB 1.00 (1.11x)
//   2^25: vec4-striped/shuffle/atomic/b512 | H100-r168 paired 0.94 / 0.92, CUB 1.00 (1.07x) | H200-r169 paired 0.93 / 0.93, CUB 1.00 (1.08x)
//   2^26: vec4-striped/shuffle/atomic/b512 | H100-r43 paired 0.95 / 0.95, CUB 1.00 (1.06x) | H200-r44 paired 0.95 / 0.95, CUB 1.00 (1.05x)
//   2^28: vec4-striped/shuffle/atomic/b512 | H100-r43 paired 0.97 / 0.96, CUB 1.00 (1.03x) | H200-r44 paired 0.99 / 0.98, CUB 1.00 (1.01x)
//   2^30: vec4-striped/shuffle/atomic/b512 | H100-r43 paired 0.96 / 0.96, CUB 1.00 (1.04x) | H200-r44 paired 0.99 / 0.99, CUB 1.00 (1.01x)
template <>
struct sm90_exact<4> {
  using configs = boost::mp11::mp_list<tp::config<tp::scalar<4, tp::blocked>, tp::shuffle, tp::sequential, tp::multipass, 512>,
      tp::config<tp::vector<4>, tp::shuffle, tp::sequential, tp::atomic, 256>,
      tp::config<tp::vector<4>, tp::shuffle, tp::sequential, tp::multipass, 512>,
      tp::config<tp::scalar<4>, tp::shuffle, tp::sequential, tp::cluster<>, 256>,
      tp::config<tp::vector<4>, tp::shuffle, tp::sequential, tp::cluster<>, 128>,
      tp::config<tp::scalar<4, tp::blocked>, tp::shuffle, tp::sequential, tp::atomic, 256>,
      tp::config<tp::vector<4>, tp::shuffle, tp::sequential, tp::atomic, 128>,
      tp::config<tp::vector<4>, tp::shuffle, tp::sequential, tp::atomic, 512>>;
  static constexpr std::uint64_t up_to[] = {std::uint64_t(2048) /* one tile */, std::uint64_t(4096) /* one tile */, std::uint64_t(8192) /* one tile */, std::uint64_t(16384) /* 1 pass */, std::uint64_t(32768) /* 1 pass */, std::uint64_t(741455) /* 2^19.5 */, std::uint64_t(2965820) /* 2^21.5 */, ~std::uint64_t(0)};
};
// clang-format on
// @generated-end exact4

// @generated-begin exact_workspace4
// clang-format off
// 4-byte elements, integer accumulators, ops with a native atomic, calls on a reduce::workspace: atomic and polled Grids too. H100 80GB HBM3: device run 178; H200: run 179 (reduce-bench --matrix --type=int32 --sizes=10,11,...,25,26,28 --atomic-on-workspace --paired='/(multipass|gridstride|atomic|singlepass|cluster16|coop|polled)/' --benchmark_filter='^paired/[^/]+/[^/]+/' on the tree of 4c6d5a1: every deterministic, polled and atomic kernel paired with CUB, the atomic ones on a reduce::workspace), --within 0.04; pinned: 2^10..2^12 to the exact table's one-block kernels (one tile each; the one-block kernels read within the rows' noise of each other there), 2^17..2^19 to the atomic kernel picked at 2^14..2^16, where probe 38 (runs 180 and 181: three in-process rounds, paired with CUB) read it, the exact table's kernel and tune.py's picks at the same own time on both GPUs, 2^20 to the exact table's kernel (probe 38 measured it, and not the one tune.py picked there) (attempt 31, docs/perf-attempts-31.md); 2026-11-22, docs/device-runs.md
// n: picked kernel; per run: its µs / the fastest allowed kernel's µs, CUB µs (CUB / picked); where the run
// paired kernels with CUB (`paired`), times are in units of CUB's and the ratio is the per-pair median
//   2^10: scalar4-blocked/shuffle/multipass/b512 | H100-r178 paired 0.81 / 0.77, CUB 1.00 (1.24x) | H200-r179 paired 0.82 / 0.78, CUB 1.00 (1.22x)
//   2^11: scalar4-blocked/shuffle/multipass/b512 | H100-r178 paired 0.75 / 0.73, CUB 1.00 (1.34x) | H200-r179 paired 0.76 / 0.73, CUB 1.00 (1.32x)
//   2^12: vec4-striped/shuffle/atomic/b256 | H100-r178 paired 1.00 / 0.99, CUB 1.00 (1.00x) | H200-r179 paired 1.03 / 0.97, CUB 1.00 (0.97x)
//   2^13: vec4-striped/shuffle/multipass/b512 | H100-r178 paired 0.60 / 0.59, CUB 1.00 (1.68x) | H200-r179 paired 0.60 / 0.59, CUB 1.00 (1.67x)
//   2^14: scalar4-striped/shuffle/atomic/b256 | H100-r178 paired 0.60 / 0.60, CUB 1.00 (1.66x) | H200-r179 paired 0.61 / 0.61, CUB 1.00 (1.64x)
//   2^15: scalar4-striped/shuffle/atomic/b256 | H100-r178 paired 0.64 / 0.62, CUB 1.00 (1.57x) | H200-r179 paired 0.65 / 0.64, CUB 1.00 (1.53x)
//   2^16: scalar4-striped/shuffle/atomic/b256 | H100-r178 paired 0.63 / 0.62, CUB 1.00 (1.59x) | H200-r179 paired 0.64 / 0.64, CUB 1.00 (1.57x)
//   2^17: scalar4-striped/shuffle/atomic/b256 | H100-r178 paired 0.63 / 0.63, CUB 1.00 (1.58x) | H200-r179 paired 0.69 / 0.64, CUB 1.00 (1.46x)
//   2^18: scalar4-striped/shuffle/atomic/b256 | H100-r178 paired 0.62 / 0.62, CUB 1.00 (1.60x) | H200-r179 paired 0.67 / 0.64, CUB 1.00 (1.50x)
//   2^19: scalar4-striped/shuffle/atomic/b256 | H100-r178 paired 0.65 / 0.65, CUB 1.00 (1.54x) | H200-r179 paired 0.71 / 0.66, CUB 1.00 (1.40x)
//   2^20: vec4-striped/shuffle/atomic/b128 | H100-r178 paired 0.70 / 0.68, CUB 1.00 (1.43x) | H200-r179 paired 0.70 / 0.68, CUB 1.00 (1.43x)
//   2^21: vec4-striped/shuffle/atomic/b128 | H100-r178 paired 0.72 / 0.71, CUB 1.00 (1.40x) | H200-r179 paired 0.72 / 0.71, CUB 1.00 (1.39x)
//   2^22: vec4-striped/shuffle/atomic/b512 | H100-r178 paired 0.77 / 0.76, CUB 1.00 (1.31x) | H200-r179 paired 0.80 / 0.79, CUB 1.00 (1.26x)
//   2^23: vec4-striped/shuffle/atomic/b512 | H100-r178 paired 0.81 / 0.81, CUB 1.00 (1.23x) | H200-r179 paired 0.85 / 0.82, CUB 1.00 (1.18x)
//   2^24: vec4-striped/shuffle/atomic/b512 | H100-r178 paired 0.90 / 0.89, CUB 1.00 (1.11x) | H200-r179 paired 0.91 / 0.91, CUB 1.00 (1.10x)
//   2^25: vec4-striped/shuffle/atomic/b512 | H100-r178 paired 0.93 / 0.93, CUB 1.00 (1.08x) | H200-r179 paired 0.93 / 0.93, CUB 1.00 (1.07x)
//   2^26: vec4-striped/shuffle/atomic/b512 | H100-r178 paired 0.95 / 0.95, CUB 1.00 (1.05x) | H200-r179 paired 0.94 / 0.94, CUB 1.00 (1.06x)
//   2^28: vec4-striped/shuffle/atomic/b512 | H100-r178 paired 0.97 / 0.96, CUB 1.00 (1.03x) | H200-r179 paired 1.00 / 0.98, CUB 1.00 (1.00x)
template <>
struct sm90_exact_workspace<4> {
  using configs = boost::mp11::mp_list<tp::config<tp::scalar<4, tp::blocked>, tp::shuffle, tp::sequential, tp::multipass, 512>,
      tp::config<tp::vector<4>, tp::shuffle, tp::sequential, tp::atomic, 256>,
      tp::config<tp::vector<4>, tp::shuffle, tp::sequential, tp::multipass, 512>,
      tp::config<tp::scalar<4>, tp::shuffle, tp::sequential, tp::atomic, 256>,
      tp::config<tp::vector<4>, tp::shuffle, tp::sequential, tp::atomic, 128>,
      tp::config<tp::vector<4>, tp::shuffle, tp::sequential, tp::atomic, 512>>;
  static constexpr std::uint64_t up_to[] = {std::uint64_t(2048) /* one tile */, std::uint64_t(4096) /* one tile */, std::uint64_t(8192) /* one tile */, std::uint64_t(741455) /* 2^19.5 */, std::uint64_t(2965820) /* 2^21.5 */, ~std::uint64_t(0)};
};
// clang-format on
// @generated-end exact_workspace4

// @generated-begin exact8
// clang-format off
// 8-byte elements, integer accumulators, ops with a native atomic. H100 80GB HBM3: device run 188; H200: run 189 (reduce-bench --matrix --type=int64 --sizes=10,11,...,25,26,28 --paired='/(multipass|gridstride|atomic|singlepass|cluster16|coop|polled)/' --benchmark_filter='^paired/[^/]+/[^/]+/' on the tree of bf23963: every deterministic, polled and atomic kernel paired with CUB, the atomic ones on raw storage, which preset the output), --within 0.02; pinned: 2^10..2^16 to the kernels of the 8-byte deterministic table (sm90<8>, which these calls read before), where no atomic kernel led them on both GPUs by more than the rows' noise (2^16: the atomic kernels 1.33-1.42x CUB against the cluster kernel's 1.33-1.42 in its own and the default's rows); from 2^17 the atomic grid leads both the deterministic and the polled kernels on both GPUs (2^17: 1.39-1.40 against 1.25-1.29x on the H100, 1.31-1.32 against 1.21-1.25 on the H200; 2^20: 1.33 against 1.19, 1.31 against 1.22) (attempt 32, docs/perf-attempts-32.md); 2026-11-23, docs/device-runs.md
// n: picked kernel; per run: its µs / the fastest allowed kernel's µs, CUB µs (CUB / picked); where the run
// paired kernels with CUB (`paired`), times are in units of CUB's and the ratio is the per-pair median
//   2^10: scalar4-striped/shuffle/multipass/b512 | H100-r188 paired 0.86 / 0.80, CUB 1.00 (1.16x) | H200-r189 paired 0.86 / 0.81, CUB 1.00 (1.17x)
//   2^11: scalar4-striped/shuffle/multipass/b512 | H100-r188 paired 0.96 / 0.94, CUB 1.00 (1.04x) | H200-r189 paired 0.95 / 0.94, CUB 1.00 (1.05x)
//   2^12: vec4-striped/shuffle/multipass/b512 | H100-r188 paired 0.59 / 0.56, CUB 1.00 (1.71x) | H200-r189 paired 0.61 / 0.59, CUB 1.00 (1.64x)
//   2^13: vec4-striped/shuffle/cluster16/b1024 | H100-r188 paired 0.60 / 0.60, CUB 1.00 (1.67x) | H200-r189 paired 0.65 / 0.65, CUB 1.00 (1.55x)
//   2^14: scalar4-striped/shuffle/cluster16/b256 | H100-r188 paired 0.63 / 0.63, CUB 1.00 (1.58x) | H200-r189 paired 0.65 / 0.65, CUB 1.00 (1.54x)
//   2^15: vec4-striped/unrolled/cluster16/b256 | H100-r188 paired 0.71 / 0.70, CUB 1.00 (1.41x) | H200-r189 paired 0.72 / 0.69, CUB 1.00 (1.39x)
//   2^16: vec4-striped/shuffle/cluster16/b512 | H100-r188 paired 0.75 / 0.69, CUB 1.00 (1.34x) | H200-r189 paired 0.75 / 0.74, CUB 1.00 (1.33x)
//   2^17: scalar4-striped/shuffle/atomic/b128 | H100-r188 paired 0.72 / 0.71, CUB 1.00 (1.39x) | H200-r189 paired 0.76 / 0.75, CUB 1.00 (1.32x)
//   2^18: scalar4-striped/shuffle/atomic/b128 | H100-r188 paired 0.72 / 0.71, CUB 1.00 (1.40x) | H200-r189 paired 0.75 / 0.75, CUB 1.00 (1.33x)
//   2^19: scalar4-striped/shuffle/atomic/b256 | H100-r188 paired 0.74 / 0.74, CUB 1.00 (1.35x) | H200-r189 paired 0.76 / 0.75, CUB 1.00 (1.32x)
//   2^20: scalar4-striped/shuffle/atomic/b256 | H100-r188 paired 0.75 / 0.75, CUB 1.00 (1.33x) | H200-r189 paired 0.77 / 0.77, CUB 1.00 (1.31x)
//   2^21: vec4-striped/shuffle/atomic/b512 | H100-r188 paired 0.80 / 0.79, CUB 1.00 (1.24x) | H200-r189 paired 0.79 / 0.78, CUB 1.00 (1.27x)
//   2^22: vec4-striped/shuffle/atomic/b512 | H100-r188 paired 0.87 / 0.86, CUB 1.00 (1.15x) | H200-r189 paired 0.86 / 0.86, CUB 1.00 (1.17x)
//   2^23: vec4-striped/shuffle/atomic/b512 | H100-r188 paired 0.88 / 0.88, CUB 1.00 (1.13x) | H200-r189 paired 0.88 / 0.88, CUB 1.00 (1.14x)
//   2^24: vec4-striped/shuffle/atomic/b512 | H100-r188 paired 0.92 / 0.91, CUB 1.00 (1.09x) | H200-r189 paired 0.91 / 0.91, CUB 1.00 (1.10x)
//   2^25: vec4-striped/unrolled/atomic/b512 | H100-r188 paired 0.95 / 0.94, CUB 1.00 (1.06x) | H200-r189 paired 0.93 / 0.93, CUB 1.00 (1.08x)
//   2^26: vec4-striped/unrolled/atomic/b512 | H100-r188 paired 0.96 / 0.95, CUB 1.00 (1.04x) | H200-r189 paired 0.96 / 0.96, CUB 1.00 (1.04x)
//   2^28: vec4-striped/unrolled/atomic/b512 | H100-r188 paired 0.97 / 0.96, CUB 1.00 (1.04x) | H200-r189 paired 0.98 / 0.98, CUB 1.00 (1.02x)
template <>
struct sm90_exact<8> {
  using configs = boost::mp11::mp_list<tp::config<tp::scalar<4>, tp::shuffle, tp::sequential, tp::multipass, 512>,
      tp::config<tp::vector<4>, tp::shuffle, tp::sequential, tp::multipass, 512>,
      tp::config<tp::vector<4>, tp::shuffle, tp::sequential, tp::cluster<>, 1024>,
      tp::config<tp::scalar<4>, tp::shuffle, tp::sequential, tp::cluster<>, 256>,
      tp::config<tp::vector<4>, tp::unrolled, tp::sequential, tp::cluster<>, 256>,
      tp::config<tp::vector<4>, tp::shuffle, tp::sequential, tp::cluster<>, 512>,
      tp::config<tp::scalar<4>, tp::shuffle, tp::sequential, tp::atomic, 128>,
      tp::config<tp::scalar<4>, tp::shuffle, tp::sequential, tp::atomic, 256>,
      tp::config<tp::vector<4>, tp::shuffle, tp::sequential, tp::atomic, 512>,
      tp::config<tp::vector<4>, tp::unrolled, tp::sequential, tp::atomic, 512>>;
  static constexpr std::uint64_t up_to[] = {std::uint64_t(2048) /* one tile */, std::uint64_t(4096) /* one tile */, std::uint64_t(8192) /* one tile */, std::uint64_t(16384) /* 1 pass */, std::uint64_t(32768) /* 1 pass */, std::uint64_t(65536) /* 1 pass */, std::uint64_t(370727) /* 2^18.5 */, std::uint64_t(1482910) /* 2^20.5 */, std::uint64_t(23726566) /* 2^24.5 */, ~std::uint64_t(0)};
};
// clang-format on
// @generated-end exact8

// Integer ops of an element size without an exact table: the deterministic table of that size.
template <int ElementBytes>
struct sm90_exact : sm90<ElementBytes> {};
// Integer sums on a workspace without a table of their own: the exact table of that size.
template <int ElementBytes>
struct sm90_exact_workspace : sm90_exact<ElementBytes> {};

}  // namespace reduce::tuning
