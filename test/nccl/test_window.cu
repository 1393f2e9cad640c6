// The window combine (reduce::nccl::window: NCCL's device API, an LSA barrier and loads between the GPUs, no
// multicast), one process driving 2-4 GPUs. It folds the ranks' partials in rank order on every GPU, so its result is
// known exactly: the rank-order fold of each shard's one-GPU result (the same kernels run on each shard), bit for bit,
// for every op, and the same bits as the gather-and-fold combine where that one applies. Repeated calls reuse the
// window and its barrier.
#include "drive.cuh"

namespace {
using namespace ntest;

// The expected result: each shard reduced alone on its own GPU (the kernel a rank's local pass runs there), then
// folded in rank order on the host with the same op.
template <class Cfg, class Acc, class T, class Op, class Tr = reduce::detail::no_transform>
Acc rank_order_fold(const std::vector<std::vector<T>>& parts, Op op, Tr tr = {}) {
  Acc acc = one_gpu<Cfg, Acc>(parts[0], op, tr, 0);
  for (std::size_t r = 1; r < parts.size(); ++r) acc = op(acc, one_gpu<Cfg, Acc>(parts[r], op, tr, int(r)));
  return acc;
}

// Every layout, to every rank, to rank 0 and to the last rank, three calls each (the barrier and the window reused).
template <class Cfg, class Acc, class T, class Op>
void check_window(const std::vector<T>& all, Op op, const char* what) {
  world& w = shared_world();
  ASSERT_GE(w.k, 2) << "ncclCommInitAll failed";
  const reduce::nccl::window* win = shared_windows();
  ASSERT_NE(win, nullptr);
  for (const std::string& pattern : patterns()) {
    const auto parts = split(all, layout(pattern, w.k, all.size()));
    const Acc want = rank_order_fold<Cfg, Acc>(parts, op);
    for (int root : {reduce::nccl::every_rank, 0, w.k - 1}) {
      const auto runs = on_gpus<Cfg, Acc>(w, parts, root, op, reduce::detail::no_transform{}, false, 3, win);
      for (std::size_t i = 0; i < runs.size(); ++i)
        for (int r = 0; r < w.k; ++r)
          if (root < 0 || r == root)
            EXPECT_TRUE(same_bits(runs[i][r], want)) << what << " " << pattern << " run " << i << " rank " << r
                                                     << " root " << root << ": " << +runs[i][r] << " vs " << +want;
    }
  }
}

const std::uint64_t N = (1u << 20) + 12345;

TEST(NcclWindow, SumsAreTheRankOrderFold) {
  REQUIRE_GPUS();
  check_window<cfg, float>(ntest::random_data<float>(N, 21), reduce::sum{}, "float sum");
  check_window<cfg, double>(ntest::random_data<double>(N, 22), reduce::sum{}, "double sum");
  check_window<cfg, std::int64_t>(ntest::random_data<std::int64_t>(N, 23, -1e15, 1e15), reduce::sum{}, "int64 sum");
  check_window<reduce::default_config, float>(ntest::random_data<float>(N, 24), reduce::sum{}, "float sum, default");
}

struct largest_magnitude {
  __host__ __device__ float operator()(float a, float b) const { return fabsf(a) < fabsf(b) ? b : a; }
};
TEST(NcclWindow, MinMaxAndCustomOps) {
  REQUIRE_GPUS();
  auto v = ntest::random_data<float>(N, 25);
  check_window<cfg, float>(v, reduce::max{}, "float max");
  check_window<cfg, float>(v, reduce::make_op(largest_magnitude{}, 0.0f), "custom op");
  v[N / 3] = NAN;
  check_window<cfg, float>(v, reduce::min{}, "float min with a NaN");
}

// Ops whose collective path is the gather and fold: the window gives the same bits.
TEST(NcclWindow, ArgMinAndCompensatedMatchTheGather) {
  REQUIRE_GPUS();
  world& w = shared_world();
  ASSERT_GE(w.k, 2);
  ASSERT_NE(shared_windows(), nullptr);
  auto v = ntest::random_data<float>(N, 26);
  v[N - 5] = v[N - 9] = -2.0f;  // a tie on the last rank: the first occurrence wins
  const auto parts = split(v, layout("uneven", w.k, N));
  const auto to_idx = reduce::detail::to_indexed<float>{};
  using I = reduce::indexed<float>;
  const I gathered = on_gpus<cfg, I>(w, parts, -1, reduce::argmin_op{}, to_idx).at(0).at(0);
  const I windowed = on_gpus<cfg, I>(w, parts, -1, reduce::argmin_op{}, to_idx, false, 2, shared_windows()).at(1).at(0);
  EXPECT_EQ(windowed.index, gathered.index);
  EXPECT_EQ(windowed.index, N - 9);
  EXPECT_TRUE(same_bits(windowed.value, gathered.value));
  using C = reduce::compensated<float>;
  const C a = on_gpus<cfg, C>(w, parts, -1, reduce::sum{}).at(0).at(0);
  const C b = on_gpus<cfg, C>(w, parts, -1, reduce::sum{}, reduce::detail::no_transform{}, true, 2, shared_windows())
                  .at(1)
                  .at(0);
  EXPECT_TRUE(same_bits(a.hi, b.hi) && same_bits(a.lo, b.lo)) << a.hi << "+" << a.lo << " vs " << b.hi << "+" << b.lo;
}

// Calls enqueued back to back, no host synchronisation between them, each over its own data, layout and output: a
// rank whose shard is small runs ahead into the next call while the others still load its slot of this one. Each
// call must fold its own partials (the window publishes them in two slots taken in turn).
TEST(NcclWindow, BackToBackCallsFoldTheirOwnPartials) {
  REQUIRE_GPUS();
  world& w = shared_world();
  ASSERT_GE(w.k, 2);
  const reduce::nccl::window* win = shared_windows();
  ASSERT_NE(win, nullptr);
  const int calls = 7;
  const char* order[] = {"one", "first_empty", "uneven", "last_empty", "even"};
  std::vector<std::vector<std::vector<float>>> parts;
  std::vector<std::vector<dvec<float>>> in(calls), out(calls);
  std::vector<std::vector<reduce::nccl::shard<float, float>>> s(calls,
                                                                std::vector<reduce::nccl::shard<float, float>>(w.k));
  std::vector<std::vector<void*>> temp(calls, std::vector<void*>(w.k, nullptr));
  for (int c = 0; c < calls; ++c) {
    const std::uint64_t n = (N >> (c % 3)) + 17 * c;
    parts.push_back(split(ntest::random_data<float>(n, 40 + c), layout(order[c % 5], w.k, n)));
    for (int r = 0; r < w.k; ++r) {
      cudaSetDevice(r);
      in[c].emplace_back(parts[c][r]);
      out[c].emplace_back(std::size_t(1));
      s[c][r] = {w.comms[r], in[c][r].p, parts[c][r].size(), out[c][r].p, w.streams[r]};
      s[c][r].win = win + r;
    }
    STATUS_OK(reduce::nccl::device_reduce<cfg>(s[c].data(), w.k));
    for (int r = 0; r < w.k; ++r) {
      cudaSetDevice(r);
      CUDA_OK(cudaMalloc(&temp[c][r], s[c][r].temp_bytes));
      s[c][r].d_temp = temp[c][r];
    }
  }
  w.sync();
  for (int c = 0; c < calls; ++c) STATUS_OK(reduce::nccl::device_reduce<cfg>(s[c].data(), w.k));
  w.sync();
  for (int c = 0; c < calls; ++c) {
    const float want = rank_order_fold<cfg, float>(parts[c], reduce::sum{});
    for (int r = 0; r < w.k; ++r) {
      float got = 0;
      cudaSetDevice(r);
      CUDA_OK(cudaMemcpy(&got, out[c][r].p, sizeof got, cudaMemcpyDeviceToHost));
      EXPECT_TRUE(same_bits(got, want)) << "call " << c << " rank " << r << ": " << got << " vs " << want;
      cudaFree(temp[c][r]);
    }
  }
  cudaSetDevice(0);
}

// A window on some shards only, or another communicator's window: refused before anything runs, in the size query
// and in the call.
TEST(NcclWindow, RefusedWhereItDoesNotBelong) {
  REQUIRE_GPUS();
  world& w = shared_world();
  ASSERT_GE(w.k, 2);
  const reduce::nccl::window* win = shared_windows();
  ASSERT_NE(win, nullptr);
  std::vector<dvec<float>> in, out;
  std::vector<reduce::nccl::shard<float, float>> s(w.k);
  for (int r = 0; r < w.k; ++r) {
    cudaSetDevice(r);
    in.emplace_back(std::vector<float>(1000, 1.0f));
    out.emplace_back(std::size_t(1));
    s[r] = {w.comms[r], in[r].p, 1000, out[r].p, w.streams[r]};
  }
  STATUS_OK(reduce::nccl::device_reduce<cfg>(s.data(), w.k));  // the query, without windows
  std::vector<void*> temp(w.k);
  for (int r = 0; r < w.k; ++r) {
    cudaSetDevice(r);
    CUDA_OK(cudaMalloc(&temp[r], s[r].temp_bytes));
  }
  for (bool query : {true, false}) {
    for (int r = 0; r < w.k; ++r) s[r].d_temp = query ? nullptr : temp[r], s[r].win = nullptr;
    s[0].win = win;  // on one shard only
    EXPECT_EQ(reduce::nccl::device_reduce<cfg>(s.data(), w.k), cudaErrorInvalidValue) << "query " << query;
    for (int r = 0; r < w.k; ++r) s[r].win = win + (r + 1) % w.k;  // each rank another's window
    EXPECT_EQ(reduce::nccl::device_reduce<cfg>(s.data(), w.k), cudaErrorInvalidValue) << "query " << query;
  }
  w.sync();
  for (int r = 0; r < w.k; ++r) {
    cudaSetDevice(r);
    cudaFree(temp[r]);
  }
  cudaSetDevice(0);
}

}  // namespace
