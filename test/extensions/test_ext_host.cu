// Host-only tests of the extensions (no GPU needed): accumulator defaults, the argmin/argmax order (commutative,
// associative, ties, NaN, infinities, identities), TwoSum's exactness, the transforms, the atomic trait.
#include <algorithm>
#include <cmath>
#include <limits>

#include "ext_common.cuh"

namespace {

using reduce::extrema;
using reduce::indexed;
constexpr float inf = std::numeric_limits<float>::infinity();
const float qnan = std::numeric_limits<float>::quiet_NaN();

TEST(ExtensionsHost, DefaultAccumulators) {
  static_assert(std::is_same_v<reduce::default_accumulator_t<__half>, float>);
  static_assert(std::is_same_v<reduce::default_accumulator_t<__nv_bfloat16>, float>);
  static_assert(std::is_same_v<reduce::default_accumulator_t<std::int8_t>, std::int32_t>);
  static_assert(std::is_same_v<reduce::default_accumulator_t<std::uint8_t>, std::uint32_t>);
  static_assert(std::is_same_v<reduce::default_accumulator_t<std::int16_t>, std::int32_t>);
  static_assert(std::is_same_v<reduce::default_accumulator_t<std::uint16_t>, std::uint32_t>);
  static_assert(std::is_same_v<reduce::default_accumulator_t<float>, float>);
  static_assert(std::is_same_v<reduce::default_accumulator_t<std::int64_t>, std::int64_t>);
  // What the convenience reduce() returns without an explicit accumulator.
  static_assert(std::is_same_v<decltype(reduce::reduce((const __half*)nullptr, 0)), float>);
  static_assert(std::is_same_v<decltype(reduce::reduce((const std::uint8_t*)nullptr, 0)), std::uint32_t>);
  static_assert(
      std::is_same_v<decltype(reduce::reduce<reduce::default_config, double>((const float*)nullptr, 0)), double>);
  EXPECT_EQ(reduce::type_name<__half>(), "half");
  EXPECT_EQ(reduce::type_name<std::uint8_t>(), "uint8");
  EXPECT_EQ(reduce::compensated<float>::name(), "compensated<float>");
  EXPECT_EQ(indexed<__nv_bfloat16>::name(), "indexed<bf16>");
  // Accumulators the engine moves word by word: whole 4-byte words.
  static_assert(sizeof(indexed<std::int8_t>) == 16 && sizeof(indexed<double>) == 16);
  static_assert(sizeof(extrema<float>) == 32 && sizeof(reduce::compensated<double>) == 16);
}

// Values covering ties, both zeros, both infinities and NaNs, with distinct indices in shuffled orders.
std::vector<indexed<float>> tricky_values() {
  const float v[] = {3, -1, -1, 0.0f, -0.0f, inf, -inf, qnan, 7, -inf, qnan, -1, inf};
  std::vector<indexed<float>> r;
  for (std::uint64_t i = 0; i < std::size(v); ++i) r.push_back({(i * 7) % 13, v[i]});
  return r;
}

bool same(const indexed<float>& a, const indexed<float>& b) {
  return a.index == b.index && (a.value == b.value || (std::isnan(a.value) && std::isnan(b.value)));
}

template <class Op>
void expect_commutative_and_associative(Op op) {
  const auto v = tricky_values();
  for (const auto& a : v)
    for (const auto& b : v) {
      EXPECT_TRUE(same(op(a, b), op(b, a))) << Op::name() << " not commutative at " << a.index << ", " << b.index;
      for (const auto& c : v) EXPECT_TRUE(same(op(op(a, b), c), op(a, op(b, c)))) << Op::name() << " not associative";
    }
}

TEST(ExtensionsHost, ArgOpsAreCommutativeAndAssociative) {
  expect_commutative_and_associative(reduce::argmin_op{});
  expect_commutative_and_associative(reduce::argmax_op{});
}

// Folding in any order gives the same pair: the first NaN if there is one, else the first extreme value.
TEST(ExtensionsHost, ArgOpsPickFirstOccurrenceAndPropagateNan) {
  std::vector<indexed<float>> v;
  for (float x : {2.f, -3.f, 5.f, -3.f, 5.f}) v.push_back({v.size(), x});
  auto fold = [](auto op, std::vector<indexed<float>> xs) {
    auto acc = op.template identity<indexed<float>>();
    for (const auto& x : xs) acc = op(acc, x);
    return acc;
  };
  for (int shuffle = 0; shuffle < 5; ++shuffle) {
    std::rotate(v.begin(), v.begin() + 1, v.end());
    EXPECT_TRUE(same(fold(reduce::argmin_op{}, v), {1, -3.f}));
    EXPECT_TRUE(same(fold(reduce::argmax_op{}, v), {2, 5.f}));
  }
  v.push_back({9, qnan});
  v.push_back({7, qnan});
  EXPECT_TRUE(same(fold(reduce::argmin_op{}, v), {7, qnan}));
  EXPECT_TRUE(same(fold(reduce::argmax_op{}, v), {7, qnan}));
}

TEST(ExtensionsHost, ArgIdentities) {
  const auto mn = reduce::argmin_op{}.identity<indexed<float>>();
  EXPECT_EQ(mn.index, reduce::no_index);
  EXPECT_EQ(mn.value, inf);
  EXPECT_EQ(reduce::argmax_op{}.identity<indexed<std::int8_t>>().value, -128);
  EXPECT_EQ(reduce::argmin_op{}.identity<indexed<std::uint8_t>>().value, 255);
  EXPECT_EQ(float(reduce::argmax_op{}.identity<indexed<__half>>().value), -inf);
  const auto both = reduce::argminmax_op{}.identity<extrema<double>>();
  EXPECT_EQ(both.min.value, std::numeric_limits<double>::infinity());
  EXPECT_EQ(both.max.index, reduce::no_index);
  // An element equal to the identity's value still wins: its index is smaller.
  EXPECT_EQ(reduce::argmin_op{}(mn, indexed<float>{5, inf}).index, 5u);
}

// TwoSum is exact: hi + lo equals a + b exactly (checked in long double, which holds both).
TEST(ExtensionsHost, CompensatedCombineIsExact) {
  std::mt19937_64 rng(1);
  std::uniform_real_distribution<float> mant(-1, 1);
  std::uniform_int_distribution<int> ex(-30, 30);
  for (int i = 0; i < 100000; ++i) {
    const float a = std::ldexp(mant(rng), ex(rng)), b = std::ldexp(mant(rng), ex(rng));
    const reduce::compensated<float> s = reduce::compensated<float>(a) + reduce::compensated<float>(b);
    ASSERT_EQ(static_cast<long double>(s.hi) + s.lo, static_cast<long double>(a) + b) << a << " + " << b;
  }
  const auto r = reduce::compensated<float>(1e8f) + reduce::compensated<float>(1.f) + reduce::compensated<float>(-1e8f);
  EXPECT_EQ(r.value(), 1.f);  // the plain float sum gives 0
  EXPECT_EQ((reduce::compensated<float>(inf) + reduce::compensated<float>(1.f)).value(), inf);  // not NaN
  EXPECT_EQ(reduce::sum{}.identity<reduce::compensated<double>>().value(), 0.0);
}

// Left-to-right on the ill-conditioned input (the longest chain any policy builds): the compensated sum stays within
// the classical 2u|s| + 2n u^2 sum|x| and is far better than the plain float sum.
TEST(ExtensionsHost, IllConditionedInputDefeatsPlainFloat) {
  const auto d = ext::make_ill_conditioned(1 << 18, 3);
  float plain = 0;
  reduce::compensated<float> comp;
  for (float x : d.x) plain += x, comp = comp + reduce::compensated<float>(x);
  const long double u = std::numeric_limits<float>::epsilon() / 2.0L;
  EXPECT_GT(d.abs_sum / std::fabs(d.exact), 1e6L);  // condition number
  EXPECT_LE(std::fabs(comp.value() - d.exact), 2 * u * std::fabs(d.exact) + 2 * d.x.size() * u * u * d.abs_sum);
  EXPECT_GT(std::fabs(plain - d.exact), 100 * std::fabs(comp.value() - d.exact));
}

TEST(ExtensionsHost, TransformsAndAtomicTrait) {
  EXPECT_EQ(reduce::detail::square<double>{}(3.f), 9.0);
  EXPECT_EQ(reduce::detail::square<std::int32_t>{}(std::int8_t(-128)), 16384);
  EXPECT_EQ(reduce::detail::square<reduce::compensated<float>>{}(__float2half(1.5f)), 2.25f);
  struct negative {
    __host__ __device__ bool operator()(float x) const { return x < 0; }
  };
  EXPECT_EQ((reduce::detail::indicator<std::uint64_t, negative>{}(-2.f)), 1u);
  EXPECT_EQ((reduce::detail::to_extrema<float>{}(4.f, 9).max.index), 9u);
  // No native atomic: the atomic Grid rejects these at compile time (ctest compile-fail-atomic-compensated).
  EXPECT_FALSE((reduce::detail::atomic_combine<reduce::sum, reduce::compensated<float>>::supported));
  EXPECT_FALSE((reduce::detail::atomic_combine<reduce::argmin_op, indexed<float>>::supported));
  EXPECT_TRUE((reduce::detail::atomic_combine<reduce::sum, std::uint64_t>::supported));  // count_if's accumulator
}

}  // namespace
