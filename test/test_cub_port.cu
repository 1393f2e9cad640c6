// CUB programs ported by a rename: each call below is written as CUB's documentation writes it, once with cub:: and
// once with reduce::, on the same random data in the same process, and the results compared: integers, min, max,
// argmin and argmax exactly (bits), float sums each against the any-order rounding bound (CUB's order and ours
// differ, so their bits may). Empty inputs give CUB's documented values.
#include <gtest/gtest.h>

#include <climits>
#include <cub/device/device_reduce.cuh>
#include <cuda/functional>
#include <cuda/std/functional>
#include <reduce/cub.cuh>

#include "common.cuh"

namespace {

// From CUB's documentation of DeviceReduce::Reduce: a user's min functor, with no identity.
struct CustomMin {
  template <typename T>
  __device__ __forceinline__ T operator()(const T& a, const T& b) const {
    return (b < a) ? b : a;
  }
};
struct Square {
  __host__ __device__ long long operator()(int x) const { return (long long)x * x; }
};

template <class T>
T read(const T* d) {
  T h{};
  EXPECT_EQ(cudaMemcpy(&h, d, sizeof(T), cudaMemcpyDeviceToHost), cudaSuccess);
  return h;
}

std::vector<int> sizes() {
  if (test::small_only()) return {0, 1, 40000};
  return {0, 1, 7, 256, 1000, 99991, (1 << 20) + 3};
}

// Each call, CUB's and ours on the same input; L is a lambda (auto tag) given cub::DeviceReduce or
// reduce::DeviceReduce as a type, so that each call is written once as a CUB program writes it.
template <class Out, class T, class Program>
void compare(const std::vector<T>& h, Program program, const char* what) {
  const int n = int(h.size());
  test::device_buffer<T> in(h.size());
  if (n) ASSERT_EQ(cudaMemcpy(in.base, h.data(), h.size() * sizeof(T), cudaMemcpyHostToDevice), cudaSuccess);
  test::device_buffer<Out> theirs(1), ours(1);
  ASSERT_EQ(cudaMemset(theirs.base, 0xA5, sizeof(Out)), cudaSuccess);
  ASSERT_EQ(cudaMemset(ours.base, 0xA5, sizeof(Out)), cudaSuccess);
  test::two_phase([&](void* t, std::size_t& b) { return program(cub::DeviceReduce{}, t, b, in.base, theirs.base, n); });
  test::two_phase(
      [&](void* t, std::size_t& b) { return program(reduce::DeviceReduce{}, t, b, in.base, ours.base, n); });
  const Out a = read(theirs.base), b = read(ours.base);
  EXPECT_EQ(0, std::memcmp(&a, &b, sizeof(Out))) << what << " n=" << n;
}

TEST(CubPort, SumMinMaxOfIntegers) {
  REQUIRE_GPU();
  for (int n : sizes()) {
    const auto h = test::random_vector<int>(n, -1 << 20, 1 << 20, n);
    compare<int>(
        h,
        [](auto lib, void* t, std::size_t& b, const int* in, int* out, int n) {
          return decltype(lib)::Sum(t, b, in, out, n);
        },
        "Sum");
    compare<int>(
        h,
        [](auto lib, void* t, std::size_t& b, const int* in, int* out, int n) {
          return decltype(lib)::Min(t, b, in, out, n);
        },
        "Min");
    compare<int>(
        h,
        [](auto lib, void* t, std::size_t& b, const int* in, int* out, int n) {
          return decltype(lib)::Max(t, b, in, out, n);
        },
        "Max");
    compare<int>(
        h,
        [](auto lib, void* t, std::size_t& b, const int* in, int* out, int n) {
          return decltype(lib)::Reduce(t, b, in, out, n, CustomMin{}, 1 << 19);
        },
        "Reduce(CustomMin, init)");
    compare<int>(
        h,
        [](auto lib, void* t, std::size_t& b, const int* in, int* out, int n) {
          return decltype(lib)::Reduce(t, b, in, out, n, cuda::std::plus<>{}, 12345);
        },
        "Reduce(plus, init)");
    compare<long long>(
        h,
        [](auto lib, void* t, std::size_t& b, const int* in, long long* out, int n) {
          return decltype(lib)::TransformReduce(t, b, in, out, n, cuda::std::plus<>{}, Square{}, 7LL);
        },
        "TransformReduce");
    compare<unsigned>(
        test::random_bits<unsigned>(n, n + 1),
        [](auto lib, void* t, std::size_t& b, const unsigned* in, unsigned* out, int n) {
          return decltype(lib)::Reduce(t, b, in, out, n, cuda::std::bit_xor<>{}, 0u);
        },
        "Reduce(bit_xor)");
  }
}

TEST(CubPort, FloatMinMaxExactSumsWithinTheBound) {
  REQUIRE_GPU();
  for (int n : sizes()) {
    const auto h = test::random_vector<float>(n, -1, 1, n + 3);
    compare<float>(
        h,
        [](auto lib, void* t, std::size_t& b, const float* in, float* out, int n) {
          return decltype(lib)::Min(t, b, in, out, n);
        },
        "Min");  // n = 0: FLT_MAX, as CUB writes
    compare<float>(
        h,
        [](auto lib, void* t, std::size_t& b, const float* in, float* out, int n) {
          return decltype(lib)::Max(t, b, in, out, n);
        },
        "Max");
    compare<float>(
        h,
        [](auto lib, void* t, std::size_t& b, const float* in, float* out, int n) {
          return decltype(lib)::Reduce(t, b, in, out, n, cuda::maximum<>{}, -0.5f);
        },
        "Reduce(maximum, init)");
    test::device_buffer<float> in(h.size()), out(1);
    if (n) CUDA_OK(cudaMemcpy(in.base, h.data(), h.size() * sizeof(float), cudaMemcpyHostToDevice));
    test::two_phase([&](void* t, std::size_t& b) { return reduce::DeviceReduce::Sum(t, b, in.base, out.base, n); });
    test::expect_sum_close(read(out.base), h);
    test::two_phase([&](void* t, std::size_t& b) {
      return reduce::DeviceReduce::Reduce(t, b, in.base, out.base, n, cuda::std::plus<>{}, 0.25f);
    });
    auto with_init = h;
    with_init.push_back(0.25f);
    test::expect_sum_close(read(out.base), with_init);
  }
}

TEST(CubPort, ArgMinArgMaxBothForms) {
  REQUIRE_GPU();
  for (int n : sizes()) {
    const auto h = test::random_vector<int>(n, -50, 50, n + 7);  // many ties: the first occurrence wins
    test::device_buffer<int> in(h.size());
    if (n) CUDA_OK(cudaMemcpy(in.base, h.data(), h.size() * sizeof(int), cudaMemcpyHostToDevice));
    const auto both = [&](auto lib, bool max) {
      test::device_buffer<int> value(1);
      test::device_buffer<std::int64_t> index(1);
      EXPECT_EQ(cudaMemset(value.base, 0xA5, sizeof(int)), cudaSuccess);  // an unwritten output cannot pass
      EXPECT_EQ(cudaMemset(index.base, 0xA5, sizeof(std::int64_t)), cudaSuccess);
      test::two_phase([&](void* t, std::size_t& b) {
        return max ? decltype(lib)::ArgMax(t, b, in.base, value.base, index.base, n)
                   : decltype(lib)::ArgMin(t, b, in.base, value.base, index.base, n);
      });
      return std::make_pair(read(value.base), read(index.base));
    };
    if (n == 0) {
      // CUB documents {max(), 1} (ArgMin) and {lowest(), 1} (ArgMax) for an empty input, but its two-output form
      // (CCCL 3.0.1) writes nothing there: the documented values are the reference.
      EXPECT_EQ(both(reduce::DeviceReduce{}, false), std::make_pair(INT_MAX, std::int64_t(1))) << "ArgMin n=0";
      EXPECT_EQ(both(reduce::DeviceReduce{}, true), std::make_pair(INT_MIN, std::int64_t(1))) << "ArgMax n=0";
    } else {
      EXPECT_EQ(both(cub::DeviceReduce{}, false), both(reduce::DeviceReduce{}, false)) << "ArgMin n=" << n;
      EXPECT_EQ(both(cub::DeviceReduce{}, true), both(reduce::DeviceReduce{}, true)) << "ArgMax n=" << n;
    }
    // The older form, one KeyValuePair<int, T> (deprecated in CUB 3).
    const auto pair = [&](auto lib, auto* d_out, bool max) {
      EXPECT_EQ(cudaMemset(d_out, 0xA5, sizeof(*d_out)), cudaSuccess);
      test::two_phase([&](void* t, std::size_t& b) {
        _CCCL_SUPPRESS_DEPRECATED_PUSH
        return max ? decltype(lib)::ArgMax(t, b, in.base, d_out, n) : decltype(lib)::ArgMin(t, b, in.base, d_out, n);
        _CCCL_SUPPRESS_DEPRECATED_POP
      });
      const auto r = read(d_out);
      return std::make_pair(r.key, r.value);
    };
    test::device_buffer<cub::KeyValuePair<int, int>> theirs(1);
    test::device_buffer<reduce::KeyValuePair<int, int>> ours(1);
    EXPECT_EQ(pair(cub::DeviceReduce{}, theirs.base, false), pair(reduce::DeviceReduce{}, ours.base, false))
        << "ArgMin pair n=" << n;
    EXPECT_EQ(pair(cub::DeviceReduce{}, theirs.base, true), pair(reduce::DeviceReduce{}, ours.base, true))
        << "ArgMax pair n=" << n;
  }
}

}  // namespace
