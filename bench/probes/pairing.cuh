// The probes' pairing harness (docs/perf-notes.md, attempts 27 and later), outside the CMake build. Each row samples
// one call on a reduce::workspace and one of CUB's DeviceReduce::Sum alternately (L2 flushed by a read, 20 us idle,
// CUDA events), 41 pairs with the first dropped, and prints the median us, CUB's median and the median per-pair
// ratio. Every result is checked exactly (values in {-1, 0, 1}; float, double or a 32-bit integer). A probe defines
// VARIANT (a label) and includes this.
#pragma once
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cub/device/device_reduce.cuh>
#include <random>
#include <string>
#include <type_traits>
#include <reduce/reduce.cuh>
#include <vector>

#ifndef VARIANT
#define VARIANT "probe"
#endif

namespace p = reduce::policy;
#define CK(x)                                                             \
  do {                                                                    \
    if (cudaError_t e_ = (x)) {                                           \
      std::printf("CUDA %s line %d\n", cudaGetErrorString(e_), __LINE__); \
      std::exit(1);                                                       \
    }                                                                     \
  } while (0)

__global__ void flush_k(const uint4* b, size_t n, unsigned* sink) {
  unsigned x = 0;
  for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < n; i += size_t(gridDim.x) * blockDim.x)
    x ^= b[i].x ^ b[i].w;
  if (x == 0x9e3779b9u) *sink = x;
}
__global__ void settle_k(unsigned long long ns) {
  unsigned long long t0, t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t0));
  do {
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  } while (t - t0 < ns);
}

inline uint4* fbuf;
inline size_t fn = (size_t(256) << 20) / 16;  // 256 MiB: over twice the L2 of an H100 or an H200
inline unsigned* sink;
inline cudaEvent_t e0, e1;

// before: work after the flush and before the idle wait, outside the timed region (probe 27's warm-code rows).
template <class F, class W>
double timed(F f, W before) {
  flush_k<<<132 * 8, 256>>>(fbuf, fn, sink);
  before();
  settle_k<<<1, 1>>>(20000);
  CK(cudaEventRecord(e0));
  f();
  CK(cudaEventRecord(e1));
  CK(cudaEventSynchronize(e1));
  float ms;
  CK(cudaEventElapsedTime(&ms, e0, e1));
  return ms * 1000.0;
}
template <class F>
double timed(F f) {
  return timed(f, [] {});
}
double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

template <class T>
struct data {
  static constexpr size_t slack = 64;  // elements past 2^max_log2, so that an input offset by up to 64 keeps its n
  T* in;
  T* out;
  void* cub_tmp;
  size_t cub_bytes;
  reduce::workspace ws;
  std::vector<T> h;  // the values, in {-1, 0, 1}: every sum below 2^24 is exact in float
  // The twin: a second copy of the input with its own output, workspace and CUB storage, for the warm-code rows.
  T* twin = nullptr;
  T* twin_out = nullptr;
  void* twin_cub_tmp = nullptr;
  reduce::workspace twin_ws;
  explicit data(int max_log2, bool with_twin = false) : h((size_t(1) << max_log2) + slack) {
    std::mt19937 g(7);
    std::uniform_int_distribution<int> d(-1, 1);
    for (T& x : h) x = T(d(g));
    CK(cudaMalloc(&in, h.size() * sizeof(T)));
    CK(cudaMalloc(&out, sizeof(T)));
    CK(cudaMemcpy(in, h.data(), h.size() * sizeof(T), cudaMemcpyHostToDevice));
    CK(cub::DeviceReduce::Sum(nullptr, cub_bytes, in, out, h.size()));
    CK(cudaMalloc(&cub_tmp, cub_bytes));
    if (!with_twin) return;
    CK(cudaMalloc(&twin, h.size() * sizeof(T)));
    CK(cudaMalloc(&twin_out, sizeof(T)));
    CK(cudaMemcpy(twin, h.data(), h.size() * sizeof(T), cudaMemcpyHostToDevice));
    CK(cudaMalloc(&twin_cub_tmp, cub_bytes));
  }
  double exact(size_t skip, size_t n) const {
    double s = 0;
    for (size_t i = skip; i < skip + n; ++i) s += h[i];
    return s;
  }
};

// How a row calls ours: on the workspace; the same, with the code warmed after the flush (each timed call is preceded
// by the same call on the twin: same kernels, other data, so the code is in L2 and the SMs' instruction caches while
// the input is not; needs data<T>(lg, true)); or on raw temporary storage (the CUB-style call, allocated per row).
enum class storage { workspace, warm_code, raw };

// skip: the input starts that many elements past the allocation's (256-byte aligned) start, for ours and CUB's alike.
// n: any count up to the data's 2^max_log2 (printed as 2^k where it is a power of two); row() takes log2(n).
template <class Cfg, class T>
void row_n(const char* name, data<T>& d, size_t n, size_t skip = 0, storage how = storage::workspace) {
  const T* in = d.in + skip;
  const double expected = d.exact(skip, n);
  std::vector<double> ours, cub, ratio;
  int wrong = 0;
  const bool warm_code = how == storage::warm_code;
  size_t raw_bytes = 0;
  void* raw = nullptr;
  if (how == storage::raw) {
    CK(reduce::device_reduce<Cfg>(nullptr, raw_bytes, in, d.out, n));
    CK(cudaMalloc(&raw, std::max<size_t>(raw_bytes, 16)));
  }
  auto call = [&] {
    if (how == storage::raw)
      CK(reduce::device_reduce<Cfg>(raw, raw_bytes, in, d.out, n, reduce::sum{}, cudaStream_t(0)));
    else
      CK(reduce::device_reduce<Cfg>(d.ws, in, d.out, n, reduce::sum{}, cudaStream_t(0)));
  };
  auto check = [&] {
    T h;
    CK(cudaMemcpy(&h, d.out, sizeof(T), cudaMemcpyDeviceToHost));
    wrong += double(h) != expected;
  };
  auto call_cub = [&] { CK(cub::DeviceReduce::Sum(d.cub_tmp, d.cub_bytes, in, d.out, n)); };
  auto warm = [&] {
    if (warm_code)
      CK(reduce::device_reduce<Cfg>(d.twin_ws, d.twin + skip, d.twin_out, n, reduce::sum{}, cudaStream_t(0)));
  };
  auto warm_cub = [&] {
    if (warm_code) CK(cub::DeviceReduce::Sum(d.twin_cub_tmp, d.cub_bytes, d.twin + skip, d.twin_out, n));
  };
  for (int i = 0; i < 41; ++i) {
    double a, b;
    if (i % 2) {
      a = timed(call, warm), check(), b = timed(call_cub, warm_cub);
    } else {
      b = timed(call_cub, warm_cub), a = timed(call, warm), check();
    }
    if (i) ours.push_back(a), cub.push_back(b), ratio.push_back(b / a);
  }
  if (raw) CK(cudaFree(raw));
  std::string label = skip ? std::string(name) + "+" + std::to_string(skip) : std::string(name);
  if (warm_code) label += " warm";
  if (how == storage::raw) label += " raw";
  const char* type =
      std::is_floating_point_v<T> ? (sizeof(T) == 8 ? "double" : "float") : (sizeof(T) == 8 ? "int64" : "int32");
  const std::string size = (n & (n - 1)) ? std::to_string(n) : "2^" + std::to_string(__builtin_ctzll(n));
  std::printf("%s %-6s %-36s %s %8.2f us  CUB %8.2f  ratio %.3f  %s\n", VARIANT, type, label.c_str(), size.c_str(),
              median(ours), median(cub), median(ratio), wrong ? "WRONG" : "ok");
  if (std::getenv("PAIRING_SAMPLES")) {  // every sample in call order, ours then CUB (attempt 34, probe 50)
    std::printf("  samples ours:");
    for (double x : ours) std::printf(" %.2f", x);
    std::printf("\n  samples CUB: ");
    for (double x : cub) std::printf(" %.2f", x);
    std::printf("\n");
  }
}
template <class Cfg, class T>
void row(const char* name, data<T>& d, int lg, size_t skip = 0, storage how = storage::workspace) {
  row_n<Cfg>(name, d, size_t(1) << lg, skip, how);
}

// Median and quartiles of 40 timed calls (one warm-up dropped), in us; with bytes, also the rate and its share of the
// device's theoretical bandwidth (2 x memory clock x bus width / 8, as the bench computes it). Returns the median.
template <class F>
double solo(const char* name, F f, double bytes = 0) {
  std::vector<double> t;
  for (int i = 0; i < 41; ++i) {
    const double x = timed(f);
    if (i) t.push_back(x);
  }
  std::sort(t.begin(), t.end());
  const double med = t[t.size() / 2];
  std::printf("%s %-44s %6.2f us  (quartiles %.2f-%.2f)", VARIANT, name, med, t[t.size() / 4], t[3 * t.size() / 4]);
  if (bytes > 0) {
    int khz = 0, bits = 0;
    CK(cudaDeviceGetAttribute(&khz, cudaDevAttrMemoryClockRate, 0));
    CK(cudaDeviceGetAttribute(&bits, cudaDevAttrGlobalMemoryBusWidth, 0));
    const double peak = 2.0 * khz * 1e3 * bits / 8 / 1e9, gbps = bytes / med / 1e3;
    std::printf("  %7.1f GB/s  %5.2f%% of %.0f", gbps, 100 * gbps / peak, peak);
  }
  std::printf("\n");
  return med;
}

// The configs the probes name: BlockFinish shuffle, Indexing sequential.
template <class Load, class Grid, int Block>
using shuffled = p::config<Load, p::shuffle, p::sequential, Grid, Block>;
template <class Load, int Block>
using polled = shuffled<Load, p::polled<>, Block>;
template <class Load, int Block>
using atomic = shuffled<Load, p::atomic, Block>;
using D = reduce::default_config;

// Runs body() `rounds` times, each after a line "round N" (the rounds of a probe's log).
template <class F>
void in_rounds(int rounds, F body) {
  for (int round = 0; round < rounds; ++round) {
    std::printf("round %d\n", round);
    body();
  }
}

// Allocates the L2-flush buffer and the events; call once at the start of main.
inline void pairing_setup() {
  CK(cudaMalloc(&fbuf, fn * 16));
  CK(cudaMemset(fbuf, 0x5a, fn * 16));
  CK(cudaMalloc(&sink, 4));
  CK(cudaEventCreate(&e0));
  CK(cudaEventCreate(&e1));
}
