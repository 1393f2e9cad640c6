// The columns of a matrix on the column walk (scalar and vector Loads, several block sizes) and on the default: every
// op and type, argmin/argmax (the index is the row), over shapes that take every launch shape the walk plans (warps
// stacked or side by side, rows split into chunks or not, lanes holding one column tile or several), over aligned and
// misaligned inputs (a vector Load reads scalars where a row's vectors are not aligned), dense matrices no wider than a
// vector (read flat); NaN and infinities; the same bits on every run.
#include "seg_ops.cuh"

namespace {

namespace p = reduce::policy;
using reduce::detail::no_transform;
using segtest::columns_on_device;

// The default is vector<4> x 256 (four vectors a lane: the wide walk holds four column tiles).
using column_configs = ::testing::Types<reduce::default_segmented_config,
                                        p::segmented_config<p::column_walk, p::scalar<4>, p::shuffle, 256>,
                                        p::segmented_config<p::column_walk, p::scalar<1>, p::shuffle, 128>,
                                        p::segmented_config<p::column_walk, p::vector<1>, p::shuffle, 512>>;
template <class C>
class SegmentedColumns : public ::testing::Test {};
TYPED_TEST_SUITE(SegmentedColumns, column_configs, test::config_name);

TYPED_TEST(SegmentedColumns, EveryOpAndTypeEveryShape) {
  REQUIRE_GPU();
  using C = TypeParam;
  // {rows, columns, ld, shift}: tall and narrow (chunks of rows), a ragged last vector, the vectors aligned (shift 0;
  // 4 elements for elements of 4 bytes or more; ld a multiple of 16) or not, shallow and wide (several column tiles a
  // lane, of scalars or of vectors of every width), one row; dense matrices no wider than a vector of some element
  // types, read flat by vector Loads (several blocks and their fold, elements past the last whole vector, fewer
  // elements than a vector).
  for (auto [rows, cols, ld, shift] : {std::array<std::uint64_t, 4>{20000, 3, 4, 1},
                                       {3000, 7, 9, 1},
                                       {500, 130, 144, 0},
                                       {200, 61, 64, 4},
                                       {3, 3001, 3008, 0},
                                       {1, 5000, 5008, 4},
                                       {2, 20000, 20000, 0},
                                       {2, 40, 41, 3},
                                       {200003, 1, 1, 0},
                                       {100001, 2, 2, 0},
                                       {50001, 4, 4, 4},
                                       {5001, 8, 8, 0},
                                       {4099, 16, 16, 0},
                                       {3, 2, 2, 0},
                                       {1, 1, 1, 0}}) {
    SCOPED_TRACE("columns of " + std::to_string(rows) + " x " + std::to_string(cols) + ", ld " + std::to_string(ld) +
                 ", input shifted by " + std::to_string(shift));
    segtest::every_op_and_type<C>(columns_on_device{rows, cols, ld, shift});
    segtest::argmin_argmax<C>(columns_on_device{rows, cols, ld, shift});
  }
}

TYPED_TEST(SegmentedColumns, NanInfinitiesNoRowsSameBitsEveryRun) {
  REQUIRE_GPU();
  using C = TypeParam;
  const float inf = std::numeric_limits<float>::infinity(), nan = std::numeric_limits<float>::quiet_NaN();
  // 40 rows of 4 columns: plain, one NaN, +inf and -inf (sum NaN), +inf only.
  std::vector<float> h(160, 1.f);
  h[17 * 4 + 1] = nan;
  h[3 * 4 + 2] = inf, h[30 * 4 + 2] = -inf;
  h[39 * 4 + 3] = inf;
  test::device_buffer<float> d(h.size());
  segtest::to_device(d, h);
  const auto sum =
      segtest::run<C, float>(d.base, reduce::segments::columns(40, 4, 4), 4, no_transform{}, reduce::sum{});
  EXPECT_EQ(sum[0], 40.f);
  EXPECT_TRUE(std::isnan(sum[1]));
  EXPECT_TRUE(std::isnan(sum[2]));
  EXPECT_EQ(sum[3], inf);
  const auto mn = segtest::run<C, float>(d.base, reduce::segments::columns(40, 4, 4), 4, no_transform{}, reduce::min{});
  EXPECT_TRUE(std::isnan(mn[1]));
  EXPECT_EQ(mn[2], -inf);
  // A matrix of no rows: each column the identity, argmin no index.
  const auto empty =
      segtest::run<C, float>(d.base, reduce::segments::columns(0, 5, 5), 5, no_transform{}, reduce::max{});
  const auto arg = segtest::run_arg<C>(d.base, reduce::segments::columns(0, 3, 3), 3, false);
  for (int c = 0; c < 3; ++c) {
    EXPECT_EQ(empty[c], -inf);
    EXPECT_EQ(arg[c].index, reduce::no_index);
  }
  // The same bits on every run, where the rows split into chunks and where they do not.
  const auto r = test::random_vector<float>(400004, -1, 1, 17);
  test::device_buffer<float> dr(r.size());
  segtest::to_device(dr, r);
  for (auto [rows, cols] : {std::array<std::uint64_t, 2>{100000, 4}, {40, 10000}}) {
    const auto a = segtest::run<C, float>(dr.base, reduce::segments::columns(rows, cols, cols), cols, no_transform{},
                                          reduce::sum{});
    const auto b = segtest::run<C, float>(dr.base, reduce::segments::columns(rows, cols, cols), cols, no_transform{},
                                          reduce::sum{});
    for (std::uint64_t c = 0; c < cols; ++c) ASSERT_EQ(test::bits_of(a[c]), test::bits_of(b[c])) << rows << " " << c;
  }
}

}  // namespace
