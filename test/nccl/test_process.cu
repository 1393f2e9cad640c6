// One process per GPU, started by the test itself: the user's own communicator (ncclCommInitRank), the sums, a
// to-root reduction, the NCCL and the gather combines, argmin with lengths, the reproducible Grid, a workspace, the
// window combine, and calls captured into CUDA graphs (thread-local and global capture modes) and replayed. The
// parent checks every rank against one GPU's result.
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <thread>

#include "process.cuh"

extern char** environ;

namespace ntest {

// Captures two all-reduces (temporary storage, the NCCL path and the gather path) in thread-local mode and replays
// the graph three times; then the NCCL-path sum alone in global mode, replayed twice.
void child::graph(const std::vector<float>& data) {
  float* d_in = nullptr;
  float* d_out = nullptr;
  cudaMalloc(&d_in, data.size() * sizeof(float));
  cudaMalloc(&d_out, 2 * sizeof(float));
  cudaMemcpy(d_in, data.data(), data.size() * sizeof(float), cudaMemcpyHostToDevice);
  const auto c = reduce::nccl::all_ranks(comm);
  const auto op = reduce::make_op(magnitude{}, 0.0f);
  std::size_t b1 = 0, b2 = 0;
  reduce::nccl::device_reduce<cfg>({nullptr, b1}, d_in, d_out, data.size(), c, reduce::sum{}, stream);
  reduce::nccl::device_reduce<cfg>({nullptr, b2}, d_in, d_out + 1, data.size(), c, op, stream);
  void *t1 = nullptr, *t2 = nullptr;
  cudaMalloc(&t1, b1);
  cudaMalloc(&t2, b2);
  cudaGraph_t g = nullptr;
  cudaGraphExec_t exec = nullptr;
  cudaStreamBeginCapture(stream, cudaStreamCaptureModeThreadLocal);
  const reduce::status s1 =
      reduce::nccl::device_reduce<cfg>({t1, b1}, d_in, d_out, data.size(), c, reduce::sum{}, stream);
  const reduce::status s2 = reduce::nccl::device_reduce<cfg>({t2, b2}, d_in, d_out + 1, data.size(), c, op, stream);
  const cudaError_t end = cudaStreamEndCapture(stream, &g);
  if (s1) fail("graph sum capture", s1);
  if (s2) fail("graph gather capture", s2);
  if (end || cudaGraphInstantiate(&exec, g, 0)) fail("graph", {end ? end : cudaErrorUnknown, "capture failed"});
  for (int i = 0; i < 3 && exec; ++i) {
    cudaMemsetAsync(d_out, 0, 2 * sizeof(float), stream);
    cudaGraphLaunch(exec, stream);
    float v[2] = {0, 0};
    cudaMemcpyAsync(v, d_out, sizeof v, cudaMemcpyDeviceToHost, stream);
    cudaStreamSynchronize(stream);
    out << "graph_sum" << i << " " << hex(v[0]) << "\n"
        << "graph_magnitude" << i << " " << hex(v[1]) << "\n";
  }
  if (exec) cudaGraphExecDestroy(exec);
  if (g) cudaGraphDestroy(g);
  exec = nullptr, g = nullptr;
  // Global mode, where the runtime refuses unsafe calls from every thread during the capture: the sum again.
  cudaStreamBeginCapture(stream, cudaStreamCaptureModeGlobal);
  const reduce::status s3 =
      reduce::nccl::device_reduce<cfg>({t1, b1}, d_in, d_out, data.size(), c, reduce::sum{}, stream);
  const cudaError_t end3 = cudaStreamEndCapture(stream, &g);
  if (s3) fail("graph sum capture (global mode)", s3);
  if (end3 || cudaGraphInstantiate(&exec, g, 0))
    fail("graph global", {end3 ? end3 : cudaErrorUnknown, "capture failed"});
  for (int i = 0; i < 2 && exec; ++i) {
    cudaMemsetAsync(d_out, 0xff, sizeof(float), stream);
    cudaGraphLaunch(exec, stream);
    float v = 0;
    cudaMemcpyAsync(&v, d_out, sizeof v, cudaMemcpyDeviceToHost, stream);
    cudaStreamSynchronize(stream);
    out << "graph_global_sum" << i << " " << hex(v) << "\n";
  }
  if (exec) cudaGraphExecDestroy(exec);
  if (g) cudaGraphDestroy(g);
  cudaFree(t1), cudaFree(t2), cudaFree(d_in), cudaFree(d_out);
}

// The window combine in this mode: a window made from the rank's own communicator, a sum, a custom op, argmin with
// lengths, and the sum captured into a graph and replayed three times.
void child::windowed(const float* d_f, std::uint64_t n, const std::vector<std::uint64_t>& len) {
  using namespace reduce::nccl;
  window w;
  if (reduce::status s = create_windows(&comm, 1, &w)) return fail("create_windows", s);
  record<float>("window_sum", true, [&](void* t, std::size_t& b, float* o) {
    return device_reduce<cfg>({t, b}, d_f, o, n, all_ranks(comm, nullptr, &w), reduce::sum{}, stream);
  });
  record<float>("window_magnitude", true, [&](void* t, std::size_t& b, float* o) {
    return device_reduce<cfg>({t, b}, d_f, o, n, all_ranks(comm, nullptr, &w), reduce::make_op(magnitude{}, 0.0f),
                              stream);
  });
  record<reduce::indexed<float>>("window_argmin", true, [&](void* t, std::size_t& b, reduce::indexed<float>* o) {
    return device_argmin<cfg>({t, b}, d_f, o, n, all_ranks(comm, len.data(), &w), stream);
  });
  float* d_out = nullptr;
  void* temp = nullptr;
  std::size_t bytes = 0;
  cudaMalloc(&d_out, sizeof(float));
  const auto c = all_ranks(comm, nullptr, &w);
  device_reduce<cfg>({nullptr, bytes}, d_f, d_out, n, c, reduce::sum{}, stream);
  cudaMalloc(&temp, bytes);
  cudaGraph_t g = nullptr;
  cudaGraphExec_t exec = nullptr;
  cudaStreamBeginCapture(stream, cudaStreamCaptureModeThreadLocal);
  const reduce::status s = device_reduce<cfg>({temp, bytes}, d_f, d_out, n, c, reduce::sum{}, stream);
  const cudaError_t end = cudaStreamEndCapture(stream, &g);
  if (s) fail("window graph capture", s);
  if (end || cudaGraphInstantiate(&exec, g, 0)) fail("window graph", {end ? end : cudaErrorUnknown, "capture failed"});
  for (int i = 0; i < 3 && exec; ++i) {
    cudaMemsetAsync(d_out, 0xff, sizeof(float), stream);
    cudaGraphLaunch(exec, stream);
    float v = 0;
    cudaMemcpyAsync(&v, d_out, sizeof v, cudaMemcpyDeviceToHost, stream);
    cudaStreamSynchronize(stream);
    out << "graph_window_sum" << i << " " << hex(v) << "\n";
  }
  if (exec) cudaGraphExecDestroy(exec);
  if (g) cudaGraphDestroy(g);
  cudaFree(temp), cudaFree(d_out);
  if (reduce::status d = destroy_windows(&w, 1)) fail("destroy_windows", d);
}

int child::run(const std::string& scenario) {
  if (scenario != "modes") return 5;
  const auto len = child_lengths(k);
  const auto tlen = child_tile_lengths(k);
  const std::vector<float> f = child_floats(rank, len[rank]);
  const std::vector<std::int64_t> ints = child_ints(rank, len[rank]);
  const std::vector<float> tf = child_floats(rank, tlen[rank]);
  dvec<float> d_f(f), d_tf(tf);
  dvec<std::int64_t> d_i(ints);
  const std::uint64_t n = len[rank], tn = tlen[rank];
  using namespace reduce::nccl;
  record<float>("sum", true, [&](void* t, std::size_t& b, float* o) {
    return device_reduce<cfg>({t, b}, d_f.p, o, n, all_ranks(comm), reduce::sum{}, stream);
  });
  record<float>("sum_to_root", rank == k - 1, [&](void* t, std::size_t& b, float* o) {
    return device_reduce<cfg>({t, b}, d_f.p, rank == k - 1 ? o : nullptr, n, to_root(k - 1, comm), reduce::sum{},
                              stream);
  });
  record<std::int64_t>("max_i64", true, [&](void* t, std::size_t& b, std::int64_t* o) {
    return device_reduce<cfg>({t, b}, d_i.p, o, n, all_ranks(comm), reduce::max{}, stream);
  });
  record<float>("magnitude_to_root", rank == 0, [&](void* t, std::size_t& b, float* o) {
    return device_reduce<cfg>({t, b}, d_f.p, o, n, to_root(0, comm), reduce::make_op(magnitude{}, 0.0f), stream);
  });
  record<reduce::indexed<float>>("argmin", true, [&](void* t, std::size_t& b, reduce::indexed<float>* o) {
    return device_argmin<cfg>({t, b}, d_f.p, o, n, all_ranks(comm, len.data()), stream);
  });
  record<float>("repro", true, [&](void* t, std::size_t& b, float* o) {
    return device_reduce<repro>({t, b}, d_tf.p, o, tn, all_ranks(comm, tlen.data()), reduce::sum{}, stream);
  });
  {  // a workspace, twice: the second call finds it grown
    reduce::workspace ws;
    dvec<float> o(std::size_t(1));
    for (int i = 0; i < 2; ++i)
      if (reduce::status s = device_reduce<cfg>(ws, d_f.p, o.p, n, all_ranks(comm), reduce::sum{}, stream))
        fail("workspace", s);
    float v = 0;
    cudaMemcpyAsync(&v, o.p, sizeof v, cudaMemcpyDeviceToHost, stream);
    cudaStreamSynchronize(stream);
    out << "workspace_sum " << hex(v) << "\n";
  }
  {  // the binned sum: its value's bits (the bins hold the same sum split otherwise on each rank)
    dvec<reduce::binned<float>> o(std::size_t(1));
    std::size_t b = 0;
    void* t = nullptr;
    const auto call = [&] {
      return device_reduce<reduce::default_config>({t, b}, d_f.p, o.p, n, all_ranks(comm), reduce::sum{}, stream);
    };
    if (reduce::status s = call()) fail("binned size", s);
    cudaMalloc(&t, b);
    if (reduce::status s = call()) fail("binned", s);
    reduce::binned<float> v;
    cudaMemcpyAsync(&v, o.p, sizeof v, cudaMemcpyDeviceToHost, stream);
    cudaStreamSynchronize(stream);
    out << "binned " << hex(v.value()) << "\n";
    cudaFree(t);
  }
  graph(f);
  windowed(d_f.p, n, len);
  return failures ? 6 : 0;
}

}  // namespace ntest

namespace {
using namespace ntest;

// Starts k children, waits for them (at most `seconds`, then ends them), returns whether all exited 0.
bool run_children(const std::string& scenario, int k, const std::string& dir, int seconds) {
  std::vector<pid_t> pids;
  for (int r = 0; r < k; ++r) {
    std::vector<std::string> args = {"/proc/self/exe",  "--nccl-child",    scenario,
                                     std::to_string(r), std::to_string(k), dir};
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    pid_t pid = 0;
    if (posix_spawn(&pid, "/proc/self/exe", nullptr, nullptr, argv.data(), environ) != 0) {
      for (pid_t started : pids) kill(started, SIGKILL), waitpid(started, nullptr, 0);  // they wait in ncclCommInitRank
      ADD_FAILURE() << "posix_spawn failed for rank " << r;
      return false;
    }
    pids.push_back(pid);
  }
  bool ok = true;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(seconds);
  for (std::size_t done = 0; done < pids.size();) {
    for (pid_t& pid : pids) {
      int st = 0;
      if (pid > 0 && waitpid(pid, &st, WNOHANG) == pid) {
        ok = ok && WIFEXITED(st) && WEXITSTATUS(st) == 0;
        pid = -1;
        ++done;
      }
    }
    if (std::chrono::steady_clock::now() > deadline) {
      for (pid_t pid : pids)
        if (pid > 0) kill(pid, SIGKILL), waitpid(pid, nullptr, 0);
      ADD_FAILURE() << "children still running after " << seconds << " s: ended";
      return false;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return ok;
}

template <class T>
std::vector<T> concat(const std::vector<std::uint64_t>& len, std::vector<T> (*make)(int, std::uint64_t)) {
  std::vector<T> all;
  for (std::size_t r = 0; r < len.size(); ++r) {
    auto p = make(int(r), len[r]);
    all.insert(all.end(), p.begin(), p.end());
  }
  return all;
}

TEST(NcclProcessPerGpu, EveryRankMatchesOneGpu) {
  REQUIRE_GPUS();
  const int k = test_gpus();
  char tmpl[] = "/tmp/reduce-nccl-XXXXXX";
  ASSERT_NE(mkdtemp(tmpl), nullptr);
  const std::string dir = tmpl;
  struct removed_at_end {
    std::string dir;
    ~removed_at_end() {
      std::error_code ignored;
      std::filesystem::remove_all(dir, ignored);
    }
  } cleanup{dir};
  ncclUniqueId id;
  NCCL_OK(ncclGetUniqueId(&id));
  std::ofstream(dir + "/id", std::ios::binary).write(reinterpret_cast<const char*>(&id), sizeof id);
  ASSERT_TRUE(run_children("modes", k, dir, 240)) << "a child failed (its stderr says why)";

  const auto len = child_lengths(k);
  const auto floats = concat<float>(len, child_floats);
  const auto tfloats = concat<float>(child_tile_lengths(k), child_floats);
  const float sum = one_gpu<cfg, float>(floats, reduce::sum{});
  std::map<std::string, std::string> want = {
      {"max_i64", hex(one_gpu<cfg, std::int64_t>(concat<std::int64_t>(len, child_ints), reduce::max{}))},
      {"magnitude_to_root", hex(one_gpu<cfg, float>(floats, reduce::make_op(magnitude{}, 0.0f)))},
      {"argmin",
       hex(one_gpu<cfg, reduce::indexed<float>>(floats, reduce::argmin_op{}, reduce::detail::to_indexed<float>{}))},
      {"repro", hex(one_gpu<repro, float>(tfloats, reduce::sum{}))},
      {"binned", hex([&] {
         reduce::binned<float> b;
         for (float x : floats) b.add(x);
         return b.value();
       }())}};
  long double exact = 0, abs = 0;
  for (float x : floats) exact += x, abs += std::fabs(x);
  const auto rank0 = read_results(dir + "/rank0.txt");
  for (int r = 0; r < k; ++r) {
    auto got = read_results(dir + "/rank" + std::to_string(r) + ".txt");
    for (const auto& [name, hexv] : want) {
      if (name == "magnitude_to_root" && r != 0) continue;
      if (name == "argmin")  // 16 bytes with 4 of padding: compare the index and the value
        EXPECT_EQ(got[name].substr(0, 24), hexv.substr(0, 24)) << "rank " << r << " " << name;
      else
        EXPECT_EQ(got[name], hexv) << "rank " << r << " " << name;
    }
    const float s = from_hex<float>(got["sum"]);
    EXPECT_NEAR(s, double(exact), 1.2e-5 * double(abs)) << "rank " << r << " (one GPU: " << sum << ")";
    EXPECT_EQ(got["sum"], rank0.at("sum")) << "rank " << r << ": ranks disagree";
    EXPECT_EQ(got["workspace_sum"], got["sum"]) << "rank " << r;
    for (int i = 0; i < 3; ++i) {
      EXPECT_EQ(got["graph_sum" + std::to_string(i)], got["sum"]) << "rank " << r << " replay " << i;
      EXPECT_EQ(got["graph_magnitude" + std::to_string(i)], want["magnitude_to_root"]) << "rank " << r;
    }
    for (int i = 0; i < 2; ++i)
      EXPECT_EQ(got["graph_global_sum" + std::to_string(i)], got["sum"]) << "rank " << r << " global replay " << i;
    // The window combine: exact where the op is (a selection, argmin), the rank-order fold for the sum, the same on
    // every rank and in every replay.
    EXPECT_EQ(got["window_magnitude"], want["magnitude_to_root"]) << "rank " << r;
    EXPECT_EQ(got["window_argmin"].substr(0, 24), want["argmin"].substr(0, 24)) << "rank " << r;
    EXPECT_NEAR(from_hex<float>(got["window_sum"]), double(exact), 1.2e-5 * double(abs)) << "rank " << r;
    EXPECT_EQ(got["window_sum"], rank0.at("window_sum")) << "rank " << r << ": ranks disagree";
    for (int i = 0; i < 3; ++i)
      EXPECT_EQ(got["graph_window_sum" + std::to_string(i)], got["window_sum"]) << "rank " << r << " replay " << i;
  }
  EXPECT_FALSE(read_results(dir + "/rank" + std::to_string(k - 1) + ".txt")["sum_to_root"].empty());
}

}  // namespace
