// The standard size ladder (0..5, 8, 10, 13, 16, 17, 19, 27, 30..33, 35, every power of two and its neighbours up to
// 2^26, 687, 1565, 12345, 731588, 9760840) for the default and one kernel of each Grid policy, at an aligned and a
// misaligned start: float sums of values in {-1, 0, 1} up to 2^24 elements (exact in any order, see common.cuh),
// int32 sums in int64 and int32 minima at every rung (exact).
#include <set>

#include "configs.cuh"

namespace {

std::vector<std::uint64_t> ladder() {
  std::set<std::uint64_t> s = {0,  1,  2,  3,  4,  5,  8,   10,   13,    16,     17,     19,
                               27, 30, 31, 32, 33, 35, 687, 1565, 12345, 731588, 9760840};
  for (int k = 1; k <= 26; ++k) {
    const std::uint64_t p = std::uint64_t(1) << k;
    s.insert({p - 1, p, p + 1});
  }
  if (test::small_only()) return {0, 1, 5, 33, 687, 12345};
  return {s.begin(), s.end()};
}

// One input of the largest size (plus the offset), on the host and the device, shared by every rung.
struct ladder_data {
  std::vector<int> values;  // in {-1, 0, 1} for the sums; the same ints drive the minima
  test::device_buffer<float> f;
  test::device_buffer<int> i;
  explicit ladder_data(std::uint64_t n) : values(test::random_vector<int>(n, -1, 1, 2026)), f(n), i(n) {
    std::vector<float> hf(values.begin(), values.end());
    std::vector<int> hi(values);
    std::mt19937 rng(7);
    for (auto& x : hi) x = x * 1000 + int(rng() % 1000);  // distinct-ish values for min
    cudaMemcpy(f.base, hf.data(), n * sizeof(float), cudaMemcpyHostToDevice);
    cudaMemcpy(i.base, hi.data(), n * sizeof(int), cudaMemcpyHostToDevice);
    values_i = std::move(hi);
  }
  std::vector<int> values_i;
};

template <class C>
class Ladder : public ::testing::Test {};
TYPED_TEST_SUITE(Ladder, test::gtest_types<test::one_per_grid>, test::config_name);

TYPED_TEST(Ladder, EveryRungAlignedAndNot) {
  REQUIRE_GPU();
  using C = TypeParam;
  const auto sizes = ladder();
  static ladder_data data(sizes.back() + 1);
  test::device_buffer<float> fsum(1);
  test::device_buffer<std::int64_t> isum(1);
  test::device_buffer<int> imin(1);
  for (unsigned offset : {0u, 1u}) {
    long long exact = 0, exact_i = 0;  // running references: the rungs are in increasing order
    int lowest = std::numeric_limits<int>::max();
    std::uint64_t done = 0;
    for (std::uint64_t n : sizes) {
      for (; done < n; ++done) {
        exact += data.values[offset + done];
        exact_i += data.values_i[offset + done];
        lowest = std::min(lowest, data.values_i[offset + done]);
      }
      const std::string where = C::name() + " n=" + std::to_string(n) + " offset=" + std::to_string(offset);
      if (n <= (1u << 24)) {  // beyond, a partial sum could in principle leave float's exact integers
        ASSERT_EQ(test::reduce_into<C>(data.f.base + offset, n, fsum.base), cudaSuccess) << where;
        EXPECT_EQ(test::to_host(fsum.base), float(exact)) << where;
      }
      ASSERT_EQ(test::reduce_into<C>(data.i.base + offset, n, isum.base), cudaSuccess) << where;
      EXPECT_EQ(test::to_host(isum.base), exact_i) << where;
      ASSERT_EQ(test::reduce_into<C>(data.i.base + offset, n, imin.base, reduce::min{}), cudaSuccess) << where;
      EXPECT_EQ(test::to_host(imin.base), lowest) << where;
    }
  }
}

}  // namespace
