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
// 4-byte elements. H100 80GB HBM3, 2026-11-21, reduce-bench --matrix (float), docs/device-runs.md run 13
// n: picked kernel µs | fastest deterministic | fastest of all (atomic included) | CUB µs, CUB/picked
//   2^10: scalar4-striped/shuffle/cluster16/b256 4.03 | scalar4-striped/shuffle/cluster16/b256 4.03 | scalar4-blocked/shuffle/atomic/b256 4.03 | 4.93, 1.22x
//   2^12: vec4-striped/shuffle/cluster16/b256 4.26 | vec4-striped/shuffle/cluster16/b256 4.26 | vec4-striped/shuffle/atomic/b256 4.26 | 4.13, 0.97x
//   2^14: vec4-striped/shuffle/cluster16/b1024 4.70 | vec4-striped/shuffle/cluster16/b1024 4.70 | vec4-striped/shuffle/cluster16/b1024 4.70 | 7.46, 1.59x
//   2^16: vec4-striped/unrolled/cluster16/b256 5.02 | vec4-striped/unrolled/cluster16/b256 5.02 | scalar4-blocked/shuffle/atomic/b512 4.93 | 7.39, 1.47x
//   2^18: scalar4-striped/shuffle/multipass/b128 5.66 | scalar4-striped/shuffle/multipass/b128 5.66 | scalar4-blocked/shuffle/atomic/b256 5.15 | 7.62, 1.34x
//   2^20: scalar4-striped/shuffle/gridstride/b256 6.78 | scalar4-striped/shuffle/gridstride/b256 6.78 | scalar4-striped/shuffle/atomic/b512 6.34 | 8.86, 1.31x
//   2^22: vec4-striped/shuffle/multipass/b512 11.14 | vec4-striped/shuffle/gridstride/b512 10.98 | vec4-striped/unrolled/atomic/b256 10.24 | 13.22, 1.19x
//   2^24: vec4-striped/shuffle/multipass/b512 27.52 | vec4-striped/shuffle/gridstride/b256 27.20 | vec4-striped/unrolled/atomic/b256 25.73 | 28.64, 1.04x
//   2^26: vec4-striped/shuffle/multipass/b512 90.02 | vec4-striped/unrolled/gridstride/b256 89.70 | vec4-striped/shuffle/atomic/b512 88.54 | 92.45, 1.03x
//   2^28: vec4-striped/shuffle/multipass/b512 342.14 | vec4-striped/unrolled/multipass/b512 341.38 | vec4-striped/shuffle/atomic/b512 338.24 | 349.47, 1.02x
//   2^30: vec4-striped/shuffle/multipass/b512 1343.23 | vec4-striped/unroll-warp/multipass/b512 1342.75 | vec4-striped/tree-modulo/atomic/b512 1337.44 | 1387.39, 1.03x
template <>
struct sm90<4> {
  using configs = boost::mp11::mp_list<tp::config<tp::scalar<4>, tp::shuffle, tp::sequential, tp::cluster<>, 256>,
      tp::config<tp::vector<4>, tp::shuffle, tp::sequential, tp::cluster<>, 256>,
      tp::config<tp::vector<4>, tp::shuffle, tp::sequential, tp::cluster<>, 1024>,
      tp::config<tp::vector<4>, tp::unrolled, tp::sequential, tp::cluster<>, 256>,
      tp::config<tp::scalar<4>, tp::shuffle, tp::sequential, tp::multipass, 128>,
      tp::config<tp::scalar<4>, tp::shuffle, tp::sequential, tp::gridstride<>, 256>,
      tp::config<tp::vector<4>, tp::shuffle, tp::sequential, tp::multipass, 512>>;
  static constexpr std::uint64_t up_to[] = {std::uint64_t(1) << 11, std::uint64_t(1) << 13, std::uint64_t(1) << 15, std::uint64_t(1) << 17, std::uint64_t(1) << 19, std::uint64_t(1) << 21, ~std::uint64_t(0)};
};
// clang-format on
// @generated-end 4

// @generated-begin 8
// clang-format off
// 8-byte elements, deterministic Grids. H100 80GB HBM3, 2026-11-21, reduce-bench --matrix --type=double (vector and scalar4 loads, shuffle and unrolled finishes, every Grid), docs/device-runs.md run 18
// n: picked kernel µs | fastest candidate | fastest of all (atomic included) | CUB µs, CUB/picked
//   2^10: scalar4-blocked/shuffle/singlepass/b256 4.06 | scalar4-blocked/shuffle/singlepass/b256 4.06 | scalar4-blocked/shuffle/atomic/b256 4.06 | 4.86, 1.20x
//   2^12: vec4-striped/shuffle/gridstride/b512 4.22 | vec4-striped/shuffle/gridstride/b512 4.22 | vec4-striped/shuffle/gridstride/b512 4.22 | 7.01, 1.66x
//   2^14: scalar4-blocked/unrolled/cluster16/b256 4.86 | scalar4-blocked/unrolled/cluster16/b256 4.86 | scalar4-blocked/unrolled/cluster16/b256 4.86 | 7.30, 1.50x
//   2^16: vec4-striped/shuffle/cluster16/b512 5.22 | vec4-striped/shuffle/cluster16/b512 5.22 | scalar4-blocked/shuffle/atomic/b128 4.96 | 7.01, 1.34x
//   2^18: scalar4-striped/shuffle/multipass/b128 6.08 | scalar4-striped/shuffle/multipass/b128 6.08 | scalar4-blocked/shuffle/atomic/b128 5.47 | 7.84, 1.29x
//   2^20: scalar4-striped/unrolled/multipass/b256 8.22 | scalar4-striped/unrolled/multipass/b256 8.22 | scalar4-striped/shuffle/atomic/b512 7.49 | 9.41, 1.14x
//   2^22: vec4-striped/unrolled/gridstride/b256 16.45 | vec4-striped/unrolled/multipass/b256 16.19 | scalar4-striped/shuffle/atomic/b512 15.17 | 17.89, 1.09x
//   2^24: vec4-striped/unrolled/gridstride/b256 48.13 | vec4-striped/shuffle/multipass/b512 48.13 | scalar4-striped/shuffle/atomic/b512 45.82 | 50.40, 1.05x
//   2^26: vec4-striped/unrolled/gridstride/b256 174.98 | vec4-striped/shuffle/gridstride/b256 174.62 | scalar4-striped/shuffle/atomic/b512 171.36 | 178.21, 1.02x
//   2^28: vec4-striped/unrolled/gridstride/b256 684.61 | vec4-striped/shuffle/multipass/b512 675.65 | vec4-striped/unrolled/atomic/b512 670.75 | 695.10, 1.02x
//   2^30: vec4-striped/shuffle/multipass/b512 2676.90 | vec4-striped/shuffle/multipass/b512 2676.90 | vec4-striped/shuffle/atomic/b512 2666.91 | 2777.54, 1.04x
template <>
struct sm90<8> {
  using configs = boost::mp11::mp_list<tp::config<tp::scalar<4, tp::blocked>, tp::shuffle, tp::sequential, tp::single_pass<>, 256>,
      tp::config<tp::vector<4>, tp::shuffle, tp::sequential, tp::gridstride<>, 512>,
      tp::config<tp::scalar<4, tp::blocked>, tp::unrolled, tp::sequential, tp::cluster<>, 256>,
      tp::config<tp::vector<4>, tp::shuffle, tp::sequential, tp::cluster<>, 512>,
      tp::config<tp::scalar<4>, tp::shuffle, tp::sequential, tp::multipass, 128>,
      tp::config<tp::scalar<4>, tp::unrolled, tp::sequential, tp::multipass, 256>,
      tp::config<tp::vector<4>, tp::unrolled, tp::sequential, tp::gridstride<>, 256>,
      tp::config<tp::vector<4>, tp::shuffle, tp::sequential, tp::multipass, 512>>;
  static constexpr std::uint64_t up_to[] = {std::uint64_t(1) << 11, std::uint64_t(1) << 13, std::uint64_t(1) << 15, std::uint64_t(1) << 17, std::uint64_t(1) << 19, std::uint64_t(1) << 21, std::uint64_t(1) << 29, ~std::uint64_t(0)};
};
// clang-format on
// @generated-end 8

// @generated-begin exact4
// clang-format off
// 4-byte elements, integer accumulators, ops with a native atomic. H100 80GB HBM3, 2026-11-21, reduce-bench --matrix --type=int32 (vector and scalar4 loads, shuffle and unrolled finishes, every Grid), docs/device-runs.md run 18
// n: picked kernel µs | fastest candidate | fastest of all (atomic included) | CUB µs, CUB/picked
//   2^10: vec4-striped/shuffle/multipass/b256 4.10 | scalar4-striped/shuffle/atomic/b256 4.03 | scalar4-striped/shuffle/atomic/b256 4.03 | 4.93, 1.20x
//   2^12: vec4-striped/shuffle/multipass/b256 4.26 | vec4-striped/shuffle/atomic/b256 4.26 | vec4-striped/shuffle/atomic/b256 4.26 | 4.06, 0.95x
//   2^14: vec4-striped/shuffle/cluster16/b1024 4.54 | vec4-striped/shuffle/cluster16/b1024 4.54 | vec4-striped/shuffle/cluster16/b1024 4.54 | 7.36, 1.62x
//   2^16: scalar4-striped/shuffle/atomic/b256 4.90 | scalar4-striped/shuffle/atomic/b256 4.90 | scalar4-striped/shuffle/atomic/b256 4.90 | 7.42, 1.52x
//   2^18: scalar4-striped/shuffle/atomic/b256 5.12 | scalar4-blocked/shuffle/atomic/b256 5.06 | scalar4-blocked/shuffle/atomic/b256 5.06 | 7.17, 1.40x
//   2^20: scalar4-striped/shuffle/atomic/b256 6.27 | scalar4-striped/shuffle/atomic/b512 6.18 | scalar4-striped/shuffle/atomic/b512 6.18 | 7.97, 1.27x
//   2^22: vec4-striped/shuffle/atomic/b512 10.18 | vec4-striped/shuffle/atomic/b256 10.18 | vec4-striped/shuffle/atomic/b256 10.18 | 12.32, 1.21x
//   2^24: vec4-striped/shuffle/atomic/b512 25.63 | vec4-striped/shuffle/atomic/b512 25.63 | vec4-striped/shuffle/atomic/b512 25.63 | 28.29, 1.10x
//   2^26: vec4-striped/shuffle/atomic/b512 88.13 | vec4-striped/shuffle/atomic/b512 88.13 | vec4-striped/shuffle/atomic/b512 88.13 | 92.93, 1.05x
//   2^28: vec4-striped/shuffle/atomic/b512 337.15 | vec4-striped/shuffle/atomic/b512 337.15 | vec4-striped/shuffle/atomic/b512 337.15 | 349.38, 1.04x
//   2^30: vec4-striped/shuffle/atomic/b512 1336.06 | vec4-striped/shuffle/atomic/b512 1336.06 | vec4-striped/shuffle/atomic/b512 1336.06 | 1386.98, 1.04x
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
