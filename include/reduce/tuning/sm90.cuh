// Tuning table for Hopper (sm_90): the kernel of the matrix that the default uses for each range of n, per element
// size. Data, with its provenance: regenerate with `python3 bench/tune.py MATRIX.json...` (docs/perf-notes.md).
// Only deterministic Grid policies are candidates (no atomic grid), so every op works and results repeat bitwise.
#pragma once
#include <boost/mp11.hpp>
#include <cstdint>
#include <reduce/policy/config.cuh>

namespace reduce::tuning {

namespace tp = reduce::policy;

template <int ElementBytes>
struct sm90;

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

// Element sizes without a table of their own use the 4-byte one (measured for 4-byte elements only).
template <int ElementBytes>
struct sm90 : sm90<4> {};

}  // namespace reduce::tuning
