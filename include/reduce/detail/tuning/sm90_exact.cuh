// Tuning tables for Hopper (sm_90), order-free integer ops: integer accumulators with an op that has a native atomic
// (sum, min, max, bitwise), where every order of combining gives the same bits, so the atomic grid is a candidate too.
// sm90_exact<B>: such calls on raw storage, and on a reduce::workspace where no table below is more specific;
// sm90_exact_workspace<B>: sums of 32-bit integers on a workspace, where the atomic grid adds into a zeroed tally word
// (no preset). Rows as in sm90.cuh. Regenerate: python3 bench/tune.py H100=h100.csv H200=h200.csv --exact [--workspace]
// [--bytes 8] [--keep-pins] --date YYYY-MM-DD --write include/reduce/detail/tuning/sm90_exact.cuh (docs/tuning.md)
#pragma once
#include "sm90.cuh"

namespace reduce::tuning {

template <int ElementBytes>
struct sm90_exact;
template <int ElementBytes>
struct sm90_exact_workspace;

// @generated-begin exact4
// clang-format off
// sm90_exact<4>: 4-byte elements, integer accumulators, ops with a native atomic: the atomic grid too.
template <>
struct sm90_exact<4> : table<
  //    up to n  Load                Finish   Grid       Block  // CUB's time / the kernel's; date measured
  entry<2048,    scalar<4, blocked>, shuffle, multipass, 512>,  // H100 1.23-1.29, H200 1.24-1.37; 2026-11-21/22
  entry<4096,    vector<4>,          shuffle, atomic,    256>,  // H100 1.00, H200 0.99; 2026-11-21
  entry<8192,    vector<4>,          shuffle, multipass, 512>,  // H100 1.75, H200 1.66; 2026-11-22
  entry<16384,   scalar<4>,          shuffle, cluster<>, 256>,  // H100 1.53, H200 1.56; 2026-11-21
  entry<32768,   vector<4>,          shuffle, cluster<>, 128>,  // H100 1.55, H200 1.51; 2026-11-22
  entry<741455,  scalar<4, blocked>, shuffle, atomic,    256>,  // H100 1.41-1.45, H200 1.30-1.36; 2026-11-21/22
  entry<2965820, vector<4>,          shuffle, atomic,    128>,  // H100 1.30-1.36, H200 1.27-1.31; 2026-11-21/22
  entry<~0ull,   vector<4>,          shuffle, atomic,    512>   // H100 1.03-1.27, H200 1.01-1.25; 2026-11-21/22
> {};
// clang-format on
// @generated-end exact4

// @generated-begin exact_workspace4
// clang-format off
// sm90_exact_workspace<4>: 4-byte elements, integer sums on a reduce::workspace: atomic (tally word) and polled too.
template <>
struct sm90_exact_workspace<4> : table<
  //    up to n  Load                Finish   Grid       Block  // CUB's time / the kernel's; date measured
  entry<2048,    scalar<4, blocked>, shuffle, multipass, 512>,  // H100 1.24-1.34, H200 1.22-1.32; 2026-11-22
  entry<4096,    vector<4>,          shuffle, atomic,    256>,  // H100 1.00, H200 0.97; 2026-11-22
  entry<8192,    vector<4>,          shuffle, multipass, 512>,  // H100 1.68, H200 1.67; 2026-11-22
  entry<741455,  scalar<4>,          shuffle, atomic,    256>,  // H100 1.54-1.66, H200 1.40-1.64; 2026-11-22
  entry<2965820, vector<4>,          shuffle, atomic,    128>,  // H100 1.40-1.43, H200 1.39-1.43; 2026-11-22
  entry<~0ull,   vector<4>,          shuffle, atomic,    512>   // H100 1.03-1.31, H200 1.00-1.26; 2026-11-22
> {};
// clang-format on
// @generated-end exact_workspace4

// @generated-begin exact8
// clang-format off
// sm90_exact<8>: 8-byte elements, integer accumulators, ops with a native atomic: the atomic grid too.
template <>
struct sm90_exact<8> : table<
  //    up to n   Load       Finish    Grid       Block   // CUB's time / the kernel's; date measured
  entry<2048,     scalar<4>, shuffle,  multipass, 512>,   // H100 1.04-1.16, H200 1.05-1.17; 2026-11-23
  entry<4096,     vector<4>, shuffle,  multipass, 512>,   // H100 1.71, H200 1.64; 2026-11-23
  entry<8192,     vector<4>, shuffle,  cluster<>, 1024>,  // H100 1.67, H200 1.55; 2026-11-23
  entry<16384,    scalar<4>, shuffle,  cluster<>, 256>,   // H100 1.58, H200 1.54; 2026-11-23
  entry<32768,    vector<4>, unrolled, cluster<>, 256>,   // H100 1.41, H200 1.39; 2026-11-23
  entry<65536,    vector<4>, shuffle,  cluster<>, 512>,   // H100 1.34, H200 1.33; 2026-11-23
  entry<370727,   scalar<4>, shuffle,  atomic,    128>,   // H100 1.39-1.40, H200 1.32-1.33; 2026-11-23
  entry<1482910,  scalar<4>, shuffle,  atomic,    256>,   // H100 1.33-1.35, H200 1.31-1.32; 2026-11-23
  entry<23726566, vector<4>, shuffle,  atomic,    512>,   // H100 1.09-1.24, H200 1.10-1.27; 2026-11-23
  entry<~0ull,    vector<4>, unrolled, atomic,    512>    // H100 1.04-1.06, H200 1.02-1.08; 2026-11-23
> {};
// clang-format on
// @generated-end exact8

// Integer sums on a workspace without a table of their own: the exact table of that size.
template <int ElementBytes>
struct sm90_exact_workspace : sm90_exact<ElementBytes> {};

}  // namespace reduce::tuning
