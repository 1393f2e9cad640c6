// Concurrency and CUDA graphs. 8 host threads, each with its own stream, input, output and temporary storage, run
// single-pass, atomic, reproducible, cluster, cooperative, polled and default reductions at once; every result is
// exact. Every Grid policy works under stream capture and graph replay (its programmatic launches become programmatic
// edges), including replay after the input has changed.
#include <atomic>
#include <mutex>
#include <thread>

#include "configs.cuh"

namespace {

namespace p = reduce::policy;
using concurrent = boost::mp11::mp_list<
    p::config<p::vector<2>, p::shuffle, p::single_pass<>, 256>,
    p::config<p::vector<4>, p::tree<p::sequential>, p::atomic, 256>,
    p::config<p::scalar<4>, p::shuffle, p::atomic, 128>, p::config<p::vector<2>, p::shuffle, p::reproducible<>, 256>,
    p::config<p::vector<1>, p::shuffle, p::cluster<>, 256>, p::config<p::vector<4>, p::shuffle, p::cooperative<>, 256>,
    p::config<p::vector<4>, p::shuffle, p::polled<>, 256>, reduce::default_config>;

TEST(Concurrency, EightThreadsEightStreams) {
  REQUIRE_GPU();
  constexpr int threads = 8;
  const int iterations = test::small_only() ? 2 : 25;
  std::atomic<int> failures{0};
  std::mutex m;
  std::string first_failure;
  auto fail = [&](const std::string& what) {
    if (failures++ == 0) {
      std::lock_guard<std::mutex> lock(m);
      first_failure = what;
    }
  };
  auto worker = [&](int t) {
    cudaStream_t s;
    if (cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking) != cudaSuccess) return fail("stream");
    const std::uint64_t n = 1'000'003 + 4099 * t;  // different sizes and data per thread
    const auto h = test::random_vector<int>(n, -1000, 1000, 100 + t);
    const long long exact = test::reference<long long>(h, reduce::sum{});
    test::device_buffer<int> in(n);
    test::device_buffer<long long> out(1);
    cudaMemcpyAsync(in.base, h.data(), n * sizeof(int), cudaMemcpyHostToDevice, s);
    for (int it = 0; it < iterations; ++it)
      boost::mp11::mp_for_each<boost::mp11::mp_transform<boost::mp11::mp_identity, concurrent>>([&](auto id) {
        using C = typename decltype(id)::type;
        cudaMemsetAsync(out.base, 0xA5, sizeof(long long), s);
        if (cudaError_t e = test::reduce_into<C>(in.base, n, out.base, reduce::sum{}, s))
          return fail(C::name() + ": " + cudaGetErrorString(e));
        long long got = 0;
        cudaMemcpyAsync(&got, out.base, sizeof(got), cudaMemcpyDeviceToHost, s);
        cudaStreamSynchronize(s);
        if (got != exact) fail(C::name() + " thread " + std::to_string(t) + ": " + std::to_string(got));
      });
    cudaStreamDestroy(s);
  };
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t) pool.emplace_back(worker, t);
  for (auto& th : pool) th.join();
  EXPECT_EQ(failures.load(), 0) << first_failure;
}

// Captures one reduction (the size query and the allocation come first, as they must), replays it, changes the
// input, replays it again. Op max on int exercises the atomic grid's identity kernel and its programmatic launch.
template <class C, class Op>
void capture_and_replay(Op op) {
  const std::uint64_t n = test::small_only() ? 40000 : 3'000'017;
  cudaStream_t s;
  ASSERT_EQ(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking), cudaSuccess);
  test::device_buffer<int> in(n), out(1);
  std::size_t bytes = 0;
  ASSERT_EQ(reduce::device_reduce<C>({nullptr, bytes}, in.base, out.base, n, op, s), cudaSuccess);
  test::device_buffer<char> temp(bytes);
  cudaGraph_t graph;
  ASSERT_EQ(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal), cudaSuccess);
  const reduce::status st = reduce::device_reduce<C>({temp.base, bytes}, in.base, out.base, n, op, s);
  ASSERT_EQ(cudaStreamEndCapture(s, &graph), cudaSuccess);
  ASSERT_EQ(st.code, cudaSuccess) << (st.message ? st.message : "") << " " << C::name();
  cudaGraphExec_t exec;
  ASSERT_EQ(cudaGraphInstantiate(&exec, graph, 0), cudaSuccess) << C::name();
  for (int round = 0; round < 3; ++round) {
    const auto h = test::random_vector<int>(n, -1000, 1000, 31 * round + 1);
    // On s itself: s does not synchronize with the legacy default stream, so a plain cudaMemset there could land
    // after the replay's writes (the poison would survive a replay, and the atomic grid add onto it).
    ASSERT_EQ(cudaMemcpyAsync(in.base, h.data(), n * sizeof(int), cudaMemcpyHostToDevice, s), cudaSuccess);
    ASSERT_EQ(cudaMemsetAsync(out.base, 0xA5, sizeof(int), s), cudaSuccess);
    for (int replay = 0; replay < 2; ++replay) {  // a replay after a replay: the counter and identity reset
      ASSERT_EQ(cudaGraphLaunch(exec, s), cudaSuccess);
      ASSERT_EQ(cudaStreamSynchronize(s), cudaSuccess);
      EXPECT_EQ(test::to_host(out.base), test::reference<int>(h, op)) << C::name() << " round " << round;
    }
  }
  cudaGraphExecDestroy(exec);
  cudaGraphDestroy(graph);
  cudaStreamDestroy(s);
}

template <class C>
class Graphs : public ::testing::Test {};
TYPED_TEST_SUITE(Graphs, test::gtest_types<test::one_per_grid>, test::config_name);

TYPED_TEST(Graphs, CaptureReplayAfterInputChanges) {
  REQUIRE_GPU();
  capture_and_replay<TypeParam>(reduce::sum{});
  capture_and_replay<TypeParam>(reduce::max{});
}

}  // namespace
