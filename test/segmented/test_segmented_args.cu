// The segmented calls' edges: bad input refused with a message and nothing written; the CUB-order and one-call forms;
// columns through every kind of narrow and wide matrix on the default; and sizes past 32 bits (64-bit offsets past
// 2^32 elements, more than 2^31 segments), which need about 13 GB of GPU memory and skip where it is not free.
#include "seg_common.cuh"

namespace {

using reduce::detail::no_transform;

template <class Segs>
reduce::status query_and_run(const float* in, float* out, Segs segs, std::size_t shrink = 0) {
  std::size_t bytes = 0;
  if (reduce::status s = reduce::device_segmented_reduce({nullptr, bytes}, in, out, segs)) return s;
  test::device_buffer<char> temp(bytes + 16);
  bytes -= std::min(bytes, shrink);
  return reduce::device_segmented_reduce({temp.base, bytes}, in, out, segs);
}

void expect_refused(reduce::status s, const char* why) {
  EXPECT_EQ(s.code, cudaErrorInvalidValue);
  ASSERT_NE(s.message, nullptr);
  EXPECT_NE(std::string(s.message).find(why), std::string::npos) << s.message;
}

TEST(SegmentedArgs, BadInputRefusedNothingWritten) {
  REQUIRE_GPU();
  // test::device_buffer pads each allocation by 64 elements and 256 bytes: an overrun must pass that to be seen.
  test::device_buffer<float> in(1000), out(100);
  CUDA_OK(cudaMemset(in.base, 0, 1000 * sizeof(float)));
  CUDA_OK(cudaMemset(out.base, 0xA5, 100 * sizeof(float)));
  std::vector<float> host(1000);
  std::vector<int> host_offsets(11, 0);
  test::device_buffer<int> off(11);
  CUDA_OK(cudaMemset(off.base, 0, 11 * sizeof(int)));
  using reduce::segments::columns, reduce::segments::fixed, reduce::segments::offsets, reduce::segments::rows;
  expect_refused(query_and_run(in.base, nullptr, fixed(10, 10)), "output pointer is null");
  if (!reduce::detail::reads_pageable_memory())  // where the GPU reaches pageable memory, the results go there
    expect_refused(query_and_run(in.base, host.data(), fixed(10, 10)), "output pointer is pageable host memory");
  if (!reduce::detail::reads_pageable_memory())  // where the GPU reads pageable memory (HMM, ATS), it reduces it
    expect_refused(query_and_run(host.data(), out.base, fixed(10, 10)), "input pointer is pageable host memory");
  expect_refused(query_and_run(in.base, out.base, fixed(10, 200)), "past the end of the input's allocation");
  expect_refused(query_and_run(in.base, out.base, fixed(1000, 1)), "one result per segment");
  expect_refused(query_and_run(in.base, out.base, rows(10, 50, 40)), "ld must be at least");
  expect_refused(query_and_run(in.base, out.base, rows(40, 50, 50)), "past the end of the input's allocation");
  expect_refused(query_and_run(in.base, out.base, columns(100, 20, 10)), "ld must be at least");
  expect_refused(query_and_run(in.base, out.base, offsets(host_offsets.data(), off.base + 1, 10)), "host memory");
  expect_refused(query_and_run(in.base, out.base, offsets(static_cast<const int*>(nullptr), off.base + 1, 10)),
                 "offsets pointer is null");
  expect_refused(query_and_run(in.base, out.base, offsets(off.base, off.base + 1, 200)), "past their allocation");
  expect_refused(query_and_run(in.base, out.base, fixed(100, 1), 16), "smaller than this call needs");
  // Columns that split their rows need storage: a too-small one is refused too.
  test::device_buffer<float> tall(100000 * 4);
  std::size_t bytes = 0;
  CUDA_OK(reduce::device_segmented_reduce({nullptr, bytes}, tall.base, out.base, columns(100000, 4, 4)));
  EXPECT_GT(bytes, 0u);
  CUDA_OK(cudaDeviceSynchronize());
  std::vector<unsigned> got(100);
  CUDA_OK(cudaMemcpy(got.data(), out.base, 100 * sizeof(float), cudaMemcpyDeviceToHost));
  for (unsigned w : got) ASSERT_EQ(w, 0xA5A5A5A5u) << "a refused call wrote its output";
}

TEST(SegmentedArgs, CubOrderAndOneCallForms) {
  REQUIRE_GPU();
  const auto ints = test::random_vector<int>(10000, -9, 9, 21);
  test::device_buffer<int> in(ints.size()), out(100), off(101);
  segtest::to_device(in, ints);
  std::vector<int> offsets(101);
  for (int s = 0; s <= 100; ++s) offsets[s] = s * 100 - (s % 7 == 3 ? 13 : 0);  // uneven CSR offsets
  segtest::to_device(off, offsets);
  std::size_t bytes = 0;
  CUDA_OK(reduce::device_segmented_reduce({nullptr, bytes}, in.base, out.base, 100, off.base, off.base + 1));
  test::device_buffer<char> temp(bytes);
  CUDA_OK(reduce::device_segmented_reduce({temp.base, bytes}, in.base, out.base, 100, off.base, off.base + 1));
  std::vector<int> got(100);
  CUDA_OK(cudaMemcpy(got.data(), out.base, 100 * sizeof(int), cudaMemcpyDeviceToHost));
  for (int s = 0; s < 100; ++s) {
    int want = 0;
    for (int i = offsets[s]; i < offsets[s + 1]; ++i) want += ints[i];
    ASSERT_EQ(got[s], want) << "segment " << s;
  }
  reduce::segmented_reduce(in.base, out.base, reduce::segments::fixed(100, 100), reduce::max{});
  CUDA_OK(cudaMemcpy(got.data(), out.base, 100 * sizeof(int), cudaMemcpyDeviceToHost));
  for (int s = 0; s < 100; ++s)
    ASSERT_EQ(got[s], *std::max_element(ints.begin() + s * 100, ints.begin() + s * 100 + 100)) << "segment " << s;
}

// Input in pinned host memory (read over the bus) reduces, by offsets and by fixed segments, exactly.
TEST(SegmentedArgs, PinnedInputReduces) {
  REQUIRE_GPU();
  const auto ints = test::random_vector<int>(10000, -1000, 1000, 23);
  int* pinned = nullptr;
  CUDA_OK(cudaMallocHost(&pinned, ints.size() * sizeof(int)));
  std::copy(ints.begin(), ints.end(), pinned);
  test::device_buffer<int> out(100), off(101);
  std::vector<int> offsets(101);
  for (int s = 0; s <= 100; ++s) offsets[s] = s * 100 - (s % 5 == 2 ? 31 : 0);
  segtest::to_device(off, offsets);
  const auto check = [&](auto segs, auto begin_of) {
    CUDA_OK(cudaMemset(out.base, 0xA5, 100 * sizeof(int)));
    reduce::segmented_reduce(static_cast<const int*>(pinned), out.base, segs, reduce::sum{});
    std::vector<int> got(100);
    CUDA_OK(cudaMemcpy(got.data(), out.base, 100 * sizeof(int), cudaMemcpyDeviceToHost));
    for (int s = 0; s < 100; ++s) {
      int want = 0;
      for (int i = begin_of(s); i < begin_of(s + 1); ++i) want += ints[i];
      ASSERT_EQ(got[s], want) << "segment " << s;
    }
  };
  check(reduce::segments::offsets(off.base, off.base + 1, 100), [&](int s) { return offsets[s]; });
  check(reduce::segments::fixed(100, 100), [](int s) { return s * 100; });
  CUDA_OK(cudaFreeHost(pinned));
}

// The default on columns of every width from 1 to 2^12 and heights that split the rows or not, against a host sum.
TEST(SegmentedArgs, DefaultColumnsEveryShape) {
  REQUIRE_GPU();
  for (auto [rows, cols] : {std::array<std::uint64_t, 2>{1 << 20, 1},
                            {1 << 18, 3},
                            {1 << 16, 8},
                            {4096, 33},
                            {1024, 257},
                            {8, 4096},
                            {1, 1000},
                            {1, 1 << 22},  // shallow and wide: warps side by side, several column tiles a lane
                            {2, 300001},
                            {16, 1 << 18},
                            {2162793, 3}}) {  // ceil(rows / chunks) rows a chunk could leave the last ones past the end
    if (test::small_only() && rows * cols > (1u << 16)) continue;
    const auto h = test::random_vector<double>(rows * cols, -1, 1, rows + cols);
    test::device_buffer<double> in(h.size());
    segtest::to_device(in, h);
    const auto got = segtest::run<reduce::default_segmented_config, double>(
        in.base, reduce::segments::columns(rows, cols, cols), cols, no_transform{}, reduce::sum{});
    for (std::uint64_t c = 0; c < cols; ++c) {
      long double want = 0, abs_sum = 0;
      for (std::uint64_t r = 0; r < rows; ++r) want += h[r * cols + c], abs_sum += std::fabs(h[r * cols + c]);
      ASSERT_LE(std::fabs(got[c] - want), rows * std::numeric_limits<double>::epsilon() * abs_sum)
          << rows << " x " << cols << " column " << c;
    }
  }
}

bool gpu_memory_free(std::size_t bytes) {
  std::size_t free = 0, total = 0;
  return cudaMemGetInfo(&free, &total) == cudaSuccess && free > bytes + (std::size_t(1) << 30);
}

TEST(SegmentedArgs, PastThirtyTwoBits) {
  REQUIRE_GPU();
  if (test::small_only()) GTEST_SKIP() << "large sizes skipped under REDUCE_TEST_SMALL";
  const std::uint64_t n = (std::uint64_t(1) << 32) + 4096, segs = (std::uint64_t(1) << 31) + 3;
  if (!gpu_memory_free(n + segs * 4)) GTEST_SKIP() << "needs about 13 GB of free GPU memory";
  test::device_buffer<std::int8_t> in(n);
  CUDA_OK(cudaMemset(in.base, 1, n));  // every element 1: each segment's sum is its length
  // 64-bit offsets past 2^32: segments straddling and beyond the 32-bit boundary.
  const std::vector<long long> b = {0, (1ll << 32) - 100, (1ll << 32) + 7, 5, (1ll << 32) + 4000};
  const std::vector<long long> e = {1000, (1ll << 32) + 100, (1ll << 32) + 4007, 5, (1ll << 32) + 4096};
  test::device_buffer<long long> db(5), de(5);
  const auto got = segtest::run<reduce::default_segmented_config, long long>(
      in.base, reduce::segments::offsets(segtest::to_device(db, b), segtest::to_device(de, e), 5), 5, no_transform{},
      reduce::sum{});
  for (int s = 0; s < 5; ++s) EXPECT_EQ(got[s], e[s] > b[s] ? e[s] - b[s] : 0) << "segment " << s;
  // More than 2^31 segments of one element (each sum 1), and one of 2^32 + 4096 elements.
  test::device_buffer<int> out(segs);
  std::size_t bytes = 0;
  const auto one = reduce::segments::fixed(segs, 1);
  CUDA_OK(reduce::device_segmented_reduce({nullptr, bytes}, in.base, out.base, one));
  test::device_buffer<char> temp(bytes);
  CUDA_OK(reduce::device_segmented_reduce({temp.base, bytes}, in.base, out.base, one));
  int total = 0;  // the sum of the results, on the device: one more segmented reduction (a single row)
  test::device_buffer<long long> sum(1);
  CUDA_OK(reduce::device_segmented_reduce({nullptr, bytes}, out.base, sum.base, reduce::segments::fixed(1, segs)));
  test::device_buffer<char> temp2(bytes);
  CUDA_OK(reduce::device_segmented_reduce({temp2.base, bytes}, out.base, sum.base, reduce::segments::fixed(1, segs)));
  long long all = 0;
  CUDA_OK(cudaMemcpy(&all, sum.base, sizeof all, cudaMemcpyDeviceToHost));
  CUDA_OK(cudaMemcpy(&total, out.base + segs - 1, sizeof total, cudaMemcpyDeviceToHost));
  EXPECT_EQ(all, (long long)segs);
  EXPECT_EQ(total, 1);
}

}  // namespace
