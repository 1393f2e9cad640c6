// Probe 58 of attempt 36 (docs/perf-attempts-36.md), outside the CMake build; the harness is pairing.cuh:
//   nvcc -O3 -arch=sm_90 -std=c++17 -Iinclude -Ipolicies -DPROBE=58 -DVARIANT='"p58"' bench/probes/attempt36.cu
// PROBE=58: one block per SM. Grid polled on a grid of 132 blocks (both GPUs have 132 SMs) with 64 or 128 bytes in
// flight per thread and tile (vec4 b1024, vec8 b512, vec16 b256), beside the default on a workspace, float 2^20..2^24
// and double 2^20, each paired with CUB. Built against the library and against a copy with
// attempt35-warps-fold.patch applied (as few warps as hold every slot poll and fold; on 132 blocks that is one warp
// with at most five slots a lane, so no block reduction after the last mark), run alternately.
#include "pairing.cuh"

template <class Load, int Block>
using per_sm = shuffled<Load, p::polled<132>, Block>;

template <class T>
void rows(data<T>& d, int lg) {
  row<reduce::default_config>("default-workspace", d, lg);
  row<per_sm<p::vector<4>, 1024>>("vec4 polled132 b1024", d, lg);
  row<per_sm<p::vector<8>, 512>>("vec8 polled132 b512", d, lg);
  row<per_sm<p::vector<16>, 256>>("vec16 polled132 b256", d, lg);
}

int main() {
  pairing_setup();
#if PROBE == 58
  data<float> f(24);
  data<double> d(20);
  for (int lg : {20, 21, 22, 23, 24}) rows(f, lg);
  rows(d, 20);
#endif
}
