// Binned sums (reduce::binned<float> / <double>): the result depends only on the multiset of values.
// - Host: the same bits for permutations and for any grouping of partials; the error bound against exact sums on
//   wide exponent ranges, cancellation and subnormals; NaN and infinities as IEEE sums them; overflow.
// - GPU, two kernels of every non-atomic Grid policy: the host's bits at every size and offset, float, double, half
//   inputs and a transform. The default config at 2^24: permutations, 1-64 shards of random sizes summed apart and
//   combined in random order, and a fingerprint recorded here (the same bits on every GPU and run).
#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <random>

#include "ext_common.cuh"

namespace {

using reduce::binned;

template <class T>
std::uint64_t bits_of(T x) {
  std::uint64_t b = 0;
  std::memcpy(&b, &x, sizeof(T));
  return b;
}

// Random values k 2^(e-p) (k: a random signed p-bit integer, e uniform in [-span, span]) with their exact sum where
// it fits (2 span + p + 20 bits): every value is an integer count of 2^-(span + p) units, summed in __int128 and
// rounded once to long double (NaN where it does not fit).
template <class T>
struct wide_data {
  std::vector<T> x;
  long double exact = std::numeric_limits<long double>::quiet_NaN(), max_abs = 0;
};
template <class T>
wide_data<T> make_wide(std::size_t n, int span, std::uint64_t seed) {
  constexpr int p = std::numeric_limits<T>::digits;
  wide_data<T> d;
  d.x.resize(n);
  __int128 units = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const std::uint64_t h = ext::mix(seed ^ (i * 0x632be59bd9b4e019ull));
    const std::int64_t k = std::int64_t(h >> (64 - p)) * ((h & 1) ? -1 : 1);
    const int e = int((h >> 1) % std::uint64_t(2 * span + 1)) - span;
    d.x[i] = std::ldexp(T(k), e - p);  // |k| < 2^p: exact
    if (2 * span + p + 20 < 127) units += __int128(k) << (e + span);
    d.max_abs = std::max(d.max_abs, std::fabs(static_cast<long double>(d.x[i])));
  }
  const long double hi = static_cast<long double>(std::int64_t(units >> 64)) * 0x1p64L;
  if (2 * span + p + 20 < 127) d.exact = std::ldexp(hi + static_cast<long double>(std::uint64_t(units)), -(span + p));
  return d;
}

template <class T>
T host_sum(const std::vector<T>& x) {
  binned<T> b;
  for (T v : x) b.add(v);
  return b.value();
}

// The method's bound (binned.cuh): n 2^(1-2W) max|x| + n 2^(bottom-p) + 2u|sum|.
template <class T>
long double bound(std::size_t n, long double max_abs, long double exact) {
  using F = typename binned<T>::format;
  const long double u = std::numeric_limits<T>::epsilon() / 2.0L;
  return n * std::ldexp(max_abs, 1 - 2 * F::W) + n * std::ldexp(1.0L, F::bottom - F::p) + 2 * u * std::fabs(exact);
}

template <class T>
void same_bits_for_any_order() {
  std::mt19937_64 g(7);
  auto d = make_wide<T>(20000, sizeof(T) == 4 ? 40 : 26, 11);
  for (int i = 0; i < 200; ++i) d.x[g() % d.x.size()] = -d.x[g() % d.x.size()];  // exact cancellations
  const T first = host_sum(d.x);
  for (int trial = 0; trial < 4; ++trial) {
    std::shuffle(d.x.begin(), d.x.end(), g);
    EXPECT_EQ(bits_of(host_sum(d.x)), bits_of(first));
    // Partials of random chunks, combined in random pairs until one is left.
    std::vector<binned<T>> parts;
    for (std::size_t at = 0; at < d.x.size();) {
      const std::size_t len = std::min<std::size_t>(d.x.size() - at, 1 + g() % 3000);
      binned<T> b;
      for (std::size_t i = at; i < at + len; ++i) b.add(d.x[i]);
      parts.push_back(b), at += len;
    }
    while (parts.size() > 1) {
      const std::size_t i = g() % parts.size();
      const binned<T> a = parts[i];
      parts.erase(parts.begin() + i);
      const std::size_t j = g() % parts.size();
      parts[j] = (trial & 1) ? a + parts[j] : parts[j] + a;
    }
    EXPECT_EQ(bits_of(parts[0].value()), bits_of(first)) << "trial " << trial;
  }
}
TEST(BinnedHost, SameBitsForAnyOrderAndGrouping) {
  same_bits_for_any_order<float>();
  same_bits_for_any_order<double>();
}

template <class T>
void within_the_bound() {
  for (int span : {2, 14, sizeof(T) == 4 ? 40 : 26}) {
    const auto d = make_wide<T>(50000, span, span);
    ASSERT_FALSE(std::isnan(d.exact)) << "span " << span;
    EXPECT_LE(std::fabs(host_sum(d.x) - d.exact), bound<T>(d.x.size(), d.max_abs, d.exact)) << "span " << span;
  }
  // Cancellation: pairs x, -x around small values; the exact sum is the small values'.
  std::vector<T> x;
  long double exact = 0;
  for (int i = 0; i < 10000; ++i) {
    const T big = std::ldexp(T(1 + i % 97), 10 + i % 7), small = std::ldexp(T(1 + i % 13), -20);
    x.insert(x.end(), {big, small, -big});
    exact += small;
  }
  EXPECT_LE(std::fabs(host_sum(x) - exact), bound<T>(x.size(), std::ldexp(97.0L, 16), exact));
  // Subnormals only: the lowest bin's unit is 4 times the smallest subnormal.
  std::vector<T> sub(4096);
  long double sub_exact = 0;
  for (std::size_t i = 0; i < sub.size(); ++i)
    sub[i] = std::numeric_limits<T>::denorm_min() * T(std::int64_t(ext::mix(i) % 100000) - 50000), sub_exact += sub[i];
  EXPECT_LE(std::fabs(host_sum(sub) - sub_exact),
            bound<T>(sub.size(), 50000 * std::numeric_limits<T>::denorm_min(), 0));
}
TEST(BinnedHost, WithinTheErrorBound) {
  within_the_bound<float>();
  within_the_bound<double>();
  const auto d = ext::make_ill_conditioned(1 << 16, 3);  // the compensated tests' data: bounded, if less accurate
  EXPECT_LE(std::fabs(host_sum(d.x) - d.exact), bound<float>(d.x.size(), 65536.0L * 1024, d.exact));
}

template <class T>
void special_values() {
  constexpr T inf = std::numeric_limits<T>::infinity(), big = std::numeric_limits<T>::max();
  const T nan = std::numeric_limits<T>::quiet_NaN();
  const auto sum = [](std::initializer_list<T> v) { return host_sum(std::vector<T>(v)); };
  EXPECT_EQ(bits_of(sum({1, nan, 2})), bits_of(nan));
  EXPECT_EQ(bits_of(sum({1, -nan, inf})), bits_of(nan));  // one canonical NaN
  EXPECT_EQ(sum({1, inf, -2}), inf);
  EXPECT_EQ(sum({-inf, 3, -inf}), -inf);
  EXPECT_EQ(bits_of(sum({inf, -inf})), bits_of(nan));
  EXPECT_EQ(sum({big, big}), inf);  // the exact sum overflows on rounding
  EXPECT_EQ(sum({-big, -big, big}), -big);
  EXPECT_EQ(sum({big / 2, big / 2}), big);
  EXPECT_EQ(sum({big, T(1), -big}), T(0));  // 1 lies 2W bits below the window
  EXPECT_EQ(bits_of(sum({})), bits_of(T(0)));
  EXPECT_EQ(bits_of(sum({T(-0.0), T(-0.0)})), bits_of(T(0)));  // a zero sum is +0
  EXPECT_EQ(sum({T(3), T(-1.5), T(0.25)}), T(1.75));
  EXPECT_EQ((binned<T>(T(0)) + binned<T>(T(2.5))).value(), T(2.5));
  EXPECT_EQ(binned<T>::index_of(big), binned<T>::max_index);
}
TEST(BinnedHost, SpecialValuesAndOverflow) {
  special_values<float>();
  special_values<double>();
}

// The bits of fixed data, recorded: the device tests check the device against the host, so these hold on every GPU
// and run. A change here changes every user's bits.
TEST(BinnedHost, RecordedFingerprints) {
  for (std::size_t log2n : {20, 24}) {
    const auto d = make_wide<float>(std::size_t(1) << log2n, 24, 2026);
    const float got = host_sum(d.x);
    EXPECT_EQ(bits_of(got), log2n == 20 ? 0x4e4612eeu : 0xcf82c3c0u) << std::hexfloat << got << " at 2^" << log2n;
    EXPECT_LE(std::fabs(got - d.exact), bound<float>(d.x.size(), d.max_abs, d.exact));
  }
  const auto d = make_wide<double>(std::size_t(1) << 20, 26, 2026);
  const double got = host_sum(d.x);
  EXPECT_EQ(bits_of(got), 0xc1eac16a19fab98aull) << std::hexfloat << got;
  EXPECT_LE(std::fabs(got - d.exact), bound<double>(d.x.size(), d.max_abs, d.exact));
}

template <class C>
class Binned : public ::testing::Test {};
TYPED_TEST_SUITE(Binned, test::gtest_types<ext::non_atomic_configs>, test::config_name);

struct square {
  __host__ __device__ float operator()(float x) const { return x * x; }
};

TYPED_TEST(Binned, TheHostsBitsAtEverySize) {
  REQUIRE_GPU();
  ext::for_sizes_and_offsets(test::block_of<TypeParam>, [](std::uint64_t n, unsigned offset) {
    const auto f = make_wide<float>(n, 30, n + offset);
    EXPECT_EQ(bits_of(ext::device_sum<TypeParam, binned<float>>(f.x, offset).value()), bits_of(host_sum(f.x)))
        << TypeParam::name() << " n=" << n << " offset=" << offset;
    const auto d = make_wide<double>(n, 300, n + offset);
    EXPECT_EQ(bits_of(ext::device_sum<TypeParam, binned<double>>(d.x, offset).value()), bits_of(host_sum(d.x)))
        << TypeParam::name() << " n=" << n << " offset=" << offset;
    const auto small = make_wide<float>(n, 8, n);  // within half's range
    std::vector<__half> h(n);
    std::vector<float> hf(n);
    for (std::size_t i = 0; i < n; ++i) h[i] = __float2half(small.x[i]), hf[i] = __half2float(h[i]);
    EXPECT_EQ(bits_of(ext::device_sum<TypeParam, binned<float>>(h, offset).value()), bits_of(host_sum(hf)))
        << TypeParam::name() << " half n=" << n;
  });
  const auto f = make_wide<float>(99991, 10, 5);
  std::vector<float> sq(f.x.size());
  for (std::size_t i = 0; i < sq.size(); ++i) sq[i] = f.x[i] * f.x[i];
  const auto got = ext::run<binned<float>>(
      f.x, 1, [](void* temp, std::size_t& bytes, const float* in, binned<float>* out, std::uint64_t n) {
        return reduce::device_transform_reduce<TypeParam>({temp, bytes}, in, out, n, square{}, reduce::sum{});
      });
  EXPECT_EQ(bits_of(got.value()), bits_of(host_sum(sq))) << TypeParam::name() << " sum of squares";
}

// The default config over 2^24 floats (2^20 under the sanitizers): the data permuted, and split into shards of
// random sizes whose partials are combined in random order, all give the recorded bits.
TEST(BinnedDevice, PermutedAndShardedGiveTheRecordedBits) {
  REQUIRE_GPU();
  const bool small = test::small_only();
  const std::size_t n = small ? std::size_t(1) << 20 : std::size_t(1) << 24;
  auto d = make_wide<float>(n, 24, 2026);
  const float expected = host_sum(d.x);  // BinnedHost.RecordedFingerprints records its bits
  test::device_buffer<float> in(n);
  test::device_buffer<binned<float>> parts(64);
  std::mt19937_64 g(42);
  for (int trial = 0; trial < 4; ++trial) {
    if (trial > 0) std::shuffle(d.x.begin(), d.x.end(), g);
    CUDA_OK(cudaMemcpy(in.base, d.x.data(), n * sizeof(float), cudaMemcpyHostToDevice));
    EXPECT_EQ(bits_of(reduce::binned_sum(in.base, n)), bits_of(expected)) << "permutation " << trial;
    // Shards: 1, then random counts up to 64, of random sizes (empty ones included).
    const std::size_t count = trial == 0 ? 1 : 1 + g() % 64;
    std::vector<std::size_t> cuts{0, n};
    while (cuts.size() < count + 1) cuts.push_back(g() % (n + 1));
    std::sort(cuts.begin(), cuts.end());
    std::size_t bytes = 0, most = 0;
    for (std::size_t s = 0; s < count; ++s) {
      CUDA_OK(reduce::device_reduce({nullptr, bytes}, in.base + cuts[s], parts.base + s, cuts[s + 1] - cuts[s]));
      most = std::max(most, bytes);
    }
    test::device_buffer<char> temp(most);
    for (std::size_t s = 0; s < count; ++s) {
      bytes = most;
      CUDA_OK(reduce::device_reduce({temp.base, bytes}, in.base + cuts[s], parts.base + s, cuts[s + 1] - cuts[s]));
    }
    std::vector<binned<float>> h(count);
    CUDA_OK(cudaMemcpy(h.data(), parts.base, count * sizeof(binned<float>), cudaMemcpyDeviceToHost));
    std::shuffle(h.begin(), h.end(), g);
    binned<float> total;
    for (const auto& b : h) total = total + b;
    EXPECT_EQ(bits_of(total.value()), bits_of(expected)) << count << " shards";
  }
}

}  // namespace
