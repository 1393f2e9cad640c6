// Tuning tables for Hopper (sm_90): the kernel of the matrix that the default uses for each range of n, per element
// size. Data, with its provenance: regenerate with `python3 bench/tune.py RESULTS.csv` (docs/perf-notes.md).
// sm90<B>: only deterministic Grid policies are candidates (no atomic grid), so every op works and results repeat
// bitwise. sm90_exact<B>: integer accumulators with an op that has a native atomic (sum, min, max, bitwise), where
// every order of combining gives the same bits, so the atomic grid is a candidate as well.
#pragma once
#include <boost/mp11.hpp>
#include <cstdint>
#include <reduce/policy/config.cuh>

namespace reduce::tuning {

namespace tp = reduce::policy;

template <int ElementBytes>
struct sm90;
template <int ElementBytes>
struct sm90_exact;

// @generated-begin 4
// clang-format off
// 4-byte elements, deterministic Grids. H100 80GB HBM3: device run 37 (scripts/bench.sh on a fresh clone of 477029c; paired rows of every deterministic kernel at 2^14..2^24, unpaired matrix rows elsewhere); H200: run 36 (paired rows of 41 candidates at 2^12..2^26, 61dd14b) and run 34 (scripts/bench.sh on a fresh clone of 0c2a3aa, unpaired, for 2^10, 2^28, 2^30); 2026-11-21, docs/device-runs.md
// n: picked kernel; per run: its µs / the fastest allowed kernel's µs, CUB µs (CUB / picked); where the run
// paired kernels with CUB (`paired`), times are in units of CUB's and the ratio is the per-pair median
//   2^10: scalar4-striped/shuffle/cluster16/b256 | H100-r37 3.84 / 3.84, CUB 4.83 (1.26x) | H200-r34 3.62 / 3.62, CUB 4.61 (1.27x)
//   2^12: vec4-striped/shuffle/multipass/b256 | H200-r36 paired 1.00 / 1.00, CUB 1.00 (1.00x)
//   2^14: vec4-striped/shuffle/cluster16/b1024 | H100-r37 paired 0.65 / 0.65, CUB 1.00 (1.53x) | H200-r36 paired 0.63 / 0.63, CUB 1.00 (1.58x)
//   2^16: vec4-striped/unrolled/cluster16/b256 | H100-r37 paired 0.75 / 0.72, CUB 1.00 (1.34x) | H200-r36 paired 0.69 / 0.69, CUB 1.00 (1.45x)
//   2^18: vec4-striped/shuffle/cluster16/b1024 | H100-r37 paired 0.78 / 0.78, CUB 1.00 (1.29x) | H200-r36 paired 0.81 / 0.80, CUB 1.00 (1.23x)
//   2^20: vec4-striped/shuffle/multipass/b256 | H100-r37 paired 0.85 / 0.82, CUB 1.00 (1.18x) | H200-r36 paired 0.85 / 0.84, CUB 1.00 (1.18x)
//   2^22: vec4-striped/shuffle/multipass/b256 | H100-r37 paired 0.88 / 0.87, CUB 1.00 (1.13x) | H200-r36 paired 0.85 / 0.85, CUB 1.00 (1.18x)
//   2^24: vec4-striped/shuffle/multipass/b256 | H100-r37 paired 0.95 / 0.95, CUB 1.00 (1.05x) | H200-r36 paired 0.94 / 0.94, CUB 1.00 (1.06x)
//   2^26: vec4-striped/shuffle/multipass/b256 | H200-r36 paired 0.96 / 0.96, CUB 1.00 (1.04x)
//   2^28: vec4-striped/shuffle/multipass/b256 | H100-r37 342.11 / 340.45, CUB 349.66 (1.02x) | H200-r34 235.49 / 233.92, CUB 237.22 (1.01x)
//   2^30: vec4-striped/shuffle/multipass/b256 | H100-r37 1345.86 / 1340.48, CUB 1386.08 (1.03x) | H200-r34 923.39 / 918.91, CUB 926.34 (1.00x)
template <>
struct sm90<4> {
  using configs = boost::mp11::mp_list<tp::config<tp::scalar<4>, tp::shuffle, tp::sequential, tp::cluster<>, 256>,
      tp::config<tp::vector<4>, tp::shuffle, tp::sequential, tp::multipass, 256>,
      tp::config<tp::vector<4>, tp::shuffle, tp::sequential, tp::cluster<>, 1024>,
      tp::config<tp::vector<4>, tp::unrolled, tp::sequential, tp::cluster<>, 256>,
      tp::config<tp::vector<4>, tp::shuffle, tp::sequential, tp::cluster<>, 1024>,
      tp::config<tp::vector<4>, tp::shuffle, tp::sequential, tp::multipass, 256>>;
  static constexpr std::uint64_t up_to[] = {std::uint64_t(1) << 11, std::uint64_t(1) << 13, std::uint64_t(1) << 15, std::uint64_t(1) << 17, std::uint64_t(1) << 19, ~std::uint64_t(0)};
};
// clang-format on
// @generated-end 4

// @generated-begin 8
// clang-format off
// 8-byte elements, deterministic Grids. H100 80GB HBM3: device run 18 (reduce-bench --matrix --type=double, 180 kernels: vector and scalar4 loads, shuffle and unrolled finishes, every Grid) and run 22; H200: run 23 (runs 22-23: scripts/bench.sh, double at 2^20 and 2^28); 2026-11-21
// n: picked kernel; per run: its µs / the fastest allowed kernel's µs, CUB µs (CUB / picked)
//   2^10: scalar4-blocked/shuffle/singlepass/b256 | H100-r18 4.06 / 4.06, CUB 4.86 (1.20x)
//   2^12: vec4-striped/shuffle/gridstride/b512 | H100-r18 4.22 / 4.22, CUB 7.01 (1.66x)
//   2^14: scalar4-blocked/unrolled/cluster16/b256 | H100-r18 4.86 / 4.86, CUB 7.30 (1.50x)
//   2^16: vec4-striped/shuffle/cluster16/b512 | H100-r18 5.22 / 5.22, CUB 7.01 (1.34x)
//   2^18: scalar4-striped/shuffle/multipass/b128 | H100-r18 6.08 / 6.08, CUB 7.84 (1.29x)
//   2^20: scalar4-striped/shuffle/multipass/b256 | H100-r18 8.74 / 8.22, CUB 9.41 (1.08x) | H100-r22 8.22 / 8.13, CUB 10.21 (1.24x) | H200-r23 6.98 / 6.98, CUB 9.12 (1.31x)
//   2^22: vec4-striped/unrolled/gridstride/b256 | H100-r18 16.45 / 16.19, CUB 17.89 (1.09x)
//   2^24: vec4-striped/unrolled/gridstride/b256 | H100-r18 48.13 / 48.13, CUB 50.40 (1.05x)
//   2^26: vec4-striped/unrolled/gridstride/b256 | H100-r18 174.98 / 174.62, CUB 178.21 (1.02x)
//   2^28: vec4-striped/shuffle/multipass/b512 | H100-r18 675.65 / 675.65, CUB 695.10 (1.03x) | H100-r22 676.10 / 675.84, CUB 697.15 (1.03x) | H200-r23 473.41 / 472.90, CUB 480.54 (1.02x)
//   2^30: vec4-striped/shuffle/multipass/b512 | H100-r18 2676.90 / 2676.90, CUB 2777.54 (1.04x)
template <>
struct sm90<8> {
  using configs = boost::mp11::mp_list<tp::config<tp::scalar<4, tp::blocked>, tp::shuffle, tp::sequential, tp::single_pass<>, 256>,
      tp::config<tp::vector<4>, tp::shuffle, tp::sequential, tp::gridstride<>, 512>,
      tp::config<tp::scalar<4, tp::blocked>, tp::unrolled, tp::sequential, tp::cluster<>, 256>,
      tp::config<tp::vector<4>, tp::shuffle, tp::sequential, tp::cluster<>, 512>,
      tp::config<tp::scalar<4>, tp::shuffle, tp::sequential, tp::multipass, 128>,
      tp::config<tp::scalar<4>, tp::shuffle, tp::sequential, tp::multipass, 256>,
      tp::config<tp::vector<4>, tp::unrolled, tp::sequential, tp::gridstride<>, 256>,
      tp::config<tp::vector<4>, tp::shuffle, tp::sequential, tp::multipass, 512>>;
  static constexpr std::uint64_t up_to[] = {std::uint64_t(1) << 11, std::uint64_t(1) << 13, std::uint64_t(1) << 15, std::uint64_t(1) << 17, std::uint64_t(1) << 19, std::uint64_t(1) << 21, std::uint64_t(1) << 27, ~std::uint64_t(0)};
};
// clang-format on
// @generated-end 8

// @generated-begin exact4
// clang-format off
// 4-byte elements, integer accumulators, ops with a native atomic. H100 80GB HBM3: device run 18 (reduce-bench --matrix --type=int32, the same 180 kernels) and run 22; H200: run 23 (runs 22-23: scripts/bench.sh, int32 at 2^20 and 2^28); 2026-11-21
// n: picked kernel; per run: its µs / the fastest allowed kernel's µs, CUB µs (CUB / picked)
//   2^10: vec4-striped/shuffle/multipass/b256 | H100-r18 4.10 / 4.03, CUB 4.93 (1.20x)
//   2^12: vec4-striped/shuffle/multipass/b256 | H100-r18 4.26 / 4.26, CUB 4.06 (0.95x)
//   2^14: vec4-striped/shuffle/cluster16/b1024 | H100-r18 4.54 / 4.54, CUB 7.36 (1.62x)
//   2^16: scalar4-striped/shuffle/atomic/b256 | H100-r18 4.90 / 4.90, CUB 7.42 (1.52x)
//   2^18: scalar4-striped/shuffle/atomic/b256 | H100-r18 5.12 / 5.06, CUB 7.17 (1.40x)
//   2^20: scalar4-striped/shuffle/atomic/b256 | H100-r18 6.27 / 6.18, CUB 7.97 (1.27x) | H100-r22 6.30 / 6.27, CUB 8.45 (1.34x) | H200-r23 5.79 / 5.79, CUB 7.87 (1.36x)
//   2^22: vec4-striped/shuffle/atomic/b512 | H100-r18 10.18 / 10.18, CUB 12.32 (1.21x)
//   2^24: vec4-striped/shuffle/atomic/b512 | H100-r18 25.63 / 25.63, CUB 28.29 (1.10x)
//   2^26: vec4-striped/shuffle/atomic/b512 | H100-r18 88.13 / 88.13, CUB 92.93 (1.05x)
//   2^28: vec4-striped/shuffle/atomic/b512 | H100-r18 337.15 / 337.15, CUB 349.38 (1.04x) | H100-r22 337.25 / 337.25, CUB 349.44 (1.04x) | H200-r23 236.22 / 236.22, CUB 242.50 (1.03x)
//   2^30: vec4-striped/shuffle/atomic/b512 | H100-r18 1336.06 / 1336.06, CUB 1386.98 (1.04x)
template <>
struct sm90_exact<4> {
  using configs = boost::mp11::mp_list<tp::config<tp::vector<4>, tp::shuffle, tp::sequential, tp::multipass, 256>,
      tp::config<tp::vector<4>, tp::shuffle, tp::sequential, tp::cluster<>, 1024>,
      tp::config<tp::scalar<4>, tp::shuffle, tp::sequential, tp::atomic, 256>,
      tp::config<tp::vector<4>, tp::shuffle, tp::sequential, tp::atomic, 512>>;
  static constexpr std::uint64_t up_to[] = {std::uint64_t(1) << 13, std::uint64_t(1) << 15, std::uint64_t(1) << 21, ~std::uint64_t(0)};
};
// clang-format on
// @generated-end exact4

// Element sizes without a table of their own use the 4-byte one; integer ops without an exact table of their size,
// the deterministic table of that size.
template <int ElementBytes>
struct sm90 : sm90<4> {};
template <int ElementBytes>
struct sm90_exact : sm90<ElementBytes> {};

}  // namespace reduce::tuning
