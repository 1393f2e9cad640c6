// The README's first example: fill an array on the GPU, reduce it three ways, print the results.
//   nvcc -std=c++17 -arch=sm_90 -I include -I policies examples/sum.cu -o sum && ./sum
#include <cmath>
#include <cstdio>
#include <vector>

#include <reduce/reduce.cuh>

#include "check.cuh"

int main() {
  if (!have_gpu()) return 0;

  // 2^24 floats: x[i] = (i % 100) / 100, so the exact sum is known.
  const std::size_t n = std::size_t(1) << 24;
  std::vector<float> host(n);
  double exact = 0;
  for (std::size_t i = 0; i < n; ++i) exact += host[i] = float(i % 100) / 100.0f;

  float* d_in = nullptr;
  CHECK(cudaMalloc(&d_in, n * sizeof(float)));
  CHECK(cudaMemcpy(d_in, host.data(), n * sizeof(float), cudaMemcpyHostToDevice));

  bool right = true;
  try {
    // 1. The simplest call: the tuned default kernel for this GPU, the sum back on the host.
    const float sum = reduce::reduce(d_in, n);
    // 2. A wider accumulator and another op: the maximum, accumulated in double.
    const double max = reduce::reduce<reduce::default_config, double>(d_in, n, reduce::max{});
    std::printf("n = %zu\nsum = %.1f (exact %.1f)\nmax = %.2f\n", n, sum, exact, max);
    // A float sum of 2^24 terms rounds: within a relative 1e-5 (the tree's error bound is about 24 roundings).
    right = std::fabs(sum - exact) <= 1e-5 * exact && max == double(0.99f);
  } catch (const reduce::error& e) {  // a bad argument or a CUDA error, with a message that says which
    std::printf("reduce failed: %s\n", e.what());
    return 1;
  }

  // 3. The asynchronous two-phase call, CUB style: ask for the temporary storage, then run on a stream. With no
  // config named it runs the tuned default; reduce::device_reduce<Cfg>(...) names one.
  float* d_out = nullptr;
  CHECK(cudaMalloc(&d_out, sizeof(float)));
  std::size_t temp_bytes = 0;
  CHECK(reduce::device_reduce({nullptr, temp_bytes}, d_in, d_out, n));  // size query: nothing runs
  void* d_temp = nullptr;
  CHECK(cudaMalloc(&d_temp, temp_bytes));
  CHECK(reduce::device_reduce({d_temp, temp_bytes}, d_in, d_out, n));  // on the default stream
  float sum2 = 0;
  CHECK(cudaMemcpy(&sum2, d_out, sizeof(float), cudaMemcpyDeviceToHost));  // waits for the reduction
  std::printf("two-phase sum = %.1f\n", sum2);
  right = right && std::fabs(sum2 - exact) <= 1e-5 * exact;

  CHECK(cudaFree(d_temp));
  CHECK(cudaFree(d_out));
  CHECK(cudaFree(d_in));
  std::printf("%s\n", right ? "ok" : "WRONG");
  return right ? 0 : 1;
}
