// Half-precision data, summed in float: 16-bit inputs read at full bandwidth, each converted as it is loaded, and a
// float accumulator (the default for __half and __nv_bfloat16), so that 2^24 terms do not drown in half's 11 bits.
//   nvcc -std=c++17 -arch=sm_90 -I include -I policies examples/half_sum.cu -o half_sum && ./half_sum
#include <cuda_fp16.h>

#include <cmath>
#include <cstdio>
#include <random>
#include <vector>

#include <reduce/reduce.cuh>

#include "check.cuh"

int main() {
  if (!have_gpu()) return 0;

  const std::size_t n = std::size_t(1) << 24;
  std::vector<__half> host(n);
  std::mt19937 rng(5);
  std::uniform_real_distribution<float> value(0.f, 1.f);
  double exact = 0, abs_sum = 0;  // of the half values themselves, in double
  for (__half& x : host) {
    x = __float2half(value(rng));
    exact += __half2float(x), abs_sum += std::fabs(__half2float(x));
  }

  __half* d_in = nullptr;
  CHECK(cudaMalloc(&d_in, n * sizeof(__half)));
  CHECK(cudaMemcpy(d_in, host.data(), n * sizeof(__half), cudaMemcpyHostToDevice));

  // 1. The default accumulator of __half is float: the result is a float.
  const float sum = reduce::reduce(d_in, n);
  // 2. Asked for explicitly, in double: the output's type is the accumulator.
  const double sum_double = reduce::reduce<reduce::default_config, double>(d_in, n);
  // 3. Two-phase, into a float on the device.
  float* d_out = nullptr;
  CHECK(cudaMalloc(&d_out, sizeof(float)));
  std::size_t bytes = 0;
  CHECK(reduce::device_reduce({nullptr, bytes}, d_in, d_out, n));
  void* d_temp = nullptr;
  CHECK(cudaMalloc(&d_temp, bytes));
  CHECK(reduce::device_reduce({d_temp, bytes}, d_in, d_out, n));
  float sum2 = 0;
  CHECK(cudaMemcpy(&sum2, d_out, sizeof sum2, cudaMemcpyDeviceToHost));

  std::printf("n = %zu halves\nfloat sum = %.1f, two-phase %.1f, double sum = %.3f (exact %.3f)\n", n, sum, sum2,
              sum_double, exact);
  // The library's float sum is a tree over per-thread runs of a few dozen terms: about 50 roundings deep, within a
  // relative 50 * 2^-24 (3e-6) of the exact sum, so 1e-5 holds. Double: within 1e-9.
  const bool right = std::fabs(sum - exact) <= 1e-5 * abs_sum && std::fabs(sum2 - exact) <= 1e-5 * abs_sum &&
                     std::fabs(sum_double - exact) <= 1e-9 * abs_sum;
  CHECK(cudaFree(d_temp));
  CHECK(cudaFree(d_out));
  CHECK(cudaFree(d_in));
  std::printf("%s\n", right ? "ok" : "WRONG");
  return right ? 0 : 1;
}
