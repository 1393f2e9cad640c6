// Compensated sums on two representative kernels of every non-atomic Grid policy (the atomic Grid rejects them at
// compile time: ctest compile-fail-atomic-compensated), against exact references:
// - the error bound |err| <= 2u|s| + 2 D^2 u^2 sum|x|, D bounding the depth of any combine tree these kernels build
//   (64 up to 2^21 elements, 128 at 2^24: docs/extensions.md derives it), at every size and offset, float and double;
// - on an ill-conditioned input (condition number ~1e7..1e9) at 2^20 and 2^24: at least 100x smaller error than the
//   plain float sum of the same kernel.
#include <cmath>
#include <limits>
#include <map>

#include "ext_common.cuh"

namespace {

using reduce::compensated;

template <class C>
class Compensated : public ::testing::Test {};
TYPED_TEST_SUITE(Compensated, test::gtest_types<ext::non_atomic_configs>, test::config_name);

template <class F>
long double bound(long double exact, long double abs_sum, std::size_t n) {
  const long double u = std::numeric_limits<F>::epsilon() / 2.0L, depth = n <= (1u << 21) ? 64 : 128;
  return 2 * u * std::fabs(exact) + 2 * depth * depth * u * u * abs_sum;
}

// Generated once per size (2^24 elements take a moment on the host).
const ext::ill_conditioned& ill(std::size_t n) {
  static std::map<std::size_t, ext::ill_conditioned> cache;
  auto it = cache.find(n);
  if (it == cache.end()) it = cache.emplace(n, ext::make_ill_conditioned(n, 2024)).first;
  return it->second;
}

TYPED_TEST(Compensated, IllConditionedHundredTimesBetterThanPlainFloat) {
  REQUIRE_GPU();
  for (std::size_t n : {std::size_t(1) << 20, std::size_t(1) << 24}) {
    if (test::small_only() && n > (1u << 20)) continue;
    const auto& d = ill(n);
    const unsigned offset = n == (1u << 20) ? 3 : 0;
    const float comp = ext::device_sum<TypeParam, compensated<float>>(d.x, offset).value();
    const float plain = ext::device_sum<TypeParam, float>(d.x, offset);
    const long double comp_err = std::fabs(comp - d.exact), plain_err = std::fabs(plain - d.exact);
    EXPECT_LE(comp_err, bound<float>(d.exact, d.abs_sum, d.x.size())) << TypeParam::name() << " n=" << n;
    EXPECT_GE(plain_err, 100 * comp_err) << TypeParam::name() << " n=" << n << ": plain " << plain << ", compensated "
                                         << comp << ", exact " << double(d.exact);
    // The same data in double: compensated<double> is exact up to its final rounding.
    const std::vector<double> x(d.x.begin(), d.x.end());
    const double comp64 = ext::device_sum<TypeParam, compensated<double>>(x, offset).value();
    EXPECT_LE(std::fabs(comp64 - d.exact), bound<double>(d.exact, d.abs_sum, d.x.size()))
        << TypeParam::name() << " n=" << n;
  }
}

// Ordinary data at every size and offset: the bound holds (the reference is the ill-conditioned generator's exact
// sum, so the bound is checked against the true value, not a rounded one).
TYPED_TEST(Compensated, ErrorBoundAtEverySize) {
  REQUIRE_GPU();
  ext::for_sizes_and_offsets(test::block_of<TypeParam>, [](std::uint64_t n, unsigned offset) {
    const auto d = ext::make_ill_conditioned(n, n + offset);
    const float got = ext::device_sum<TypeParam, compensated<float>>(d.x, offset).value();
    EXPECT_LE(std::fabs(got - d.exact), bound<float>(d.exact, d.abs_sum, d.x.size()))
        << TypeParam::name() << " n=" << n << " offset=" << offset;
    // Narrow input into a compensated float accumulator: integer-valued halves, exact.
    std::vector<__half> h(n);
    long long exact = 0;
    for (std::size_t i = 0; i < n; ++i) h[i] = __float2half(float(long(d.x[i]) % 1000)), exact += long(d.x[i]) % 1000;
    EXPECT_EQ((ext::device_sum<TypeParam, compensated<float>>(h, offset).value()), float(exact)) << TypeParam::name();
  });
}

TEST(CompensatedConvenience, ValueOfTheSum) {
  REQUIRE_GPU();
  const auto& d = ill(1 << 20);
  test::device_buffer<float> buf(d.x.size());
  CUDA_OK(cudaMemcpy(buf.base, d.x.data(), d.x.size() * sizeof(float), cudaMemcpyHostToDevice));
  const float got = reduce::compensated_sum(buf.base, d.x.size());
  static_assert(std::is_same_v<decltype(reduce::compensated_sum((const double*)nullptr, 0)), double>);
  EXPECT_LE(std::fabs(got - d.exact), bound<float>(d.exact, d.abs_sum, d.x.size()));
  EXPECT_EQ(reduce::compensated_sum(buf.base, 0), 0.f);
}

}  // namespace
