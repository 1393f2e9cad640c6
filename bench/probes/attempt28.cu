// Probes 25 and 26 of attempt 28 (docs/perf-attempts-28.md), outside the CMake build; the harness is pairing.cuh:
//   nvcc -O3 -arch=sm_90 -std=c++17 -Iinclude -Ipolicies -DPROBE=25 -DVARIANT='"r25"' bench/probes/attempt28.cu
// PROBE=25: fatter polled blocks at 8-16 MiB (attempt 18 saw vec8 b512 0.25 us ahead of vec4 b512 at 2^22 on one
// H200, one run): the default on a workspace beside polled vec4, vec8 and vec16 kernels, float at 2^21..2^24 and
// double at 2^20..2^21. PROBE=26: what an input offset costs at 2^12..2^16: the default on a workspace on inputs 0, 1,
// 4 (16-byte aligned, not 128) and 32 (128-byte aligned) floats past an aligned start. Five rounds, so that a lead
// has to repeat.
#include "pairing.cuh"

int main() {
  pairing_setup();
#if PROBE == 25
  data<float> f(24);
  data<double> d(21);
  for (int round = 0; round < 5; ++round) {
    std::printf("round %d\n", round);
    for (int lg : {21, 22, 23, 24}) {
      row<D>("default-workspace", f, lg);
      row<polled<p::vector<4>, 512>>("vec4/shuffle/polled/b512", f, lg);
      row<polled<p::vector<8>, 256>>("vec8/shuffle/polled/b256", f, lg);
      row<polled<p::vector<8>, 512>>("vec8/shuffle/polled/b512", f, lg);
      row<polled<p::vector<16>, 256>>("vec16/shuffle/polled/b256", f, lg);
    }
    for (int lg : {20, 21}) {
      row<D>("default-workspace", d, lg);
      row<polled<p::vector<8>, 256>>("vec8/shuffle/polled/b256", d, lg);
      row<polled<p::vector<8>, 512>>("vec8/shuffle/polled/b512", d, lg);
    }
  }
#else
  data<float> f(16);
  for (int round = 0; round < 5; ++round) {
    std::printf("round %d\n", round);
    for (int lg : {12, 14, 16})
      for (size_t skip : {0, 1, 4, 32}) row<D>("default-workspace", f, lg, skip);
  }
#endif
}
