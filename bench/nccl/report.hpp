// The multi-GPU bench's outputs: nccl.csv (one row per mode, GPU count, total and contender) and nccl_report.md (per
// mode: the comparison with the CUB + NCCL baseline, the split between local pass and combine, the host time to issue
// a call, strong and weak scaling with the local pass's own scaling beside them as the bound, and the targets).
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <map>
#include <string>
#include <tuple>
#include <vector>

namespace nreport {

inline double median(std::vector<double> v) {
  if (v.empty()) return NAN;
  std::sort(v.begin(), v.end());
  const std::size_t h = v.size() / 2;
  return v.size() % 2 ? v[h] : 0.5 * (v[h - 1] + v[h]);
}
inline std::string log2_name(std::uint64_t n) {
  const int l = int(std::lround(std::log2(double(n))));
  return (std::uint64_t(1) << l) == n ? "2^" + std::to_string(l) : std::to_string(n);
}

// The two ways the GPUs are driven: one process for all of them (ncclCommInitAll, the multi-device call), or one
// process per GPU (ncclCommInitRank, the one-rank call). One GPU is measured once, in the first.
inline const char* modes[] = {"one process", "process per GPU"};

struct table {
  using key = std::tuple<std::string, int, std::uint64_t, std::string>;  // mode, GPUs, n, contender
  std::string device;
  int samples = 0;
  std::map<key, std::vector<double>> times;
  std::map<key, int> failed;  // failed checks, per contender

  void add(const std::string& mode, int g, std::uint64_t n, const std::string& who, const std::vector<double>& t,
           int fails) {
    times[{mode, g, n, who}] = t;
    failed[{mode, g, n, who}] = fails;
  }
  // One GPU lives under the first mode only.
  static std::string mode_of(const std::string& mode, int g) { return g == 1 ? modes[0] : mode; }
  const std::vector<double>* find(const std::string& mode, int g, std::uint64_t n, const std::string& who) const {
    const auto it = times.find({mode_of(mode, g), g, n, who});
    return it == times.end() ? nullptr : &it->second;
  }
  double med(const std::string& mode, int g, std::uint64_t n, const std::string& who) const {
    const auto* t = find(mode, g, n, who);
    return t ? median(*t) : NAN;
  }
  std::string checks(const std::string& mode, int g, std::uint64_t n) const {
    std::string s;
    for (const char* who : {"reduce", "window", "cub+nccl", "graph", "cub+nccl graph"}) {
      const auto it = failed.find({mode_of(mode, g), g, n, who});
      if (it != failed.end() && it->second)
        s += (s.empty() ? "FAILED: " : ", ") + std::string(who) + " " + std::to_string(it->second);
    }
    return s.empty() ? "ok" : s;
  }
  bool any_failed() const {
    for (const auto& f : failed)
      if (f.second) return true;
    return false;
  }
  // The baseline over ours (who), sample by sample (both ran in the same sample), then the median: above 1, ours is
  // faster.
  double paired(const std::string& mode, int g, std::uint64_t n, const std::string& who = "reduce",
                const std::string& base = "cub+nccl") const {
    const auto *a = find(mode, g, n, who), *b = find(mode, g, n, base);
    if (!a || !b) return NAN;
    std::vector<double> r;
    for (std::size_t i = 0; i < std::min(a->size(), b->size()); ++i) r.push_back((*b)[i] / (*a)[i]);
    return median(r);
  }
  std::vector<int> counts(const std::string& mode) const {
    std::vector<int> c;
    for (const auto& t : times)
      if (std::get<0>(t.first) == mode && std::find(c.begin(), c.end(), std::get<1>(t.first)) == c.end())
        c.push_back(std::get<1>(t.first));
    return c;
  }
  std::vector<std::uint64_t> sizes(const std::string& mode, int g) const {
    std::vector<std::uint64_t> s;
    for (const auto& t : times)
      if (std::get<0>(t.first) == mode_of(mode, g) && std::get<1>(t.first) == g && std::get<3>(t.first) == "reduce")
        s.push_back(std::get<2>(t.first));
    return s;
  }

  void write_csv(const std::string& dir) const {
    std::ofstream csv(dir + "/nccl.csv");
    csv << "mode,gpus,n,contender,median_us,min_us,max_us,samples,check_failures\n";
    for (const auto& [k, t] : times) {
      const auto& [mode, g, n, who] = k;
      csv << mode << "," << g << "," << n << "," << who << "," << median(t) << ","
          << *std::min_element(t.begin(), t.end()) << "," << *std::max_element(t.begin(), t.end()) << "," << t.size()
          << "," << failed.at(k) << "\n";
    }
  }
  void write_mode(std::ofstream& md, const std::string& mode) const;
  void write_graphs(std::ofstream& md, const std::string& mode) const;
  void write(const std::string& dir) const {
    write_csv(dir);
    std::ofstream md(dir + "/nccl_report.md");
    md << "# reduce::nccl: float sum over GPUs\n\n"
       << device << ", " << samples
       << " samples per point; wall clock from the start of the call to the end of the last GPU's stream (one "
          "process: one host clock; a process per GPU: the processes leave a host barrier together, each times its "
          "own GPU, and a sample is the slowest rank's time), L2 flushed by a read on every GPU before every sample, "
          "contenders alternated; medians in us. `CUB+NCCL / ours` is the median of the per-sample ratios (above 1: "
          "ours is faster). `window`: ours with a reduce::nccl::window (the combine over NCCL's device API). `local`: "
          "the local pass "
          "alone on every GPU (CUB+NCCL's own local pass is CUB's); `one float`: one float all-reduced alone. `host`: "
          "the time until the call returns, ours and CUB + NCCL (a process per GPU: rank 0's). `checks`: "
          "the samples whose result failed the check, per contender. `graph` (one process): ours and CUB + NCCL "
          "each captured once into one multi-device CUDA graph (reduce::nccl::graph) and launched joined to every "
          "GPU's stream.\n";
    for (const char* mode : modes) write_mode(md, mode);
  }
};

// Each side captured into one graph, against the other captured the same way, with the calls in turn beside.
inline void table::write_graphs(std::ofstream& md, const std::string& mode) const {
  bool any = false;
  for (int g : counts(mode))
    for (std::uint64_t n : sizes(mode, g)) any = any || find(mode, g, n, "graph");
  if (!any) return;
  char line[256];
  md << "\n### Launched as one CUDA graph, " << mode
     << "\n\n| GPUs | n | ours graph | CUB+NCCL graph | CUB+NCCL graph / ours graph | ours in turn | CUB+NCCL in turn "
        "| strong scaling, graph |\n| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: |\n";
  for (int g : counts(mode))
    for (std::uint64_t n : sizes(mode, g)) {
      std::snprintf(line, sizeof line, "| %d | %s | %.1f | %.1f | %.3f | %.1f | %.1f | %.2f |\n", g,
                    log2_name(n).c_str(), med(mode, g, n, "graph"), med(mode, g, n, "cub+nccl graph"),
                    paired(mode, g, n, "graph", "cub+nccl graph"), med(mode, g, n, "reduce"),
                    med(mode, g, n, "cub+nccl"), med(mode, 1, n, "graph") / med(mode, g, n, "graph"));
      md << line;
    }
}

inline void table::write_mode(std::ofstream& md, const std::string& mode) const {
  if (counts(mode).empty()) return;
  char line[512];
  md << "\n## " << mode << "\n\n| GPUs | n | ours | window | "
     << "CUB+NCCL | CUB+NCCL / ours | CUB+NCCL / window | local | one float | host ours | host CUB+NCCL | checks "
        "|\n| ---: | --- | ---: | ---: | "
     << "---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |\n";
  bool faster = true, window_faster = true;
  std::vector<int> gs = counts(mode);
  for (int g : gs)
    for (std::uint64_t n : sizes(mode, g)) {
      const double ratio = paired(mode, g, n), wratio = paired(mode, g, n, "window");
      if (n >= (std::uint64_t(1) << 24) && !(ratio > 1)) faster = false;
      if (n >= (std::uint64_t(1) << 24) && !((g > 1 ? wratio : ratio) > 1)) window_faster = false;
      std::snprintf(line, sizeof line,
                    "| %d | %s | %.1f | %.1f | %.1f | %.3f | %.3f | %.1f | %.1f | %.1f | %.1f | %s |\n", g,
                    log2_name(n).c_str(), med(mode, g, n, "reduce"), med(mode, g, n, "window"),
                    med(mode, g, n, "cub+nccl"), ratio, wratio, med(mode, g, n, "local"), med(mode, g, n, "allreduce1"),
                    med(mode, g, n, "reduce host"), med(mode, g, n, "cub+nccl host"), checks(mode, g, n).c_str());
      md << line;
    }
  write_graphs(md, mode);
  // Strong scaling: 1 GPU's time over g GPUs' for the same total; beside it the local pass's own scaling, the bound.
  md << "\n### Strong scaling, " << mode
     << " (time on 1 GPU / time on g GPUs; the faster of ours and the window)\n\n| n | GPUs | ours | CUB+NCCL | local "
        "pass alone (the bound) |\n| --- | ---: | ---: | ---: | ---: |\n";
  auto best = [&](int g, std::uint64_t n) { return std::fmin(med(mode, g, n, "reduce"), med(mode, g, n, "window")); };
  for (std::uint64_t n : {std::uint64_t(1) << 28, std::uint64_t(1) << 30, std::uint64_t(1) << 32})
    for (int g : counts(mode)) {
      if (g == 1 || std::isnan(med(mode, g, n, "reduce"))) continue;
      std::snprintf(line, sizeof line, "| %s | %d | %.2f | %.2f | %.2f |\n", log2_name(n).c_str(), g,
                    med(mode, 1, n, "reduce") / best(g, n), med(mode, 1, n, "cub+nccl") / med(mode, g, n, "cub+nccl"),
                    med(mode, 1, n, "local") / med(mode, g, n, "local"));
      md << line;
    }
  md << "\n### Weak scaling, " << mode
     << " (2^28 floats per GPU; efficiency = time on 1 GPU / time on g GPUs)\n\n| GPUs | n | ours us | efficiency | "
        "CUB+NCCL us |\n| ---: | --- | ---: | ---: | ---: |\n";
  for (int g : counts(mode)) {
    const std::uint64_t n = (std::uint64_t(1) << 28) * g;
    std::snprintf(line, sizeof line, "| %d | %s | %.1f | %.3f | %.1f |\n", g, log2_name(n).c_str(), best(g, n),
                  med(mode, 1, std::uint64_t(1) << 28, "reduce") / best(g, n), med(mode, g, n, "cub+nccl"));
    md << line;
  }
  auto target = [&](std::uint64_t n, double want) {
    const double s = med(mode, 1, n, "reduce") / best(4, n),
                 bound = med(mode, 1, n, "local") / med(mode, 4, n, "local");
    std::snprintf(line, sizeof line, "- 4-GPU strong scaling >= %.1fx at %s: %.2f (%s; the local pass alone: %.2f)\n",
                  want, log2_name(n).c_str(), s,
                  std::isnan(s) ? "not measured"
                  : s >= want   ? "met"
                                : "not met",
                  bound);
    md << line;
  };
  md << "\n### Targets, " << mode << "\n\n- faster than CUB+NCCL at every size 2^24..2^32 and GPU count measured: ours "
     << (faster ? "yes" : "no") << ", ours with a window " << (window_faster ? "yes" : "no") << "\n";
  target(std::uint64_t(1) << 28, 3.0);
  target(std::uint64_t(1) << 30, 3.6);
}

}  // namespace nreport
