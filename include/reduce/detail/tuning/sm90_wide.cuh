// Tuning table for Hopper (sm_90): elements of up to 4 bytes reduced into an accumulator wider than 4 bytes and than
// the element, under an op that is not order-free: float into double, compensated<float>, the 16-byte pair of argmin
// and argmax, the 32 bytes of argmin+argmax (detail/tuned.cuh). A thread's registers then hold several times the
// accumulator bytes of a float sum, and one-tile-per-block kernels, which hide memory latency only with resident
// warps, lose the bandwidth that grid-stride walks keep (their loop overlaps one tile's arithmetic with the next
// tile's loads). One table serves the three accumulators, so a row is the kernel whose worst ratio over them is best;
// a kernel that beat it by less than the run-to-run spread for one of them got no row of its own (each row is a
// kernel or two more in every program that reduces into a wide accumulator). Comment: CUB's time over the kernel's at
// the sizes measured in its range, paired in one process on an H200 (2026-12-03, CUB 3.0.1): a argmin (CUB's ArgMin
// into value and index), d float -> double (CUB's Reduce with a double init), c compensated<float> (CUB's float Sum);
// then the worst, over the three, of the kernel's time against the best measured kernel's. Bounds lie between the
// sizes measured.
#pragma once
#include "sm90.cuh"

namespace reduce::tuning {

template <int ElementBytes>
struct sm90_wide;

// clang-format off
template <>
struct sm90_wide<4> : table<
  //    up to n    Load       Finish    Grid           Block   // CUB's time / the kernel's; H200, 2026-12-03
  entry<24576,     scalar<4>, shuffle,  cluster<>,     256>,   // 2^10-2^14: a 1.08-1.18 d 1.30-1.56 c 0.88-1.52; 0.89
  entry<98304,     vector<4>, shuffle,  cluster<>,     256>,   // 2^15-2^16: a 1.04-1.06 d 1.41-1.50 c 1.43-1.45; 0.99
  entry<196608,    vector<4>, shuffle,  cluster<>,     512>,   // 2^17: a 0.95 d 1.35 c 1.35; 1.00
  entry<50331648,  vector<4>, shuffle,  cooperative<>, 512>,   // 2^18-2^24: a 0.82-0.93 d 1.04-1.22 c 1.01-1.18; 0.92
  entry<~0ull,     vector<4>, shuffle,  single_pass<>, 256>    // 2^26: a 0.98 d 1.01 c 1.01; 0.98
> {};
// clang-format on

}  // namespace reduce::tuning
