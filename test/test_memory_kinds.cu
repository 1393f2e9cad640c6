// Outputs in every memory the device writes (checks.cuh, check_writable_span): device, managed and pinned host memory,
// and pageable host memory where the device reaches it (HMM, ATS); elsewhere pageable memory is refused by its kind
// and nothing is written. Each on random data against a host reference (integers exactly), through the one-array
// default, the atomic Grid (whose blocks combine in a device slot where the output is host memory), an initial
// value, CUB's ArgMin and the segmented default.
#include <gtest/gtest.h>

#include <reduce/cub.cuh>
#include <reduce/segmented.cuh>
#include <string>

#include "common.cuh"

namespace {

using atomic_cfg =
    reduce::policy::config<reduce::policy::vector<4>, reduce::policy::shuffle, reduce::policy::atomic, 256>;

// An output of `count` elements of T in one memory kind; pageable memory is a std::vector.
template <class T>
struct output_memory {
  const char* kind;
  T* p = nullptr;
  std::vector<T> pageable;
  output_memory(const char* k, std::size_t count) : kind(k) {
    const std::string s = k;
    if (s == "device") cudaMalloc(&p, count * sizeof(T));
    if (s == "managed") cudaMallocManaged(&p, count * sizeof(T));
    if (s == "pinned") cudaMallocHost(&p, count * sizeof(T));
    if (s == "pageable") {
      pageable.resize(count);
      p = pageable.data();
    }
  }
  ~output_memory() {
    const std::string s = kind;
    if (s == "pinned") cudaFreeHost(p);
    if (s == "device" || s == "managed") cudaFree(p);
  }
  std::vector<T> read(std::size_t count) const {
    std::vector<T> v(count);
    cudaMemcpy(v.data(), p, count * sizeof(T), cudaMemcpyDefault);
    return v;
  }
  void poison(std::size_t count) const { cudaMemset(p, 0xA5, count * sizeof(T)); }
};

std::vector<const char*> writable_kinds() {
  std::vector<const char*> k{"device", "managed", "pinned"};
  if (reduce::detail::reads_pageable_memory()) k.push_back("pageable");
  return k;
}

TEST(MemoryKinds, OneArrayResultsInEveryMemoryTheDeviceWrites) {
  REQUIRE_GPU();
  const auto h = test::random_vector<int>(test::small_only() ? 40000 : 3'000'001, -1000, 1000, 7);
  test::device_buffer<int> in(h.size());
  CUDA_OK(cudaMemcpy(in.base, h.data(), h.size() * sizeof(int), cudaMemcpyHostToDevice));
  const long long sum = test::reference<long long>(h, reduce::sum{});
  const int mn = *std::min_element(h.begin(), h.end());
  const std::uint64_t at = std::uint64_t(std::min_element(h.begin(), h.end()) - h.begin());
  for (const char* kind : writable_kinds()) {
    output_memory<long long> out(kind, 1);
    output_memory<int> small(kind, 1);
    output_memory<long long> index(kind, 1);
    SCOPED_TRACE(kind);
    out.poison(1);
    test::two_phase([&](void* t, std::size_t& b) { return reduce::device_reduce({t, b}, in.base, out.p, h.size()); });
    EXPECT_EQ(out.read(1)[0], sum) << "the default";
    out.poison(1);
    test::two_phase([&](void* t, std::size_t& b) {
      return reduce::device_reduce<atomic_cfg>({t, b}, in.base, out.p, h.size());
    });
    EXPECT_EQ(out.read(1)[0], sum) << "the atomic Grid";
    out.poison(1);
    reduce::workspace ws;
    ASSERT_EQ(reduce::device_reduce<atomic_cfg>(ws, in.base, out.p, h.size()), cudaSuccess);
    ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
    EXPECT_EQ(out.read(1)[0], sum) << "the atomic Grid on a workspace";
    small.poison(1);  // a 32-bit sum on a workspace: the tally word, whose last arrival stores the result
    const std::uint64_t part = std::min<std::uint64_t>(h.size(), 100000);
    ASSERT_EQ(reduce::device_reduce<atomic_cfg>(ws, in.base, small.p, part), cudaSuccess);
    ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
    EXPECT_EQ(small.read(1)[0], test::reference<int>(std::vector<int>(h.begin(), h.begin() + part), reduce::sum{}))
        << "the atomic Grid's tally on a workspace";
    small.poison(1);
    test::two_phase([&](void* t, std::size_t& b) {
      return reduce::device_reduce({t, b}, in.base, small.p, h.size(), reduce::with_init(reduce::min{}, 5000));
    });
    EXPECT_EQ(small.read(1)[0], mn) << "min with an initial value";
    small.poison(1);
    index.poison(1);
    test::two_phase([&](void* t, std::size_t& b) {
      return reduce::DeviceReduce::ArgMin(t, b, in.base, small.p, index.p, std::int64_t(h.size()));
    });
    EXPECT_EQ(small.read(1)[0], mn) << "CUB's ArgMin";
    EXPECT_EQ(index.read(1)[0], (long long)at) << "CUB's ArgMin";
  }
}

TEST(MemoryKinds, SegmentedResultsInEveryMemoryTheDeviceWrites) {
  REQUIRE_GPU();
  const int count = 1000, size = 333;
  const auto h = test::random_vector<int>(std::size_t(count) * size, -1000, 1000, 8);
  test::device_buffer<int> in(h.size()), off(count + 1);
  CUDA_OK(cudaMemcpy(in.base, h.data(), h.size() * sizeof(int), cudaMemcpyHostToDevice));
  std::vector<int> offsets(count + 1);
  for (int s = 0; s <= count; ++s) offsets[s] = s * size - (s % 7 == 3 ? 100 : 0);  // uneven, some short
  CUDA_OK(cudaMemcpy(off.base, offsets.data(), offsets.size() * sizeof(int), cudaMemcpyHostToDevice));
  for (const char* kind : writable_kinds()) {
    SCOPED_TRACE(kind);
    output_memory<long long> out(kind, count);
    const auto check = [&](auto segs, auto begin_of, const char* what) {
      out.poison(count);
      test::two_phase([&](void* t, std::size_t& b) {
        return reduce::device_segmented_reduce({t, b}, in.base, out.p, segs, reduce::sum{});
      });
      const std::vector<long long> got = out.read(count);
      for (int s = 0; s < count; ++s) {
        long long want = 0;
        for (int i = begin_of(s); i < begin_of(s + 1); ++i) want += h[i];
        ASSERT_EQ(got[s], want) << what << " segment " << s;
      }
    };
    check(
        reduce::segments::fixed(count, size), [&](int s) { return s * size; }, "fixed");
    check(
        reduce::segments::offsets(off.base, off.base + 1, count), [&](int s) { return offsets[s]; }, "offsets");
  }
}

// Where the device cannot reach pageable memory, an output there is refused by its kind, and nothing is written.
TEST(MemoryKinds, PageableOutputRefusedWhereTheDeviceCannotReachIt) {
  REQUIRE_GPU();
  if (reduce::detail::reads_pageable_memory()) GTEST_SKIP() << "this GPU reaches pageable memory: it takes results";
  test::device_buffer<int> in(1000);
  CUDA_OK(cudaMemset(in.base, 1, 1000 * sizeof(int)));
  std::vector<long long> host(10, 7);
  std::size_t bytes = 0;
  CUDA_OK(reduce::device_reduce({nullptr, bytes}, in.base, host.data(), 1000));
  test::device_buffer<char> temp(bytes);
  const auto refused = [&](reduce::status s) {
    EXPECT_EQ(s.code, cudaErrorInvalidValue);
    ASSERT_NE(s.message, nullptr);
    EXPECT_NE(std::string(s.message).find("output pointer is pageable host memory"), std::string::npos) << s.message;
  };
  refused(reduce::device_reduce({temp.base, bytes}, in.base, host.data(), 1000));
  refused(reduce::device_reduce<atomic_cfg>({temp.base, bytes}, in.base, host.data(), 1000));
  reduce::workspace ws;
  refused(reduce::device_segmented_reduce(ws, in.base, host.data(), reduce::segments::fixed(10, 100), reduce::sum{}));
  CUDA_OK(cudaDeviceSynchronize());
  for (long long v : host) EXPECT_EQ(v, 7) << "a refused call wrote its output";
}

}  // namespace
