// Helpers of the multi-GPU tests: the environment every process gets, GPU counts, communicators for one process
// driving several GPUs, shard layouts, random data and the one-GPU references.
#pragma once
#include <cuda_fp16.h>
#include <cuda_runtime.h>
#include <gtest/gtest.h>
#include <nccl.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <random>
#include <reduce/binned.cuh>
#include <reduce/compensated.cuh>
#include <reduce/nccl.cuh>
#include <reduce/reduce.cuh>
#include <string>
#include <vector>

namespace ntest {

// NVLink multicast stays off in every process these tests start (and in the test itself, before any NCCL call).
inline void no_multicast_environment() {
  setenv("NCCL_NVLS_ENABLE", "0", 1);
  setenv("NVSHMEM_DISABLE_NVLS", "1", 1);
  setenv("TORCH_SYMM_MEM_DISABLE_MULTICAST", "1", 1);
}

inline int gpu_count() {
  static const int count = [] {
    int n = 0;
    return cudaGetDeviceCount(&n) == cudaSuccess ? n : 0;
  }();
  return count;
}

// GPUs for the tests: all of them, at most 4 (REDUCE_NCCL_GPUS=k takes the first k).
inline int test_gpus() {
  int k = gpu_count() < 4 ? gpu_count() : 4;
  if (const char* s = std::getenv("REDUCE_NCCL_GPUS")) k = std::min(k, std::atoi(s));
  return k;
}

#define REQUIRE_GPUS()                                                                  \
  do {                                                                                  \
    if (::ntest::test_gpus() < 2)                                                       \
      GTEST_SKIP() << "fewer than 2 CUDA devices (" << ::ntest::gpu_count()             \
                   << "): multi-GPU test skipped (the host argument checks still run)"; \
  } while (0)

#define REQUIRE_ONE_GPU()                                                                      \
  do {                                                                                         \
    if (::ntest::test_gpus() < 1)                                                              \
      GTEST_SKIP() << "no CUDA device: GPU test skipped (the host argument checks still run)"; \
  } while (0)

#define CUDA_OK(expr)                                                      \
  do {                                                                     \
    const cudaError_t e_ = (expr);                                         \
    ASSERT_EQ(e_, cudaSuccess) << #expr << ": " << cudaGetErrorString(e_); \
  } while (0)
#define NCCL_OK(expr)                                                      \
  do {                                                                     \
    const ncclResult_t r_ = (expr);                                        \
    ASSERT_EQ(r_, ncclSuccess) << #expr << ": " << ncclGetErrorString(r_); \
  } while (0)
#define STATUS_OK(expr)                                                                                      \
  do {                                                                                                       \
    const reduce::status s_ = (expr);                                                                        \
    ASSERT_FALSE(s_) << #expr << ": " << cudaGetErrorName(s_.code) << " " << (s_.message ? s_.message : ""); \
  } while (0)

// A fixed small set of configs: every test kernel is one of these (compile time stays modest).
namespace P = reduce::policy;
using cfg = P::config<P::vector<2>, P::shuffle, P::single_pass<>, 256>;
using repro = P::config<P::vector<2>, P::shuffle, P::reproducible<>, 256>;

// Communicators of one process over the first k GPUs, a stream on each.
struct world {
  int k = 0;
  std::vector<ncclComm_t> comms;
  std::vector<cudaStream_t> streams;
  explicit world(int gpus) : k(gpus), comms(gpus), streams(gpus) {
    std::vector<int> devs(k);
    for (int i = 0; i < k; ++i) devs[i] = i;
    if (ncclCommInitAll(comms.data(), k, devs.data()) != ncclSuccess) k = 0;
    for (int i = 0; i < k; ++i) {
      cudaSetDevice(i);
      cudaStreamCreateWithFlags(&streams[i], cudaStreamNonBlocking);
    }
    cudaSetDevice(0);
  }
  ~world() {
    for (int i = 0; i < k; ++i) {
      cudaSetDevice(i);
      cudaStreamSynchronize(streams[i]);
      cudaStreamDestroy(streams[i]);
      ncclCommDestroy(comms[i]);
    }
    cudaSetDevice(0);
  }
  void sync() const {
    for (int i = 0; i < k; ++i) {
      cudaSetDevice(i);
      cudaStreamSynchronize(streams[i]);
    }
    cudaSetDevice(0);
  }
};

// One world for every test of the process (communicator set-up takes seconds); never destroyed, so that no NCCL or
// CUDA teardown runs after the runtime's own at exit.
inline world& shared_world() {
  static world* w = new world(test_gpus());
  return *w;
}

// Shard lengths over k ranks that add up to total, in a named pattern: even, uneven (ragged, none a tile multiple),
// a leading empty shard, a trailing empty shard, all on one rank.
inline std::vector<std::uint64_t> layout(const std::string& pattern, int k, std::uint64_t total) {
  std::vector<std::uint64_t> len(k, 0);
  if (pattern == "even") {
    for (int r = 0; r < k; ++r) len[r] = total / k + (std::uint64_t(r) < total % k);
  } else if (pattern == "uneven") {
    std::uint64_t left = total;
    for (int r = 0; r < k - 1; ++r) left -= (len[r] = left * (r + 2) / (2 * k + 3) + 7 * r + 1);
    len[k - 1] = left;
  } else if (pattern == "first_empty") {
    for (int r = 1; r < k; ++r) len[r] = total / (k - 1) + (std::uint64_t(r - 1) < total % (k - 1));
  } else if (pattern == "last_empty") {
    for (int r = 0; r < k - 1; ++r) len[r] = total / (k - 1) + (std::uint64_t(r) < total % (k - 1));
  } else {  // "one": everything on the last rank
    len[k - 1] = total;
  }
  return len;
}

// Random data of type T (never all zero): floats in [-1, 1) (or [lo, hi)), integers in a range that keeps products
// odd where asked.
template <class T>
std::vector<T> random_data(std::uint64_t n, std::uint64_t seed, double lo = -1, double hi = 1) {
  std::mt19937_64 g(seed);
  std::vector<T> v(n);
  if constexpr (std::is_integral_v<T>) {
    std::uniform_int_distribution<long long> d(static_cast<long long>(lo), static_cast<long long>(hi));
    for (auto& x : v) x = T(d(g));
  } else {
    std::uniform_real_distribution<double> d(lo, hi);
    for (auto& x : v) x = T(float(d(g)));
  }
  return v;
}

// A device copy of a host vector on the current device (16-byte aligned, as cudaMalloc's is).
template <class T>
struct dvec {
  T* p = nullptr;
  std::size_t n = 0;
  dvec() = default;
  explicit dvec(const std::vector<T>& h) : n(h.size()) {
    cudaMalloc(&p, std::max<std::size_t>(1, n) * sizeof(T));
    if (n) cudaMemcpy(p, h.data(), n * sizeof(T), cudaMemcpyHostToDevice);
  }
  explicit dvec(std::size_t count) : n(count) { cudaMalloc(&p, std::max<std::size_t>(1, n) * sizeof(T)); }
  dvec(dvec&& o) noexcept : p(o.p), n(o.n) { o.p = nullptr; }
  dvec& operator=(dvec&&) = delete;
  ~dvec() { cudaFree(p); }
};

// One GPU's result (device 0, or `device`) over the whole concatenation: the reference of the multi-GPU call.
template <class Cfg, class Acc, class T, class Op, class Tr = reduce::detail::no_transform>
Acc one_gpu(const std::vector<T>& all, Op op, Tr tr = {}, int device = 0) {
  cudaSetDevice(device);
  dvec<T> in(all);
  dvec<Acc> out(1);
  std::size_t bytes = 0;
  reduce::device_transform_reduce<Cfg>({nullptr, bytes}, in.p, out.p, all.size(), tr, op);
  void* temp = nullptr;
  cudaMalloc(&temp, bytes);
  const cudaError_t e = reduce::device_transform_reduce<Cfg>({temp, bytes}, in.p, out.p, all.size(), tr, op);
  Acc r{};
  cudaMemcpy(&r, out.p, sizeof(Acc), cudaMemcpyDeviceToHost);
  cudaFree(temp);
  cudaSetDevice(0);
  if (e) ADD_FAILURE() << "one-GPU reference failed: " << cudaGetErrorString(e);
  return r;
}

template <class Acc>
bool same_bits(const Acc& a, const Acc& b) {
  return std::memcmp(&a, &b, sizeof(Acc)) == 0;
}
template <class T>  // field by field: the struct has padding
bool same_bits(const reduce::indexed<T>& a, const reduce::indexed<T>& b) {
  return a.index == b.index && same_bits(a.value, b.value);
}

}  // namespace ntest
