// One shard of the segmented kernels (REDUCE_TEST_SHARD of REDUCE_TEST_SHARDS, set by CMake; matrix::segmented_all):
// every kernel sums every kind of segments it takes (offsets of 32 and 64 bits with empty, single, long, misaligned
// and unordered segments; one size from 1 to 10000; rows with a leading dimension; for the column walk, columns of
// matrices from 1 to 150000 wide, through scalars and vectors) on random data, each result exact: the values are -1, 0
// and 1, so every partial sum is an integer below 2^24 and float addition is exact in any order.
#include "seg_common.cuh"

namespace {

using kernels = reduce::matrix::shard<reduce::matrix::segmented_all, REDUCE_TEST_SHARD, REDUCE_TEST_SHARDS>;
template <class C>
class SegmentedMatrix : public ::testing::Test {};
TYPED_TEST_SUITE(SegmentedMatrix, test::gtest_types<kernels>, test::config_name);

using reduce::detail::no_transform;

// The input of every test of the process: small integers as floats, on the device once.
struct input {
  std::vector<float> h;
  test::device_buffer<float> d;
  explicit input(std::uint64_t n) : d(n) {
    const auto ints = test::random_vector<int>(n, -1, 1, n);
    h.assign(ints.begin(), ints.end());
    segtest::to_device(d, h);
  }
};
const input& data(std::uint64_t n) {
  static std::map<std::uint64_t, std::unique_ptr<input>> inputs;
  auto& in = inputs[n];
  if (!in) in = std::make_unique<input>(n);
  return *in;
}

template <class C, class Segs>
void expect_sums(const input& in, Segs segs, std::uint64_t count, const std::vector<std::uint64_t>& begin,
                 const std::vector<std::uint64_t>& size, std::uint64_t stride, const char* what) {
  const auto got = segtest::run<C, float>(in.d.base, segs, count, no_transform{}, reduce::sum{});
  for (std::uint64_t s = 0; s < count; ++s) {
    const float want =
        segtest::fold<float>(in.h.data() + begin[s], size[s], stride, reduce::sum{}, segtest::identity_transform{});
    ASSERT_EQ(got[s], want) << C::name() << " " << what << ": segment " << s << " of " << count << " (" << size[s]
                            << " elements)";
  }
}

template <class C, class O>
void offsets_case(std::uint64_t count, std::uint64_t seed) {
  const segtest::layout l = segtest::random_layout(test::small_only() ? count / 10 : count, seed);
  const input& in = data(1u << 23);
  ASSERT_LE(l.total, in.h.size());
  const std::vector<O> b(l.begin.begin(), l.begin.end()), e(l.end.begin(), l.end.end());
  test::device_buffer<O> db(b.size()), de(e.size());
  std::vector<std::uint64_t> begin(b.size()), size(b.size());
  for (std::size_t s = 0; s < b.size(); ++s) begin[s] = b[s], size[s] = e[s] > b[s] ? e[s] - b[s] : 0;
  expect_sums<C>(in, reduce::segments::offsets(segtest::to_device(db, b), segtest::to_device(de, e), b.size()),
                 b.size(), begin, size, 1, sizeof(O) == 4 ? "32-bit offsets" : "64-bit offsets");
}

TYPED_TEST(SegmentedMatrix, EveryKindOfSegmentsExact) {
  REQUIRE_GPU();
  using C = TypeParam;
  if constexpr (C::map::columns_only) {
    for (auto [rows, cols, ld] : {std::array<std::uint64_t, 3>{1000, 1, 1},
                                  {333, 3, 5},
                                  {1000, 7, 7},
                                  {77, 32, 40},
                                  {129, 100, 100},
                                  {4000, 33, 33},
                                  {5, 2000, 2001},
                                  {1, 150000, 150001},  // wide and shallow: a lane holds several column tiles
                                  {3, 60001, 60004},    // the same with vectors, the last one partly past the row
                                  {1000, 7, 8},
                                  {24, 1000, 1000},  // warps partly side by side
                                  {64, 50000, 50000},
                                  {0, 5, 5},
                                  {100000, 4, 4}}) {
      if (test::small_only() && rows * ld > 200000) continue;
      std::vector<std::uint64_t> begin(cols), size(cols, rows);
      for (std::uint64_t c = 0; c < cols; ++c) begin[c] = c;
      expect_sums<C>(data(1u << 23), reduce::segments::columns(rows, cols, ld), cols, begin, size, ld, "columns");
    }
  } else {
    if constexpr (!C::map::strided_only) {
      offsets_case<C, int>(3000, 1);
      offsets_case<C, long long>(3000, 2);
    }
    for (std::uint64_t k : {1, 2, 3, 4, 5, 8, 17, 32, 33, 100, 1000, 5000, 10000}) {  // 10000: by_length's long pass
      const std::uint64_t count = test::small_only() ? 50 : 200000 / k + 7;
      std::vector<std::uint64_t> begin(count), size(count, k);
      for (std::uint64_t s = 0; s < count; ++s) begin[s] = s * k;
      expect_sums<C>(data(1u << 23), reduce::segments::fixed(count, k), count, begin, size, 1, "one size");
    }
    for (auto [rows, cols, ld] :
         {std::array<std::uint64_t, 3>{1000, 7, 9}, {100, 300, 301}, {10, 5000, 5003}, {5, 20000, 20011}}) {
      std::vector<std::uint64_t> begin(rows), size(rows, cols);
      for (std::uint64_t r = 0; r < rows; ++r) begin[r] = r * ld;
      expect_sums<C>(data(1u << 23), reduce::segments::rows(rows, cols, ld), rows, begin, size, 1, "rows");
    }
  }
}

}  // namespace
