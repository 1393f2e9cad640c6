// reduce::workspace, and Grid polled on it and on raw storage: exact results over a run of sizes on one workspace,
// whose zeroed region must read zero again after every call; every Grid and the default sharing one workspace;
// accumulators of two slots; bitwise repeats equal to the raw-storage path; graph capture; bad input; threads.
#include <algorithm>
#include <cstring>
#include <thread>

#include "workspace_common.cuh"

namespace {

namespace p = reduce::policy;
using test::input;
using test::on_workspace;
using test::zeroed_region_is_zero;
using polled = p::config<p::vector<4>, p::shuffle, p::polled<>, 256>;
// 128-thread blocks: the largest resident grid (over 2000 blocks on an H100), so the poller's batches wrap.
using polled_small_blocks = p::config<p::scalar<1>, p::tree<p::interleaved_modulo>, p::polled<>, 128>;
// A grid of up to 4096 blocks of 128: more than a device holds at once where SMs x 2048 / 128 < 4096 (2112 on a
// 132-SM part), so some blocks start only after others have left, and the poller must still be one that saw them all.
using polled_beyond_resident = p::config<p::scalar<1>, p::shuffle, p::polled<4096>, 128>;

std::vector<std::uint64_t> sizes() {
  if (test::small_only()) return {255, 40000, 5000};
  return {1, 255, 4097, 99991, (1u << 20) + 3, 9'000'001, 5000, 3'000'017};
}

template <class Cfg>
void exact_across_sizes() {
  reduce::workspace ws;
  for (std::uint64_t n : sizes()) {
    const auto ints = test::random_vector<int>(n, -1, 1, n);  // float sums of -1/0/1 are exact in any order
    const std::vector<float> f(ints.begin(), ints.end());
    const auto wide = test::random_vector<int>(n, -1'000'000, 1'000'000, n + 1);  // into long long: two slots
    input<float> in_f(f);
    input<int> in_i(wide);
    EXPECT_EQ((on_workspace<Cfg, float>(ws, in_f.buf.base, n)), float(test::reference<long long>(ints, reduce::sum{})))
        << Cfg::name() << " n=" << n;
    EXPECT_EQ((on_workspace<Cfg, long long>(ws, in_i.buf.base, n)), test::reference<long long>(wide, reduce::sum{}))
        << Cfg::name() << " n=" << n;
    EXPECT_TRUE(zeroed_region_is_zero(ws)) << Cfg::name() << " left state behind after n=" << n;
  }
}

TEST(Workspace, PolledExactAcrossSizesAndLeavesItsRegionZero) {
  REQUIRE_GPU();
  exact_across_sizes<polled>();
  exact_across_sizes<polled_small_blocks>();
  exact_across_sizes<polled_beyond_resident>();
  exact_across_sizes<p::config<p::vector<4>, p::shuffle, p::polled<1>, 128>>();  // one block, all tiles
}

// The last ticket, not co-residency, ends the poller's wait: a grid of 4096 blocks that cannot all be resident at once
// (1'000'003 elements: 7813 tiles of 128) is exact, and so is the same config over fewer tiles than that.
TEST(Workspace, PolledGridLargerThanTheDeviceHolds) {
  REQUIRE_GPU();
  int dev = 0, sms = 0, threads = 0;
  CUDA_OK(cudaGetDevice(&dev));
  CUDA_OK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev));
  CUDA_OK(cudaDeviceGetAttribute(&threads, cudaDevAttrMaxThreadsPerMultiProcessor, dev));
  if (sms * (threads / 128) >= 4096) GTEST_SKIP() << "this device holds all 4096 blocks at once; nothing to test";
  reduce::workspace ws;
  for (std::uint64_t n : {std::uint64_t(40'000), std::uint64_t(1'000'003)}) {
    const auto ints = test::random_vector<int>(n, -1, 1, n);
    const std::vector<float> f(ints.begin(), ints.end());
    input<float> in(f);
    EXPECT_EQ((on_workspace<polled_beyond_resident, float>(ws, in.buf.base, n)),
              float(test::reference<long long>(ints, reduce::sum{})))
        << "n=" << n;
    EXPECT_TRUE(zeroed_region_is_zero(ws)) << "n=" << n;
  }
}

// The other Grid policies use the scratch region; the polled calls between them must still find zeros.
TEST(Workspace, EveryGridAndTheDefaultShareOne) {
  REQUIRE_GPU();
  using every =
      boost::mp11::mp_list<polled, p::config<p::vector<4>, p::shuffle, p::multipass, 256>, polled_small_blocks,
                           polled_beyond_resident, p::config<p::vector<2>, p::unrolled, p::gridstride<>, 512>,
                           p::config<p::vector<4>, p::tree<p::sequential>, p::atomic, 256>, polled,
                           p::config<p::scalar<4>, p::shuffle, p::single_pass<>, 256>,
                           p::config<p::vector<2>, p::shuffle, p::reproducible<>, 256>, polled,
                           p::config<p::vector<1>, p::shuffle, p::cluster<>, 256>,
                           p::config<p::scalar<4>, p::unrolled, p::cooperative<>, 512>, reduce::default_config, polled>;
  const std::uint64_t n = test::small_only() ? 40000 : 1'000'003;
  const auto h = test::random_vector<int>(n, -1000, 1000, 5);
  const long long exact = test::reference<long long>(h, reduce::sum{});
  input<int> in(h);
  reduce::workspace ws;
  boost::mp11::mp_for_each<boost::mp11::mp_transform<boost::mp11::mp_identity, every>>([&](auto id) {
    using C = typename decltype(id)::type;
    EXPECT_EQ((on_workspace<C, long long>(ws, in.buf.base, n)), exact) << C::name();
  });
  EXPECT_TRUE(zeroed_region_is_zero(ws));
}

// Same grid, same fold order: a workspace call and a raw-storage call (storage of 0xff bytes, zeroed by the call's
// memset) give the same bits, and so does the next workspace call.
TEST(Workspace, RepeatsBitwiseAndMatchesRawStorage) {
  REQUIRE_GPU();
  const std::uint64_t n = test::small_only() ? 40000 : 3'000'017;
  const auto h = test::random_vector<float>(n, -1, 1, 21);
  input<float> in(h);
  reduce::workspace ws;
  const float first = on_workspace<polled, float>(ws, in.buf.base, n);
  const float again = on_workspace<polled, float>(ws, in.buf.base, n);
  test::device_buffer<float> out(1);
  std::size_t bytes = 0;
  CUDA_OK(reduce::device_reduce<polled>({nullptr, bytes}, in.buf.base, out.base, n));
  test::device_buffer<unsigned char> temp(bytes);
  CUDA_OK(cudaMemset(temp.base, 0xff, bytes));
  CUDA_OK(reduce::device_reduce<polled>({temp.base, bytes}, in.buf.base, out.base, n));
  float raw = 0;
  CUDA_OK(cudaMemcpy(&raw, out.base, sizeof(float), cudaMemcpyDeviceToHost));
  EXPECT_EQ(std::memcmp(&first, &again, sizeof(float)), 0) << first << " then " << again;
  EXPECT_EQ(std::memcmp(&first, &raw, sizeof(float)), 0) << first << " on a workspace, " << raw << " on raw storage";
  test::expect_sum_close(first, h);
}

// Growing inside a capture is refused with a message; a workspace grown first captures and replays, input changed
// between replays, exactly, and its zeroed region is zero after each replay.
TEST(Workspace, GraphCaptureAfterGrowing) {
  REQUIRE_GPU();
  cudaStream_t s;
  CUDA_OK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  const std::uint64_t n = 1'000'003;
  auto h = test::random_vector<int>(n, -1000, 1000, 31);
  input<int> in(h);
  test::device_buffer<long long> out(1);
  {
    reduce::workspace fresh;
    CUDA_OK(cudaStreamBeginCapture(s, cudaStreamCaptureModeThreadLocal));
    const reduce::status refused = reduce::device_reduce<polled>(fresh, in.buf.base, out.base, n, reduce::sum{}, s);
    cudaGraph_t empty = nullptr;
    CUDA_OK(cudaStreamEndCapture(s, &empty));
    CUDA_OK(cudaGraphDestroy(empty));
    EXPECT_EQ(refused.code, cudaErrorStreamCaptureUnsupported);
    ASSERT_NE(refused.message, nullptr);
    EXPECT_NE(std::string(refused.message).find("before capturing"), std::string::npos) << refused.message;
  }
  reduce::workspace ws;
  EXPECT_EQ((on_workspace<polled, long long>(ws, in.buf.base, n, s)), test::reference<long long>(h, reduce::sum{}));
  cudaGraph_t graph = nullptr;
  CUDA_OK(cudaStreamBeginCapture(s, cudaStreamCaptureModeThreadLocal));
  const reduce::status captured = reduce::device_reduce<polled>(ws, in.buf.base, out.base, n, reduce::sum{}, s);
  CUDA_OK(cudaStreamEndCapture(s, &graph));
  CUDA_OK(captured.code);
  cudaGraphExec_t exec = nullptr;
  CUDA_OK(cudaGraphInstantiate(&exec, graph, 0));
  for (int replay = 0; replay < 3; ++replay) {
    h = test::random_vector<int>(n, -1000, 1000, 32 + replay);
    CUDA_OK(cudaMemcpyAsync(in.buf.base, h.data(), n * sizeof(int), cudaMemcpyHostToDevice, s));  // ordered before
    CUDA_OK(cudaGraphLaunch(exec, s));
    CUDA_OK(cudaStreamSynchronize(s));
    long long got = 0;
    CUDA_OK(cudaMemcpy(&got, out.base, sizeof(got), cudaMemcpyDeviceToHost));
    EXPECT_EQ(got, test::reference<long long>(h, reduce::sum{})) << "replay " << replay;
    EXPECT_TRUE(zeroed_region_is_zero(ws)) << "replay " << replay;
  }
  CUDA_OK(cudaGraphExecDestroy(exec));
  CUDA_OK(cudaGraphDestroy(graph));
  ws = reduce::workspace();  // frees in s's order, before s goes
  CUDA_OK(cudaStreamDestroy(s));
}

// Bad pointers: a message, nothing launched, the output untouched, the workspace neither grown nor dirtied.
TEST(Workspace, BadInputIsRefusedAndChangesNothing) {
  REQUIRE_GPU();
  reduce::workspace ws;
  test::device_buffer<float> out(1);
  CUDA_OK(cudaMemset(out.base, 0xA5, sizeof(float)));
  std::vector<float> host(100, 1.0f);
  const reduce::status null_in = reduce::device_reduce<polled>(ws, static_cast<const float*>(nullptr), out.base, 100);
  float host_out = 0;
  input<float> in(host);
  std::vector<reduce::status> refused{null_in};
  if (!reduce::detail::reads_pageable_memory()) {  // where the device reaches pageable memory, it reduces into it
    refused.push_back(reduce::device_reduce<polled>(ws, host.data(), out.base, 100));
    refused.push_back(reduce::device_reduce<polled>(ws, in.buf.base, &host_out, 100));
  }
  for (const reduce::status& s : refused) {
    EXPECT_EQ(s.code, cudaErrorInvalidValue);
    EXPECT_NE(s.message, nullptr);
  }
  EXPECT_EQ(ws.zeroed_bytes() + ws.scratch_bytes(), 0u);
  unsigned bits = 0;
  CUDA_OK(cudaMemcpy(&bits, out.base, sizeof(bits), cudaMemcpyDeviceToHost));
  EXPECT_EQ(bits, 0xA5A5A5A5u);
}

// One workspace per thread and stream, calls interleaved across threads: every result exact, every region zero.
TEST(Workspace, FourThreadsFourStreams) {
  REQUIRE_GPU();
  std::vector<std::thread> pool;
  std::vector<int> failures(4, 0);
  for (int t = 0; t < 4; ++t)
    pool.emplace_back([t, &failures] {
      cudaStream_t s;
      if (cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking) != cudaSuccess) return void(++failures[t]);
      {
        const std::uint64_t n = 700'001 + 8191 * t;
        const auto h = test::random_vector<int>(n, -1000, 1000, 40 + t);
        const long long exact = test::reference<long long>(h, reduce::sum{});
        input<int> in(h);
        reduce::workspace ws;
        for (int it = 0; it < (test::small_only() ? 2 : 10); ++it) {
          failures[t] += on_workspace<polled, long long>(ws, in.buf.base, n, s) != exact;
          failures[t] += on_workspace<reduce::default_config, long long>(ws, in.buf.base, n, s) != exact;
        }
        failures[t] += !zeroed_region_is_zero(ws);
      }
      cudaStreamDestroy(s);
    });
  for (auto& th : pool) th.join();
  for (int t = 0; t < 4; ++t) EXPECT_EQ(failures[t], 0) << "thread " << t;
}

}  // namespace
