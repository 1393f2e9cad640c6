// Bad input beyond test_api.cu's: n past the end of the input's allocation, temporary storage claimed larger than
// its allocation (clear error, output untouched), and a kernel that fails on the device (reported, not swallowed).
#include "configs.cuh"

namespace {

template <class C>
class AllocationBounds : public ::testing::Test {};
TYPED_TEST_SUITE(AllocationBounds, test::gtest_types<test::one_per_grid>, test::config_name);

// Runs C over d_in[0, n) with `bytes` of temp at `temp`; expects `code` and, for an error, a message naming `what`
// and the poisoned output untouched.
template <class C>
void expect_refused(const float* d_in, std::uint64_t n, void* temp, std::size_t bytes, const char* what) {
  test::device_buffer<float> out(1);
  ASSERT_EQ(cudaMemset(out.base, 0xA5, sizeof(float)), cudaSuccess);
  const reduce::status s = reduce::device_reduce_status<C>(temp, bytes, d_in, out.base, n);
  EXPECT_EQ(s.code, cudaErrorInvalidValue) << C::name() << " n=" << n;
  ASSERT_NE(s.message, nullptr);
  EXPECT_NE(std::string(s.message).find(what), std::string::npos) << s.message;
  ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  unsigned bits = 0;
  ASSERT_EQ(cudaMemcpy(&bits, out.base, 4, cudaMemcpyDeviceToHost), cudaSuccess);
  EXPECT_EQ(bits, 0xA5A5A5A5u) << "the output was written";
}

TYPED_TEST(AllocationBounds, PastTheEndOfTheAllocation) {
  REQUIRE_GPU();
  using C = TypeParam;
  const std::uint64_t n = 1 << 20;  // 4 MiB: a whole number of the driver's allocation granules
  float* d = nullptr;
  ASSERT_EQ(cudaMalloc(&d, n * sizeof(float)), cudaSuccess);
  ASSERT_EQ(cudaMemset(d, 0, n * sizeof(float)), cudaSuccess);
  std::size_t bytes = 0;
  float* out = nullptr;
  ASSERT_EQ(cudaMalloc(&out, sizeof(float)), cudaSuccess);
  ASSERT_EQ(reduce::device_reduce<C>(nullptr, bytes, d, out, n + 1), cudaSuccess);
  void* temp = nullptr;
  ASSERT_EQ(cudaMalloc(&temp, bytes), cudaSuccess);
  expect_refused<C>(d, n + 1, temp, bytes, "past the end of the input");
  expect_refused<C>(d + 1, n, temp, bytes, "past the end of the input");
  expect_refused<C>(d, std::uint64_t(1) << 62, temp, bytes, "past the end of the input");  // n * 4 wraps
  // The whole allocation, and the last element alone, are fine.
  EXPECT_EQ(test::reduce_into<C>(d, n, out), cudaSuccess);
  EXPECT_EQ(test::reduce_into<C>(d + n - 1, 1, out), cudaSuccess);
  // Temporary storage: claiming more bytes than the allocation holds is refused. A 4 MiB input needs some temp for
  // every Grid but the atomic one; place it at the end of a larger allocation so it runs past that end.
  std::size_t need = 0;
  ASSERT_EQ(reduce::device_reduce<C>(nullptr, need, d, out, n), cudaSuccess);
  if (need > 16) {
    char* big = nullptr;
    const std::size_t alloc = std::size_t(4) << 20;
    ASSERT_EQ(cudaMalloc(&big, alloc), cudaSuccess);
    void* tail = big + alloc - (need / 2) / 16 * 16;  // 16-byte aligned, half the needed bytes left
    expect_refused<C>(d, n, tail, need, "temporary storage runs past");
    cudaFree(big);
  }
  cudaFree(temp);
  cudaFree(out);
  cudaFree(d);
}

// An op that traps on the device: the convenience call must throw with the CUDA error, never return a value. Run in
// a child process (the trap ends the CUDA context), which exits with 3 when the error was reported.
struct trap_on_42 {
  __host__ __device__ float operator()(float a, float b) const {
#ifdef __CUDA_ARCH__
    if (a == 42.f || b == 42.f) __trap();
#endif
    return a + b;
  }
};

[[noreturn]] void reduce_with_a_trap() {
  test::device_buffer<float> d(100000);
  cudaMemset(d.base, 0, 100000 * sizeof(float));
  const float x = 42.f;
  cudaMemcpy(d.base + 77777, &x, sizeof(float), cudaMemcpyHostToDevice);
  try {
    (void)reduce::reduce(d.base, 100000, reduce::make_op(trap_on_42{}, 0.f));
  } catch (const reduce::error& e) {
    std::fprintf(stderr, "reported: %s\n", e.what());
    std::exit(e.code() != cudaSuccess ? 3 : 4);
  }
  std::exit(5);  // swallowed
}

TEST(KernelFailureDeathTest, IsReportedNotSwallowed) {
  REQUIRE_GPU();
  if (test::small_only()) GTEST_SKIP() << "under compute-sanitizer a trap is (rightly) reported as an error";
  GTEST_FLAG_SET(death_test_style, "threadsafe");  // the child re-executes the binary: a fresh CUDA context
  EXPECT_EXIT(reduce_with_a_trap(), ::testing::ExitedWithCode(3), "reported: reduce::reduce: (copy back|synchronize)");
}

}  // namespace
