// The standard size ladder (0..5, 8, 10, 13, 16, 17, 19, 27, 30..33, 35, every power of two and its neighbours up to
// 2^26, 687, 1565, 12345, 731588, 9760840) for the default and one kernel of each Grid policy, at an aligned and a
// misaligned start: float sums of values in {-1, 0, 1} up to 2^24 elements (exact in any order, see common.cuh),
// int32 sums in int64 and int32 minima at every rung (exact). Then the default's float and double tables at the
// bound of every entry (up to 2^29 + 3 elements).
#include <iterator>
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

// The default's tables, every entry: n at each entry's upper bound, and 3 past the last bound, so every kernel the
// float and double tables (raw and on a workspace), the int table (on a workspace) and the int64 table name runs.
// Only every 64th element is nonzero (-1 or +1), so any partial sum, in any order and grouping, is an integer of
// magnitude at most n / 64 + 1 <= 2^23 + 1: exact in float. The result must be the exact sum, bit for bit, twice.
__host__ __device__ int sparse_value(std::uint64_t i) { return i % 64 ? 0 : int((i / 64) * 2654435761u % 3) - 1; }
template <class T>
__global__ void fill_sparse(T* x, std::uint64_t n) {
  for (std::uint64_t i = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; i < n;
       i += std::uint64_t(gridDim.x) * blockDim.x)
    x[i] = T(sparse_value(i));
}
// Through reduce::reduce, or (on_workspace) device_reduce on one reduce::workspace, which reads its own table.
template <class T, class Table, bool on_workspace = false>
void expect_exact_on_every_entry() {
  const std::uint64_t cap = test::small_only() ? (1u << 20) + 3 : (std::uint64_t(1) << 29) + 3;
  std::vector<std::uint64_t> sizes;
  const std::size_t entries = std::size(Table::up_to);
  for (std::size_t i = 0; i < entries; ++i)
    sizes.push_back(std::min(cap, i + 1 < entries ? Table::up_to[i] : Table::up_to[i - 1] + 3));
  test::device_buffer<T> x(sizes.back());
  fill_sparse<<<1024, 256>>>(x.base, sizes.back());
  ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  reduce::workspace ws;
  test::device_buffer<T> out(1);
  auto sum = [&](std::uint64_t n) {
    if constexpr (!on_workspace) return reduce::reduce(x.base, n);
    T v{};
    EXPECT_EQ((reduce::device_reduce<reduce::default_config>(ws, x.base, out.base, n)), cudaSuccess);
    EXPECT_EQ(cudaMemcpy(&v, out.base, sizeof(T), cudaMemcpyDeviceToHost), cudaSuccess);
    return v;
  };
  for (std::uint64_t n : sizes) {
    long long exact = 0;
    for (std::uint64_t i = 0; i < n; i += 64) exact += sparse_value(i);
    const T got = sum(n);
    EXPECT_EQ(got, T(exact)) << "n=" << n;
    EXPECT_EQ(test::bits_of(sum(n)), test::bits_of(got)) << "n=" << n;
  }
}
TEST(DefaultTables, FloatAndDoubleExactOnEveryEntry) {
  REQUIRE_GPU();
  expect_exact_on_every_entry<float, reduce::tuning::sm90<4>>();
  expect_exact_on_every_entry<double, reduce::tuning::sm90<8>>();
}
TEST(DefaultTables, FloatAndDoubleOnAWorkspaceExactOnEveryEntry) {
  REQUIRE_GPU();
  expect_exact_on_every_entry<float, reduce::tuning::sm90_workspace<4>, true>();
  expect_exact_on_every_entry<double, reduce::tuning::sm90_workspace<8>, true>();
}
TEST(DefaultTables, IntOnAWorkspaceExactOnEveryEntry) {
  REQUIRE_GPU();
  expect_exact_on_every_entry<int, reduce::tuning::sm90_exact_workspace<4>, true>();  // the table int sums read there
}
// 64-bit integer sums read the 8-byte exact table on both storages (no tally word holds a 64-bit sum).
TEST(DefaultTables, Int64ExactOnEveryEntry) {
  REQUIRE_GPU();
  expect_exact_on_every_entry<long long, reduce::tuning::sm90_exact<8>>();
  expect_exact_on_every_entry<long long, reduce::tuning::sm90_exact<8>, true>();
}

}  // namespace
