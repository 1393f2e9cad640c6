// Initial values (reduce::with_init), ops without an identity, and libcu++'s functors, on the one-array calls:
// every result against a host reference on random data (integers exactly; float sums within the any-order bound of
// test::expect_sum_close, with init as one more term), on both storages, over configs of every Combine family and
// sizes around the tile boundaries, at an unaligned address too.
#include <gtest/gtest.h>

#include <cuda/functional>
#include <cuda/std/functional>
#include <reduce/reduce.cuh>

#include "common.cuh"

namespace {

using multipass =
    reduce::policy::config<reduce::policy::vector<4>, reduce::policy::shuffle, reduce::policy::multipass, 256>;
using atomic = reduce::policy::config<reduce::policy::vector<2>, reduce::policy::shuffle, reduce::policy::atomic, 256>;
using threads = reduce::policy::config<reduce::policy::vector<1>, reduce::policy::none, reduce::policy::multipass, 128>;

// An associative, commutative op with no identity member: the larger magnitude, ties to the larger value.
struct larger_magnitude {
  __host__ __device__ int operator()(int a, int b) const {
    const int x = a < 0 ? -a : a, y = b < 0 ? -b : b;
    return x != y ? (x < y ? b : a) : (a < b ? b : a);
  }
};
// A struct accumulator (8 bytes, 4-byte aligned) with an op of no identity: the range of the values seen.
struct range {
  int lo, hi;
};
struct widen_range {
  __host__ __device__ range operator()(const range& a, const range& b) const {
    return {a.lo < b.lo ? a.lo : b.lo, a.hi < b.hi ? b.hi : a.hi};
  }
};
struct as_range {
  __host__ __device__ range operator()(int x) const { return {x, x}; }
};

std::vector<std::uint64_t> sizes() {
  if (test::small_only()) return {0, 1, 255, 40000};
  return {0, 1, 2, 255, 256, 257, 1023, 1025, 99991, (1u << 20) + 3};
}

// Runs `call(temp, bytes, in, out)` (query, then run) into a poisoned output; returns the result.
template <class Out, class T, class Call>
Out run(const std::vector<T>& h, unsigned offset, Call call) {
  test::device_buffer<T> in(h.size() + offset);
  T* d_in = in.base + offset;
  if (!h.empty()) EXPECT_EQ(cudaMemcpy(d_in, h.data(), h.size() * sizeof(T), cudaMemcpyHostToDevice), cudaSuccess);
  test::device_buffer<Out> out(1);
  EXPECT_EQ(cudaMemset(out.base, 0xA5, sizeof(Out)), cudaSuccess);
  std::size_t bytes = 0;
  EXPECT_EQ(call(nullptr, bytes, static_cast<const T*>(d_in), out.base), cudaSuccess);
  test::device_buffer<char> temp(bytes);
  EXPECT_EQ(call(temp.base, bytes, static_cast<const T*>(d_in), out.base), cudaSuccess);
  EXPECT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  Out r{};
  EXPECT_EQ(cudaMemcpy(&r, out.base, sizeof(Out), cudaMemcpyDeviceToHost), cudaSuccess);
  return r;
}

template <class Cfg>
void integer_inits() {
  for (std::uint64_t n : sizes())
    for (unsigned offset : {0u, 3u}) {
      const auto h = test::random_vector<int>(n, -100000, 100000, n + offset);
      const int init = 77777;  // not any op's identity
      const auto call = [&](auto op) {
        return run<int>(h, offset, [&](void* t, std::size_t& b, const int* in, int* out) {
          return reduce::device_reduce<Cfg>({t, b}, in, out, n, reduce::with_init(op, init));
        });
      };
      int want = init;
      for (int x : h) want = int(unsigned(want) + unsigned(x));
      EXPECT_EQ(call(reduce::sum{}), want) << "sum n=" << n << " offset " << offset;
      want = init;
      for (int x : h) want = std::max(want, x);
      EXPECT_EQ(call(reduce::max{}), want) << "max n=" << n;
      EXPECT_EQ(call(cuda::maximum<>{}), want) << "cuda::maximum n=" << n;
      want = init;
      for (int x : h) want = larger_magnitude{}(want, x);
      EXPECT_EQ(call(larger_magnitude{}), want) << "identity-free n=" << n << " offset " << offset;
    }
}

TEST(InitialValue, IntegersExactOnEveryCombine) {
  REQUIRE_GPU();
  integer_inits<reduce::default_config>();
  integer_inits<multipass>();
  integer_inits<threads>();
}

// Where the op has an atomic, the atomic Combine takes an initial value too (folded into element 0 like any other).
TEST(InitialValue, AtomicCombine) {
  REQUIRE_GPU();
  for (std::uint64_t n : sizes()) {
    const auto h = test::random_vector<int>(n, -1000, 1000, n);
    int want = -5;
    for (int x : h) want += x;
    EXPECT_EQ(
        (run<int>(h, 1,
                  [&](void* t, std::size_t& b, const int* in, int* out) {
                    return reduce::device_reduce<atomic>({t, b}, in, out, n, reduce::with_init(reduce::sum{}, -5));
                  })),
        want)
        << "n=" << n;
  }
}

TEST(InitialValue, FloatSumWithinTheAnyOrderBound) {
  REQUIRE_GPU();
  for (std::uint64_t n : sizes()) {
    auto h = test::random_vector<float>(n, -1, 1, n + 5);
    const float init = 1000.5f;
    const float got = run<float>(h, 2, [&](void* t, std::size_t& b, const float* in, float* out) {
      return reduce::device_reduce({t, b}, in, out, n, reduce::with_init(cuda::std::plus<>{}, init));
    });
    h.push_back(init);  // init is one more term of the sum
    test::expect_sum_close(got, h);
  }
}

TEST(InitialValue, StructWithoutIdentityOnAWorkspace) {
  REQUIRE_GPU();
  reduce::workspace ws;
  for (std::uint64_t n : sizes()) {
    const auto h = test::random_vector<int>(n, -1 << 30, 1 << 30, 3 * n);
    test::device_buffer<int> in(n + 1);
    if (n) CUDA_OK(cudaMemcpy(in.base + 1, h.data(), n * sizeof(int), cudaMemcpyHostToDevice));
    test::device_buffer<range> out(1);
    CUDA_OK(cudaMemset(out.base, 0xA5, sizeof(range)));
    const range init{5, 6};
    CUDA_OK(reduce::device_transform_reduce(ws, in.base + 1, out.base, n, as_range{},
                                            reduce::with_init(widen_range{}, init)));
    range got{};
    CUDA_OK(cudaMemcpy(&got, out.base, sizeof(range), cudaMemcpyDeviceToHost));
    range want = init;
    for (int x : h) want = widen_range{}(want, {x, x});
    EXPECT_EQ(got.lo, want.lo) << "n=" << n;
    EXPECT_EQ(got.hi, want.hi) << "n=" << n;
  }
}

// libcu++'s functors without an initial value run as the library's ops: the same bits as sum, min and max.
TEST(LibraryFunctors, SameBitsAsTheLibrarysOps) {
  REQUIRE_GPU();
  const std::uint64_t n = test::small_only() ? 40000 : 1000003;
  const auto h = test::random_vector<float>(n, -1, 1, 9);
  const auto with = [&](auto op) {
    return run<float>(h, 0, [&](void* t, std::size_t& b, const float* in, float* out) {
      return reduce::device_reduce({t, b}, in, out, n, op);
    });
  };
  EXPECT_EQ(with(cuda::std::plus<>{}), with(reduce::sum{}));
  EXPECT_EQ(with(cuda::std::plus<float>{}), with(reduce::sum{}));
  EXPECT_EQ(with(cuda::minimum<>{}), with(reduce::min{}));
  EXPECT_EQ(with(cuda::maximum<float>{}), with(reduce::max{}));
  EXPECT_EQ(with(reduce::max{}), *std::max_element(h.begin(), h.end()));
}

// cuda::std::plus<> over a user's struct with an operator+ is that functor (the library knows no identity of the
// struct): it reduces with an initial value, as CUB's Reduce takes one.
struct pair_sum {
  int a, b;
  __host__ __device__ pair_sum operator+(const pair_sum& o) const { return {a + o.a, b + o.b}; }
};
struct to_pair {
  __host__ __device__ pair_sum operator()(int x) const { return {x, -2 * x}; }
};
TEST(LibraryFunctors, PlusOverAStructTakesAnInitialValue) {
  REQUIRE_GPU();
  for (std::uint64_t n : sizes()) {
    const auto h = test::random_vector<int>(n, -1000, 1000, n + 11);
    test::device_buffer<int> in(n);
    if (n) CUDA_OK(cudaMemcpy(in.base, h.data(), n * sizeof(int), cudaMemcpyHostToDevice));
    test::device_buffer<pair_sum> out(1);
    std::size_t bytes = 0;
    const auto op = reduce::with_init(cuda::std::plus<>{}, pair_sum{3, 4});
    CUDA_OK(reduce::device_transform_reduce({nullptr, bytes}, in.base, out.base, n, to_pair{}, op));
    test::device_buffer<char> temp(bytes);
    CUDA_OK(reduce::device_transform_reduce({temp.base, bytes}, in.base, out.base, n, to_pair{}, op));
    pair_sum got{};
    CUDA_OK(cudaMemcpy(&got, out.base, sizeof(got), cudaMemcpyDeviceToHost));
    pair_sum want{3, 4};
    for (int x : h) want = want + to_pair{}(x);
    EXPECT_EQ(got.a, want.a) << "n=" << n;
    EXPECT_EQ(got.b, want.b) << "n=" << n;
  }
}

// The one-call form takes an initial value too.
TEST(InitialValue, ToHost) {
  REQUIRE_GPU();
  const auto h = test::random_vector<int>(5000, -9, 9, 1);
  test::device_buffer<int> in(h.size());
  CUDA_OK(cudaMemcpy(in.base, h.data(), h.size() * sizeof(int), cudaMemcpyHostToDevice));
  int want = 1 << 20;
  for (int x : h) want += x;
  EXPECT_EQ(reduce::reduce(in.base, h.size(), reduce::with_init(reduce::sum{}, 1 << 20)), want);
  EXPECT_EQ(reduce::reduce(in.base, 0, reduce::with_init(larger_magnitude{}, -3)), -3);
}

}  // namespace
