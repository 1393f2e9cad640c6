// Tuning table for Hopper (sm_90): sums into reduce::binned<T> (binned.cuh), an accumulator that takes elements
// (detail/tuned.cuh). A thread adds each element with about a dozen instructions (three rounded additions and three
// bit operations, a long dependent chain), and partials are 48-byte (float) or 80-byte (double) accumulators, so:
// grid-stride walks above 2^19, whose loop issues the next tile's loads while it adds (agent.cuh, add_units), at 256
// threads a block; below, past the first tile, one cluster of 16 blocks, which combines through distributed shared
// memory with no global round trip. The table is the elements' (as for every table): elements of up to 4 bytes read
// sm90_binned<4>, n counted in 4-byte units, doubles sm90_binned<8>, whichever binned accumulator; measured for
// float into binned<float> and double into binned<double>. Comment: CUB's gpu_to_gpu Reduce (CUB 3.5.0, its RFA)
// over the kernel's time, and the plain default sum's over the kernel's, at the sizes measured in its range (every
// power of two). Measured on an H200 only.
#pragma once
#include "sm90.cuh"

namespace reduce::tuning {

template <int ElementBytes>
struct sm90_binned;

// clang-format off
template <>
struct sm90_binned<4> : table<
  //    up to n    Load       Finish    Grid           Block   // RFA's time / the kernel's; plain's; date measured
  entry<4096,      vector<4>, shuffle,  cluster<>,     256>,   // H200 5.18-9.06; plain 0.81-0.87; 2026-11-28
  entry<8192,      vector<4>, shuffle,  cluster<>,     512>,   // H200 6.60; plain 0.78; 2026-11-28
  entry<262144,    vector<4>, shuffle,  cluster<>,     256>,   // H200 4.16-6.69; plain 0.68-0.76; 2026-11-28
  entry<524288,    vector<4>, shuffle,  cluster<>,     512>,   // H200 3.89; plain 0.75; 2026-11-28
  entry<~0ull,     vector<4>, shuffle,  single_pass<>, 256>    // H200 1.68-4.08; plain 0.63-0.97; 2026-11-28
> {};

template <>
struct sm90_binned<8> : table<
  //    up to n    Load       Finish    Grid           Block   // RFA's time / the kernel's; plain's; date measured
  entry<2048,      vector<4>, shuffle,  single_pass<>, 256>,   // H200 7.83-9.79; plain 0.69-0.76; 2026-11-28
  entry<4096,      vector<4>, shuffle,  cluster<>,     512>,   // H200 10.89; plain 0.71; 2026-11-28
  entry<262144,    vector<4>, shuffle,  cluster<>,     256>,   // H200 2.06-9.48; plain 0.58-0.67; 2026-11-28
  entry<524288,    vector<4>, shuffle,  cluster<>,     512>,   // H200 5.83; plain 0.57; 2026-11-28
  entry<8388608,   vector<4>, shuffle,  single_pass<>, 256>,   // H200 1.60-3.46; plain 0.43-0.67; 2026-11-28
  entry<~0ull,     vector<8>, shuffle,  single_pass<>, 256>    // H200 1.81-3.22; plain 0.75-0.96; 2026-11-28
> {};
// clang-format on

}  // namespace reduce::tuning
