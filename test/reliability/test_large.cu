// Sizes past 32 bits: n = 2^31 + 17 and 2^32 + 5, floats (summed in double: exact) and int32 (summed in int64,
// checked against a closed form), for the default and one kernel of each Grid policy; and the 32-bit offset path's
// limit from both sides. Needs about 17 GB of device memory (skipped, with a message, where there is less).
#include "configs.cuh"

namespace {

constexpr std::uint64_t big_n = (std::uint64_t(1) << 32) + 5;
constexpr std::uint64_t limit = reduce::detail::index32_limit;

// x[i] = 1 + i % 7 (floats): every element counts (a lost or doubled one changes the sum), and 2^31 and 2^32 are not
// multiples of 7, so an offset that wraps at either reads a different value.
__global__ void fill_float(float* x, std::uint64_t n) {
  for (std::uint64_t i = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; i < n;
       i += std::uint64_t(gridDim.x) * blockDim.x)
    x[i] = float(1 + i % 7);
}
// x[i] = i % 65521 - 32760 (int32): both signs, period a prime.
__global__ void fill_int(std::int32_t* x, std::uint64_t n) {
  for (std::uint64_t i = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; i < n;
       i += std::uint64_t(gridDim.x) * blockDim.x)
    x[i] = std::int32_t(i % 65521) - 32760;
}

// Closed forms of the sums of the first n elements.
double float_sum(std::uint64_t n) {
  const std::uint64_t q = n / 7, r = n % 7;
  return double(n + 21 * q + r * (r - 1) / 2);
}
std::int64_t int_sum(std::uint64_t n) {
  auto partial = [](std::int64_t m) { return m * (m - 1) / 2 - 32760 * m; };
  return std::int64_t(n / 65521) * partial(65521) + partial(std::int64_t(n % 65521));
}

class Large : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    if (!test::have_device() || test::small_only()) return;
    std::size_t free = 0, total = 0;
    if (cudaMemGetInfo(&free, &total) != cudaSuccess) return;
    const std::size_t bytes = (big_n + 64) * 4;
    if (free < bytes + (std::size_t(1) << 30)) return;
    if (cudaMalloc(&data, bytes) != cudaSuccess) data = nullptr;
  }
  static void TearDownTestSuite() {
    cudaFree(data);
    data = nullptr;
  }
  void SetUp() override {
    REQUIRE_GPU();
    if (test::small_only()) GTEST_SKIP() << "REDUCE_TEST_SMALL: 17 GB inputs skipped";
    if (!data) GTEST_SKIP() << "needs about 17 GB of free device memory";
  }
  static void* data;
};
void* Large::data = nullptr;

template <class C>
void check_sizes(void* data, std::initializer_list<std::uint64_t> sizes) {
  auto* f = static_cast<float*>(data);
  auto* i = static_cast<std::int32_t*>(data);
  test::device_buffer<double> fsum(1);
  test::device_buffer<std::int64_t> isum(1);
  fill_float<<<4096, 256>>>(f, big_n);
  ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  for (std::uint64_t n : sizes) {
    ASSERT_EQ(test::reduce_into<C>(f, n, fsum.base), cudaSuccess) << C::name() << " n=" << n;
    EXPECT_EQ(test::to_host(fsum.base), float_sum(n)) << C::name() << " float n=" << n;
  }
  fill_int<<<4096, 256>>>(i, big_n);
  ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  for (std::uint64_t n : sizes) {
    ASSERT_EQ(test::reduce_into<C>(i, n, isum.base), cudaSuccess) << C::name() << " n=" << n;
    EXPECT_EQ(test::to_host(isum.base), int_sum(n)) << C::name() << " int32 n=" << n;
  }
}

TEST_F(Large, PastThirtyTwoBitsEveryGrid) {
  boost::mp11::mp_for_each<boost::mp11::mp_transform<boost::mp11::mp_identity, test::one_per_grid>>([](auto id) {
    check_sizes<typename decltype(id)::type>(data, {(std::uint64_t(1) << 31) + 17, big_n});
  });
}

// index32_limit elements run the 32-bit-offset kernel, one more runs the 64-bit one: both right.
TEST_F(Large, OffsetWidthLimitFromBothSides) {
  using vec = reduce::default_config;
  using sca =
      reduce::policy::config<reduce::policy::scalar<1>, reduce::policy::tree<reduce::policy::interleaved_modulo>,
                             reduce::policy::multipass, 128>;
  check_sizes<vec>(data, {limit, limit + 1});
  check_sizes<sca>(data, {limit, limit + 1});
}

// The launch picks the kernel by this test (host only: runs in CI).
TEST(OffsetWidth, LimitIsTheLargestInt32) {
  EXPECT_EQ(limit, std::uint64_t(std::numeric_limits<std::int32_t>::max()));
  EXPECT_TRUE(reduce::detail::fits_32bit_offsets(limit));
  EXPECT_FALSE(reduce::detail::fits_32bit_offsets(limit + 1));
}

}  // namespace
