// One array spread over every GPU of the machine, summed through NCCL: each GPU reduces its own shard with this
// library's kernels, and NCCL combines the partials. One process drives all the GPUs here (communicators from
// ncclCommInitAll); with one process per GPU (MPI, torchrun) each rank makes the one-rank call instead
// (docs/multi_gpu.md). Needs NCCL (a package of its own, not part of the CUDA toolkit) and two or more GPUs.
//   nvcc -std=c++17 -arch=sm_90 -I include -I policies examples/multi_gpu.cu -lnccl -o multi_gpu && ./multi_gpu
#include <cmath>
#include <cstdlib>
#include <cstdio>
#include <random>
#include <vector>

#include <reduce/nccl.cuh>
#include <reduce/reduce.cuh>

#include "check.cuh"

#define CHECK_NCCL(call)                                                                                           \
  do {                                                                                                             \
    const ncclResult_t check_result = (call);                                                                      \
    if (check_result != ncclSuccess) {                                                                             \
      std::fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__, #call, ncclGetErrorString(check_result)); \
      std::exit(1);                                                                                                \
    }                                                                                                              \
  } while (0)

int main() {
  int k = 0;
  if (cudaGetDeviceCount(&k) != cudaSuccess || k < 2) {
    std::printf("needs 2 or more GPUs (found %d): skipped\n", k);
    return 0;
  }

  // 2^26 random floats in all, in shards of unequal lengths: shard r on GPU r.
  const std::uint64_t total = std::uint64_t(1) << 26;
  std::vector<std::uint64_t> len(k, total / k);
  for (int r = 0; r + 1 < k; ++r) len[r] += r % 2 ? 1000 : 777;
  len[k - 1] = total;
  for (int r = 0; r + 1 < k; ++r) len[k - 1] -= len[r];
  std::vector<float> host(total);
  std::mt19937 rng(11);
  std::uniform_real_distribution<float> value(-1.f, 1.f);
  double exact = 0, abs_sum = 0;
  for (float& x : host) x = value(rng), exact += x, abs_sum += std::fabs(x);

  // NVLink SHARP (multicast) stays off unless you ask for it: the library never uses it, and on a machine whose GPUs
  // others share it is best left alone. Set NCCL_NVLS_ENABLE yourself to let NCCL choose.
  setenv("NCCL_NVLS_ENABLE", "0", 0);
  std::vector<ncclComm_t> comms(k);
  CHECK_NCCL(ncclCommInitAll(comms.data(), k, nullptr));  // GPU r is rank r
  std::vector<reduce::nccl::shard<float, float>> shards(k);
  std::uint64_t at = 0;
  for (int r = 0; r < k; ++r) {
    CHECK(cudaSetDevice(r));
    float* d_in = nullptr;
    float* d_out = nullptr;
    CHECK(cudaMalloc(&d_in, len[r] * sizeof(float)));
    CHECK(cudaMalloc(&d_out, sizeof(float)));
    CHECK(cudaMemcpy(d_in, host.data() + at, len[r] * sizeof(float), cudaMemcpyHostToDevice));
    at += len[r];
    cudaStream_t stream;
    CHECK(cudaStreamCreate(&stream));
    shards[r] = {comms[r], d_in, len[r], d_out, stream};
  }

  // Query every GPU's storage in one call, allocate it on each GPU, then reduce: every rank receives the sum.
  CHECK(reduce::nccl::device_reduce(shards.data(), k));
  for (int r = 0; r < k; ++r) {
    CHECK(cudaSetDevice(r));
    CHECK(cudaMalloc(&shards[r].d_temp, shards[r].temp_bytes));
  }
  const reduce::status s = reduce::nccl::device_reduce(shards.data(), k, reduce::nccl::every_rank, reduce::sum{});
  if (s) {
    std::fprintf(stderr, "reduce::nccl failed: %s (%s)\n", s.message ? s.message : "", cudaGetErrorString(s.code));
    return 1;
  }

  bool right = true;
  for (int r = 0; r < k; ++r) {
    CHECK(cudaSetDevice(r));
    float got = 0;
    CHECK(cudaMemcpyAsync(&got, shards[r].d_out, sizeof got, cudaMemcpyDeviceToHost, shards[r].stream));
    CHECK(cudaStreamSynchronize(shards[r].stream));
    std::printf("GPU %d: %llu elements, sum of all %.3f (exact %.3f)\n", r, (unsigned long long)len[r], got, exact);
    // Each GPU's tree and the rank-order combine: a few dozen roundings deep, far inside a relative 1e-5 of sum|x|.
    right = right && std::fabs(got - exact) <= 1e-5 * abs_sum;
  }

  for (int r = 0; r < k; ++r) {
    CHECK(cudaSetDevice(r));
    CHECK(cudaFree(shards[r].d_temp));
    CHECK(cudaFree(const_cast<float*>(shards[r].d_in)));
    CHECK(cudaFree(shards[r].d_out));
    CHECK(cudaStreamDestroy(shards[r].stream));
    CHECK_NCCL(ncclCommDestroy(comms[r]));
  }
  std::printf("%s\n", right ? "ok" : "WRONG");
  return right ? 0 : 1;
}
