// Where are the smallest and the largest values? argmin, argmax and both in one pass: the value and the 64-bit index
// of its first occurrence.
//   nvcc -std=c++17 -arch=sm_90 -I include -I policies examples/argmin.cu -o argmin && ./argmin
#include <algorithm>
#include <cstdio>
#include <random>
#include <vector>

#include <reduce/reduce.cuh>

#include "check.cuh"

int main() {
  if (!have_gpu()) return 0;

  // Ten million random temperatures, with a tie for the coldest: the first occurrence is the answer.
  const std::size_t n = 10'000'000;
  std::vector<float> host(n);
  std::mt19937 rng(42);
  std::uniform_real_distribution<float> temperature(-20.f, 45.f);
  for (float& x : host) x = temperature(rng);
  host[7'654'321] = host[1'234'567] = -40.f;
  const std::size_t coldest = std::min_element(host.begin(), host.end()) - host.begin();  // 1'234'567
  const std::size_t hottest = std::max_element(host.begin(), host.end()) - host.begin();

  float* d_in = nullptr;
  CHECK(cudaMalloc(&d_in, n * sizeof(float)));
  CHECK(cudaMemcpy(d_in, host.data(), n * sizeof(float), cudaMemcpyHostToDevice));

  // 1. One call each: the pair comes back to the host (reduce::error is thrown on failure).
  const reduce::indexed<float> lo = reduce::argmin(d_in, n);
  const reduce::indexed<float> hi = reduce::argmax(d_in, n);
  std::printf("argmin: x[%llu] = %.2f\nargmax: x[%llu] = %.2f\n", (unsigned long long)lo.index, lo.value,
              (unsigned long long)hi.index, hi.value);

  // 2. Both in one pass, asynchronously on a stream, CUB style: query the storage, then run.
  cudaStream_t stream;
  CHECK(cudaStreamCreate(&stream));
  reduce::extrema<float>* d_both = nullptr;
  CHECK(cudaMalloc(&d_both, sizeof(reduce::extrema<float>)));
  std::size_t bytes = 0;
  CHECK(reduce::device_argminmax({nullptr, bytes}, d_in, d_both, n, stream));
  void* d_temp = nullptr;
  CHECK(cudaMalloc(&d_temp, bytes));
  CHECK(reduce::device_argminmax({d_temp, bytes}, d_in, d_both, n, stream));
  reduce::extrema<float> both;
  CHECK(cudaMemcpyAsync(&both, d_both, sizeof both, cudaMemcpyDeviceToHost, stream));
  CHECK(cudaStreamSynchronize(stream));
  std::printf("argminmax: x[%llu] and x[%llu]\n", (unsigned long long)both.min.index,
              (unsigned long long)both.max.index);

  const bool right = lo.index == coldest && lo.value == -40.f && hi.index == hottest && hi.value == host[hottest] &&
                     both.min.index == coldest && both.max.index == hottest;
  CHECK(cudaFree(d_temp));
  CHECK(cudaFree(d_both));
  CHECK(cudaStreamDestroy(stream));
  CHECK(cudaFree(d_in));
  std::printf("%s\n", right ? "ok" : "WRONG");
  return right ? 0 : 1;
}
