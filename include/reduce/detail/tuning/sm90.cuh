// Tuning tables for Hopper (sm_90): the kernel the tuned default runs for each range of n, per element size class (4:
// elements of up to 4 bytes, n counted in 4-byte units; 8: elements of 8 bytes or more; detail/tuned.cuh).
// sm90<B>: deterministic Grids only, so every op works and results repeat bitwise; sm90_workspace<B>: calls on a
// reduce::workspace, where Grid polled needs no memset. Each row runs its kernel for n up to its bound (the last row:
// every larger n); its comment: CUB's time over the kernel's on each GPU at the sizes measured in its range, the date.
// Regenerate a table (docs/tuning.md): python3 bench/tune.py H100=h100.csv H200=h200.csv [--bytes 8] [--workspace]
// [--keep-pins] --date YYYY-MM-DD --write include/reduce/detail/tuning/sm90.cuh
#pragma once
#include <boost/mp11.hpp>
#include <cstdint>
#include <reduce/policy/config.cuh>

namespace reduce::tuning {

// The tables name the policies as bench/tune.py writes them, unqualified: every policy, so that a new Load,
// BlockFinish or Grid needs no line here.
using namespace policy;

// A row of a table: the kernel config<Load, Finish, Grid, Block> for n up to UpTo.
template <std::uint64_t UpTo, class Load, class Finish, class Grid, int Block>
struct entry {
  static constexpr std::uint64_t up_to = UpTo;
  using kernel = config<Load, Finish, Grid, Block>;
};

// A table, as detail/tuned.cuh reads it: its rows' kernels (configs) and bounds (up_to), index for index.
template <class... Entries>
struct table {
  using configs = boost::mp11::mp_list<typename Entries::kernel...>;
  static constexpr std::uint64_t up_to[sizeof...(Entries)] = {Entries::up_to...};
};

template <int ElementBytes>
struct sm90;
template <int ElementBytes>
struct sm90_workspace;

// @generated-begin 4
// clang-format off
// sm90<4>: 4-byte elements, deterministic Grids.
template <>
struct sm90<4> : table<
  //    up to n    Load       Finish    Grid           Block   // CUB's time / the kernel's; date measured
  entry<1024,      scalar<4>, shuffle,  cluster<>,     256>,   // H100 1.27, H200 1.19; 2026-11-22
  entry<4096,      vector<4>, shuffle,  multipass,     256>,   // H100 0.99-1.29, H200 1.01-1.35; 2026-11-22
  entry<8192,      vector<4>, shuffle,  multipass,     512>,   // H100 1.65, H200 1.59; 2026-11-22
  entry<16384,     vector<4>, shuffle,  cluster<>,     1024>,  // H100 1.60, H200 1.50; 2026-11-22
  entry<65536,     vector<4>, unrolled, cluster<>,     256>,   // H100 1.35-1.42, H200 1.39-1.53; 2026-11-22
  entry<131072,    vector<4>, shuffle,  cluster<>,     512>,   // H100 1.36, H200 1.39; 2026-11-22
  entry<262144,    vector<4>, shuffle,  cluster<>,     1024>,  // H100 1.24, H200 1.28; 2026-11-22
  entry<2965820,   vector<4>, shuffle,  multipass,     256>,   // H100 1.16-1.19, H200 1.16-1.21; 2026-11-22
  entry<23726566,  vector<4>, unrolled, multipass,     256>,   // H100 1.04-1.16, H200 1.05-1.16; 2026-11-22
  entry<134217728, vector<4>, shuffle,  cooperative<>, 512>,   // H100 1.02-1.04, H200 1.02-1.04; 2026-11-22
  entry<~0ull,     vector<4>, shuffle,  multipass,     512>    // H100 1.02-1.03, H200 1.01; 2026-11-22
> {};
// clang-format on
// @generated-end 4

// @generated-begin 8
// clang-format off
// sm90<8>: 8-byte elements, deterministic Grids.
template <>
struct sm90<8> : table<
  //    up to n    Load                Finish    Grid          Block   // CUB's time / the kernel's; date measured
  entry<2048,      scalar<4>,          shuffle,  multipass,    512>,   // H100 1.02-1.20, H200 1.01-1.23; 2026-11-21/22
  entry<4096,      vector<4>,          shuffle,  multipass,    512>,   // H100 1.74, H200 1.67; 2026-11-21
  entry<8192,      vector<4>,          shuffle,  cluster<>,    1024>,  // H100 1.68, H200 1.50; 2026-11-22
  entry<16384,     scalar<4>,          shuffle,  cluster<>,    256>,   // H100 1.53, H200 1.48; 2026-11-21
  entry<32768,     vector<4>,          unrolled, cluster<>,    256>,   // H100 1.53, H200 1.50; 2026-11-22
  entry<131072,    vector<4>,          shuffle,  cluster<>,    512>,   // H100 1.29-1.33, H200 1.27-1.36; 2026-11-21/22
  entry<741455,    scalar<4, blocked>, shuffle,  multipass,    256>,   // H100 1.19-1.20, H200 1.20-1.25; 2026-11-21/22
  entry<134217728, scalar<4>,          shuffle,  gridstride<>, 512>,   // H100 1.02-1.17, H200 1.02-1.20; 2026-11-21/22
  entry<~0ull,     vector<4>,          shuffle,  multipass,    512>    // H100 1.03-1.04, H200 1.01; 2026-11-21
> {};
// clang-format on
// @generated-end 8

// @generated-begin workspace4
// clang-format off
// sm90_workspace<4>: 4-byte elements, calls on a reduce::workspace: deterministic Grids and polled.
template <>
struct sm90_workspace<4> : table<
  //    up to n   Load       Finish    Grid           Block   // CUB's time / the kernel's; date measured
  entry<1024,     scalar<4>, shuffle,  single_pass<>, 256>,   // H100 1.26, H200 1.19; 2026-11-22
  entry<4096,     vector<4>, shuffle,  gridstride<>,  256>,   // H100 1.00-1.28, H200 1.01-1.30; 2026-11-22
  entry<8192,     vector<4>, shuffle,  multipass,     512>,   // H100 1.65, H200 1.59; 2026-11-22
  entry<16384,    vector<4>, shuffle,  cluster<>,     1024>,  // H100 1.60, H200 1.50; 2026-11-22
  entry<65536,    vector<4>, unrolled, cluster<>,     256>,   // H100 1.35-1.42, H200 1.39-1.53; 2026-11-22
  entry<1482910,  vector<4>, shuffle,  polled<>,      256>,   // H100 1.31-1.37, H200 1.23-1.35; 2026-11-22
  entry<47453132, vector<4>, shuffle,  polled<>,      512>,   // H100 1.07-1.25, H200 1.07-1.32; 2026-11-22
  entry<~0ull,    vector<4>, shuffle,  multipass,     512>    // H100 1.02-1.03, H200 1.01-1.03; 2026-11-22
> {};
// clang-format on
// @generated-end workspace4

// @generated-begin workspace8
// clang-format off
// sm90_workspace<8>: 8-byte elements, calls on a reduce::workspace: deterministic Grids and polled.
template <>
struct sm90_workspace<8> : table<
  //    up to n    Load       Finish              Grid       Block   // CUB's time / the kernel's; date measured
  entry<1024,      scalar<4>, shuffle,            polled<>,  256>,   // H100 1.23, H200 1.23; 2026-11-22
  entry<4096,      vector<4>, shuffle,            multipass, 512>,   // H100 1.03-1.73, H200 0.99-1.68; 2026-11-22
  entry<8192,      vector<4>, shuffle,            cluster<>, 1024>,  // H100 1.68, H200 1.50; 2026-11-22
  entry<16384,     scalar<4>, shuffle,            cluster<>, 256>,   // H100 1.52, H200 1.52; 2026-11-22
  entry<32768,     vector<4>, unrolled,           cluster<>, 256>,   // H100 1.53, H200 1.50; 2026-11-22
  entry<370727,    scalar<4>, shuffle,            polled<>,  512>,   // H100 1.34-1.39, H200 1.26-1.32; 2026-11-22
  entry<134217728, vector<4>, shuffle,            polled<>,  512>,   // H100 1.02-1.32, H200 1.02-1.24; 2026-11-22
  entry<~0ull,     vector<4>, unrolled_last_warp, multipass, 512>    // H100 1.03-1.04, H200 1.01; 2026-11-22
> {};
// clang-format on
// @generated-end workspace8

}  // namespace reduce::tuning
