// The public API on the device: the convenience layer, n = 0, infinities, and bad input (clear error, no write).
#include <cstring>

#include "common.cuh"

namespace p = reduce::policy;
using cfg = p::config<p::vector<2>, p::shuffle, p::single_pass<>, 256>;
using grid_kinds = ::testing::Types<
    p::config<p::scalar<2>, p::shuffle, p::multipass, 128>, p::config<p::scalar<2>, p::shuffle, p::gridstride<>, 128>,
    p::config<p::scalar<2>, p::shuffle, p::atomic, 128>, p::config<p::scalar<2>, p::shuffle, p::single_pass<>, 128>,
    p::config<p::scalar<2>, p::shuffle, p::cluster<>, 128>, p::config<p::scalar<2>, p::shuffle, p::cooperative<>, 128>>;

TEST(Convenience, ReturnsTheValue) {
  REQUIRE_GPU();
  const auto h = test::random_vector<int>(123457, -100, 100, 1);
  test::device_buffer<int> d(h.size());
  CUDA_OK(cudaMemcpy(d.base, h.data(), h.size() * sizeof(int), cudaMemcpyHostToDevice));
  EXPECT_EQ(reduce::reduce(d.base, h.size()), test::reference<int>(h, reduce::sum{}));
  EXPECT_EQ((reduce::reduce<cfg, long long>(d.base, h.size(), reduce::max{})),
            test::reference<long long>(h, reduce::max{}));
}

// The default on integers reads the exact tables (atomic grids where they are fastest): full-range unsigned values,
// so sums wrap; every result exact and the same on a second call, at sizes of every entry of the table, and signed
// min and max over values of both signs.
template <class U, class Table>
void expect_exact_on_every_exact_entry() {
  using S = std::make_signed_t<U>;
  std::vector<std::uint64_t> sizes;
  for (std::uint64_t bound : Table::up_to) sizes.push_back(std::min<std::uint64_t>(bound, (1u << 23) + 5));
  sizes.push_back((1u << 18) + 3);
  const std::uint64_t most = *std::max_element(sizes.begin(), sizes.end());
  std::vector<U> h(most);
  std::mt19937_64 rng(4);
  for (auto& x : h) x = U(rng());
  test::device_buffer<U> d(most);
  CUDA_OK(cudaMemcpy(d.base, h.data(), most * sizeof(U), cudaMemcpyHostToDevice));
  const S* signed_d = reinterpret_cast<const S*>(d.base);
  for (std::uint64_t n : sizes) {
    const std::vector<U> part(h.begin(), h.begin() + n);
    const std::vector<S> signed_part(part.begin(), part.end());
    const U sum = reduce::reduce(d.base, n);
    EXPECT_EQ(sum, test::reference<U>(part, reduce::sum{})) << n;
    EXPECT_EQ(reduce::reduce(d.base, n), sum) << n;
    EXPECT_EQ((reduce::reduce<reduce::default_config, U>(d.base, n, reduce::bit_xor{})),
              test::reference<U>(part, reduce::bit_xor{}))
        << n;
    EXPECT_EQ((reduce::reduce<reduce::default_config, U>(d.base, n, reduce::max{})),
              test::reference<U>(part, reduce::max{}))
        << n;
    EXPECT_EQ((reduce::reduce<reduce::default_config, S>(signed_d, n, reduce::min{})),
              test::reference<S>(signed_part, reduce::min{}))
        << n;
  }
}
TEST(Convenience, DefaultIntegerOpsAreExactOnEveryTableEntry) {
  REQUIRE_GPU();
  static_assert(
      std::is_same_v<reduce::detail::tuned_table<unsigned, unsigned, reduce::sum>, reduce::tuning::sm90_exact<4>>);
  static_assert(std::is_same_v<reduce::detail::tuned_table<std::uint64_t, std::uint64_t, reduce::sum>,
                               reduce::tuning::sm90_exact<8>>);
  expect_exact_on_every_exact_entry<unsigned, reduce::tuning::sm90_exact<4>>();
  expect_exact_on_every_exact_entry<std::uint64_t, reduce::tuning::sm90_exact<8>>();
}

TEST(Convenience, ThrowsWithAClearMessage) {
  REQUIRE_GPU();
  std::vector<float> host(100, 1.f);
  try {
    reduce::reduce(host.data(), host.size());
    FAIL() << "a host pointer must throw";
  } catch (const reduce::error& e) {
    EXPECT_EQ(e.code(), cudaErrorInvalidValue);
    EXPECT_NE(std::string(e.what()).find("host memory"), std::string::npos) << e.what();
  }
}

template <class C>
class EveryGrid : public ::testing::Test {};
TYPED_TEST_SUITE(EveryGrid, grid_kinds, test::config_name);

TYPED_TEST(EveryGrid, EmptyInputWritesTheIdentity) {
  REQUIRE_GPU();
  const std::vector<float> none;
  EXPECT_EQ((test::run_device<TypeParam, float>(none, 0, reduce::sum{})), 0.f);
  EXPECT_EQ((test::run_device<TypeParam, int>(std::vector<int>{}, 0, reduce::max{})),
            std::numeric_limits<int>::lowest());
  if constexpr (!std::is_same_v<typename TypeParam::grid, p::atomic>) {
    EXPECT_EQ((test::run_device<TypeParam, float>(none, 0, reduce::min{})), std::numeric_limits<float>::infinity());
    EXPECT_EQ((test::run_device<TypeParam, double>(std::vector<double>{}, 0, reduce::product{})), 1.0);
  }
}

TYPED_TEST(EveryGrid, InfinitiesAreNotTheLargestFinite) {
  REQUIRE_GPU();
  if constexpr (!std::is_same_v<typename TypeParam::grid, p::atomic>) {
    const float inf = std::numeric_limits<float>::infinity();
    for (std::uint64_t n : {1, 1000, 70001}) {
      EXPECT_EQ((test::run_device<TypeParam, float>(std::vector<float>(n, inf), 1, reduce::min{})), inf);
      EXPECT_EQ((test::run_device<TypeParam, float>(std::vector<float>(n, -inf), 2, reduce::max{})), -inf);
    }
  }
}

// A fixed grid of one block (Grid<1>) walks every tile itself, through its own Grid's kernel; an input of one tile runs
// the one-tile kernel whatever the Grid. Exact for one tile (2048 floats here), many, and inputs off a 16-byte
// boundary, whose head and tail elements go one to a thread.
TEST(OneBlockGrids, WalkEveryTile) {
  REQUIRE_GPU();
  using one_block = boost::mp11::mp_list<p::config<p::vector<4>, p::shuffle, p::gridstride<1>, 128>,
                                         p::config<p::vector<4>, p::shuffle, p::single_pass<1>, 128>,
                                         p::config<p::vector<4>, p::shuffle, p::polled<1>, 128>,
                                         p::config<p::vector<4>, p::shuffle, p::cooperative<1>, 128>>;
  boost::mp11::mp_for_each<boost::mp11::mp_transform<boost::mp11::mp_identity, one_block>>([](auto c) {
    using C = typename decltype(c)::type;
    for (std::uint64_t n : {3, 2047, 2048, 2049, 100003})
      for (unsigned offset : {0u, 1u, 3u}) test::expect_exact_sum<C>(n, offset);
  });
}

// Runs cfg into a poisoned output and expects `want` back, with the output untouched.
static void expect_refused(const void* temp, std::size_t bytes, const float* in, float* out, std::uint64_t n,
                           const char* why) {
  const auto s = reduce::device_reduce<cfg>({const_cast<void*>(temp), bytes}, in, out, n);
  EXPECT_EQ(s.code, cudaErrorInvalidValue);
  ASSERT_NE(s.message, nullptr);
  EXPECT_NE(std::string(s.message).find(why), std::string::npos) << s.message;
}

TEST(BadInput, ClearErrorAndNothingWritten) {
  REQUIRE_GPU();
  const std::uint64_t n = 100000;
  test::device_buffer<float> in(n), out(1);
  CUDA_OK(cudaMemset(in.base, 0, n * sizeof(float)));
  std::size_t bytes = 0;
  CUDA_OK(reduce::device_reduce<cfg>({nullptr, bytes}, in.base, out.base, n));
  test::device_buffer<char> temp(bytes + 64);
  std::vector<float> host(n, 1.f);
  float host_out = 0;
  const unsigned poison = 0xA5A5A5A5u;
  CUDA_OK(cudaMemset(out.base, 0xA5, sizeof(float)));

  if (!reduce::detail::reads_pageable_memory())  // where the GPU reads pageable memory (HMM, ATS), it reduces it
    expect_refused(temp.base, bytes, host.data(), out.base, n, "input pointer is pageable host memory");
  expect_refused(temp.base, bytes, nullptr, out.base, n, "input pointer is null");
  expect_refused(temp.base, bytes, in.base, nullptr, n, "output pointer is null");
  if (!reduce::detail::reads_pageable_memory())  // where the GPU reaches pageable memory, the result goes there
    expect_refused(temp.base, bytes, in.base, &host_out, n, "output pointer is pageable host memory");
  expect_refused(temp.base, bytes - 1, in.base, out.base, n, "smaller than this call needs");
  expect_refused(temp.base + 4, bytes, in.base, out.base, n, "16-byte aligned");
  expect_refused(host.data(), bytes, in.base, out.base, n, "temporary storage is host memory");

  CUDA_OK(cudaDeviceSynchronize());
  unsigned got = 0;
  CUDA_OK(cudaMemcpy(&got, out.base, sizeof(got), cudaMemcpyDeviceToHost));
  EXPECT_EQ(got, poison) << "a refused call wrote its output";
  EXPECT_EQ(host_out, 0.f);
}

// What the pointer checks accept, by the memory's kind: every kind the device reads. Pinned host memory (read over the
// bus) and managed memory reduce, the managed allocation's end enforced as a device allocation's is; pageable memory
// reduces where the device reads it (HMM, ATS) and is refused, by its kind, elsewhere.
TEST(BadInput, EveryMemoryTheDeviceReadsReduces) {
  REQUIRE_GPU();
  const auto h = test::random_vector<int>(1 << 20, -1000, 1000, 11);  // whole allocation granules
  const std::uint64_t n = h.size();
  const int want = test::reference<int>(h, reduce::sum{});
  int *pinned = nullptr, *managed = nullptr, *managed_out = nullptr;
  CUDA_OK(cudaMallocHost(&pinned, n * sizeof(int)));
  CUDA_OK(cudaMallocManaged(&managed, n * sizeof(int)));
  CUDA_OK(cudaMallocManaged(&managed_out, sizeof(int)));
  std::copy(h.begin(), h.end(), pinned);
  std::copy(h.begin(), h.end(), managed);
  std::vector<int> pageable(h);
  *managed_out = 0x5A5A5A5A;
  std::size_t bytes = 0;
  CUDA_OK(reduce::device_reduce<cfg>({nullptr, bytes}, managed, managed_out, n));
  test::device_buffer<char> temp(bytes);
  const auto refused = [&](const int* in, std::uint64_t count, const char* why) {
    const auto s = reduce::device_reduce<cfg>({temp.base, bytes}, in, managed_out, count);
    EXPECT_EQ(s.code, cudaErrorInvalidValue);
    ASSERT_NE(s.message, nullptr);
    EXPECT_NE(std::string(s.message).find(why), std::string::npos) << s.message;
  };
  const auto reduces = [&](const int* in, const char* kind) {
    *managed_out = 0x5A5A5A5A;
    CUDA_OK(reduce::device_reduce<cfg>({temp.base, bytes}, in, managed_out, n));
    CUDA_OK(cudaDeviceSynchronize());
    EXPECT_EQ(*managed_out, want) << kind;
  };
  refused(managed, n + 1, "run past the end of the input's allocation");
  if (!reduce::detail::reads_pageable_memory()) refused(pageable.data(), n, "input pointer is pageable host memory");
  CUDA_OK(cudaDeviceSynchronize());
  EXPECT_EQ(*managed_out, 0x5A5A5A5A) << "a refused call wrote its output";
  reduces(managed, "managed");
  reduces(pinned, "pinned");
  if (reduce::detail::reads_pageable_memory()) reduces(pageable.data(), "pageable");
  CUDA_OK(cudaFreeHost(pinned));
  CUDA_OK(cudaFree(managed));
  CUDA_OK(cudaFree(managed_out));
}

TEST(Streams, RunsOnAStreamWithoutHostSync) {
  REQUIRE_GPU();
  cudaStream_t s;
  CUDA_OK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  const auto h = test::random_vector<int>(1 << 20, -5, 5, 3);
  test::device_buffer<int> in(h.size()), out(1);
  CUDA_OK(cudaMemcpyAsync(in.base, h.data(), h.size() * sizeof(int), cudaMemcpyHostToDevice, s));  // ordered on s
  std::size_t bytes = 0;
  CUDA_OK(reduce::device_reduce<cfg>({nullptr, bytes}, in.base, out.base, h.size(), reduce::sum{}, s));
  test::device_buffer<char> temp(bytes);
  CUDA_OK(reduce::device_reduce<cfg>({temp.base, bytes}, in.base, out.base, h.size(), reduce::sum{}, s));
  int got = 0;
  CUDA_OK(cudaMemcpyAsync(&got, out.base, sizeof(int), cudaMemcpyDeviceToHost, s));
  CUDA_OK(cudaStreamSynchronize(s));
  EXPECT_EQ(got, test::reference<int>(h, reduce::sum{}));
  CUDA_OK(cudaStreamDestroy(s));
}

// The resident grid is cached per kernel configuration: a 128-thread kernel fits more blocks than a 1024-thread one.
TEST(PersistentGrid, CachedPerConfiguration) {
  REQUIRE_GPU();
  using small = p::config<p::scalar<1>, p::shuffle, p::single_pass<>, 128>;
  using large = p::config<p::scalar<1>, p::shuffle, p::single_pass<>, 1024>;
  int a = 0, b = 0, sms = 0, per_sm32 = 0, per_sm64 = 0;
  using nt = reduce::detail::no_transform;
  using walk = reduce::detail::walk_strategy<p::fixed_grid<>>;
  CUDA_OK((walk::resident<reduce::detail::call<small, float, float, reduce::sum, nt>>(a)));
  CUDA_OK((walk::resident<reduce::detail::call<large, float, float, reduce::sum, nt>>(b)));
  CUDA_OK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  CUDA_OK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
      &per_sm32,
      reduce::detail::reduce_kernel<large, float, float, reduce::sum, std::uint32_t, reduce::detail::no_transform>,
      1024, 0));
  CUDA_OK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
      &per_sm64,
      reduce::detail::reduce_kernel<large, float, float, reduce::sum, std::uint64_t, reduce::detail::no_transform>,
      1024, 0));
  EXPECT_EQ(b, sms * std::min(per_sm32, per_sm64));  // one grid for both offset widths
  EXPECT_GT(a, b);
}

// Grid cluster runs as one cluster wherever the device has them (Hopper and newer; elsewhere the call returns
// cudaErrorNotSupported with a message), and reads nothing from its temporary storage: storage full of garbage (0xff)
// gives the exact result.
TEST(Cluster, RunsAsOneClusterOnHopperAndIgnoresTemporaryStorage) {
  REQUIRE_GPU();
  using c16 = p::config<p::vector<4>, p::shuffle, p::cluster<>, 256>;
  int dev = 0, major = 0;
  CUDA_OK(cudaGetDevice(&dev));
  CUDA_OK(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, dev));
  bool ok = false;
  using c16_call = reduce::detail::call<c16, int, long long, reduce::sum, reduce::detail::no_transform>;
  CUDA_OK((reduce::detail::walk_strategy<p::one_cluster<16>>::available<c16_call>(ok)));
  EXPECT_EQ(ok, major >= 9);
  if (!ok) GTEST_SKIP() << "no thread block clusters on this device";
  for (std::uint64_t n : {std::uint64_t(4096 * 4 + 3), std::uint64_t(1) << 18, std::uint64_t(3'000'017)}) {
    const auto h = test::random_vector<int>(n, -1000, 1000, 7);
    test::device_buffer<int> in(n);
    test::device_buffer<long long> out(1);
    CUDA_OK(cudaMemcpy(in.base, h.data(), n * sizeof(int), cudaMemcpyHostToDevice));
    std::size_t bytes = 0;
    CUDA_OK(reduce::device_reduce<c16>({nullptr, bytes}, in.base, out.base, n));
    test::device_buffer<unsigned char> temp(bytes);
    CUDA_OK(cudaMemset(temp.base, 0xff, bytes));
    CUDA_OK(reduce::device_reduce<c16>({temp.base, bytes}, in.base, out.base, n));
    long long got = 0;
    CUDA_OK(cudaMemcpy(&got, out.base, sizeof(got), cudaMemcpyDeviceToHost));
    EXPECT_EQ(got, test::reference<long long>(h, reduce::sum{})) << "n = " << n;
  }
}

// Grid cooperative needs no prepared storage: temporary storage full of zeros, of 0xff bytes, or of the partials a
// previous call on other data left there, gives the exact result, and calls that follow on the same storage (nothing
// reset in between) give the same bits. A barrier that counted on the storage would read stale partials here.
TEST(Cooperative, NeedsNoPreparedStorageAndRepeatsBitwise) {
  REQUIRE_GPU();
  using coop = p::config<p::vector<4>, p::shuffle, p::cooperative<>, 256>;
  bool ok = false;
  CUDA_OK(reduce::detail::combine_strategy<p::grid_barrier>::available(ok));
  EXPECT_TRUE(ok) << "every GPU CUDA 13 supports can launch cooperative kernels";
  const std::uint64_t n = 3'000'017;
  const auto a = test::random_vector<int>(n, -1000, 1000, 11), b = test::random_vector<int>(n, -1000, 1000, 12);
  const auto reals = test::random_vector<float>(n, -1, 1, 13);
  test::device_buffer<int> in_a(n), in_b(n);
  test::device_buffer<float> in_f(n);
  test::device_buffer<long long> out(1);
  test::device_buffer<float> out_f(1);
  CUDA_OK(cudaMemcpy(in_a.base, a.data(), n * sizeof(int), cudaMemcpyHostToDevice));
  CUDA_OK(cudaMemcpy(in_b.base, b.data(), n * sizeof(int), cudaMemcpyHostToDevice));
  CUDA_OK(cudaMemcpy(in_f.base, reals.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  std::size_t bytes = 0, bytes_f = 0;
  CUDA_OK(reduce::device_reduce<coop>({nullptr, bytes}, in_a.base, out.base, n));
  CUDA_OK(reduce::device_reduce<coop>({nullptr, bytes_f}, in_f.base, out_f.base, n));
  test::device_buffer<unsigned char> temp(std::max(bytes, bytes_f));
  auto sum_of = [&](const int* d) {
    long long got = 0;
    EXPECT_EQ(reduce::device_reduce<coop>({temp.base, bytes}, d, out.base, n), cudaSuccess);
    EXPECT_EQ(cudaMemcpy(&got, out.base, sizeof(got), cudaMemcpyDeviceToHost), cudaSuccess);
    return got;
  };
  for (int fill : {0x00, 0xff}) {
    CUDA_OK(cudaMemset(temp.base, fill, temp.count));
    EXPECT_EQ(sum_of(in_a.base), test::reference<long long>(a, reduce::sum{})) << "storage filled with " << fill;
  }
  EXPECT_EQ(sum_of(in_b.base), test::reference<long long>(b, reduce::sum{})) << "storage holding a's partials";
  float first = 0, again = 0;
  for (float* v : {&first, &again}) {
    CUDA_OK(reduce::device_reduce<coop>({temp.base, bytes_f}, in_f.base, out_f.base, n));
    CUDA_OK(cudaMemcpy(v, out_f.base, sizeof(float), cudaMemcpyDeviceToHost));
  }
  EXPECT_EQ(std::memcmp(&first, &again, sizeof(float)), 0) << first << " then " << again;
  test::expect_sum_close(first, reals);
}

// A 2-byte accumulator fills one slot word of Grid polled or Grid cooperative (the upper half zero): sums of 16-bit
// values into a 16-bit accumulator wrap mod 2^16 and must come out exact, on storage holding 0xff bytes (polled pays
// a memset there; cooperative clears its own slots).
TEST(Slots, TwoByteAccumulators) {
  REQUIRE_GPU();
  const std::uint64_t n = 1'000'003;
  const auto h = test::random_bits<std::uint16_t>(n, 17);
  test::device_buffer<std::uint16_t> in(n), out(1);
  CUDA_OK(cudaMemcpy(in.base, h.data(), n * sizeof(std::uint16_t), cudaMemcpyHostToDevice));
  std::uint16_t expected = 0;
  for (std::uint16_t x : h) expected = std::uint16_t(expected + x);
  auto check = [&](auto config) {
    using c = decltype(config);
    std::size_t bytes = 0;
    CUDA_OK(reduce::device_reduce<c>({nullptr, bytes}, in.base, out.base, n));
    test::device_buffer<unsigned char> temp(bytes);
    CUDA_OK(cudaMemset(temp.base, 0xff, bytes));
    CUDA_OK(reduce::device_reduce<c>({temp.base, bytes}, in.base, out.base, n));
    std::uint16_t got = 0;
    CUDA_OK(cudaMemcpy(&got, out.base, sizeof(got), cudaMemcpyDeviceToHost));
    EXPECT_EQ(got, expected) << c::name();
  };
  check(p::config<p::scalar<1>, p::shuffle, p::polled<>, 256>{});
  check(p::config<p::vector<4>, p::shuffle, p::cooperative<>, 256>{});
}
