// Transform-reductions on two representative kernels of every Grid policy: sum of squares (float, float -> double,
// half -> float, int8 -> int64 exact), count of elements matching a predicate (64-bit counts, exact), a user
// transform with a max (exact), and the convenience l2_norm / count_if / sum_of_squares. The transform runs after
// the 16-byte loads, so the vector configs exercise it on vector bodies, scalar heads and tails (offsets 0..3).
#include <cmath>
#include <limits>

#include "ext_common.cuh"

namespace {

template <class C>
class Transform : public ::testing::Test {};
TYPED_TEST_SUITE(Transform, test::gtest_types<ext::all_configs>, test::config_name);

template <class C, class Acc, class T>
Acc squares(const std::vector<T>& h, unsigned offset) {
  return ext::run<Acc>(h, offset, [](void* t, std::size_t& b, const T* in, Acc* out, std::uint64_t n) {
    return reduce::device_sum_of_squares<C>({t, b}, in, out, n);
  });
}

// |err| <= n u sum x^2: each square rounds once (u x^2; exact for float -> double and with an FMA), and the sum of
// n positive terms in any order errs by at most (n - 1) u sum x^2.
template <class Acc>
void expect_squares_close(Acc got, const std::vector<float>& x, const std::string& what) {
  long double exact = 0;
  for (float v : x) exact += static_cast<long double>(v) * v;
  const long double u = std::numeric_limits<Acc>::epsilon() / 2.0L;
  EXPECT_LE(std::fabs(got - exact), x.size() * u * exact) << what << " got " << got << " exact " << exact;
}

struct negative {
  __host__ __device__ bool operator()(float x) const { return x < 0; }
};
struct is_zero {
  __host__ __device__ bool operator()(std::int8_t x) const { return x == 0; }
};
// A user transform that takes the index too: |x| weighted by the index's parity.
struct odd_abs {
  __host__ __device__ float operator()(float x, std::uint64_t i) const { return (i & 1) ? fabsf(x) : 0.f; }
};

TYPED_TEST(Transform, SumOfSquares) {
  REQUIRE_GPU();
  ext::for_sizes_and_offsets(test::block_of<TypeParam>, [](std::uint64_t n, unsigned offset) {
    const std::string what = TypeParam::name() + " n=" + std::to_string(n) + " offset=" + std::to_string(offset);
    const auto f = test::random_vector<float>(n, -2, 2, n + offset);
    expect_squares_close(squares<TypeParam, float>(f, offset), f, "float " + what);
    expect_squares_close(squares<TypeParam, double>(f, offset), f, "float->double " + what);
    const auto h = ext::random_narrow<__half>(n, -2, 2, n + offset);
    expect_squares_close(squares<TypeParam, float>(h, offset), ext::widened(h), "half " + what);
    const auto b = ext::random_narrow<std::int8_t>(n, -128, 127, n + offset);
    std::int64_t exact = 0;
    for (std::int8_t v : b) exact += std::int64_t(v) * v;
    EXPECT_EQ((squares<TypeParam, std::int64_t>(b, offset)), exact) << "int8->int64 " << what;
  });
}

TYPED_TEST(Transform, CountIfAndIndexedTransform) {
  REQUIRE_GPU();
  ext::for_sizes_and_offsets(test::block_of<TypeParam>, [](std::uint64_t n, unsigned offset) {
    const std::string what = TypeParam::name() + " n=" + std::to_string(n) + " offset=" + std::to_string(offset);
    const auto f = test::random_vector<float>(n, -1, 1, 5 * n + offset);
    const auto b = ext::random_narrow<std::int8_t>(n, -3, 3, 5 * n + offset);
    std::uint64_t negatives = 0;
    std::int64_t zeros = 0;
    float odd_max = 0;
    for (std::size_t i = 0; i < n; ++i) {
      negatives += f[i] < 0, zeros += b[i] == 0;
      if (i & 1) odd_max = std::max(odd_max, std::fabs(f[i]));
    }
    EXPECT_EQ(
        ext::run<std::uint64_t>(f, offset,
                                [](void* t, std::size_t& s, const float* in, std::uint64_t* out, std::uint64_t m) {
                                  return reduce::device_count_if<TypeParam>({t, s}, in, out, m, negative{});
                                }),
        negatives)
        << what;
    EXPECT_EQ(
        ext::run<std::int64_t>(b, offset,
                               [](void* t, std::size_t& s, const std::int8_t* in, std::int64_t* out, std::uint64_t m) {
                                 return reduce::device_count_if<TypeParam>({t, s}, in, out, m, is_zero{});
                               }),
        zeros)
        << what;
    if constexpr (!std::is_same_v<typename TypeParam::grid, reduce::policy::atomic>) {  // no native float max atomic
      EXPECT_EQ(ext::run<float>(
                    f, offset,
                    [](void* t, std::size_t& s, const float* in, float* out, std::uint64_t m) {
                      return reduce::device_transform_reduce<TypeParam>({t, s}, in, out, m, odd_abs{}, reduce::max{});
                    }),
                n > 0 ? odd_max : -std::numeric_limits<float>::infinity())
          << what;
    }
  });
}

TEST(TransformConvenience, NormCountAndSquares) {
  REQUIRE_GPU();
  const std::size_t n = (1 << 20) + 5;
  const auto f = test::random_vector<float>(n, -1, 1, 11);
  test::device_buffer<float> d(n);
  CUDA_OK(cudaMemcpy(d.base, f.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  long double exact = 0;
  std::uint64_t negatives = 0;
  for (float v : f) exact += static_cast<long double>(v) * v, negatives += v < 0;
  const long double u = std::numeric_limits<float>::epsilon() / 2.0L;
  // sqrt halves the relative error of the sum of squares and adds one rounding.
  EXPECT_NEAR(reduce::l2_norm(d.base, n), std::sqrt(exact), std::sqrt(exact) * (n * u / 2 + u));
  EXPECT_NEAR((reduce::l2_norm<reduce::default_config, double>(d.base, n)), std::sqrt(exact), std::sqrt(exact) * 1e-12);
  EXPECT_EQ(reduce::count_if(d.base, n, negative{}), negatives);
  static_assert(std::is_same_v<decltype(reduce::sum_of_squares((const __half*)nullptr, 0)), float>);
  EXPECT_EQ(reduce::l2_norm(d.base, 0), 0.f);
}

}  // namespace
