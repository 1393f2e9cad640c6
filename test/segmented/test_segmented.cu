// The segmented reductions beyond sums: every op and type on the default and one kernel of each mapping, wider and
// compensated accumulators, transforms, argmin/argmax per segment, NaN and infinities inside segments, empty
// segments, the workspace and CUB-order forms, run-to-run bits. Long segments: test_segmented_long.cu; segments at a
// fixed stride on the mappings that take only those: test_segmented_strided.cu; bad input: test_segmented_args.cu.
#include "seg_ops.cuh"

namespace {

namespace p = reduce::policy;
using reduce::detail::no_transform;
using segtest::offsets_on_device;
using configs = ::testing::Types<reduce::default_segmented_config,
                                 p::segmented_config<p::thread_per_segment, p::scalar<4>, p::shuffle, 256>,
                                 p::segmented_config<p::lanes_per_segment<4>, p::scalar<1>, p::shuffle, 128>,
                                 p::segmented_config<p::warp_per_segment, p::scalar<4>, p::shuffle, 512>,
                                 p::segmented_config<p::block_per_segment, p::vector<4>, p::shuffle, 256>,
                                 p::segmented_config<p::by_length, p::scalar<4>, p::tree<p::sequential>, 128>>;
template <class C>
class Segmented : public ::testing::Test {};

TYPED_TEST_SUITE(Segmented, configs, test::config_name);

TYPED_TEST(Segmented, EveryOpAndType) {
  REQUIRE_GPU();
  segtest::every_op_and_type<TypeParam>(offsets_on_device(2000, 3));
}

// Laid end to end (CSR, the common layout), runs of short segments among longer ones; 40000 segments: by_length's
// warp steps of two segments.
TYPED_TEST(Segmented, EveryOpAndTypeLaidEndToEnd) {
  REQUIRE_GPU();
  segtest::every_op_and_type<TypeParam>(offsets_on_device(40000, 13, true));
}

TYPED_TEST(Segmented, ArgminAndArgmaxPerSegmentFirstOccurrence) {
  REQUIRE_GPU();
  segtest::argmin_argmax<TypeParam>(offsets_on_device(1500, 4));
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
