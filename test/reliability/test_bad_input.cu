// Bad input beyond test_api.cu's: n past the end of the input's allocation (device, pool and mapped memory), temporary
// storage claimed larger than its allocation (clear error, output untouched), and a kernel that fails on the device
// (reported, not swallowed).
#include <cuda.h>

#include "configs.cuh"

namespace {

template <class C>
class AllocationBounds : public ::testing::Test {};
TYPED_TEST_SUITE(AllocationBounds, test::gtest_types<test::one_per_grid>, test::config_name);

// Runs C over d_in[0, n) with `bytes` of temp at `temp`; expects cudaErrorInvalidValue, a message naming `what` and
// the poisoned output untouched.
template <class C, class T>
void expect_refused(const T* d_in, std::uint64_t n, void* temp, std::size_t bytes, const char* what) {
  static_assert(sizeof(T) == 4, "the poisoned output is one 4-byte word");
  test::device_buffer<T> out(1);
  ASSERT_EQ(cudaMemset(out.base, 0xA5, sizeof(T)), cudaSuccess);
  const reduce::status s = reduce::device_reduce<C>({temp, bytes}, d_in, out.base, n);
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
  ASSERT_EQ(reduce::device_reduce<C>({nullptr, bytes}, d, out, n + 1), cudaSuccess);
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
  ASSERT_EQ(reduce::device_reduce<C>({nullptr, need}, d, out, n), cudaSuccess);
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

// The end of the input is enforced whatever allocated it, as far as the driver reports the allocation
// (cuMemGetAddressRange): memory from a stream-ordered pool (cudaMallocAsync) and memory mapped by the virtual memory
// API into a reserved address range twice its size (as ncclMemAlloc maps it). Each reduces exactly over all of it;
// one element past the reported end is refused with the output untouched. For the mapped memory the reported end is
// the mapping's, not the reserved range's: one element past it would fault.
template <class F>
F driver_entry(const char* name) {
  void* f = nullptr;
  cudaDriverEntryPointQueryResult q{};
  if (cudaGetDriverEntryPointByVersion(name, &f, 12000, cudaEnableDefault, &q) != cudaSuccess ||
      q != cudaDriverEntryPointSuccess)
    return nullptr;
  return reinterpret_cast<F>(f);
}

void expect_ends_enforced(const int* d, std::uint64_t n, std::uint64_t seed, const char* kind) {
  const auto h = test::random_vector<int>(n, -1000, 1000, seed);
  ASSERT_EQ(cudaMemcpy(const_cast<int*>(d), h.data(), n * sizeof(int), cudaMemcpyHostToDevice), cudaSuccess) << kind;
  unsigned long long base = 0;
  std::size_t size = 0;
  const auto range = driver_entry<CUresult (*)(CUdeviceptr*, std::size_t*, CUdeviceptr)>("cuMemGetAddressRange");
  ASSERT_NE(range, nullptr);
  ASSERT_EQ(range(&base, &size, reinterpret_cast<CUdeviceptr>(d)), CUDA_SUCCESS) << kind;
  const std::uint64_t reported = (base + size - reinterpret_cast<std::uintptr_t>(d)) / sizeof(int);
  EXPECT_GE(reported, n) << kind << ": the reported allocation is smaller than the memory allocated";
  test::device_buffer<int> out(1);
  ASSERT_EQ(test::reduce_into<reduce::default_config>(d, n, out.base), cudaSuccess) << kind;
  int got = 0;
  ASSERT_EQ(cudaMemcpy(&got, out.base, sizeof(int), cudaMemcpyDeviceToHost), cudaSuccess);
  EXPECT_EQ(got, test::reference<int>(h, reduce::sum{})) << kind;
  std::size_t bytes = 0;
  ASSERT_EQ(reduce::device_reduce({nullptr, bytes}, d, out.base, reported + 1), cudaSuccess);
  test::device_buffer<char> temp(bytes);
  SCOPED_TRACE(kind);
  expect_refused<reduce::default_config>(d, reported + 1, temp.base, bytes, "past the end of the input");
}

TEST(MemoryKinds, PoolAndMappedMemoryEndsEnforced) {
  REQUIRE_GPU();
  cudaStream_t st = nullptr;
  ASSERT_EQ(cudaStreamCreateWithFlags(&st, cudaStreamNonBlocking), cudaSuccess);
  int* pooled = nullptr;
  const std::uint64_t n = (1 << 20) + 37;
  ASSERT_EQ(cudaMallocAsync(&pooled, n * sizeof(int), st), cudaSuccess);
  ASSERT_EQ(cudaStreamSynchronize(st), cudaSuccess);
  expect_ends_enforced(pooled, n, 21, "pool memory");
  ASSERT_EQ(cudaFreeAsync(pooled, st), cudaSuccess);
  ASSERT_EQ(cudaStreamSynchronize(st), cudaSuccess);
  cudaStreamDestroy(st);

  // One granule mapped at the start of a reserved range of two.
  using create_fn =
      CUresult (*)(CUmemGenericAllocationHandle*, std::size_t, const CUmemAllocationProp*, unsigned long long);
  const auto granularity =
      driver_entry<CUresult (*)(std::size_t*, const CUmemAllocationProp*, CUmemAllocationGranularity_flags)>(
          "cuMemGetAllocationGranularity");
  const auto create = driver_entry<create_fn>("cuMemCreate");
  const auto reserve =
      driver_entry<CUresult (*)(CUdeviceptr*, std::size_t, std::size_t, CUdeviceptr, unsigned long long)>(
          "cuMemAddressReserve");
  const auto map = driver_entry<CUresult (*)(CUdeviceptr, std::size_t, std::size_t, CUmemGenericAllocationHandle,
                                             unsigned long long)>("cuMemMap");
  const auto access =
      driver_entry<CUresult (*)(CUdeviceptr, std::size_t, const CUmemAccessDesc*, std::size_t)>("cuMemSetAccess");
  const auto unmap = driver_entry<CUresult (*)(CUdeviceptr, std::size_t)>("cuMemUnmap");
  const auto release = driver_entry<CUresult (*)(CUmemGenericAllocationHandle)>("cuMemRelease");
  const auto unreserve = driver_entry<CUresult (*)(CUdeviceptr, std::size_t)>("cuMemAddressFree");
  ASSERT_TRUE(granularity && create && reserve && map && access && unmap && release && unreserve);
  int device = 0;
  ASSERT_EQ(cudaGetDevice(&device), cudaSuccess);
  CUmemAllocationProp prop{};
  prop.type = CU_MEM_ALLOCATION_TYPE_PINNED;
  prop.location = {CU_MEM_LOCATION_TYPE_DEVICE, device};
  std::size_t g = 0;
  ASSERT_EQ(granularity(&g, &prop, CU_MEM_ALLOC_GRANULARITY_MINIMUM), CUDA_SUCCESS);
  CUmemGenericAllocationHandle handle{};
  CUdeviceptr va = 0;
  ASSERT_EQ(create(&handle, g, &prop, 0), CUDA_SUCCESS);
  ASSERT_EQ(reserve(&va, 2 * g, g, 0, 0), CUDA_SUCCESS);
  ASSERT_EQ(map(va, g, 0, handle, 0), CUDA_SUCCESS);
  const CUmemAccessDesc rw{{CU_MEM_LOCATION_TYPE_DEVICE, device}, CU_MEM_ACCESS_FLAGS_PROT_READWRITE};
  ASSERT_EQ(access(va, g, &rw, 1), CUDA_SUCCESS);
  expect_ends_enforced(reinterpret_cast<const int*>(va), g / sizeof(int), 22, "mapped memory");
  EXPECT_EQ(unmap(va, g), CUDA_SUCCESS);
  EXPECT_EQ(release(handle), CUDA_SUCCESS);
  EXPECT_EQ(unreserve(va, 2 * g), CUDA_SUCCESS);
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
