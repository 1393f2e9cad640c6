// Probes 21-23 of attempt 27 (docs/perf-attempts-27.md), outside the CMake build; the harness is pairing.cuh. Build
// one binary per tree under test and run them in alternation:
//   nvcc -O3 -arch=sm_90 -std=c++17 -Iinclude -Ipolicies -DPROBE=23 -DVARIANT='"new"' bench/probes/attempt27.cu
// PROBE=21: polled kernels of several loads and block sizes and the float default (one build per batch); PROBE=22:
// the double default at 2^16..2^26 and the float default as a control; PROBE=23: double polled candidates.
#include "pairing.cuh"

int main() {
  pairing_setup();
#if PROBE == 21
  data<float> f(24);
  data<double> d(20);
  for (int lg : {17, 18, 20, 22}) row<D>("default-workspace", f, lg);
  row<D>("default-workspace", d, 20);
  for (int lg : {18, 20, 22, 24}) {
    row<polled<p::vector<4>, 256>>("vec4/shuffle/polled/b256", f, lg);
    row<polled<p::vector<4>, 512>>("vec4/shuffle/polled/b512", f, lg);
    row<polled<p::vector<4>, 128>>("vec4/shuffle/polled/b128", f, lg);
    row<polled<p::scalar<1>, 128>>("scalar1/shuffle/polled/b128", f, lg);
    row<polled<p::vector<1>, 256>>("vec1/shuffle/polled/b256", f, lg);
    row<polled<p::vector<1>, 128>>("vec1/shuffle/polled/b128", f, lg);
    row<polled<p::scalar<1>, 512>>("scalar1/shuffle/polled/b512", f, lg);
  }
#elif PROBE == 22
  data<float> f(22);
  data<double> d(26);
  for (int lg : {16, 18, 20, 22, 24, 26}) row<D>("default-workspace", d, lg);
  for (int lg : {18, 20, 22}) row<D>("default-workspace", f, lg);  // the control: the same PTX in both builds
#else
  data<double> d(22);
  for (int lg : {18, 19, 20, 21, 22}) {
    row<D>("default-workspace", d, lg);
    row<polled<p::vector<4>, 256>>("vec4/shuffle/polled/b256", d, lg);
    row<polled<p::vector<4>, 512>>("vec4/shuffle/polled/b512", d, lg);
    row<polled<p::scalar<4>, 256>>("scalar4/shuffle/polled/b256", d, lg);
    row<polled<p::scalar<4>, 512>>("scalar4/shuffle/polled/b512", d, lg);
  }
#endif
}
