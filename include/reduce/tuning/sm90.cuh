// Tuning tables for Hopper (sm_90): the kernel of the matrix that the default uses for each range of n, per element
// size. Data, with its provenance: regenerate with `python3 bench/tune.py RESULTS.csv` (docs/perf-notes.md).
// sm90<B>: only deterministic Grid policies are candidates (no atomic grid), so every op works and results repeat
// bitwise. sm90_workspace<B>: calls on a reduce::workspace, where Grid polled needs no memset, so it is a candidate as
// well. The tables for order-free integer ops (the atomic grid a candidate too) are in sm90_exact.cuh.
// Every table holds the odd powers of two 2^11..2^25 as well, where a kernel's tile count steps: with only the even
// ones measured, 2^11 on a workspace ran a two-block single-pass kernel at 0.83-0.90x CUB (float, attempt 29) and 2^13
// a two-launch multipass at 1.15-1.22x against the next kernel's 1.53-1.58x (double, attempt 30). A range whose kernel
// was measured on one tile ends at that tile, not halfway to the next measured size: past one tile every Grid adds a
// second launch, a preset or a combine across blocks (attempt 30, probe 35). A Grid cluster range measured on one
// pass (one tile per block of the cluster) ends there too: past it the cluster's blocks walk a second tile (probe 36).
#pragma once
#include <boost/mp11.hpp>
#include <cstdint>
#include <reduce/policy/config.cuh>

namespace reduce::tuning {

namespace tp = reduce::policy;

template <int ElementBytes>
struct sm90;
template <int ElementBytes>
struct sm90_workspace;

// @generated-begin 4
// clang-format off
// 4-byte elements, deterministic Grids. H100 80GB HBM3: device runs 152 (scripts/bench.sh on a fresh copy of 44ce486: the even sizes) and 162 (reduce-bench --matrix --sizes=11:25:2 with the paired group's kernels and filter, float, on 44ce486: the odd sizes); H200: runs 153 and 163 (the same). Every size is pinned (--pin): the odd sizes to whichever of the two neighbouring ranges' kernels probe 31 (runs 160, 161: three in-process rounds of both, paired with CUB) and runs 162/163 read faster (attempt 29, docs/perf-attempts-29.md), the even sizes to the table before (runs 37, 43, 47, 36, 34, 44: attempts 12 and 14); a range whose kernel was measured short of a step in its cost ends at the step: past one tile every Grid pays a second launch, a preset or a combine across blocks, and past each whole pass (one tile per block) a cluster's blocks walk one more tile (attempt 30, probes 35 and 36); pinned after attempt 31: 2^13 to the one-block vec4-striped/shuffle/multipass/b512 and 2^17 to vec4-striped/shuffle/cluster16/b512, which probe 39 (device runs 182 H100, 183 H200: three in-process rounds, paired with CUB) read ahead of the kernels pinned there before in every round on both GPUs (2^13: 4.10-4.13 against 4.16-4.29 µs on the H100, CUB / kernel 1.71-1.72 against 1.69-1.70 in the same pairs, 3.90 against 4.06-4.10 on the H200, 1.72-1.73 against 1.65-1.67; 2^17: 4.99-5.09 against 5.31-5.44, 1.42-1.47 against 1.33-1.36, and 4.58-4.61 against 4.93-4.96, 1.40-1.49 against 1.30-1.36; docs/perf-attempts-31.md); 2026-11-22, docs/device-runs.md
// n: picked kernel; per run: its µs / the fastest allowed kernel's µs, CUB µs (CUB / picked); where the run
// paired kernels with CUB (`paired`), times are in units of CUB's and the ratio is the per-pair median
//   2^10: scalar4-striped/shuffle/cluster16/b256 | H100-r152 3.90 / 3.90, CUB 4.96 (1.27x) | H200-r153 3.49 / 3.46, CUB 4.16 (1.19x)
//   2^11: vec4-striped/shuffle/multipass/b256 | H100-r162 paired 0.77 / 0.74, CUB 1.00 (1.29x) | H200-r163 paired 0.74 / 0.72, CUB 1.00 (1.35x)
//   2^12: vec4-striped/shuffle/multipass/b256 | H100-r152 4.10 / 4.06, CUB 4.06 (0.99x) | H200-r153 3.81 / 3.81, CUB 3.84 (1.01x)
//   2^13: vec4-striped/shuffle/multipass/b512 | H100-r162 paired 0.60 / 0.58, CUB 1.00 (1.65x) | H200-r163 paired 0.63 / 0.60, CUB 1.00 (1.59x)
//   2^14: vec4-striped/shuffle/cluster16/b1024 | H100-r152 paired 0.62 / 0.62, CUB 1.00 (1.60x) | H200-r153 paired 0.67 / 0.65, CUB 1.00 (1.50x)
//   2^15: vec4-striped/unrolled/cluster16/b256 | H100-r162 paired 0.74 / 0.69, CUB 1.00 (1.35x) | H200-r163 paired 0.65 / 0.65, CUB 1.00 (1.53x)
//   2^16: vec4-striped/unrolled/cluster16/b256 | H100-r152 paired 0.70 / 0.70, CUB 1.00 (1.42x) | H200-r153 paired 0.72 / 0.70, CUB 1.00 (1.39x)
//   2^17: vec4-striped/shuffle/cluster16/b512 | H100-r162 paired 0.74 / 0.72, CUB 1.00 (1.36x) | H200-r163 paired 0.72 / 0.72, CUB 1.00 (1.39x)
//   2^18: vec4-striped/shuffle/cluster16/b1024 | H100-r152 paired 0.81 / 0.79, CUB 1.00 (1.24x) | H200-r153 paired 0.78 / 0.78, CUB 1.00 (1.28x)
//   2^19: vec4-striped/shuffle/multipass/b256 | H100-r162 paired 0.85 / 0.78, CUB 1.00 (1.17x) | H200-r163 paired 0.84 / 0.81, CUB 1.00 (1.18x)
//   2^20: vec4-striped/shuffle/multipass/b256 | H100-r152 paired 0.84 / 0.81, CUB 1.00 (1.19x) | H200-r153 paired 0.86 / 0.84, CUB 1.00 (1.16x)
//   2^21: vec4-striped/shuffle/multipass/b256 | H100-r162 paired 0.86 / 0.83, CUB 1.00 (1.16x) | H200-r163 paired 0.82 / 0.82, CUB 1.00 (1.21x)
//   2^22: vec4-striped/unrolled/multipass/b256 | H100-r152 paired 0.86 / 0.83, CUB 1.00 (1.16x) | H200-r153 paired 0.87 / 0.86, CUB 1.00 (1.16x)
//   2^23: vec4-striped/unrolled/multipass/b256 | H100-r162 paired 0.90 / 0.89, CUB 1.00 (1.11x) | H200-r163 paired 0.89 / 0.87, CUB 1.00 (1.13x)
//   2^24: vec4-striped/unrolled/multipass/b256 | H100-r152 paired 0.96 / 0.95, CUB 1.00 (1.04x) | H200-r153 paired 0.96 / 0.94, CUB 1.00 (1.05x)
//   2^25: vec4-striped/shuffle/coop/b512 | H100-r162 paired 0.96 / 0.95, CUB 1.00 (1.04x) | H200-r163 paired 0.96 / 0.95, CUB 1.00 (1.04x)
//   2^26: vec4-striped/shuffle/coop/b512 | H100-r152 paired 0.98 / 0.97, CUB 1.00 (1.02x) | H200-r153 paired 0.98 / 0.96, CUB 1.00 (1.02x)
//   2^28: vec4-striped/shuffle/multipass/b512 | H100-r152 paired 0.98 / 0.98, CUB 1.00 (1.02x) | H200-r153 paired 0.99 / 0.99, CUB 1.00 (1.01x)
//   2^30: vec4-striped/shuffle/multipass/b512 | H100-r152 paired 0.97 / 0.96, CUB 1.00 (1.03x) | H200-r153 paired 0.99 / 0.99, CUB 1.00 (1.01x)
template <>
struct sm90<4> {
  using configs = boost::mp11::mp_list<tp::config<tp::scalar<4>, tp::shuffle, tp::sequential, tp::cluster<>, 256>,
      tp::config<tp::vector<4>, tp::shuffle, tp::sequential, tp::multipass, 256>,
      tp::config<tp::vector<4>, tp::shuffle, tp::sequential, tp::multipass, 512>,
      tp::config<tp::vector<4>, tp::shuffle, tp::sequential, tp::cluster<>, 1024>,
      tp::config<tp::vector<4>, tp::unrolled, tp::sequential, tp::cluster<>, 256>,
      tp::config<tp::vector<4>, tp::shuffle, tp::sequential, tp::cluster<>, 512>,
      tp::config<tp::vector<4>, tp::shuffle, tp::sequential, tp::cluster<>, 1024>,
      tp::config<tp::vector<4>, tp::shuffle, tp::sequential, tp::multipass, 256>,
      tp::config<tp::vector<4>, tp::unrolled, tp::sequential, tp::multipass, 256>,
      tp::config<tp::vector<4>, tp::shuffle, tp::sequential, tp::cooperative<>, 512>,
      tp::config<tp::vector<4>, tp::shuffle, tp::sequential, tp::multipass, 512>>;
  static constexpr std::uint64_t up_to[] = {std::uint64_t(1024) /* one tile */, std::uint64_t(4096) /* one tile */, std::uint64_t(8192) /* one tile */, std::uint64_t(16384) /* one tile */, std::uint64_t(65536) /* 1 pass */, std::uint64_t(131072) /* 1 pass */, std::uint64_t(262144) /* 1 pass */, std::uint64_t(2965820) /* 2^21.5 */, std::uint64_t(23726566) /* 2^24.5 */, std::uint64_t(1) << 27, ~std::uint64_t(0)};
};
// clang-format on
// @generated-end 4

// @generated-begin 8
// clang-format off
// 8-byte elements, deterministic Grids. Odd powers 2^11..2^25: device runs 168 (H100) and 169 (H200), reduce-bench --matrix --type=double --sizes=11:25:2 with the paired group's kernels and filter on the tree of bbb70a8; each odd size pinned to the kernel the table ran there, or to the neighbouring range's kernel where both GPUs read that one ahead there (2^13 to scalar4-striped/shuffle/cluster16/b256, 2^15 to vec4-striped/shuffle/cluster16/b512: attempt 30, docs/perf-attempts-30.md); every even size pinned to the kernel the table ran there. Even sizes: H100 80GB HBM3: device run 43; H200: run 44 (reduce-bench --matrix --sizes=10:30:2 --benchmark_filter='^paired/' with paired rows (each sample one call of the kernel, one of CUB) of 180 candidates: scalar4 (striped, blocked), vec4, vec1 loads; shuffle, unrolled, unroll-warp finishes; every deterministic Grid; --type=double; commit fd3460b); a range whose kernel was measured short of a step in its cost ends at the step: past one tile every Grid pays a second launch, a preset or a combine across blocks, and past each whole pass (one tile per block) a cluster's blocks walk one more tile (attempt 30, probes 35 and 36); pinned after attempt 31: 2^13 to vec4-striped/shuffle/cluster16/b1024 (one block: one tile of 8192 doubles) and 2^15 to vec4-striped/unrolled/cluster16/b256, which probe 39 (device runs 182 H100, 183 H200: three in-process rounds, paired with CUB) read ahead of the kernels pinned there before in every round on both GPUs (2^13: 4.48 against 4.80-4.83 µs on the H100, CUB / kernel 1.55-1.61 against 1.46-1.49 in the same pairs, 4.26 against 4.29-4.45 on the H200, 1.47-1.49 against 1.45-1.48; 2^15: 4.80-4.83 against 4.99, 1.50-1.53 against 1.48-1.52, and 4.45 against 4.61, 1.45-1.47 against 1.39-1.42; docs/perf-attempts-31.md); 2026-11-22, docs/device-runs.md
// n: picked kernel; per run: its µs / the fastest allowed kernel's µs, CUB µs (CUB / picked); where the run
// paired kernels with CUB (`paired`), times are in units of CUB's and the ratio is the per-pair median
//   2^10: scalar4-striped/shuffle/multipass/b512 | H100-r43 paired 0.83 / 0.82, CUB 1.00 (1.20x) | H200-r44 paired 0.81 / 0.81, CUB 1.00 (1.23x)
//   2^11: scalar4-striped/shuffle/multipass/b512 | H100-r168 paired 0.98 / 0.96, CUB 1.00 (1.02x) | H200-r169 paired 0.99 / 0.96, CUB 1.00 (1.01x)
//   2^12: vec4-striped/shuffle/multipass/b512 | H100-r43 paired 0.58 / 0.58, CUB 1.00 (1.74x) | H200-r44 paired 0.60 / 0.60, CUB 1.00 (1.67x)
//   2^13: vec4-striped/shuffle/cluster16/b1024 | H100-r168 paired 0.60 / 0.60, CUB 1.00 (1.68x) | H200-r169 paired 0.67 / 0.64, CUB 1.00 (1.50x)
//   2^14: scalar4-striped/shuffle/cluster16/b256 | H100-r43 paired 0.66 / 0.66, CUB 1.00 (1.53x) | H200-r44 paired 0.67 / 0.67, CUB 1.00 (1.48x)
//   2^15: vec4-striped/unrolled/cluster16/b256 | H100-r168 paired 0.65 / 0.65, CUB 1.00 (1.53x) | H200-r169 paired 0.67 / 0.67, CUB 1.00 (1.50x)
//   2^16: vec4-striped/shuffle/cluster16/b512 | H100-r43 paired 0.75 / 0.75, CUB 1.00 (1.33x) | H200-r44 paired 0.74 / 0.74, CUB 1.00 (1.36x)
//   2^17: vec4-striped/shuffle/cluster16/b512 | H100-r168 paired 0.77 / 0.77, CUB 1.00 (1.29x) | H200-r169 paired 0.79 / 0.79, CUB 1.00 (1.27x)
//   2^18: scalar4-blocked/shuffle/multipass/b256 | H100-r43 paired 0.83 / 0.81, CUB 1.00 (1.20x) | H200-r44 paired 0.80 / 0.80, CUB 1.00 (1.25x)
//   2^19: scalar4-blocked/shuffle/multipass/b256 | H100-r168 paired 0.84 / 0.80, CUB 1.00 (1.19x) | H200-r169 paired 0.83 / 0.81, CUB 1.00 (1.20x)
//   2^20: scalar4-striped/shuffle/gridstride/b512 | H100-r43 paired 0.86 / 0.85, CUB 1.00 (1.16x) | H200-r44 paired 0.85 / 0.85, CUB 1.00 (1.17x)
//   2^21: scalar4-striped/shuffle/gridstride/b512 | H100-r168 paired 0.85 / 0.82, CUB 1.00 (1.17x) | H200-r169 paired 0.83 / 0.83, CUB 1.00 (1.20x)
//   2^22: scalar4-striped/shuffle/gridstride/b512 | H100-r43 paired 0.92 / 0.92, CUB 1.00 (1.09x) | H200-r44 paired 0.93 / 0.92, CUB 1.00 (1.08x)
//   2^23: scalar4-striped/shuffle/gridstride/b512 | H100-r168 paired 0.93 / 0.92, CUB 1.00 (1.08x) | H200-r169 paired 0.92 / 0.92, CUB 1.00 (1.08x)
//   2^24: scalar4-striped/shuffle/gridstride/b512 | H100-r43 paired 0.96 / 0.95, CUB 1.00 (1.05x) | H200-r44 paired 0.94 / 0.94, CUB 1.00 (1.06x)
//   2^25: scalar4-striped/shuffle/gridstride/b512 | H100-r168 paired 0.97 / 0.96, CUB 1.00 (1.03x) | H200-r169 paired 0.98 / 0.95, CUB 1.00 (1.02x)
//   2^26: scalar4-striped/shuffle/gridstride/b512 | H100-r43 paired 0.98 / 0.98, CUB 1.00 (1.02x) | H200-r44 paired 0.98 / 0.98, CUB 1.00 (1.02x)
//   2^28: vec4-striped/shuffle/multipass/b512 | H100-r43 paired 0.97 / 0.97, CUB 1.00 (1.03x) | H200-r44 paired 0.99 / 0.99, CUB 1.00 (1.01x)
//   2^30: vec4-striped/shuffle/multipass/b512 | H100-r43 paired 0.96 / 0.96, CUB 1.00 (1.04x) | H200-r44 paired 0.99 / 0.99, CUB 1.00 (1.01x)
template <>
struct sm90<8> {
  using configs = boost::mp11::mp_list<tp::config<tp::scalar<4>, tp::shuffle, tp::sequential, tp::multipass, 512>,
      tp::config<tp::vector<4>, tp::shuffle, tp::sequential, tp::multipass, 512>,
      tp::config<tp::vector<4>, tp::shuffle, tp::sequential, tp::cluster<>, 1024>,
      tp::config<tp::scalar<4>, tp::shuffle, tp::sequential, tp::cluster<>, 256>,
      tp::config<tp::vector<4>, tp::unrolled, tp::sequential, tp::cluster<>, 256>,
      tp::config<tp::vector<4>, tp::shuffle, tp::sequential, tp::cluster<>, 512>,
      tp::config<tp::scalar<4, tp::blocked>, tp::shuffle, tp::sequential, tp::multipass, 256>,
      tp::config<tp::scalar<4>, tp::shuffle, tp::sequential, tp::gridstride<>, 512>,
      tp::config<tp::vector<4>, tp::shuffle, tp::sequential, tp::multipass, 512>>;
  static constexpr std::uint64_t up_to[] = {std::uint64_t(2048) /* one tile */, std::uint64_t(4096) /* one tile */, std::uint64_t(8192) /* one tile */, std::uint64_t(16384) /* 1 pass */, std::uint64_t(32768) /* 1 pass */, std::uint64_t(131072) /* 2 passes */, std::uint64_t(741455) /* 2^19.5 */, std::uint64_t(1) << 27, ~std::uint64_t(0)};
};
// clang-format on
// @generated-end 8

// @generated-begin workspace4
// clang-format off
// 4-byte elements, calls on a reduce::workspace, deterministic Grids with polled. H100 80GB HBM3: device runs 152 (scripts/bench.sh on a fresh copy of 44ce486: the even sizes) and 162 (reduce-bench --matrix --sizes=11:25:2 with the paired group's kernels and filter, float, on 44ce486: the odd sizes); H200: runs 153 and 163 (the same). Every size is pinned (--pin): the odd sizes to whichever of the two neighbouring ranges' kernels probe 31 (runs 160, 161: three in-process rounds of both, paired with CUB) and runs 162/163 read faster (attempt 29, docs/perf-attempts-29.md), the even sizes to the table before (runs 122, 125, 126, with probe 20's pins at 2^10, 2^20, 2^22: attempt 26); a range whose kernel was measured short of a step in its cost ends at the step: past one tile every Grid pays a second launch, a preset or a combine across blocks, and past each whole pass (one tile per block) a cluster's blocks walk one more tile (attempt 30, probes 35 and 36); pinned after attempt 31: 2^13 to the one-block vec4-striped/shuffle/multipass/b512, which probe 39 (device runs 182 H100, 183 H200: three in-process rounds, paired with CUB) read ahead of the cluster kernel pinned there before in every round on both GPUs (4.10-4.13 against 4.16-4.29 µs on the H100, CUB / kernel 1.71-1.72 against 1.69-1.70 in the same pairs, 3.90 against 4.06-4.10 on the H200, 1.72-1.73 against 1.65-1.67; docs/perf-attempts-31.md); 2026-11-22, docs/device-runs.md
// n: picked kernel; per run: its µs / the fastest allowed kernel's µs, CUB µs (CUB / picked); where the run
// paired kernels with CUB (`paired`), times are in units of CUB's and the ratio is the per-pair median
//   2^10: scalar4-striped/shuffle/singlepass/b256 | H100-r152 3.94 / 3.90, CUB 4.96 (1.26x) | H200-r153 3.49 / 3.46, CUB 4.16 (1.19x)
//   2^11: vec4-striped/shuffle/gridstride/b256 | H100-r162 paired 0.78 / 0.74, CUB 1.00 (1.28x) | H200-r163 paired 0.77 / 0.72, CUB 1.00 (1.30x)
//   2^12: vec4-striped/shuffle/gridstride/b256 | H100-r152 4.06 / 4.06, CUB 4.06 (1.00x) | H200-r153 3.81 / 3.81, CUB 3.84 (1.01x)
//   2^13: vec4-striped/shuffle/multipass/b512 | H100-r162 paired 0.60 / 0.58, CUB 1.00 (1.65x) | H200-r163 paired 0.63 / 0.59, CUB 1.00 (1.59x)
//   2^14: vec4-striped/shuffle/cluster16/b1024 | H100-r152 paired 0.62 / 0.62, CUB 1.00 (1.60x) | H200-r153 paired 0.67 / 0.65, CUB 1.00 (1.50x)
//   2^15: vec4-striped/unrolled/cluster16/b256 | H100-r162 paired 0.74 / 0.68, CUB 1.00 (1.35x) | H200-r163 paired 0.65 / 0.65, CUB 1.00 (1.53x)
//   2^16: vec4-striped/unrolled/cluster16/b256 | H100-r152 paired 0.70 / 0.70, CUB 1.00 (1.42x) | H200-r153 paired 0.72 / 0.70, CUB 1.00 (1.39x)
//   2^17: vec4-striped/shuffle/polled/b256 | H100-r162 paired 0.73 / 0.70, CUB 1.00 (1.36x) | H200-r163 paired 0.75 / 0.71, CUB 1.00 (1.33x)
//   2^18: vec4-striped/shuffle/polled/b256 | H100-r152 paired 0.73 / 0.71, CUB 1.00 (1.37x) | H200-r153 paired 0.75 / 0.75, CUB 1.00 (1.33x)
//   2^19: vec4-striped/shuffle/polled/b256 | H100-r162 paired 0.74 / 0.74, CUB 1.00 (1.35x) | H200-r163 paired 0.74 / 0.74, CUB 1.00 (1.35x)
//   2^20: vec4-striped/shuffle/polled/b256 | H100-r152 paired 0.76 / 0.75, CUB 1.00 (1.31x) | H200-r153 paired 0.81 / 0.77, CUB 1.00 (1.23x)
//   2^21: vec4-striped/shuffle/polled/b512 | H100-r162 paired 0.83 / 0.78, CUB 1.00 (1.21x) | H200-r163 paired 0.76 / 0.76, CUB 1.00 (1.32x)
//   2^22: vec4-striped/shuffle/polled/b512 | H100-r152 paired 0.80 / 0.78, CUB 1.00 (1.25x) | H200-r153 paired 0.80 / 0.80, CUB 1.00 (1.26x)
//   2^23: vec4-striped/shuffle/polled/b512 | H100-r162 paired 0.84 / 0.84, CUB 1.00 (1.19x) | H200-r163 paired 0.84 / 0.84, CUB 1.00 (1.19x)
//   2^24: vec4-striped/shuffle/polled/b512 | H100-r152 paired 0.93 / 0.93, CUB 1.00 (1.08x) | H200-r153 paired 0.89 / 0.89, CUB 1.00 (1.12x)
//   2^25: vec4-striped/shuffle/polled/b512 | H100-r162 paired 0.93 / 0.93, CUB 1.00 (1.07x) | H200-r163 paired 0.94 / 0.94, CUB 1.00 (1.07x)
//   2^26: vec4-striped/shuffle/multipass/b512 | H100-r152 paired 0.97 / 0.97, CUB 1.00 (1.03x) | H200-r153 paired 0.97 / 0.96, CUB 1.00 (1.03x)
//   2^28: vec4-striped/shuffle/multipass/b512 | H100-r152 paired 0.98 / 0.98, CUB 1.00 (1.02x) | H200-r153 paired 0.99 / 0.99, CUB 1.00 (1.01x)
//   2^30: vec4-striped/shuffle/multipass/b512 | H100-r152 paired 0.97 / 0.96, CUB 1.00 (1.03x) | H200-r153 paired 0.99 / 0.99, CUB 1.00 (1.01x)
template <>
struct sm90_workspace<4> {
  using configs = boost::mp11::mp_list<tp::config<tp::scalar<4>, tp::shuffle, tp::sequential, tp::single_pass<>, 256>,
      tp::config<tp::vector<4>, tp::shuffle, tp::sequential, tp::gridstride<>, 256>,
      tp::config<tp::vector<4>, tp::shuffle, tp::sequential, tp::multipass, 512>,
      tp::config<tp::vector<4>, tp::shuffle, tp::sequential, tp::cluster<>, 1024>,
      tp::config<tp::vector<4>, tp::unrolled, tp::sequential, tp::cluster<>, 256>,
      tp::config<tp::vector<4>, tp::shuffle, tp::sequential, tp::polled<>, 256>,
      tp::config<tp::vector<4>, tp::shuffle, tp::sequential, tp::polled<>, 512>,
      tp::config<tp::vector<4>, tp::shuffle, tp::sequential, tp::multipass, 512>>;
  static constexpr std::uint64_t up_to[] = {std::uint64_t(1024) /* one tile */, std::uint64_t(4096) /* one tile */, std::uint64_t(8192) /* one tile */, std::uint64_t(16384) /* one tile */, std::uint64_t(65536) /* 1 pass */, std::uint64_t(1482910) /* 2^20.5 */, std::uint64_t(47453132) /* 2^25.5 */, ~std::uint64_t(0)};
};
// clang-format on
// @generated-end workspace4

// @generated-begin workspace8
// clang-format off
// 8-byte elements, calls on a reduce::workspace, deterministic Grids with polled. Odd powers 2^11..2^25: device runs 168 (H100) and 169 (H200), reduce-bench --matrix --type=double --sizes=11:25:2 with the paired group's kernels and filter on the tree of bbb70a8; each odd size pinned to the kernel the table ran there, or to the neighbouring range's kernel where both GPUs read that one ahead there (2^11 to vec4-striped/shuffle/multipass/b512, 2^13 to scalar4-striped/shuffle/cluster16/b256, 2^19 to vec4-striped/shuffle/polled/b512: attempt 30, docs/perf-attempts-30.md); every even size pinned to the kernel the table ran there. Even sizes: H100 80GB HBM3: device run 63 (reduce-bench --type=double --matrix --sizes=10:30:2, paired rows of 193 candidates: scalar4 striped and blocked, vec4 and vec1 loads; shuffle, unrolled and unroll-warp finishes; every deterministic Grid and polled on a workspace; commit 643ecb9); H200: run 65 (the same); --within 0.01: at 0.02 polled b512 took 2^20..2^28, 2% behind multipass at 2^28 on the H100 (1.01x CUB against 1.03x). Pinned (--pin) at 2^20 to vec4 b512: attempt 27 (a poller's batch of 5 for 8-byte accumulators) took these polled kernels from 54-62 registers to 32-40, and probe 23 (device runs 135 H100, 136 H200; six rounds of 40 pairs with CUB) read vec4 b512 0.1-0.2 µs faster than the b256 pick at 2^20 (H100 7.71-8.00 against 7.87-8.06 µs, 1.25-1.29 against 1.21-1.25x CUB) and 0.4-0.6 µs faster at 2^21 (10.43-10.56 against 10.98-11.49, 1.24-1.28 against 1.13-1.18x; H200 8.93-9.15 against 9.38-9.76); a range whose kernel was measured short of a step in its cost ends at the step: past one tile every Grid pays a second launch, a preset or a combine across blocks, and past each whole pass (one tile per block) a cluster's blocks walk one more tile (attempt 30, probes 35 and 36); pinned after attempt 31: 2^13 to vec4-striped/shuffle/cluster16/b1024 (one block: one tile of 8192 doubles) and 2^15 to vec4-striped/unrolled/cluster16/b256, which probe 39 (device runs 182 H100, 183 H200: three in-process rounds, paired with CUB) read ahead of scalar4-striped/shuffle/cluster16/b256, pinned at both before, in every round on both GPUs (2^13: 4.48 against 4.80-4.83 µs on the H100, CUB / kernel 1.55-1.61 against 1.46-1.49 in the same pairs, 4.26 against 4.29-4.45 on the H200, 1.47-1.49 against 1.45-1.48; 2^15: 4.80-4.83 against 5.31, 1.50-1.53 against 1.30-1.36, and 4.45 against 4.93-4.96, 1.45-1.47 against 1.28-1.35; docs/perf-attempts-31.md); 2026-11-22, docs/device-runs.md
// n: picked kernel; per run: its µs / the fastest allowed kernel's µs, CUB µs (CUB / picked); where the run
// paired kernels with CUB (`paired`), times are in units of CUB's and the ratio is the per-pair median
//   2^10: scalar4-striped/shuffle/polled/b256 | H100-r63 paired 0.81 / 0.81, CUB 1.00 (1.23x) | H200-r65 paired 0.82 / 0.81, CUB 1.00 (1.23x)
//   2^11: vec4-striped/shuffle/multipass/b512 | H100-r168 paired 0.97 / 0.96, CUB 1.00 (1.03x) | H200-r169 paired 1.01 / 0.96, CUB 1.00 (0.99x)
//   2^12: vec4-striped/shuffle/multipass/b512 | H100-r63 paired 0.58 / 0.58, CUB 1.00 (1.73x) | H200-r65 paired 0.59 / 0.59, CUB 1.00 (1.68x)
//   2^13: vec4-striped/shuffle/cluster16/b1024 | H100-r168 paired 0.60 / 0.60, CUB 1.00 (1.68x) | H200-r169 paired 0.67 / 0.64, CUB 1.00 (1.50x)
//   2^14: scalar4-striped/shuffle/cluster16/b256 | H100-r63 paired 0.66 / 0.66, CUB 1.00 (1.52x) | H200-r65 paired 0.66 / 0.66, CUB 1.00 (1.52x)
//   2^15: vec4-striped/unrolled/cluster16/b256 | H100-r168 paired 0.65 / 0.65, CUB 1.00 (1.53x) | H200-r169 paired 0.67 / 0.67, CUB 1.00 (1.50x)
//   2^16: scalar4-striped/shuffle/polled/b512 | H100-r63 paired 0.72 / 0.71, CUB 1.00 (1.39x) | H200-r65 paired 0.76 / 0.74, CUB 1.00 (1.32x)
//   2^17: scalar4-striped/shuffle/polled/b512 | H100-r168 paired 0.73 / 0.70, CUB 1.00 (1.38x) | H200-r169 paired 0.79 / 0.77, CUB 1.00 (1.26x)
//   2^18: scalar4-striped/shuffle/polled/b512 | H100-r63 paired 0.75 / 0.74, CUB 1.00 (1.34x) | H200-r65 paired 0.78 / 0.76, CUB 1.00 (1.29x)
//   2^19: vec4-striped/shuffle/polled/b512 | H100-r168 paired 0.76 / 0.76, CUB 1.00 (1.32x) | H200-r169 paired 0.81 / 0.81, CUB 1.00 (1.23x)
//   2^20: vec4-striped/shuffle/polled/b512 | H100-r63 paired 0.81 / 0.76, CUB 1.00 (1.24x) | H200-r65 paired 0.81 / 0.80, CUB 1.00 (1.24x)
//   2^21: vec4-striped/shuffle/polled/b512 | H100-r168 paired 0.81 / 0.81, CUB 1.00 (1.24x) | H200-r169 paired 0.82 / 0.82, CUB 1.00 (1.21x)
//   2^22: vec4-striped/shuffle/polled/b512 | H100-r63 paired 0.89 / 0.89, CUB 1.00 (1.13x) | H200-r65 paired 0.91 / 0.90, CUB 1.00 (1.09x)
//   2^23: vec4-striped/shuffle/polled/b512 | H100-r168 paired 0.91 / 0.91, CUB 1.00 (1.10x) | H200-r169 paired 0.91 / 0.91, CUB 1.00 (1.10x)
//   2^24: vec4-striped/shuffle/polled/b512 | H100-r63 paired 0.94 / 0.94, CUB 1.00 (1.06x) | H200-r65 paired 0.93 / 0.93, CUB 1.00 (1.08x)
//   2^25: vec4-striped/shuffle/polled/b512 | H100-r168 paired 0.95 / 0.95, CUB 1.00 (1.05x) | H200-r169 paired 0.95 / 0.95, CUB 1.00 (1.06x)
//   2^26: vec4-striped/shuffle/polled/b512 | H100-r63 paired 0.98 / 0.98, CUB 1.00 (1.02x) | H200-r65 paired 0.98 / 0.97, CUB 1.00 (1.02x)
//   2^28: vec4-striped/unroll-warp/multipass/b512 | H100-r63 paired 0.97 / 0.97, CUB 1.00 (1.03x) | H200-r65 paired 0.99 / 0.99, CUB 1.00 (1.01x)
//   2^30: vec4-striped/unroll-warp/multipass/b512 | H100-r63 paired 0.96 / 0.96, CUB 1.00 (1.04x) | H200-r65 paired 0.99 / 0.99, CUB 1.00 (1.01x)
template <>
struct sm90_workspace<8> {
  using configs = boost::mp11::mp_list<tp::config<tp::scalar<4>, tp::shuffle, tp::sequential, tp::polled<>, 256>,
      tp::config<tp::vector<4>, tp::shuffle, tp::sequential, tp::multipass, 512>,
      tp::config<tp::vector<4>, tp::shuffle, tp::sequential, tp::cluster<>, 1024>,
      tp::config<tp::scalar<4>, tp::shuffle, tp::sequential, tp::cluster<>, 256>,
      tp::config<tp::vector<4>, tp::unrolled, tp::sequential, tp::cluster<>, 256>,
      tp::config<tp::scalar<4>, tp::shuffle, tp::sequential, tp::polled<>, 512>,
      tp::config<tp::vector<4>, tp::shuffle, tp::sequential, tp::polled<>, 512>,
      tp::config<tp::vector<4>, tp::unrolled_last_warp, tp::sequential, tp::multipass, 512>>;
  static constexpr std::uint64_t up_to[] = {std::uint64_t(1024) /* one tile */, std::uint64_t(4096) /* one tile */, std::uint64_t(8192) /* one tile */, std::uint64_t(16384) /* 1 pass */, std::uint64_t(32768) /* 1 pass */, std::uint64_t(370727) /* 2^18.5 */, std::uint64_t(1) << 27, ~std::uint64_t(0)};
};
// clang-format on
// @generated-end workspace8

// Element sizes without a table of their own use the 4-byte one.
template <int ElementBytes>
struct sm90 : sm90<4> {};
// Element sizes without a workspace table: the deterministic table of that size (their calls run as on raw storage).
template <int ElementBytes>
struct sm90_workspace : sm90<ElementBytes> {};

}  // namespace reduce::tuning
