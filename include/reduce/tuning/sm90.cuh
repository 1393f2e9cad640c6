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
// 4-byte elements. H100 80GB HBM3, 2026-11-21, reduce-bench --matrix (float), docs/device-runs.md run 8
// n: picked kernel µs | fastest deterministic | fastest of all (atomic included) | CUB µs, CUB/picked
//   2^10: scalar4-blocked/shuffle/multipass/b256 3.97 | scalar4-blocked/shuffle/multipass/b256 3.97 | scalar4-blocked/shuffle/multipass/b256 3.97 | 5.06, 1.27x
//   2^12: vec4-striped/shuffle/gridstride/b256 4.19 | vec4-striped/shuffle/gridstride/b256 4.19 | vec4-striped/shuffle/atomic/b256 4.19 | 4.03, 0.96x
//   2^14: scalar1/shuffle/multipass/b256 5.31 | scalar1/shuffle/multipass/b256 5.31 | scalar4-striped/shuffle/atomic/b128 4.83 | 7.52, 1.42x
//   2^16: scalar4-striped/shuffle/multipass/b256 5.54 | scalar4-blocked/shuffle/gridstride/b256 5.54 | scalar4-striped/shuffle/atomic/b128 4.93 | 6.85, 1.24x
//   2^18: scalar4-striped/shuffle/multipass/b256 5.76 | scalar4-blocked/shuffle/gridstride/b128 5.76 | scalar4-striped/shuffle/atomic/b256 5.12 | 7.74, 1.34x
//   2^20: vec4-striped/unrolled/gridstride/b128 6.91 | vec4-striped/unrolled/gridstride/b128 6.91 | scalar4-blocked/shuffle/atomic/b512 6.34 | 8.70, 1.26x
//   2^22: vec4-striped/shuffle/gridstride/b512 10.91 | vec4-striped/shuffle/gridstride/b512 10.91 | vec4-striped/shuffle/atomic/b256 10.24 | 13.31, 1.22x
//   2^24: vec4-striped/shuffle/gridstride/b256 26.40 | vec4-striped/shuffle/gridstride/b256 26.40 | vec4-striped/shuffle/atomic/b512 25.73 | 28.58, 1.08x
//   2^26: vec4-striped/shuffle/gridstride/b256 90.27 | vec4-striped/shuffle/multipass/b512 89.86 | vec4-striped/shuffle/atomic/b512 88.51 | 92.93, 1.03x
//   2^28: vec4-striped/shuffle/gridstride/b256 344.51 | vec4-striped/unrolled/multipass/b512 341.89 | vec4-striped/shuffle/atomic/b512 338.18 | 349.22, 1.01x
//   2^30: vec4-striped/unroll-warp/multipass/b512 1343.36 | vec4-striped/unroll-warp/multipass/b512 1343.36 | vec4-striped/tree-modulo/atomic/b512 1337.66 | 1386.66, 1.03x
template <>
struct sm90<4> {
  using configs = boost::mp11::mp_list<tp::config<tp::scalar<4, tp::blocked>, tp::shuffle, tp::sequential, tp::multipass, 256>,
      tp::config<tp::vector<4>, tp::shuffle, tp::sequential, tp::gridstride<>, 256>,
      tp::config<tp::scalar<1>, tp::shuffle, tp::sequential, tp::multipass, 256>,
      tp::config<tp::scalar<4>, tp::shuffle, tp::sequential, tp::multipass, 256>,
      tp::config<tp::vector<4>, tp::unrolled, tp::sequential, tp::gridstride<>, 128>,
      tp::config<tp::vector<4>, tp::shuffle, tp::sequential, tp::gridstride<>, 512>,
      tp::config<tp::vector<4>, tp::shuffle, tp::sequential, tp::gridstride<>, 256>,
      tp::config<tp::vector<4>, tp::unrolled_last_warp, tp::sequential, tp::multipass, 512>>;
  static constexpr std::uint64_t up_to[] = {std::uint64_t(1) << 11, std::uint64_t(1) << 13, std::uint64_t(1) << 15, std::uint64_t(1) << 19, std::uint64_t(1) << 21, std::uint64_t(1) << 23, std::uint64_t(1) << 29, ~std::uint64_t(0)};
};
// clang-format on
// @generated-end 4

// Element sizes without a table of their own use the 4-byte one (measured for 4-byte elements only).
template <int ElementBytes>
struct sm90 : sm90<4> {};

}  // namespace reduce::tuning
