// Test helpers: device detection (GPU tests skip cleanly without one), device buffers, random data, references.
#pragma once
#include <cuda_runtime.h>
#include <gtest/gtest.h>

#include <boost/mp11.hpp>
#include <algorithm>
#include <cctype>
#include <cstring>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <map>
#include <memory>
#include <random>
#include <reduce/matrix.cuh>
#include <reduce/reduce.cuh>
#include <type_traits>
#include <utility>
#include <vector>

namespace test {

inline bool have_device() {
  static const bool yes = [] {
    int n = 0;
    return cudaGetDeviceCount(&n) == cudaSuccess && n > 0;
  }();
  return yes;
}

#define REQUIRE_GPU()                                                                                      \
  do {                                                                                                     \
    if (!::test::have_device()) GTEST_SKIP() << "no CUDA device: GPU test skipped (host tests still run)"; \
  } while (0)

// Evaluates expr once (a second evaluation on failure would repeat the call: a second allocation, a second launch).
#define CUDA_OK(expr)                                                                              \
  do {                                                                                             \
    const cudaError_t cuda_ok_status = (expr);                                                     \
    ASSERT_EQ(cuda_ok_status, cudaSuccess) << #expr << ": " << cudaGetErrorString(cuda_ok_status); \
  } while (0)

// Device memory that frees itself. 256 bytes of slack in front let tests offset the base pointer.
template <class T>
struct device_buffer {
  T* base = nullptr;
  std::size_t count = 0;
  explicit device_buffer(std::size_t n) : count(n) {
    if (cudaMalloc(&base, (n + 64) * sizeof(T) + 256) != cudaSuccess) base = nullptr;
  }
  ~device_buffer() { cudaFree(base); }
  device_buffer(const device_buffer&) = delete;
  device_buffer& operator=(const device_buffer&) = delete;
};

// Runs call(d_temp, bytes) in two phases, CUB style (the size query, an allocation, the run), and synchronises.
template <class Call>
void two_phase(Call call) {
  std::size_t bytes = 0;
  ASSERT_EQ(call(nullptr, bytes), cudaSuccess);
  device_buffer<char> temp(bytes);
  ASSERT_EQ(call(temp.base, bytes), cudaSuccess);
  ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
}

// REDUCE_TEST_SMALL=1 (set by test/sanitize.sh) keeps the runs short enough for compute-sanitizer: one size smaller
// than a block and one spanning many blocks.
inline bool small_only() {
  const char* s = std::getenv("REDUCE_TEST_SMALL");
  return s && *s && *s != '0';
}

// The standard sizes of the engine's tests for a block of `block` threads.
inline std::vector<std::uint64_t> standard_sizes(int block) {
  if (small_only()) return {std::uint64_t(block - 1), 40000};  // 40000: 5 tiles of the largest (vec4 x 512)
  std::mt19937_64 rng(block);
  return {0,
          1,
          2,
          31,
          32,
          33,
          std::uint64_t(block - 1),
          std::uint64_t(block),
          std::uint64_t(block + 1),
          99991,  // a prime near 10^5
          (1u << 20) + 3,
          9'000'000 + rng() % 2'000'000};  // near 10^7
}

// Reduces n elements at d_in with Cfg on the device (two-phase: query, then run); the output is poisoned first so an
// unwritten result cannot pass. Returns the device result.
template <class Cfg, class Acc, class T, class Op>
Acc run_device_at(const T* d_in, std::uint64_t n, Op op, cudaError_t* status = nullptr) {
  device_buffer<Acc> out(1);
  EXPECT_EQ(cudaMemset(out.base, 0xA5, sizeof(Acc)), cudaSuccess);
  std::size_t bytes = 0;
  EXPECT_EQ(reduce::device_reduce<Cfg>({nullptr, bytes}, d_in, out.base, n, op), cudaSuccess);
  device_buffer<char> temp(bytes);
  cudaError_t e = reduce::device_reduce<Cfg>({temp.base, bytes}, d_in, out.base, n, op);
  if (status) *status = e;
  EXPECT_EQ(e, cudaSuccess) << cudaGetErrorString(e);
  EXPECT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  Acc r{};
  EXPECT_EQ(cudaMemcpy(&r, out.base, sizeof(Acc), cudaMemcpyDeviceToHost), cudaSuccess);
  return r;
}

// Reduces h (copied to d_in + offset) with Cfg on the device. Returns the device result.
template <class Cfg, class Acc, class T, class Op>
Acc run_device(const std::vector<T>& h, unsigned offset, Op op, cudaError_t* status = nullptr) {
  device_buffer<T> in(h.size() + offset);
  T* d_in = in.base + offset;
  if (!h.empty()) EXPECT_EQ(cudaMemcpy(d_in, h.data(), h.size() * sizeof(T), cudaMemcpyHostToDevice), cudaSuccess);
  return run_device_at<Cfg, Acc>(d_in, h.size(), op, status);
}

// Host reference with the same operator, folded left to right in Acc (exact for integers and min/max).
template <class Acc, class T, class Op>
Acc reference(const std::vector<T>& h, Op op) {
  Acc r = op.template identity<Acc>();
  for (const T& x : h) r = op(r, Acc(x));
  return r;
}

// Floating-point sum check: long double reference, tolerance (n-1) * u * sum|x|, which bounds the rounding error
// of ANY summation order of n terms in a format with unit roundoff u (every policy, atomics included).
template <class Acc, class T>
void expect_sum_close(Acc got, const std::vector<T>& h) {
  long double exact = 0, abs_sum = 0;
  for (const T& x : h) exact += x, abs_sum += std::fabs(static_cast<long double>(x));
  const long double u = std::numeric_limits<Acc>::epsilon() / 2;
  const long double tol = (h.size() > 1 ? h.size() - 1 : 0) * u * abs_sum;
  EXPECT_LE(std::fabs(static_cast<long double>(got) - exact), tol) << "n=" << h.size() << " got " << got;
}

// Random values of type T in [lo, hi] (integers) or [lo, hi) (floating point).
template <class T>
std::vector<T> random_vector(std::size_t n, double lo, double hi, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<T> v(n);
  if constexpr (std::is_floating_point_v<T>) {
    std::uniform_real_distribution<double> d(lo, hi);
    for (auto& x : v) x = T(d(rng));
  } else {
    std::uniform_int_distribution<long long> d((long long)lo, (long long)hi);
    for (auto& x : v) x = T(d(rng));
  }
  return v;
}

// Full-range random bits for integer types.
template <class T>
std::vector<T> random_bits(std::size_t n, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<T> v(n);
  for (auto& x : v) x = T(rng());
  return v;
}

// Values in {-1, 0, 1}: every partial sum is an integer of magnitude <= n < 2^24, so float addition is exact in any
// order and the result must equal the integer sum bit for bit: a lost or doubled element cannot hide. The input of
// each (n, offset) is drawn and copied to the device once per process and shared by every kernel that sums it: the
// kernels are many, and drawing ten million values each time cost more than all their runs.
struct exact_input {
  device_buffer<float> d;
  long long exact = 0;
  exact_input(std::uint64_t n, unsigned offset) : d(n + offset) {
    const auto ints = random_vector<int>(n, -1, 1, n * 7 + offset);
    const std::vector<float> h(ints.begin(), ints.end());
    for (int v : ints) exact += v;
    if (n) EXPECT_EQ(cudaMemcpy(d.base + offset, h.data(), n * sizeof(float), cudaMemcpyHostToDevice), cudaSuccess);
  }
};
inline const exact_input& exact_input_of(std::uint64_t n, unsigned offset) {
  static std::map<std::pair<std::uint64_t, unsigned>, std::unique_ptr<exact_input>> inputs;
  auto& in = inputs[{n, offset}];
  if (!in) in = std::make_unique<exact_input>(n, offset);
  return *in;
}

template <class C>
void expect_exact_sum(std::uint64_t n, unsigned offset) {
  const exact_input& in = exact_input_of(n, offset);
  ASSERT_EQ((run_device_at<C, float>(in.d.base + offset, n, reduce::sum{})), float(in.exact))
      << C::name() << " n=" << n << " offset=" << offset;
}

// A heavy test source compiled as several translation units (test/CMakeLists.txt, reduce_test_parts), so that its
// kernels compile in parallel: part k of K takes every K-th configuration of each typed test's list, and the plain
// TESTs run in part 0 alone. A source compiled whole takes every configuration.
#ifdef REDUCE_TEST_PART
template <class L>
using part = reduce::matrix::shard<L, REDUCE_TEST_PART, REDUCE_TEST_PARTS>;
#define REDUCE_TEST_FIRST_PART (REDUCE_TEST_PART == 0)
#else
template <class L>
using part = L;
#define REDUCE_TEST_FIRST_PART 1
#endif

// gtest's Types from an Mp11 list.
template <class L>
using gtest_types = boost::mp11::mp_rename<L, ::testing::Types>;

// Names typed tests by the policy's own name, never a demangled type.
// The config a test probes sizes around: the config itself, or for the tuned default (a table of kernels of several
// block sizes) its fallback.
template <class C>
struct probe_config {
  using type = C;
};
template <class F>
struct probe_config<reduce::policy::tuned<F>> {
  using type = F;
};
template <class C>
inline constexpr int block_of = probe_config<C>::type::block;

struct config_name {
  template <class C>
  static std::string GetName(int) {
    std::string s = C::name();
    for (char& c : s)
      if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
    return s;
  }
};

// The bits of a value of up to 8 bytes (exact comparison of floating results, signed zeros and NaN included).
template <class T>
std::uint64_t bits_of(T v) {
  static_assert(sizeof(T) <= sizeof(std::uint64_t), "bits_of: values of up to 8 bytes");
  std::uint64_t b = 0;
  std::memcpy(&b, &v, sizeof(T));
  return b;
}

}  // namespace test
