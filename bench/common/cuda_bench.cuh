// What the stand-alone bench programs (bench/nccl, bench/segmented, bench/binned) share: a CUDA call checked (a
// failure prints the call and exits 1), the L2 flush before every sample, by reading a buffer of at least twice the L2
// (a memset would leave dirty lines whose write-back the next kernel pays), the contenders' temporary storage and the
// events around one call.
#pragma once
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>

#define BENCH_CHECK(expr)                                                                         \
  do {                                                                                            \
    const cudaError_t e_ = (expr);                                                                \
    if (e_ != cudaSuccess) {                                                                      \
      std::fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #expr, cudaGetErrorString(e_)); \
      std::exit(1);                                                                               \
    }                                                                                             \
  } while (0)

namespace bench_common {

// Reads the whole buffer; `never` is a value the XOR of the words never takes, so the load is not optimised away.
static __global__ void flush_read(const uint4* p, std::size_t words, unsigned never, unsigned* sink) {
  unsigned acc = 0;
  for (std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x; i < words;
       i += std::size_t(gridDim.x) * blockDim.x)
    acc ^= p[i].x ^ p[i].y ^ p[i].z ^ p[i].w;
  if (acc == never) *sink = acc;
}

// Temporary storage shared by a program's contenders, grown to the largest size asked for; never null, so that a call
// needing none still reads as a run, not as the two-phase size query.
struct scratch {
  void* p = nullptr;
  std::size_t bytes = 0;
  void fit(std::size_t need) {
    if (p && need <= bytes) return;
    BENCH_CHECK(cudaFree(p));
    bytes = std::max<std::size_t>(need, 256);
    BENCH_CHECK(cudaMalloc(&p, bytes));
  }
  ~scratch() { cudaFree(p); }
};

// CUDA events around one call on a stream: call() (a cudaError_t) between them, its time in microseconds.
struct event_timer {
  cudaStream_t stream;
  cudaEvent_t start{}, stop{};
  explicit event_timer(cudaStream_t s) : stream(s) {
    BENCH_CHECK(cudaEventCreate(&start));
    BENCH_CHECK(cudaEventCreate(&stop));
  }
  template <class Call>
  float microseconds(Call call) {
    BENCH_CHECK(cudaEventRecord(start, stream));
    BENCH_CHECK(call());
    BENCH_CHECK(cudaEventRecord(stop, stream));
    BENCH_CHECK(cudaEventSynchronize(stop));
    float ms = 0;
    BENCH_CHECK(cudaEventElapsedTime(&ms, start, stop));
    return ms * 1000;
  }
};

}  // namespace bench_common
