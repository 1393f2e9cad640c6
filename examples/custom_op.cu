// Your own op and transform, written as lambdas: the largest magnitude (the infinity norm) through reduce::make_op,
// and the sum of |x| through a transform. A lambda that runs on the GPU must be __host__ __device__, and nvcc needs
// --extended-lambda for it (a plain lambda is refused at compile time with a message that says so).
//   nvcc -std=c++17 -arch=sm_90 --extended-lambda -I include -I policies examples/custom_op.cu -o custom_op
#include <cmath>
#include <cstdio>
#include <random>
#include <vector>

#include <reduce/reduce.cuh>

#include "check.cuh"

int main() {
  if (!have_gpu()) return 0;

  const std::size_t n = 5'000'003;
  std::vector<float> host(n);
  std::mt19937 rng(3);
  std::normal_distribution<float> noise(0.f, 1.f);
  for (float& x : host) x = noise(rng);
  host[4'000'000] = -9.5f;  // the largest magnitude, and negative
  double abs_sum = 0, inf_norm = 0;
  for (float x : host) abs_sum += std::fabs(x), inf_norm = std::fmax(inf_norm, std::fabs(x));

  float* d_in = nullptr;
  CHECK(cudaMalloc(&d_in, n * sizeof(float)));
  CHECK(cudaMemcpy(d_in, host.data(), n * sizeof(float), cudaMemcpyHostToDevice));

  // An op must be associative and commutative, with an identity: here max(|a|, |b|) with identity 0.
  const auto max_abs =
      reduce::make_op([] __host__ __device__(float a, float b) { return fmaxf(fabsf(a), fabsf(b)); }, 0.0f);
  const float norm = reduce::reduce(d_in, n, max_abs);

  // A transform runs on each element as it is loaded; the plain sum then adds the results, here in double.
  const auto magnitude = [] __host__ __device__(float x) { return double(fabsf(x)); };
  const double l1 = reduce::transform_reduce(d_in, n, magnitude);

  // The two-phase form takes the same op: query, then run on a stream.
  float* d_out = nullptr;
  CHECK(cudaMalloc(&d_out, sizeof(float)));
  std::size_t bytes = 0;
  CHECK(reduce::device_reduce({nullptr, bytes}, d_in, d_out, n, max_abs));
  void* d_temp = nullptr;
  CHECK(cudaMalloc(&d_temp, bytes));
  CHECK(reduce::device_reduce({d_temp, bytes}, d_in, d_out, n, max_abs));
  float norm2 = 0;
  CHECK(cudaMemcpy(&norm2, d_out, sizeof norm2, cudaMemcpyDeviceToHost));

  std::printf("max |x| = %.2f, two-phase %.2f (expected %.2f)\nsum |x| = %.3f (expected %.3f)\n", norm, norm2, inf_norm,
              l1, abs_sum);
  // max is exact; a double sum of n terms in any order is within (n - 1) 2^-53 sum|x| (6e-10 of it here) of the exact.
  const bool right = norm == float(inf_norm) && norm2 == norm && std::fabs(l1 - abs_sum) <= 1e-9 * abs_sum;
  CHECK(cudaFree(d_temp));
  CHECK(cudaFree(d_out));
  CHECK(cudaFree(d_in));
  std::printf("%s\n", right ? "ok" : "WRONG");
  return right ? 0 : 1;
}
