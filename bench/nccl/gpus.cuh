// The bench's GPUs: a stream, the data, an L2 flush buffer and the contenders' storage on each, for one process
// driving the first g GPUs (machine) or one process per GPU (process_mode.cuh); the data of element i (global index) is
// a hash of i in [0, 1).
#pragma once
#include <cuda_runtime.h>
#include <nccl.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "../common/cuda_bench.cuh"

#define BENCH_NCCL(expr)                                                                          \
  do {                                                                                            \
    const ncclResult_t r_ = (expr);                                                               \
    if (r_ != ncclSuccess) {                                                                      \
      std::fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #expr, ncclGetErrorString(r_)); \
      std::exit(1);                                                                               \
    }                                                                                             \
  } while (0)

namespace nbench {

__global__ void fill_hash(float* p, std::uint64_t n, std::uint64_t first) {
  for (std::uint64_t i = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; i < n;
       i += std::uint64_t(gridDim.x) * blockDim.x) {
    std::uint64_t x = (first + i) * 0x9E3779B97F4A7C15ull;
    x ^= x >> 31;
    p[i] = float(x >> 40) * (1.0f / 16777216.0f);  // 24 random bits: exact in float, in [0, 1)
  }
}

using bench_common::flush_read;

struct gpu {
  int device = 0;
  cudaStream_t stream = nullptr;
  float* data = nullptr;
  std::uint64_t capacity = 0;  // elements
  float *out = nullptr, *partial = nullptr;
  void *temp = nullptr, *cub_temp = nullptr;
  std::size_t temp_bytes = 0, cub_bytes = 0;
  uint4* flush = nullptr;
  std::size_t flush_words = 0;
  unsigned* sink = nullptr;
};

// Grows a device allocation (outside any timed region).
inline void ensure(void*& p, std::size_t& have, std::size_t need) {
  if (need <= have && p) return;
  if (p) BENCH_CHECK(cudaFree(p));
  BENCH_CHECK(cudaMalloc(&p, std::max<std::size_t>(need, 16)));
  have = need;
}

// Opens GPU `device` for the bench: a stream, capacity elements of data, the output and partial slots, the L2 flush
// buffer. close_gpu() releases them.
inline void open_gpu(gpu& g, int device, std::uint64_t capacity) {
  g.device = device;
  BENCH_CHECK(cudaSetDevice(device));
  BENCH_CHECK(cudaStreamCreateWithFlags(&g.stream, cudaStreamNonBlocking));
  g.capacity = capacity;
  BENCH_CHECK(cudaMalloc(&g.data, std::max<std::uint64_t>(g.capacity, 4) * sizeof(float)));
  BENCH_CHECK(cudaMalloc(&g.out, 16));
  BENCH_CHECK(cudaMalloc(&g.partial, 16));
  BENCH_CHECK(cudaMalloc(&g.sink, 16));
  int l2 = 0;
  BENCH_CHECK(cudaDeviceGetAttribute(&l2, cudaDevAttrL2CacheSize, device));
  g.flush_words = std::max<std::size_t>(std::size_t(4) * l2, 256u << 20) / sizeof(uint4);
  BENCH_CHECK(cudaMalloc(&g.flush, g.flush_words * sizeof(uint4)));
  BENCH_CHECK(cudaMemset(g.flush, 1, g.flush_words * sizeof(uint4)));
}
inline void close_gpu(gpu& g) {
  cudaSetDevice(g.device);
  cudaFree(g.data), cudaFree(g.out), cudaFree(g.partial), cudaFree(g.sink), cudaFree(g.flush);
  cudaFree(g.temp), cudaFree(g.cub_temp);
  cudaStreamDestroy(g.stream);
}
// Enqueues the fill of a shard with the elements [first, first + n) of the whole input; or an L2 flush (a read of
// 4x the L2, at least 256 MiB).
inline void fill(gpu& g, std::uint64_t n, std::uint64_t first) {
  BENCH_CHECK(cudaSetDevice(g.device));
  fill_hash<<<4096, 256, 0, g.stream>>>(g.data, n, first);
  BENCH_CHECK(cudaGetLastError());
}
inline void flush(gpu& g) {
  BENCH_CHECK(cudaSetDevice(g.device));
  flush_read<<<1024, 512, 0, g.stream>>>(g.flush, g.flush_words, 0x9e3779b9u, g.sink);
}

struct machine {
  std::vector<gpu> gpus;
  explicit machine(int count, const std::vector<std::uint64_t>& capacity) : gpus(count) {
    for (int r = 0; r < count; ++r) open_gpu(gpus[r], r, capacity[r]);
  }
  ~machine() {
    for (gpu& g : gpus) close_gpu(g);
  }
  // Rank r of g GPUs holds the elements [first(r), first(r + 1)) of n.
  static std::uint64_t first(std::uint64_t n, int g, int r) { return n / g * r + std::min<std::uint64_t>(r, n % g); }
  void fill(std::uint64_t n, int g) {
    for (int r = 0; r < g; ++r) nbench::fill(gpus[r], first(n, g, r + 1) - first(n, g, r), first(n, g, r));
    sync(g);
  }
  void flush(int g) {
    for (int r = 0; r < g; ++r) nbench::flush(gpus[r]);
    sync(g);
  }
  void sync(int g) {
    for (int r = 0; r < g; ++r) {
      BENCH_CHECK(cudaSetDevice(r));
      BENCH_CHECK(cudaStreamSynchronize(gpus[r].stream));
    }
  }
  // Host wall clock from the start of launch() to the end of the last stream, in microseconds; host_us: until
  // launch() returned.
  double host_us = 0;
  template <class Launch>
  double time(int g, Launch launch) {
    const auto t0 = std::chrono::steady_clock::now();
    launch();
    host_us = std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count();
    sync(g);
    return std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count();
  }
};

}  // namespace nbench
