// The process-per-GPU mode, the way torchrun or MPI programs run: the bench starts itself once per GPU
// (reduce-nccl-bench --child DIR RANK G [options]); each child joins with ncclCommInitRank from the ncclUniqueId the
// parent wrote to DIR/id, and calls the one-rank form. Before every sample each child flushes its L2, then all leave
// a host barrier in shared memory (DIR/barrier) together and each times its own call until its stream is done; a
// sample's time is the slowest rank's. Each child writes "n contender sample wall_us host_us failed" lines to
// DIR/rank<R>.txt; the parent reads them into the report.
#pragma once
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cub/device/device_reduce.cuh>
#include <filesystem>
#include <fstream>
#include <map>
#include <reduce/nccl.cuh>
#include <string>
#include <thread>

#include "gpus.cuh"
#include "report.hpp"

extern char** environ;

namespace nbench {

// Every process of the run meets here: the k-th wait returns once all g processes have made k waits.
struct process_barrier {
  std::atomic<unsigned>* arrived = nullptr;
  unsigned waits = 0;
  int g = 1;
  void wait() {
    const unsigned target = ++waits * unsigned(g);
    arrived->fetch_add(1, std::memory_order_acq_rel);
    while (arrived->load(std::memory_order_acquire) < target) {
    }
  }
};
inline std::atomic<unsigned>* map_barrier(const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDWR | O_CREAT, 0600);
  if (fd < 0 || ftruncate(fd, 4096) != 0) std::perror(path.c_str()), std::exit(1);
  void* p = mmap(nullptr, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  ::close(fd);
  if (p == MAP_FAILED) std::perror("mmap"), std::exit(1);
  return static_cast<std::atomic<unsigned>*>(p);
}

// One rank of the run: its GPU, communicator and window, the contenders on its shard.
struct rank_runner {
  int rank, g;
  gpu d;
  ncclComm_t comm = nullptr;
  reduce::nccl::window win;
  bool windowed = false, lone_window = false;
  std::uint64_t len = 0;

  void ours(bool with_window) {
    const auto c = reduce::nccl::all_ranks(comm, nullptr, with_window ? &win : nullptr);
    const reduce::status s =
        reduce::nccl::device_reduce({d.temp, d.temp_bytes}, d.data, d.out, len, c, reduce::sum{}, d.stream);
    if (s) std::fprintf(stderr, "rank %d: %s\n", rank, s.message ? s.message : cudaGetErrorName(s.code)), std::exit(1);
  }
  void cub_then_nccl() {
    BENCH_CHECK(cub::DeviceReduce::Sum(d.cub_temp, d.cub_bytes, d.data, d.partial, std::int64_t(len), d.stream));
    BENCH_NCCL(ncclAllReduce(d.partial, d.out, 1, ncclFloat32, ncclSum, comm, d.stream));
  }
  void local_only() {
    BENCH_CHECK(reduce::device_reduce({d.temp, d.temp_bytes}, d.data, d.partial, len, reduce::sum{}, d.stream));
  }
  void one_float() { BENCH_NCCL(ncclAllReduce(d.partial, d.out, 1, ncclFloat32, ncclSum, comm, d.stream)); }
  void run(int c) {
    if (c == 0) ours(false);
    if (c == 1) cub_then_nccl();
    if (c == 2) local_only();
    if (c == 3) one_float();
    if (c == 4) ours(true);
  }
};

template <class Sizes>
int run_child(const std::string& dir, int rank, int g, int samples, Sizes sizes) {
  rank_runner r{rank, g};
  std::uint64_t capacity = 0;
  for (std::uint64_t n : sizes)
    capacity = std::max(capacity, machine::first(n, g, rank + 1) - machine::first(n, g, rank));
  open_gpu(r.d, rank, capacity);
  ncclUniqueId id;
  std::ifstream idf(dir + "/id", std::ios::binary);
  idf.read(reinterpret_cast<char*>(&id), sizeof id);
  if (!idf) return 3;
  BENCH_NCCL(ncclCommInitRank(&r.comm, g, id, rank));
  r.windowed = !reduce::nccl::create_windows(&r.comm, 1, &r.win);
  {  // every rank runs the same contenders (their collectives must match): the window only where every rank has one
    int* d_flag = nullptr;
    int flag = r.windowed ? 1 : 0;
    BENCH_CHECK(cudaMalloc(&d_flag, sizeof(int)));
    BENCH_CHECK(cudaMemcpyAsync(d_flag, &flag, sizeof flag, cudaMemcpyHostToDevice, r.d.stream));  // stream order
    BENCH_NCCL(ncclAllReduce(d_flag, d_flag, 1, ncclInt32, ncclMin, r.comm, r.d.stream));
    BENCH_CHECK(cudaMemcpyAsync(&flag, d_flag, sizeof flag, cudaMemcpyDeviceToHost, r.d.stream));
    BENCH_CHECK(cudaStreamSynchronize(r.d.stream));
    BENCH_CHECK(cudaFree(d_flag));
    // A window made here while another rank has none is left to the process's exit, with its communicator:
    // destroying either is collective.
    r.lone_window = r.windowed && !flag;
    r.windowed = flag != 0;
  }
  process_barrier barrier{map_barrier(dir + "/barrier"), 0, g};
  std::ofstream out(dir + "/rank" + std::to_string(rank) + ".txt");
  const char* names[5] = {"reduce", "cub+nccl", "local", "allreduce1", "window"};
  const int C = r.windowed ? 5 : 4;
  double* d_sum = nullptr;
  BENCH_CHECK(cudaMalloc(&d_sum, sizeof(double)));
  for (std::uint64_t n : sizes) {
    const std::uint64_t first = machine::first(n, g, rank);
    r.len = machine::first(n, g, rank + 1) - first;
    fill(r.d, r.len, first);
    BENCH_CHECK(cudaStreamSynchronize(r.d.stream));
    // The reference: each shard's double sum, all-reduced as a double.
    double part = reduce::reduce<
        reduce::policy::config<reduce::policy::vector<2>, reduce::policy::shuffle, reduce::policy::single_pass<>, 256>,
        double>(r.d.data, r.len);
    BENCH_CHECK(cudaMemcpyAsync(d_sum, &part, sizeof part, cudaMemcpyHostToDevice, r.d.stream));  // before the NCCL
    BENCH_NCCL(ncclAllReduce(d_sum, d_sum, 1, ncclFloat64, ncclSum, r.comm, r.d.stream));
    double want = 0;
    BENCH_CHECK(cudaMemcpyAsync(&want, d_sum, sizeof want, cudaMemcpyDeviceToHost, r.d.stream));
    BENCH_CHECK(cudaStreamSynchronize(r.d.stream));
    std::size_t ours = 0, local = 0, cub = 0;
    BENCH_CHECK(
        reduce::nccl::device_reduce({nullptr, ours}, r.d.data, r.d.out, r.len, reduce::nccl::all_ranks(r.comm)));
    reduce::device_reduce({nullptr, local}, r.d.data, r.d.partial, r.len);
    BENCH_CHECK(cub::DeviceReduce::Sum(nullptr, cub, r.d.data, r.d.partial, std::int64_t(r.len), r.d.stream));
    ensure(r.d.temp, r.d.temp_bytes, std::max(ours, local));
    ensure(r.d.cub_temp, r.d.cub_bytes, cub);
    for (int w = 0; w < 2; ++w)
      for (int c = 0; c < C; ++c) r.run(c);
    BENCH_CHECK(cudaStreamSynchronize(r.d.stream));
    for (int s = 0; s < samples; ++s)
      for (int i = 0; i < C; ++i) {
        const int c = s % 2 ? C - 1 - i : i;  // alternate the order sample by sample
        const bool checked = c < 2 || c == 4;
        if (checked) BENCH_CHECK(cudaMemsetAsync(r.d.out, 0, sizeof(float), r.d.stream));
        flush(r.d);
        BENCH_CHECK(cudaStreamSynchronize(r.d.stream));
        barrier.wait();
        const auto t0 = std::chrono::steady_clock::now();
        r.run(c);
        const auto t1 = std::chrono::steady_clock::now();
        BENCH_CHECK(cudaStreamSynchronize(r.d.stream));
        const auto t2 = std::chrono::steady_clock::now();
        float got = 0;
        if (checked) BENCH_CHECK(cudaMemcpy(&got, r.d.out, sizeof got, cudaMemcpyDeviceToHost));
        const bool bad = checked && !(std::fabs(got - want) <= 1e-3 * want);
        out << n << " " << names[c] << " " << s << " " << std::chrono::duration<double, std::micro>(t2 - t0).count()
            << " " << std::chrono::duration<double, std::micro>(t1 - t0).count() << " " << bad << "\n";
      }
  }
  out.close();
  cudaFree(d_sum);
  if (r.windowed) reduce::nccl::destroy_windows(&r.win, 1);
  if (!r.lone_window) ncclCommDestroy(r.comm);
  close_gpu(r.d);
  return 0;
}

inline void end_children(const std::vector<pid_t>& pids) {
  for (pid_t p : pids)
    if (p > 0) kill(p, SIGKILL), waitpid(p, nullptr, 0);
}

// Starts g children of this program, waits for them, and adds their samples to the table under "process per GPU".
inline bool run_processes(const char* self, int g, int samples, int max_log2, nreport::table& t) {
  char tmpl[] = "/tmp/reduce-nccl-bench-XXXXXX";
  const char* made = mkdtemp(tmpl);
  if (!made) return std::perror("mkdtemp"), false;
  const std::string dir = made;
  ncclUniqueId id;
  BENCH_NCCL(ncclGetUniqueId(&id));
  std::ofstream(dir + "/id", std::ios::binary).write(reinterpret_cast<const char*>(&id), sizeof id);
  map_barrier(dir + "/barrier");  // created zeroed before any child maps it
  std::vector<pid_t> pids(g);
  for (int r = 0; r < g; ++r) {
    std::vector<std::string> a = {self,
                                  "--child",
                                  dir,
                                  std::to_string(r),
                                  std::to_string(g),
                                  "--samples",
                                  std::to_string(samples),
                                  "--max-log2",
                                  std::to_string(max_log2)};
    std::vector<char*> argv;
    for (auto& s : a) argv.push_back(s.data());
    argv.push_back(nullptr);
    if (posix_spawn(&pids[r], self, nullptr, nullptr, argv.data(), environ) != 0) {
      pids.resize(r);  // the ones started wait in ncclCommInitRank for a rank that never comes
      end_children(pids);
      std::filesystem::remove_all(dir);
      return std::perror("spawn"), false;
    }
  }
  // A rank that fails leaves the others waiting at the barrier or in NCCL: the first failure, or a run past the
  // deadline, ends them all.
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::minutes(10);
  bool ok = true;
  for (std::size_t done = 0; done < pids.size() && ok;) {
    for (pid_t& p : pids) {
      int st = 0;
      if (p > 0 && waitpid(p, &st, WNOHANG) == p) ok = ok && WIFEXITED(st) && WEXITSTATUS(st) == 0, p = -1, ++done;
    }
    ok = ok && std::chrono::steady_clock::now() < deadline;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  if (!ok) {
    end_children(pids);
    std::filesystem::remove_all(dir);
    return std::fprintf(stderr, "process mode on %d GPUs: a child failed or ran past 10 minutes\n", g), false;
  }
  // (n, contender) -> per sample: the slowest rank's wall time, rank 0's host time, failures on any rank.
  std::map<std::pair<std::uint64_t, std::string>, std::vector<double>> wall, host;
  std::map<std::pair<std::uint64_t, std::string>, std::vector<int>> bad_sample;  // per sample: failed on any rank
  for (int r = 0; r < g; ++r) {
    std::ifstream f(dir + "/rank" + std::to_string(r) + ".txt");
    std::uint64_t n;
    std::string who;
    int s, bad;
    double w, h;
    while (f >> n >> who >> s >> w >> h >> bad) {
      auto& v = wall[{n, who}];
      if (int(v.size()) <= s) v.resize(s + 1, 0.0), host[{n, who}].resize(s + 1, 0.0);
      v[s] = std::max(v[s], w);
      if (r == 0) host[{n, who}][s] = h;
      auto& b = bad_sample[{n, who}];
      if (int(b.size()) <= s) b.resize(s + 1, 0);
      b[s] |= bad;
    }
  }
  for (const auto& [k, v] : wall) {
    const auto& b = bad_sample[k];
    t.add(nreport::modes[1], g, k.first, k.second, v, int(std::count(b.begin(), b.end(), 1)));
    if (k.second == "reduce" || k.second == "cub+nccl")
      t.add(nreport::modes[1], g, k.first, k.second + " host", host[k], 0);
  }
  std::filesystem::remove_all(dir);
  return true;
}

}  // namespace nbench
