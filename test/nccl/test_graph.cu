// The multi-device call captured into one CUDA graph (reduce::nccl::graph), one process driving 2-4 GPUs. Each launch
// reduces what the inputs hold when it runs: the inputs are refilled between launches on each shard's own stream and
// the results read back on each shard's stream, with no host wait in between, so a launch that did not follow every
// stream, or a stream that did not follow the launch, reads or returns the wrong data. Refusals leave nothing held and
// no stream capturing.
#include <reduce/nccl_graph.cuh>

#include "drive.cuh"

namespace {
using namespace ntest;

// Holds a stream for about `cycles` clock cycles (some milliseconds), so that the work queued after it on that stream
// runs late: a launch that did not wait for that stream would read the inputs before their refill.
__global__ void hold_stream(long long cycles) {
  const long long start = clock64();
  while (clock64() - start < cycles) {
  }
}

// One capture, three launches over three data sets (uneven shards). Before each launch every stream but the first is
// held, then refilled from pinned memory (an asynchronous copy); each set has its own maximum, on a different rank,
// and floats their own offset, so that a stale shard changes the result. The result on every receiving rank against
// the host's: integers exactly, floats within the bound of a float fold of depth below 64 (its tree over at most 2^22
// values and the rank fold): 64 * 2^-24 * sum |x|.
template <class Cfg, class T, class Acc, class Op>
void check_graph(int root, Op op, bool on_workspace, const char* what) {
  world& w = shared_world();
  ASSERT_GE(w.k, 2) << "ncclCommInitAll failed";
  const int k = w.k;
  const std::uint64_t total = (1u << 21) + 4321;
  const auto lengths = layout("uneven", k, total);
  std::vector<std::vector<T>> sets;
  for (int i = 0; i < 3; ++i) {
    sets.push_back(ntest::random_data<T>(total, 300 + i, -1000, 1000));
    if constexpr (std::is_integral_v<T>) {
      const int holder = i % k;  // the middle of this rank's shard holds the set's maximum
      std::uint64_t at = lengths[holder] / 2;
      for (int r = 0; r < holder; ++r) at += lengths[r];
      sets[i][at] = T(1001 + i);
    } else {
      for (auto& x : sets[i]) x = T(x / 1000 + 0.25 * (i + 1));
    }
  }

  std::vector<dvec<T>> in;
  std::vector<dvec<Acc>> out;
  std::vector<reduce::workspace> ws(k);
  std::vector<void*> temp(k, nullptr);
  std::vector<reduce::nccl::shard<T, Acc>> s(k);
  const auto first = split(sets[0], lengths);
  for (int r = 0; r < k; ++r) {
    cudaSetDevice(r);
    in.emplace_back(first[r]);
    out.emplace_back(std::size_t(1));
    s[r] = {w.comms[r], in[r].p, lengths[r], out[r].p, w.streams[r]};
    if (on_workspace) s[r].ws = &ws[r];
  }
  // Storage of its size before the capture: the size query, or one plain call that grows each workspace.
  STATUS_OK(reduce::nccl::device_reduce<Cfg>(s.data(), k, root, op));
  for (int r = 0; r < k && !on_workspace; ++r) {
    cudaSetDevice(r);
    CUDA_OK(cudaMalloc(&temp[r], s[r].temp_bytes));
    s[r].d_temp = temp[r];
  }
  w.sync();

  std::vector<T*> pinned(k, nullptr);
  for (int r = 0; r < k; ++r) CUDA_OK(cudaMallocHost(&pinned[r], std::max<std::uint64_t>(1, lengths[r]) * sizeof(T)));

  reduce::nccl::graph captured;
  STATUS_OK(captured.capture<Cfg>(s.data(), k, root, op));
  ASSERT_TRUE(captured.ready());
  // Moved, the graph launches from its new owner: constructed from it for the first launches, assigned back to the
  // first for the last one.
  reduce::nccl::graph g(std::move(captured));
  EXPECT_FALSE(captured.ready());
  ASSERT_TRUE(g.ready());
  for (std::size_t i = 0; i < sets.size(); ++i) {
    const bool last = i + 1 == sets.size();
    if (last) {
      captured = std::move(g);
      EXPECT_FALSE(g.ready());
      ASSERT_TRUE(captured.ready());
    }
    reduce::nccl::graph& live = last ? captured : g;
    const auto parts = split(sets[i], lengths);
    std::vector<Acc> got(k);
    for (int r = 0; r < k; ++r) {
      cudaSetDevice(r);
      std::copy(parts[r].begin(), parts[r].end(), pinned[r]);
      if (r > 0) hold_stream<<<1, 1, 0, w.streams[r]>>>(10'000'000);
      CUDA_OK(cudaMemcpyAsync(in[r].p, pinned[r], parts[r].size() * sizeof(T), cudaMemcpyHostToDevice, w.streams[r]));
      CUDA_OK(cudaMemsetAsync(out[r].p, 0xff, sizeof(Acc), w.streams[r]));
    }
    STATUS_OK(live.launch());
    for (int r = 0; r < k; ++r) {
      cudaSetDevice(r);
      CUDA_OK(cudaMemcpyAsync(&got[r], out[r].p, sizeof(Acc), cudaMemcpyDeviceToHost, w.streams[r]));
    }
    w.sync();
    double want = double(sets[i][0]);
    for (std::size_t j = 1; j < sets[i].size(); ++j) want = op(want, double(sets[i][j]));
    double magnitude = 0;
    for (const T& x : sets[i]) magnitude += std::fabs(double(x));
    const double tol = std::is_integral_v<Acc> ? 0 : 64.0 * std::ldexp(1.0, -24) * magnitude;
    for (int r = 0; r < k; ++r)
      if (root < 0 || r == root)
        EXPECT_LE(std::fabs(double(got[r]) - want), tol)
            << what << " launch " << i << " rank " << r << ": " << +got[r] << " vs " << want;
  }
  captured.reset();
  EXPECT_FALSE(captured.ready());
  for (int r = 0; r < k; ++r) {
    cudaFreeHost(pinned[r]);
    cudaSetDevice(r);
    cudaFree(temp[r]);
  }
  cudaSetDevice(0);
}

TEST(NcclGraph, LaunchesReduceWhatTheInputsHoldThen) {
  REQUIRE_GPUS();
  check_graph<reduce::default_config, std::int64_t, std::int64_t>(reduce::nccl::every_rank, reduce::sum{}, false,
                                                                  "int64 sum, every rank, temporary storage");
  check_graph<reduce::default_config, float, float>(shared_world().k - 1, reduce::sum{}, true,
                                                    "float sum, to the last rank, workspaces");
  check_graph<cfg, int, int>(0, reduce::max{}, false, "int max, to rank 0");
}

// Refused: no shards, the size query, a workspace that would have to grow during the capture, a launch of an empty
// graph. Each refusal holds nothing, leaves every stream out of capture, and a plain call still runs after it.
TEST(NcclGraph, RefusedWithNothingHeld) {
  REQUIRE_GPUS();
  world& w = shared_world();
  ASSERT_GE(w.k, 2);
  const int k = w.k;
  const auto h = ntest::random_data<float>(4096, 41);
  std::vector<dvec<float>> in, out;
  std::vector<reduce::workspace> ws(k);
  std::vector<reduce::nccl::shard<float, float>> s(k);
  for (int r = 0; r < k; ++r) {
    cudaSetDevice(r);
    in.emplace_back(h);
    out.emplace_back(std::size_t(1));
    s[r] = {w.comms[r], in[r].p, h.size(), out[r].p, w.streams[r]};
  }
  cudaSetDevice(0);
  reduce::nccl::graph g;
  const auto refused = [&](reduce::status st, const char* why) {
    EXPECT_TRUE(st.code != cudaSuccess);
    ASSERT_NE(st.message, nullptr);
    EXPECT_NE(std::string(st.message).find(why), std::string::npos) << st.message;
    EXPECT_FALSE(g.ready());
    for (int r = 0; r < k; ++r) {
      cudaStreamCaptureStatus c = cudaStreamCaptureStatusActive;
      EXPECT_EQ(cudaStreamIsCapturing(w.streams[r], &c), cudaSuccess);
      EXPECT_EQ(c, cudaStreamCaptureStatusNone) << "rank " << r << "'s stream left capturing";
    }
  };
  refused(g.launch(), "holds no call");
  refused(g.capture(s.data(), 0), "one shard per GPU");
  refused(g.capture(s.data(), k), "size query");
  for (int r = 0; r < k; ++r) s[r].ws = &ws[r];
  refused(g.capture(s.data(), k), "cannot do while its stream is being captured");
  // The plain call on the same shards grows the workspaces and gives the sum.
  STATUS_OK(reduce::nccl::device_reduce(s.data(), k));
  w.sync();
  double want = 0;
  for (float x : h) want += x;
  want *= k;  // every rank's shard holds the same data
  for (int r = 0; r < k; ++r) {
    float got = 0;
    cudaSetDevice(r);
    CUDA_OK(cudaMemcpy(&got, out[r].p, sizeof(float), cudaMemcpyDeviceToHost));
    EXPECT_NEAR(got, want, 64.0 * std::ldexp(1.0, -24) * double(h.size() * k)) << "rank " << r;
  }
  cudaSetDevice(0);
}

}  // namespace
