// Argmin, argmax and the fused pass on two representative kernels of every Grid policy that combines partials in
// code (the atomic Grid rejects (value, index) pairs at compile time): exact value and index, the first occurrence
// among many ties, the first NaN, infinities, n = 0 (identity: no_index), at every size and input offset.
#include <cmath>
#include <limits>

#include "ext_common.cuh"

namespace {

using reduce::extrema;
using reduce::indexed;

template <class C>
class ArgMinMax : public ::testing::Test {};
TYPED_TEST_SUITE(ArgMinMax, test::gtest_types<ext::non_atomic_configs>, test::config_name);

// The reference: the first NaN if any, else the first element that no later one beats strictly.
template <bool Greater, class T>
indexed<T> reference(const std::vector<T>& h) {
  indexed<T> best = Greater ? reduce::arg_max{}.identity<indexed<T>>() : reduce::arg_min{}.identity<indexed<T>>();
  for (std::uint64_t i = 0; i < h.size(); ++i) {
    const auto x = reduce::detail::widen(h[i]), b = reduce::detail::widen(best.value);
    if (reduce::detail::nan_value(h[i])) return {i, h[i]};
    if (best.index == reduce::no_index || (Greater ? b < x : x < b)) best = {i, h[i]};
  }
  return best;
}

template <class T>
void expect_same(const indexed<T>& got, const indexed<T>& want, const std::string& what) {
  const auto g = reduce::detail::widen(got.value), w = reduce::detail::widen(want.value);
  EXPECT_EQ(got.index, want.index) << what;
  EXPECT_TRUE(g == w || (g != g && w != w)) << what << ": value " << g << ", expected " << w;
}

// Runs the three entry points on h at d_in + offset and compares each with the reference.
template <class C, class T>
void check_all(const std::vector<T>& h, unsigned offset, const std::string& data) {
  const std::string what = C::name() + " " + reduce::type_name<T>() + " " + data + " n=" + std::to_string(h.size()) +
                           " offset=" + std::to_string(offset);
  if constexpr (std::is_same_v<T, float>) {  // the separate entry points once per element type keeps builds short
    expect_same(ext::run<indexed<T>>(h, offset,
                                     [](void* t, std::size_t& b, const T* in, indexed<T>* out, std::uint64_t n) {
                                       return reduce::device_arg_min<C>(t, b, in, out, n);
                                     }),
                reference<false>(h), "argmin " + what);
    expect_same(ext::run<indexed<T>>(h, offset,
                                     [](void* t, std::size_t& b, const T* in, indexed<T>* out, std::uint64_t n) {
                                       return reduce::device_arg_max<C>(t, b, in, out, n);
                                     }),
                reference<true>(h), "argmax " + what);
  }
  {  // fused: its 32-byte partials are read one by one in later passes, whatever the Load
    const auto both =
        ext::run<extrema<T>>(h, offset, [](void* t, std::size_t& b, const T* in, extrema<T>* out, std::uint64_t n) {
          return reduce::device_arg_min_max<C>(t, b, in, out, n);
        });
    expect_same(both.min, reference<false>(h), "fused min " + what);
    expect_same(both.max, reference<true>(h), "fused max " + what);
  }
}

// Integers in [-3, 3]: thousands of equal minima and maxima; only the first may be returned.
TYPED_TEST(ArgMinMax, TiesReturnTheFirstOccurrence) {
  REQUIRE_GPU();
  ext::for_sizes_and_offsets(test::block_of<TypeParam>, [](std::uint64_t n, unsigned offset) {
    const auto ints = test::random_vector<int>(n, -3, 3, n + offset);
    check_all<TypeParam>(std::vector<float>(ints.begin(), ints.end()), offset, "ties");
    check_all<TypeParam>(std::vector<std::int8_t>(ints.begin(), ints.end()), offset, "ties");
    std::vector<__half> halves(n);
    for (std::size_t i = 0; i < n; ++i) halves[i] = __float2half(float(ints[i]));
    check_all<TypeParam>(halves, offset, "ties");
  });
}

// Distinct random values, the extremes placed late (the last block and the scalar tail must be seen).
TYPED_TEST(ArgMinMax, RandomValuesWithLateExtremes) {
  REQUIRE_GPU();
  ext::for_sizes_and_offsets(test::block_of<TypeParam>, [](std::uint64_t n, unsigned offset) {
    auto h = test::random_vector<float>(n, -1e6, 1e6, 3 * n + offset);
    if (n > 2) h[n - 1] = -2e6f, h[n - 2] = 2e6f;
    check_all<TypeParam>(h, offset, "random");
  });
}

TYPED_TEST(ArgMinMax, NanPropagatesFirstNanWins) {
  REQUIRE_GPU();
  const float nan = std::numeric_limits<float>::quiet_NaN();
  for (std::uint64_t n : {std::uint64_t(1), std::uint64_t(test::block_of<TypeParam> + 1), std::uint64_t(99991)})
    for (unsigned offset : {0u, 3u}) {
      auto h = test::random_vector<float>(n, -1, 1, n);
      h[n - 1] = nan;  // a single NaN in the tail
      check_all<TypeParam>(h, offset, "one NaN");
      if (n > 10) h[n / 3] = -nan, h[n / 2] = nan;  // several: the first (whatever its sign bit) wins
      check_all<TypeParam>(h, offset, "NaNs");
    }
}

TYPED_TEST(ArgMinMax, InfinitiesAndEmptyInput) {
  REQUIRE_GPU();
  const float inf = std::numeric_limits<float>::infinity();
  for (std::uint64_t n : {std::uint64_t(1), std::uint64_t(33), std::uint64_t(99991)}) {
    check_all<TypeParam>(std::vector<float>(n, inf), 1, "all +inf");  // argmin: index 0, not the identity's
    check_all<TypeParam>(std::vector<float>(n, -inf), 2, "all -inf");
    auto h = test::random_vector<float>(n, -1, 1, n);
    h[n / 2] = -inf, h[n - 1] = inf;
    check_all<TypeParam>(h, 0, "+-inf");
  }
  // n = 0: the identity, index reduce::no_index, value +inf (argmin) / -inf (argmax); lowest/max for integers.
  check_all<TypeParam>(std::vector<float>{}, 0, "empty");
  check_all<TypeParam>(std::vector<std::int8_t>{}, 0, "empty");
}

TEST(ArgMinMaxConvenience, ReturnsThePair) {
  REQUIRE_GPU();
  std::vector<double> h(1000, 5.0);
  h[700] = -1, h[300] = -1, h[10] = 9, h[999] = 9;
  test::device_buffer<double> d(h.size());
  CUDA_OK(cudaMemcpy(d.base, h.data(), h.size() * sizeof(double), cudaMemcpyHostToDevice));
  EXPECT_EQ(reduce::argmin(d.base, h.size()).index, 300u);
  EXPECT_EQ(reduce::argmax(d.base, h.size()).index, 10u);
  const auto both = reduce::argminmax(d.base, h.size());
  EXPECT_EQ(both.min.value, -1.0);
  EXPECT_EQ(both.max.index, 10u);
  EXPECT_EQ(reduce::argmin(d.base, 0).index, reduce::no_index);
}

}  // namespace
