// NaN, infinities, signed zeros and subnormals. The semantic (docs/reliability.md): min and max propagate NaN (any NaN
// in the input gives NaN, wherever it is), under 16-bit accumulators too; over all +inf or all -inf they give that
// infinity; min(-0.0, +0.0) = -0.0 and max = +0.0 in either order; a sum follows IEEE arithmetic (inf + finite = inf,
// inf + -inf = NaN, NaN + x = NaN), which is order-independent for these cases. Same on every Grid policy (atomic
// grids have no float min/max: rejected at compile time), at several sizes and offsets. Subnormal sums are exact but
// under Grid atomic, whose float atomics flush to zero within a documented bound.
#include "configs.cuh"

namespace {

namespace rp = test::rp;

template <class C>
class SpecialValues : public ::testing::Test {};
TYPED_TEST_SUITE(SpecialValues, test::gtest_types<test::part<test::one_per_grid>>, test::config_name);

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

// Random values in [lo, hi) rounded to T (float, double, __half or __nv_bfloat16).
template <class T>
std::vector<T> random_values(std::uint64_t n, double lo, double hi, std::uint64_t seed) {
  const auto d = test::random_vector<double>(n, lo, hi, seed);
  std::vector<T> h(n);
  for (std::uint64_t i = 0; i < n; ++i) h[i] = T(float(d[i]));
  return h;
}
template <class T>
bool is_nan(T v) {
  const float f = float(reduce::detail::widen(v));
  return f != f;
}

// 16-bit accumulators (half into half, bfloat16 into bfloat16): one NaN among random values in [-100, 100], first,
// in the middle, last and at a random place, gives NaN for min and max: the NaN test must see through the 16-bit
// type (a test written for float and double alone would read a __half NaN as a number).
template <class C, class T>
void check_nan_16_bit() {
  std::vector<std::uint64_t> ns = sizes(test::block_of<C>);
  if (!test::small_only()) ns.push_back(100003);
  for (std::uint64_t n : ns) {
    std::mt19937_64 rng(n);
    for (std::uint64_t at : {std::uint64_t(0), n / 2, n - 1, rng() % n}) {
      auto h = random_values<T>(n, -100, 100, n + at);
      h[at] = T(std::numeric_limits<float>::quiet_NaN());
      const unsigned offset = unsigned(at % 8);  // 8 halves to a vector: heads of 0..7
      const std::string where = C::name() + " " + reduce::type_name<T>() + " n=" + std::to_string(n) + " NaN at " +
                                std::to_string(at) + " offset " + std::to_string(offset);
      EXPECT_TRUE(is_nan(run<C>(h, offset, reduce::min{}))) << where;
      EXPECT_TRUE(is_nan(run<C>(h, offset, reduce::max{}))) << where;
    }
  }
}

TYPED_TEST(SpecialValues, NanUnder16BitAccumulators) {
  REQUIRE_GPU();
  if constexpr (test::is_atomic<TypeParam>) {
    GTEST_SKIP() << "Grid atomic has no min/max of 16-bit floats (rejected at compile time)";
  } else {
    check_nan_16_bit<TypeParam, __half>();
    check_nan_16_bit<TypeParam, __nv_bfloat16>();
  }
}

// Only zeros of both signs (a random pattern, at least one of each): min is -0.0 and max +0.0 exactly (sign bit
// checked), however the blocks combine. Before IEEE 754-2019 minimum/maximum semantics the sign followed the order.
template <class C, class T>
void check_signed_zeros() {
  for (std::uint64_t n : sizes(test::block_of<C>)) {
    if (n < 2) continue;
    std::mt19937_64 rng(n * 3);
    std::vector<T> h(n);
    for (T& x : h) x = T((rng() & 1) ? -0.0f : 0.0f);
    const std::uint64_t neg = rng() % n, pos = (neg + 1 + rng() % (n - 1)) % n;  // two distinct places
    h[neg] = T(-0.0f);
    h[pos] = T(0.0f);
    const unsigned offset = unsigned(n % 4);
    const std::string where = C::name() + " " + reduce::type_name<T>() + " n=" + std::to_string(n);
    const T lo = run<C>(h, offset, reduce::min{}), hi = run<C>(h, offset, reduce::max{});
    EXPECT_EQ(float(reduce::detail::widen(lo)), 0.0f) << where;
    EXPECT_TRUE(std::signbit(float(reduce::detail::widen(lo)))) << where << ": min is +0.0";
    EXPECT_EQ(float(reduce::detail::widen(hi)), 0.0f) << where;
    EXPECT_FALSE(std::signbit(float(reduce::detail::widen(hi)))) << where << ": max is -0.0";
  }
}

TYPED_TEST(SpecialValues, SignedZerosMinIsNegativeMaxIsPositive) {
  REQUIRE_GPU();
  if constexpr (test::is_atomic<TypeParam>) {
    GTEST_SKIP() << "Grid atomic has no floating min/max (rejected at compile time)";
  } else {
    check_signed_zeros<TypeParam, float>();
    check_signed_zeros<TypeParam, double>();
    check_signed_zeros<TypeParam, __half>();
  }
}

// Subnormal floats under Grid atomic. The hardware's float atomicAdd flushes subnormal operands and results to zero,
// so the documented bound: a float sum with Grid atomic differs from its blocks' partials summed exactly by at most
// (blocks + 1) 2^-126 beyond rounding (each block partial below 2^-126 may count as zero, and so may the output while
// it is below 2^-126). Here every element is positive, so a flush can only lower the result: the atomic result lies
// in [exact - (blocks + 1) 2^-126 - r, exact + r], r = (n - 1) u sum|x| the rounding bound of any order. blocks is
// bounded by n / Block + 1: a block of tile_per_block reads one tile of at least Block elements. The other Grids add
// in registers and memory without flushing (the kernels are compiled without -ftz): within r of the exact sum.
template <class C>
void expect_subnormal_sum(const std::vector<float>& h, const char* what) {
  const float got = run<C>(h, unsigned(h.size() % 4), reduce::sum{});
  long double exact = 0, abs_sum = 0;
  for (float x : h) exact += x, abs_sum += std::fabs(static_cast<long double>(x));
  const long double r = (h.size() - 1) * static_cast<long double>(std::numeric_limits<float>::epsilon() / 2) * abs_sum;
  const std::string where = C::name() + " " + what + " n=" + std::to_string(h.size()) + ": got " +
                            std::to_string(double(got)) + ", exact " + std::to_string(double(exact));
  if constexpr (test::is_atomic<C>) {
    const long double blocks = std::floor(h.size() / static_cast<long double>(test::block_of<C>)) + 1;
    const long double flush = (blocks + 1) * std::ldexp(1.0L, -126);
    EXPECT_LE(got, exact + r) << where;  // a flush drops a positive value: never above
    EXPECT_GE(got, exact - flush - r) << where << " (flush bound " << double(flush) << ")";
  } else {
    EXPECT_LE(std::fabs(got - exact), r) << where;
  }
}

TYPED_TEST(SpecialValues, SubnormalSumsExactButForTheAtomicFlushBound) {
  REQUIRE_GPU();
  // 70000 values near 1e-40: the sum (~7e-36) is normal, a block's partial of a few hundred or thousand values
  // straddles 2^-126 (~1.18e-38); near 1e-42 every partial below 2^-126 (~10^4 values) is subnormal.
  expect_subnormal_sum<TypeParam>(test::random_vector<float>(70000, 0.5e-40, 1.5e-40, 1), "~1e-40 each");
  expect_subnormal_sum<TypeParam>(test::random_vector<float>(70000, 0.5e-42, 1.5e-42, 2), "~1e-42 each");
  // 7 values near 1e-39: the exact sum is itself subnormal. Sums of subnormals below 2^-126 are exact (multiples of
  // 2^-149), so every Grid but atomic must return it bit for bit; the atomic one may return 0 (within its bound).
  const auto h = test::random_vector<float>(7, 0.9e-39, 1.1e-39, 3);
  expect_subnormal_sum<TypeParam>(h, "~1e-39 each");
  if constexpr (!test::is_atomic<TypeParam>) {
    float exact = 0;
    for (float x : h) exact += x;  // exact on the host as on the device: no rounding below 2^-126
    EXPECT_EQ((run<TypeParam>(h, 1, reduce::sum{})), exact) << TypeParam::name();
    EXPECT_LT(exact, std::numeric_limits<float>::min());  // the case is what it says: a subnormal result
  }
}

#if REDUCE_TEST_FIRST_PART
// More atomic kernels (the typed suite has one): tiles of 512 elements, so near 1e-40 each block's partial (~5e-38)
// is near 2^-126, and near 1e-42 every one is subnormal. (BlockFinish none, a result per thread, is left out: with
// one arrival per thread the bound exceeds the sum itself and says nothing.)
TEST(SpecialValuesAtomic, SubnormalSumsWithinTheFlushBound) {
  REQUIRE_GPU();
  using scalar_tree = rp::config<rp::scalar<1>, rp::tree<rp::interleaved_modulo>, rp::atomic, 512>;
  using blocked = rp::config<rp::scalar<4, rp::blocked>, rp::shuffle, rp::atomic, 128>;
  for (std::uint64_t n : {std::uint64_t(7), std::uint64_t(513), std::uint64_t(70000), std::uint64_t(1'000'003)}) {
    for (double scale : {1e-40, 1e-42}) {
      const auto h = test::random_vector<float>(n, 0.5 * scale, 1.5 * scale, n);
      expect_subnormal_sum<scalar_tree>(h, "subnormal");
      expect_subnormal_sum<blocked>(h, "subnormal");
    }
  }
}
#endif

#if REDUCE_TEST_FIRST_PART
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
#endif

}  // namespace
