// reduce-nccl-bench: a float sum over shards on 1, 2 and 4 GPUs of one host, next to the baseline a user writes today
// (CUB's DeviceReduce::Sum on each shard, then ncclAllReduce of the scalars), in two modes: one process driving every
// GPU (ncclCommInitAll, the multi-device call; the baseline's collectives in one group), and one process per GPU
// (process_mode.cuh: ncclCommInitRank, the one-rank call). Wall clock from the start of the call to the end of the
// last stream; L2 flushed by a read on every GPU before every sample; contenders alternated sample by sample;
// medians; the host time until the call returns beside. Also the local pass alone (the split of the time between the
// walk and the combine) and one float all-reduced alone, and, in one process, ours and the baseline each captured
// once into one multi-device CUDA graph (reduce::nccl::graph) and launched. Writes nccl.csv and nccl_report.md.
//
//   reduce-nccl-bench --out DIR [--samples 15] [--gpus 1,2,4] [--max-log2 32] [--processes 1]
#include <cub/device/device_reduce.cuh>
#include <reduce/nccl.cuh>
#include <reduce/nccl_graph.cuh>
#include <set>
#include <sstream>
#include <string>

#include "gpus.cuh"
#include "process_mode.cuh"
#include "report.hpp"

namespace {
using namespace nbench;
namespace P = reduce::policy;
using check_cfg = P::config<P::vector<2>, P::shuffle, P::single_pass<>, 256>;  // the double reference

struct options {
  std::string out = ".";
  int samples = 15;
  std::vector<int> gpus = {1, 2, 4};
  int max_log2 = 32;
  bool processes = true;  // the process-per-GPU mode too (2 GPUs and more)
};
options parse(int argc, char** argv) {
  options o;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string k = argv[i], v = argv[i + 1];
    if (k == "--out")
      o.out = v;
    else if (k == "--samples")
      o.samples = std::max(3, std::atoi(v.c_str()));
    else if (k == "--max-log2")
      o.max_log2 = std::atoi(v.c_str());
    else if (k == "--processes")
      o.processes = std::atoi(v.c_str()) != 0;
    else if (k == "--gpus") {
      o.gpus.clear();
      std::stringstream ss(v);
      for (std::string t; std::getline(ss, t, ',');) o.gpus.push_back(std::atoi(t.c_str()));
    } else {
      std::fprintf(stderr,
                   "usage: reduce-nccl-bench --out DIR [--samples N] [--gpus 1,2,4] [--max-log2 32] [--processes 1]\n");
      std::exit(2);
    }
  }
  return o;
}

// The sizes of a GPU count: the comparison ladder 2^24..2^max (it holds the strong-scaling totals 2^30 and 2^32) and
// the weak-scaling total 2^28 per GPU.
std::set<std::uint64_t> sizes_of(int g, int max_log2) {
  std::set<std::uint64_t> s;
  for (int l = 24; l <= max_log2; l += 2) s.insert(std::uint64_t(1) << l);
  s.insert((std::uint64_t(1) << 28) * g);
  return s;
}

struct point_runner {
  machine& m;
  int g;
  std::vector<ncclComm_t> comms;
  std::uint64_t n = 0;
  std::vector<reduce::nccl::shard<float, float>> shards;
  std::vector<reduce::nccl::window> windows;                     // one per GPU, made with the communicators
  std::vector<reduce::nccl::shard<float, float>> window_shards;  // shards with their window
  reduce::nccl::graph ours_graph, baseline_graph;                // each captured once per size

  std::uint64_t len(int r) const { return machine::first(n, g, r + 1) - machine::first(n, g, r); }
  void prepare(std::uint64_t total) {
    n = total;
    shards.assign(g, {});
    for (int r = 0; r < g; ++r) {
      gpu& d = m.gpus[r];
      BENCH_CHECK(cudaSetDevice(r));
      shards[r] = {comms[r], d.data, len(r), d.out, d.stream};
      std::size_t cub = 0;
      BENCH_CHECK(cub::DeviceReduce::Sum(nullptr, cub, d.data, d.partial, std::int64_t(len(r)), d.stream));
      ensure(d.cub_temp, d.cub_bytes, cub);
    }
    const reduce::status q = reduce::nccl::device_reduce<reduce::default_config>(shards.data(), g);
    if (q) std::fprintf(stderr, "query: %s\n", q.message ? q.message : cudaGetErrorName(q.code)), std::exit(1);
    for (int r = 0; r < g; ++r) {
      BENCH_CHECK(cudaSetDevice(r));
      std::size_t local = 0;  // the local pass alone uses the same storage
      reduce::device_reduce<reduce::default_config>({nullptr, local}, m.gpus[r].data, m.gpus[r].partial, len(r));
      ensure(m.gpus[r].temp, m.gpus[r].temp_bytes, std::max(shards[r].temp_bytes, local));
      shards[r].d_temp = m.gpus[r].temp;
      shards[r].temp_bytes = m.gpus[r].temp_bytes;
    }
    window_shards = shards;  // the window combine needs no more storage than the collective
    for (int r = 0; r < g; ++r) window_shards[r].win = &windows[r];
    capture_graphs();
  }
  // The same call, and the baseline, captured the same way: every GPU's work in one graph, launched joined to every
  // GPU's stream.
  void capture_graphs() {
    std::vector<int> devices(g);
    std::vector<cudaStream_t> streams(g);
    for (int r = 0; r < g; ++r) devices[r] = r, streams[r] = m.gpus[r].stream;
    reduce::status s = ours_graph.capture(shards.data(), g);
    if (!s)
      s = baseline_graph.capture_streams(devices.data(), streams.data(), g, [&] {
        cub_then_nccl();
        return reduce::status{};
      });
    if (s) std::fprintf(stderr, "capture: %s\n", s.message ? s.message : cudaGetErrorName(s.code)), std::exit(1);
  }
  static void launch(reduce::nccl::graph& graph) {
    const reduce::status s = graph.launch();
    if (s) std::fprintf(stderr, "graph launch: %s\n", s.message ? s.message : cudaGetErrorName(s.code)), std::exit(1);
  }
  void ours_with_window() {
    const reduce::status s = reduce::nccl::device_reduce<reduce::default_config>(window_shards.data(), g);
    if (s) std::fprintf(stderr, "window: %s\n", s.message ? s.message : cudaGetErrorName(s.code)), std::exit(1);
  }
  void ours() {
    const reduce::status s = reduce::nccl::device_reduce<reduce::default_config>(shards.data(), g);
    if (s) std::fprintf(stderr, "reduce::nccl: %s\n", s.message ? s.message : cudaGetErrorName(s.code)), std::exit(1);
  }
  void cub_then_nccl() {
    for (int r = 0; r < g; ++r) {
      gpu& d = m.gpus[r];
      BENCH_CHECK(cudaSetDevice(r));
      BENCH_CHECK(cub::DeviceReduce::Sum(d.cub_temp, d.cub_bytes, d.data, d.partial, std::int64_t(len(r)), d.stream));
    }
    all_reduce_partials();
  }
  void all_reduce_partials() {
    BENCH_NCCL(ncclGroupStart());
    for (int r = 0; r < g; ++r)
      BENCH_NCCL(ncclAllReduce(m.gpus[r].partial, m.gpus[r].out, 1, ncclFloat32, ncclSum, comms[r], m.gpus[r].stream));
    BENCH_NCCL(ncclGroupEnd());
  }
  void local_only() {
    for (int r = 0; r < g; ++r) {
      gpu& d = m.gpus[r];
      BENCH_CHECK(cudaSetDevice(r));
      BENCH_CHECK(reduce::device_reduce<reduce::default_config>({d.temp, d.temp_bytes}, d.data, d.partial, len(r),
                                                                reduce::sum{}, d.stream));
    }
  }
  double reference() {  // double sums of each shard, added on the host
    double s = 0;
    for (int r = 0; r < g; ++r) {
      BENCH_CHECK(cudaSetDevice(r));
      s += reduce::reduce<check_cfg, double>(m.gpus[r].data, len(r));
    }
    return s;
  }
  void clear_outputs() {  // before a checked sample, so that a stale result never passes
    for (int r = 0; r < g; ++r) {
      BENCH_CHECK(cudaSetDevice(r));
      BENCH_CHECK(cudaMemsetAsync(m.gpus[r].out, 0, sizeof(float), m.gpus[r].stream));
    }
  }
  bool result_ok(double want) {  // every rank's output within 1e-3 relative (a check, not an accuracy test)
    for (int r = 0; r < g; ++r) {
      float got = 0;
      BENCH_CHECK(cudaSetDevice(r));
      BENCH_CHECK(cudaMemcpy(&got, m.gpus[r].out, sizeof got, cudaMemcpyDeviceToHost));
      if (!(std::fabs(got - want) <= 1e-3 * want)) return false;
    }
    return true;
  }
};

}  // namespace

int main(int argc, char** argv) {
  setenv("NCCL_NVLS_ENABLE", "0", 1);  // NVLink multicast stays off, before any NCCL call
  setenv("NVSHMEM_DISABLE_NVLS", "1", 1);
  setenv("TORCH_SYMM_MEM_DISABLE_MULTICAST", "1", 1);
  if (argc >= 5 && std::string(argv[1]) == "--child") {  // a rank of the process-per-GPU mode
    const options o = parse(argc - 4, argv + 4);
    const int g = std::atoi(argv[4]);
    return nbench::run_child(argv[2], std::atoi(argv[3]), g, o.samples, sizes_of(g, o.max_log2));
  }
  const options o = parse(argc, argv);
  int available = 0;
  if (cudaGetDeviceCount(&available) != cudaSuccess || available < 1) {
    std::fprintf(stderr, "reduce-nccl-bench: no CUDA device\n");
    return 1;
  }
  std::vector<int> counts;
  for (int g : o.gpus)
    if (g >= 1 && g <= available) counts.push_back(g);
  int most = 0;
  for (int g : counts) most = std::max(most, g);
  std::vector<std::uint64_t> capacity(most, 0);
  for (int g : counts)
    for (std::uint64_t n : sizes_of(g, o.max_log2))
      for (int r = 0; r < g; ++r)
        capacity[r] = std::max(capacity[r], machine::first(n, g, r + 1) - machine::first(n, g, r));
  nreport::table t;
  cudaDeviceProp prop{};
  cudaGetDeviceProperties(&prop, 0);
  t.device = prop.name;
  t.samples = o.samples;
  // The process-per-GPU mode first, while this process holds no GPU memory.
  for (int g : counts)
    if (o.processes && g > 1 && !run_processes("/proc/self/exe", g, o.samples, o.max_log2, t)) return 1;
  machine m(most, capacity);
  for (int g : counts) {
    point_runner p{m, g, std::vector<ncclComm_t>(g)};
    std::vector<int> devs(g);
    for (int r = 0; r < g; ++r) devs[r] = r;
    BENCH_NCCL(ncclCommInitAll(p.comms.data(), g, devs.data()));
    p.windows.resize(g);
    const reduce::status made = reduce::nccl::create_windows(p.comms.data(), g, p.windows.data());
    if (made)  // the window contender is left out where NCCL cannot make windows (the reason is printed)
      std::fprintf(stderr, "create_windows on %d GPUs: %s\n", g,
                   made.message ? made.message : cudaGetErrorName(made.code));
    for (std::uint64_t n : sizes_of(g, o.max_log2)) {
      m.fill(n, g);
      p.prepare(n);
      const double want = p.reference();
      const char* names[7] = {"reduce", "cub+nccl", "local", "allreduce1", "window", "graph", "cub+nccl graph"};
      std::vector<int> active = {0, 1, 2, 3, 5, 6};
      if (!made) active.push_back(4);
      const int C = int(active.size());
      std::vector<double> times[7], host[7];
      int failed[7] = {};  // failed checks per contender (all but the local pass and the one float)
      auto checked = [](int c) { return c != 2 && c != 3; };
      auto run = [&](int c) {
        switch (c) {
          case 0:
            return p.ours();
          case 1:
            return p.cub_then_nccl();
          case 2:
            return p.local_only();
          case 3:
            return p.all_reduce_partials();
          case 4:
            return p.ours_with_window();
          case 5:
            return p.launch(p.ours_graph);
          default:
            return p.launch(p.baseline_graph);
        }
      };
      for (int w = 0; w < 2; ++w)
        for (int c : active) run(c);
      m.sync(g);
      for (int s = 0; s < o.samples; ++s)
        for (int i = 0; i < C; ++i) {
          const int c = active[s % 2 ? C - 1 - i : i];  // alternate the order sample by sample
          if (checked(c)) p.clear_outputs();
          m.flush(g);
          times[c].push_back(m.time(g, [&] { run(c); }));
          host[c].push_back(m.host_us);
          if (checked(c) && !p.result_ok(want)) ++failed[c];
        }
      for (int c : active) t.add(nreport::modes[0], g, n, names[c], times[c], failed[c]);
      for (int c : {0, 1}) t.add(nreport::modes[0], g, n, std::string(names[c]) + " host", host[c], 0);
      std::printf(
          "gpus %d n 2^%.0f: reduce %.1f us (host %.1f), window %.1f us, cub+nccl %.1f us (host %.1f), local "
          "%.1f us, one float %.1f us; graphs: ours %.1f us, cub+nccl %.1f us%s\n",
          g, std::log2(double(n)), nreport::median(times[0]), nreport::median(host[0]), nreport::median(times[4]),
          nreport::median(times[1]), nreport::median(host[1]), nreport::median(times[2]), nreport::median(times[3]),
          nreport::median(times[5]), nreport::median(times[6]),
          t.checks(nreport::modes[0], g, n) == "ok" ? "" : "  CHECK FAILED");
    }
    if (const reduce::status s = made ? reduce::status{} : reduce::nccl::destroy_windows(p.windows.data(), g))
      std::fprintf(stderr, "destroy_windows: %s\n", s.message ? s.message : cudaGetErrorName(s.code));
    p.ours_graph.reset(), p.baseline_graph.reset();  // a graph holding collectives goes before its communicators
    for (ncclComm_t c : p.comms) ncclCommDestroy(c);
  }
  t.write(o.out);
  return t.any_failed() ? 1 : 0;
}
