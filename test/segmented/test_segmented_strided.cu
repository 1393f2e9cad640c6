// Segments at a fixed stride (one size, rows) on the mapping that takes only those (the staged tile: vector and
// scalar Loads; its smallest tiles, scalar<1> x 128 threads, hold 128 elements, so the longer segments here take its
// long path) and on the default: every op and type, argmin/argmax, special values and empty segments, bits run to run.
// The staged tile's other Loads and block sizes sum every kind of segments it takes in segmented_matrix.cu.
#include "seg_ops.cuh"

namespace {

namespace p = reduce::policy;
using reduce::detail::no_transform;
using segtest::fixed_on_device;
using segtest::strided_on_device;

using strided_configs = ::testing::Types<reduce::default_segmented_config,
                                         p::segmented_config<p::staged_tile, p::vector<4>, p::shuffle, 256>,
                                         p::segmented_config<p::staged_tile, p::scalar<1>, p::shuffle, 128>>;
template <class C>
class SegmentedStrided : public ::testing::Test {};
TYPED_TEST_SUITE(SegmentedStrided, strided_configs, test::config_name);

TYPED_TEST(SegmentedStrided, EveryOpAndTypeOneSizeAndRowsMisaligned) {
  REQUIRE_GPU();
  using C = TypeParam;
  for (std::uint64_t k : {1, 2, 3, 7, 16, 33, 300, 5000})
    for (std::uint64_t shift : {0, 1, 3}) {
      SCOPED_TRACE("one size " + std::to_string(k) + ", input shifted by " + std::to_string(shift));
      segtest::every_op_and_type<C>(fixed_on_device((test::small_only() ? 2000 : 40000) / k + 3, k, shift));
      segtest::argmin_argmax<C>(fixed_on_device(3000 / k + 5, k, shift));
    }
  // Rows with gaps of a sector or more take the default's threads and lane groups: {500, 3, 40}, {700, 1, 64},
  // {600, 8, 24} (a head, a vector and a tail a row at this shift).
  for (auto [rows, cols, ld] : {std::array<std::uint64_t, 3>{3000, 7, 9},
                                {200, 130, 133},
                                {3, 2000, 2001},
                                {500, 3, 40},
                                {700, 1, 64},
                                {600, 8, 24}}) {
    SCOPED_TRACE("rows " + std::to_string(rows) + " x " + std::to_string(cols) + ", ld " + std::to_string(ld));
    segtest::every_op_and_type<C>(strided_on_device<true>{rows, cols, ld, 1});
    segtest::argmin_argmax<C>(strided_on_device<true>{rows, cols, ld, 2});
  }
}

TYPED_TEST(SegmentedStrided, NanInfinitiesAndEmptySegmentsSameBitsEveryRun) {
  REQUIRE_GPU();
  using C = TypeParam;
  const float inf = std::numeric_limits<float>::infinity(), nan = std::numeric_limits<float>::quiet_NaN();
  // 4 segments of 40: plain, one NaN, +inf and -inf (sum NaN), +inf only.
  std::vector<float> h(161, 1.f);
  h[40 + 17] = nan;
  h[80 + 3] = inf, h[80 + 30] = -inf;
  h[120 + 39] = inf;
  test::device_buffer<float> d(h.size());
  segtest::to_device(d, h);
  const auto sum = segtest::run<C, float>(d.base, reduce::segments::fixed(4, 40), 4, no_transform{}, reduce::sum{});
  EXPECT_EQ(sum[0], 40.f);
  EXPECT_TRUE(std::isnan(sum[1]));
  EXPECT_TRUE(std::isnan(sum[2]));
  EXPECT_EQ(sum[3], inf);
  const auto mn = segtest::run<C, float>(d.base, reduce::segments::rows(4, 40, 40), 4, no_transform{}, reduce::min{});
  EXPECT_TRUE(std::isnan(mn[1]));
  EXPECT_EQ(mn[2], -inf);
  // Segments of no element (one size 0, rows of 0 columns): the identity, and argmin no index.
  const auto empty = segtest::run<C, float>(d.base, reduce::segments::fixed(5, 0), 5, no_transform{}, reduce::max{});
  const auto no_columns =
      segtest::run<C, float>(d.base, reduce::segments::rows(5, 0, 3), 5, no_transform{}, reduce::sum{});
  const auto arg = segtest::run_arg<C>(d.base, reduce::segments::fixed(3, 0), 3, false);
  for (int s = 0; s < 3; ++s) {
    EXPECT_EQ(empty[s], -inf);
    EXPECT_EQ(no_columns[s], 0.f);
    EXPECT_EQ(arg[s].index, reduce::no_index);
  }
  // The same bits on every run.
  const auto r = test::random_vector<float>(100003, -1, 1, 17);
  test::device_buffer<float> dr(r.size());
  segtest::to_device(dr, r);
  for (std::uint64_t k : {3, 40, 7000}) {
    const auto a = segtest::run<C, float>(dr.base + 1, reduce::segments::fixed(100000 / k, k), 100000 / k,
                                          no_transform{}, reduce::sum{});
    const auto b = segtest::run<C, float>(dr.base + 1, reduce::segments::fixed(100000 / k, k), 100000 / k,
                                          no_transform{}, reduce::sum{});
    for (std::uint64_t s = 0; s < a.size(); ++s) ASSERT_EQ(test::bits_of(a[s]), test::bits_of(b[s])) << k << " " << s;
  }
}

}  // namespace
