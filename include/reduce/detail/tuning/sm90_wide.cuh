// Tuning table for Hopper (sm_90): elements of up to 4 bytes reduced into an accumulator wider than 4 bytes and than
// the element, under an op that is not order-free: float into double, compensated<float>, the 16-byte pair of argmin
// and argmax, the 32 bytes of argmin+argmax (detail/tuned.cuh). A thread's registers then hold several times the
// accumulator bytes of a float sum, and one-tile-per-block kernels, which hide memory latency only with resident
// warps, lose the bandwidth that grid-stride walks keep (their loop overlaps one tile's arithmetic with the next
// tile's loads). Rows up to 2^18 (4-byte units) are the 4-byte table's, measured on float sums, where a call is
// latency-bound; the others were measured on these accumulators. Comment: CUB's closest call's time over the
// kernel's at the sizes measured in its range (2^20; 2^24 and 2^28): d float -> double (Sum into double), c
// compensated<float> (float Sum), a argmin (ArgMin), m argmin+argmax in one pass (ArgMin then ArgMax). The bound 2^22
// lies between the sizes measured.
#pragma once
#include "sm90.cuh"

namespace reduce::tuning {

template <int ElementBytes>
struct sm90_wide;

// clang-format off
template <>
struct sm90_wide<4> : table<
  //    up to n    Load       Finish    Grid           Block   // CUB's time / the kernel's; date measured
  entry<1024,      scalar<4>, shuffle,  cluster<>,     256>,   // (sm90<4>'s rows up to 2^18)
  entry<4096,      vector<4>, shuffle,  multipass,     256>,   //
  entry<8192,      vector<4>, shuffle,  multipass,     512>,   //
  entry<16384,     vector<4>, shuffle,  cluster<>,     1024>,  //
  entry<65536,     vector<4>, unrolled, cluster<>,     256>,   //
  entry<131072,    vector<4>, shuffle,  cluster<>,     512>,   //
  entry<262144,    vector<4>, shuffle,  cluster<>,     1024>,  //
  entry<4194304,   vector<4>, shuffle,  cooperative<>, 512>,   // H100 1.13-1.50 (d 1.33 c 1.18 a 1.13 m 1.5) 2026-11-26
  entry<~0ull,     vector<8>, shuffle,  single_pass<>, 256>    // H100 1.00-2.00 (d 1.01-1.07 c 1.00-1.01 a 1.00-1.02
                                                               //   m 1.81-2.00); 2026-11-26
> {};
// clang-format on

}  // namespace reduce::tuning
