// The segmented reductions beyond sums: every op and type on the default and one kernel of each mapping, wider and
// compensated accumulators, transforms, argmin/argmax per segment, NaN and infinities inside segments, empty
// segments, the workspace and CUB-order forms, run-to-run bits, and bad input (a clear error, nothing written). Long
// segments: test_segmented_long.cu.
#include "seg_common.cuh"

namespace {

namespace p = reduce::policy;
using reduce::detail::no_transform;
using configs = ::testing::Types<reduce::default_segmented_config,
                                 p::segmented_config<p::thread_per_segment, p::scalar<4>, p::shuffle, 256>,
                                 p::segmented_config<p::lanes_per_segment<4>, p::scalar<1>, p::shuffle, 128>,
                                 p::segmented_config<p::warp_per_segment, p::scalar<4>, p::shuffle, 512>,
                                 p::segmented_config<p::block_per_segment, p::vector<4>, p::shuffle, 256>,
                                 p::segmented_config<p::by_length, p::scalar<4>, p::tree<p::sequential>, 128>>;
template <class C>
class Segmented : public ::testing::Test {};

struct square {
  __host__ __device__ double operator()(float x, std::uint64_t) const { return double(x) * x; }
};
TYPED_TEST_SUITE(Segmented, configs, test::config_name);

// Offsets of a random layout on the device (64-bit), with the host's begin and length of each segment.
struct offsets_on_device {
  segtest::layout l;
  test::device_buffer<long long> b, e;
  explicit offsets_on_device(std::uint64_t count, std::uint64_t seed)
      : l(segtest::random_layout(test::small_only() ? count / 10 : count, seed)), b(l.begin.size()), e(l.end.size()) {
    segtest::to_device(b, l.begin);
    segtest::to_device(e, l.end);
  }
  auto segs() const { return reduce::segments::offsets(b.base, e.base, l.begin.size()); }
  std::uint64_t count() const { return l.begin.size(); }
  std::uint64_t begin(std::uint64_t s) const { return l.begin[s]; }
  std::uint64_t size(std::uint64_t s) const { return l.end[s] > l.begin[s] ? l.end[s] - l.begin[s] : 0; }
};

template <class C, class Acc, class T, class Op, class Tr = segtest::identity_transform, class DTr = no_transform>
void check_op(const offsets_on_device& o, const std::vector<T>& h, Op op, Tr tr = {}, DTr dtr = {}) {
  test::device_buffer<T> d(h.size());
  const auto got = segtest::run<C, Acc>(segtest::to_device(d, h), o.segs(), o.count(), dtr, op);
  for (std::uint64_t s = 0; s < o.count(); ++s) {
    const Acc want = segtest::fold<Acc>(h.data() + o.begin(s), o.size(s), 1, op, tr);
    if constexpr (std::is_floating_point_v<Acc> && std::is_same_v<Op, reduce::sum>) {
      long double abs_sum = 0;
      for (std::uint64_t i = 0; i < o.size(s); ++i) abs_sum += std::fabs((long double)tr(h[o.begin(s) + i], i));
      ASSERT_LE(std::fabs((long double)got[s] - (long double)want),
                o.size(s) * std::numeric_limits<Acc>::epsilon() * abs_sum)
          << C::name() << " segment " << s;
    } else if constexpr (std::is_floating_point_v<Acc> && std::is_same_v<Op, reduce::product>) {
      ASSERT_NEAR(got[s], want, std::fabs(want) * (o.size(s) + 1) * std::numeric_limits<Acc>::epsilon())
          << C::name() << " segment " << s;
    } else {
      ASSERT_EQ(test::bits_of(got[s]), test::bits_of(want)) << C::name() << " " << Op::name() << " segment " << s;
    }
  }
}

TYPED_TEST(Segmented, EveryOpAndType) {
  REQUIRE_GPU();
  using C = TypeParam;
  const offsets_on_device o(2000, 3);
  const std::uint64_t n = o.l.total;
  check_op<C, int>(o, test::random_vector<int>(n, -1000, 1000, 1), reduce::sum{});
  check_op<C, int>(o, test::random_vector<int>(n, -1000000, 1000000, 2), reduce::min{});
  check_op<C, std::uint64_t>(o, test::random_bits<std::uint64_t>(n, 3), reduce::max{});
  check_op<C, std::uint64_t>(o, test::random_bits<std::uint64_t>(n, 4), reduce::bit_xor{});
  check_op<C, std::uint32_t>(o, test::random_bits<std::uint32_t>(n, 5), reduce::bit_or{});
  check_op<C, std::uint32_t>(o, test::random_bits<std::uint32_t>(n, 6), reduce::bit_and{});
  check_op<C, float>(o, test::random_vector<float>(n, -1, 1, 7), reduce::sum{});
  check_op<C, double>(o, test::random_vector<double>(n, -1, 1, 8), reduce::sum{});
  check_op<C, double>(o, test::random_vector<float>(n, -1, 1, 9), reduce::sum{});  // float into double
  check_op<C, float>(o, test::random_vector<float>(n, 0.999, 1.001, 10), reduce::product{});
  check_op<C, double>(o, test::random_vector<double>(n, -5, 5, 11), reduce::max{});
  check_op<C, long long>(o, test::random_vector<std::int8_t>(n, -128, 127, 12), reduce::sum{});  // int8 into int64
  // A compensated float sum per segment: within u |s| + 4 n u^2 sum|x| of the exact sum (u = 2^-24), far inside a plain
  // float sum's bound; checked against a long double sum.
  {
    const auto h = test::random_vector<float>(n, -1, 1, 16);
    test::device_buffer<float> d(h.size());
    const auto got = segtest::run<C, reduce::compensated<float>>(segtest::to_device(d, h), o.segs(), o.count(),
                                                                 no_transform{}, reduce::sum{});
    const long double u = std::ldexp(1.0L, -24);
    for (std::uint64_t s = 0; s < o.count(); ++s) {
      long double exact = 0, abs_sum = 0;
      for (std::uint64_t i = 0; i < o.size(s); ++i) exact += h[o.begin(s) + i], abs_sum += std::fabs(h[o.begin(s) + i]);
      ASSERT_LE(std::fabs((long double)got[s].value() - exact), u * std::fabs(exact) + 4 * o.size(s) * u * u * abs_sum)
          << C::name() << " compensated, segment " << s;
    }
  }
  // A transform (the same functor on the host): the sum of squares in double.
  check_op<C, double>(o, test::random_vector<float>(n, -2, 2, 13), reduce::sum{}, square{}, square{});
}

TYPED_TEST(Segmented, ArgminAndArgmaxPerSegmentFirstOccurrence) {
  REQUIRE_GPU();
  using C = TypeParam;
  const offsets_on_device o(1500, 4);
  auto h = test::random_vector<float>(o.l.total, -3, 3, 14);
  for (auto& x : h) x = std::round(x);  // ties everywhere: the first occurrence must win
  test::device_buffer<float> d(h.size());
  segtest::to_device(d, h);
  for (bool greater : {false, true}) {
    const auto got = segtest::run_arg<C>(d.base, o.segs(), o.count(), greater);
    for (std::uint64_t s = 0; s < o.count(); ++s) {
      const std::uint64_t want = segtest::first_extreme(h.data() + o.begin(s), o.size(s), greater);
      ASSERT_EQ(got[s].index, want) << C::name() << (greater ? " argmax" : " argmin") << " segment " << s;
      if (want != reduce::no_index) ASSERT_EQ(got[s].value, h[o.begin(s) + want]);
    }
  }
}

TYPED_TEST(Segmented, NanInfinitiesAndEmptySegments) {
  REQUIRE_GPU();
  using C = TypeParam;
  const float inf = std::numeric_limits<float>::infinity(), nan = std::numeric_limits<float>::quiet_NaN();
  // 6 segments of 40: plain, one NaN, +inf and -inf (sum NaN), +inf only, empty (end < begin), empty (end == begin).
  std::vector<float> h(240, 1.f);
  h[40 + 17] = nan;
  h[80 + 3] = inf, h[80 + 30] = -inf;
  h[120 + 39] = inf;
  const std::vector<int> b = {0, 40, 80, 120, 200, 160}, e = {40, 80, 120, 160, 100, 160};
  test::device_buffer<float> d(h.size());
  test::device_buffer<int> db(6), de(6);
  const auto segs = reduce::segments::offsets(segtest::to_device(db, b), segtest::to_device(de, e), 6);
  segtest::to_device(d, h);
  const auto sum = segtest::run<C, float>(d.base, segs, 6, no_transform{}, reduce::sum{});
  EXPECT_EQ(sum[0], 40.f);
  EXPECT_TRUE(std::isnan(sum[1]));
  EXPECT_TRUE(std::isnan(sum[2]));
  EXPECT_EQ(sum[3], inf);
  EXPECT_EQ(sum[4], 0.f);  // empty: the identity
  EXPECT_EQ(sum[5], 0.f);
  const auto mx = segtest::run<C, float>(d.base, segs, 6, no_transform{}, reduce::max{});
  EXPECT_TRUE(std::isnan(mx[1]));
  EXPECT_EQ(mx[3], inf);
  EXPECT_EQ(mx[4], -inf);
  const auto mn = segtest::run<C, float>(d.base, segs, 6, no_transform{}, reduce::min{});
  EXPECT_TRUE(std::isnan(mn[1]));
  EXPECT_EQ(mn[2], -inf);
  EXPECT_EQ(mn[5], inf);
}

TYPED_TEST(Segmented, SameBitsEveryRunAndOnAWorkspace) {
  REQUIRE_GPU();
  using C = TypeParam;
  const offsets_on_device o(3000, 5);
  const auto h = test::random_vector<float>(o.l.total, -1, 1, 15);
  test::device_buffer<float> d(h.size());
  segtest::to_device(d, h);
  reduce::workspace ws;
  const auto first = segtest::run<C, float>(d.base, o.segs(), o.count(), no_transform{}, reduce::sum{});
  const auto second = segtest::run<C, float>(d.base, o.segs(), o.count(), no_transform{}, reduce::sum{});
  reduce::status s;
  const auto on_ws = segtest::run<C, float>(d.base, o.segs(), o.count(), no_transform{}, reduce::sum{}, &s, &ws);
  EXPECT_FALSE(s) << (s.message ? s.message : "");
  for (std::uint64_t i = 0; i < o.count(); ++i) {
    ASSERT_EQ(test::bits_of(first[i]), test::bits_of(second[i])) << C::name() << " segment " << i;
    ASSERT_EQ(test::bits_of(first[i]), test::bits_of(on_ws[i])) << C::name() << " segment " << i;
  }
}

}  // namespace
