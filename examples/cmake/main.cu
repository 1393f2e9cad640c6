// A program built by a CMake project against an installed reduce (examples/cmake/CMakeLists.txt): one reduction of
// random integers, checked against the host's sum.
#include <cstdio>
#include <random>
#include <vector>

#include <reduce/reduce.cuh>

int main() {
  int devices = 0;
  const cudaError_t found = cudaGetDeviceCount(&devices);
  if (found != cudaSuccess || devices == 0) {
    std::printf("reduce %s: built; no CUDA device found (%s), so nothing ran\n", REDUCE_VERSION_STRING,
                found != cudaSuccess ? cudaGetErrorName(found) : "0 devices");
    return 0;
  }
  const std::size_t n = 3'000'017;
  std::vector<int> host(n);
  std::mt19937 rng(1);
  std::uniform_int_distribution<int> value(-1000, 1000);
  long long exact = 0;
  for (int& x : host) exact += x = value(rng);
  int* d_in = nullptr;
  cudaError_t e = cudaMalloc(&d_in, n * sizeof(int));
  if (!e) e = cudaMemcpy(d_in, host.data(), n * sizeof(int), cudaMemcpyHostToDevice);
  if (e) {
    std::printf("CUDA error: %s\n", cudaGetErrorString(e));
    return 1;
  }
  long long sum = 0;
  try {
    sum = reduce::reduce<reduce::default_config, long long>(d_in, n);  // int elements, summed in 64 bits
  } catch (const reduce::error& err) {
    std::printf("reduce failed: %s\n", err.what());
    return 1;
  }
  if ((e = cudaFree(d_in))) {
    std::printf("CUDA error: %s\n", cudaGetErrorString(e));
    return 1;
  }
  std::printf("reduce %s: sum %lld (expected %lld): %s\n", REDUCE_VERSION_STRING, sum, exact,
              sum == exact ? "ok" : "WRONG");
  return sum == exact ? 0 : 1;
}
