// NaN and infinities. The semantic (docs/reliability.md): min and max propagate NaN (any NaN in the input gives NaN,
// wherever it is); over all +inf or all -inf they give that infinity; a sum follows IEEE arithmetic (inf + finite =
// inf, inf + -inf = NaN, NaN + x = NaN), which is order-independent for these cases. Same on every Grid policy
// (atomic grids have no float min/max: rejected at compile time), float and double, at several sizes and offsets.
#include "configs.cuh"

namespace {

template <class C>
class SpecialValues : public ::testing::Test {};
TYPED_TEST_SUITE(SpecialValues, test::gtest_types<test::one_per_grid>, test::config_name);

std::vector<std::uint64_t> sizes(int block) {
  if (test::small_only()) return {1, 2, std::uint64_t(block + 1)};
  return {1, 2, 33, std::uint64_t(block + 1), 99991, 1'000'003};
}

template <class C, class T, class Op>
T run(std::vector<T> h, unsigned offset, Op op) {
  return test::run_device<C, T>(h, offset, op);
}

template <class C, class T>
void check_type() {
  const T inf = std::numeric_limits<T>::infinity(), nan = std::numeric_limits<T>::quiet_NaN();
  for (std::uint64_t n : sizes(test::block_of<C>)) {
    const unsigned offset = unsigned(n % 4);
    const std::string where = C::name() + " n=" + std::to_string(n);
    // Sums: one +inf among finite values; +inf and -inf; one NaN.
    auto h = test::random_vector<T>(n, -1, 1, n);
    h[n / 2] = inf;
    EXPECT_EQ((run<C>(h, offset, reduce::sum{})), inf) << where;
    if (n > 1) {
      h[0] = -inf;
      EXPECT_TRUE(std::isnan(run<C>(h, offset, reduce::sum{}))) << where;
    }
    h = test::random_vector<T>(n, -1, 1, n + 1);
    h[n - 1] = nan;
    EXPECT_TRUE(std::isnan(run<C>(h, offset, reduce::sum{}))) << where;
    if constexpr (!test::is_atomic<C>) {
      // Min and max over all +inf, all -inf.
      EXPECT_EQ((run<C>(std::vector<T>(n, inf), offset, reduce::min{})), inf) << where;
      EXPECT_EQ((run<C>(std::vector<T>(n, inf), offset, reduce::max{})), inf) << where;
      EXPECT_EQ((run<C>(std::vector<T>(n, -inf), offset, reduce::min{})), -inf) << where;
      EXPECT_EQ((run<C>(std::vector<T>(n, -inf), offset, reduce::max{})), -inf) << where;
      // One NaN first, in the middle, last, among finite values and infinities: NaN wins either way.
      for (std::uint64_t at : {std::uint64_t(0), n / 2, n - 1}) {
        auto g = test::random_vector<T>(n, -1e6, 1e6, n + at);
        g[n / 3] = -inf;
        g[(2 * n) / 3] = inf;
        g[at] = nan;
        EXPECT_TRUE(std::isnan(run<C>(g, offset, reduce::min{}))) << where << " NaN at " << at;
        EXPECT_TRUE(std::isnan(run<C>(g, offset, reduce::max{}))) << where << " NaN at " << at;
      }
      // Infinities without NaN: min is -inf, max is +inf.
      if (n > 2) {
        auto g = test::random_vector<T>(n, -1e6, 1e6, n + 9);
        g[n - 1] = -inf;
        g[0] = inf;
        EXPECT_EQ((run<C>(g, offset, reduce::min{})), -inf) << where;
        EXPECT_EQ((run<C>(g, offset, reduce::max{})), inf) << where;
      }
    }
  }
}

TYPED_TEST(SpecialValues, NanAndInfinities) {
  REQUIRE_GPU();
  check_type<TypeParam, float>();
  check_type<TypeParam, double>();
}

// The host side of the semantic (CI): the ops themselves are order-independent on NaN.
TEST(SpecialValuesHost, MinMaxPropagateNanInEitherOrder) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  for (float x : {0.f, -1.f, std::numeric_limits<float>::infinity(), -std::numeric_limits<float>::infinity()}) {
    EXPECT_TRUE(std::isnan(reduce::min{}(nan, x)));
    EXPECT_TRUE(std::isnan(reduce::min{}(x, nan)));
    EXPECT_TRUE(std::isnan(reduce::max{}(nan, x)));
    EXPECT_TRUE(std::isnan(reduce::max{}(x, nan)));
  }
}

}  // namespace
