// Host-side tests of the ops (no GPU needed; these run in CI): identities, NaN and signed zeros of min and max under
// every floating accumulator, the native-atomic trait, and what counts as a functor that runs on the device.
#include <cmath>
#include <limits>

#include "common.cuh"

namespace {

TEST(Ops, IdentitiesAndNaN) {
  EXPECT_EQ(reduce::min{}.identity<float>(), std::numeric_limits<float>::infinity());
  EXPECT_EQ(reduce::max{}.identity<double>(), -std::numeric_limits<double>::infinity());
  EXPECT_EQ(reduce::min{}.identity<int>(), std::numeric_limits<int>::max());
  EXPECT_EQ(reduce::bit_and{}.identity<std::uint32_t>(), 0xffffffffu);
  const float nan = std::nanf("");
  EXPECT_TRUE(std::isnan(reduce::min{}(nan, 1.f)) && std::isnan(reduce::min{}(1.f, nan)));
  EXPECT_TRUE(std::isnan(reduce::max{}(nan, 1.f)) && std::isnan(reduce::max{}(1.f, nan)));
}

// min and max on every floating accumulator, 16-bit ones included, in both argument orders: NaN wins whichever side
// it is on (a __half accumulator used to drop it), and -0.0 / +0.0 follow IEEE 754-2019 minimum / maximum, so the
// sign of a zero result cannot depend on the order in which blocks combine.
template <class T>
void expect_min_max_order_free() {
  using reduce::detail::widen;
  const T nan = T(std::nanf("")), neg_zero = T(-0.0f), pos_zero = T(0.0f), one = T(1.0f), neg_inf = T(-INFINITY);
  for (T x : {pos_zero, neg_zero, one, neg_inf, T(INFINITY)}) {
    EXPECT_TRUE(std::isnan(widen(reduce::min{}(nan, x))) && std::isnan(widen(reduce::min{}(x, nan))));
    EXPECT_TRUE(std::isnan(widen(reduce::max{}(nan, x))) && std::isnan(widen(reduce::max{}(x, nan))));
  }
  for (bool swap : {false, true}) {
    const T a = swap ? pos_zero : neg_zero, b = swap ? neg_zero : pos_zero;
    EXPECT_TRUE(std::signbit(widen(reduce::min{}(a, b)))) << reduce::type_name<T>() << " swap=" << swap;
    EXPECT_FALSE(std::signbit(widen(reduce::max{}(a, b)))) << reduce::type_name<T>() << " swap=" << swap;
    EXPECT_EQ(widen(reduce::min{}(a, b)), 0.0f);  // a zero, not some other value
    EXPECT_EQ(widen(reduce::max{}(a, b)), 0.0f);
  }
  // Equal non-zero values and ordinary ones: the usual answer in both orders.
  EXPECT_EQ(widen(reduce::min{}(one, neg_inf)), -INFINITY);
  EXPECT_EQ(widen(reduce::min{}(neg_inf, one)), -INFINITY);
  EXPECT_EQ(widen(reduce::max{}(neg_zero, one)), 1.0f);
  EXPECT_EQ(widen(reduce::max{}(one, neg_zero)), 1.0f);
  // The identities are the infinities, also for the 16-bit types.
  EXPECT_EQ(widen(reduce::min{}.identity<T>()), INFINITY);
  EXPECT_EQ(widen(reduce::max{}.identity<T>()), -INFINITY);
}

TEST(Ops, MinMaxNanAndSignedZeroInEitherOrder) {
  expect_min_max_order_free<float>();
  expect_min_max_order_free<double>();
  expect_min_max_order_free<__half>();
  expect_min_max_order_free<__nv_bfloat16>();
  // Integers (no NaN, one zero): plain min and max, 8- and 16-bit accumulators included.
  EXPECT_EQ(reduce::min{}(std::int8_t(-128), std::int8_t(127)), -128);
  EXPECT_EQ(reduce::max{}(std::uint8_t(255), std::uint8_t(0)), 255);
  EXPECT_EQ(reduce::min{}.identity<std::int16_t>(), 32767);
  EXPECT_EQ(reduce::max{}.identity<std::int8_t>(), -128);
}

TEST(Ops, AtomicTraitMatchesNativeAtomics) {
  using reduce::detail::atomic_combine;
  EXPECT_TRUE((atomic_combine<reduce::sum, float>::supported));
  EXPECT_TRUE((atomic_combine<reduce::sum, std::int64_t>::supported));
  EXPECT_TRUE((atomic_combine<reduce::min, std::uint64_t>::supported));
  EXPECT_TRUE((atomic_combine<reduce::bit_xor, std::int64_t>::supported));
  EXPECT_FALSE((atomic_combine<reduce::product, int>::supported));
  EXPECT_FALSE((atomic_combine<reduce::min, float>::supported));
  EXPECT_FALSE((atomic_combine<reduce::custom<reduce::sum, int>, int>::supported));
}

// A functor struct runs on the device whatever its members; so does a custom op made of one. (A plain lambda is
// refused at compile time: compile-fail-plain_lambda_op.)
struct op_with_a_reference {
  const int& k;
  __host__ __device__ int operator()(int a, int b) const { return a + b; }
};
TEST(Ops, FunctorsAreNotTakenForPlainLambdas) {
  static_assert(reduce::detail::runs_on_device_v<op_with_a_reference>);
  static_assert(reduce::detail::runs_on_device_v<reduce::custom<op_with_a_reference, int>>);
  static_assert(reduce::detail::runs_on_device_v<reduce::sum> && reduce::detail::runs_on_device_v<int>);
  static_assert(reduce::detail::is_bitwise_op_v<reduce::bit_xor> && !reduce::detail::is_bitwise_op_v<reduce::max>);
}

}  // namespace
