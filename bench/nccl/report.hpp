// The multi-GPU bench's outputs: nccl.csv (one row per GPU count, total and contender) and nccl_report.md (the
// comparison with the CUB + NCCL baseline, the split between local pass and combine, strong and weak scaling, and
// the targets).
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

struct table {
  std::string device;
  int samples = 0;
  std::map<std::tuple<int, std::uint64_t, std::string>, std::vector<double>> times;
  std::map<std::tuple<int, std::uint64_t, std::string>, int> failed;  // failed checks, per contender

  void add(int g, std::uint64_t n, const std::string& who, const std::vector<double>& t, int fails) {
    times[{g, n, who}] = t;
    failed[{g, n, who}] = fails;
  }
  int fails(int g, std::uint64_t n, const std::string& who) const {
    const auto it = failed.find({g, n, who});
    return it == failed.end() ? 0 : it->second;
  }
  // The checks column of a point: ok, or which contender's results failed and how many samples.
  std::string checks(int g, std::uint64_t n) const {
    std::string s;
    for (const char* who : {"reduce", "window", "cub+nccl"})
      if (const int f = fails(g, n, who))
        s += (s.empty() ? "FAILED: " : ", ") + std::string(who) + " " + std::to_string(f);
    return s.empty() ? "ok" : s;
  }
  bool any_failed() const {
    for (const auto& f : failed)
      if (f.second) return true;
    return false;
  }
  double med(int g, std::uint64_t n, const std::string& who) const {
    const auto it = times.find({g, n, who});
    return it == times.end() ? NAN : median(it->second);
  }
  // CUB + NCCL over ours (who), sample by sample (both ran in the same sample), then the median: above 1, ours is
  // faster.
  double paired(int g, std::uint64_t n, const std::string& who = "reduce") const {
    const auto a = times.find({g, n, who}), b = times.find({g, n, "cub+nccl"});
    if (a == times.end() || b == times.end()) return NAN;
    std::vector<double> r;
    for (std::size_t i = 0; i < std::min(a->second.size(), b->second.size()); ++i)
      r.push_back(b->second[i] / a->second[i]);
    return median(r);
  }
  std::vector<int> counts() const {
    std::vector<int> c;
    for (const auto& t : times)
      if (std::find(c.begin(), c.end(), std::get<0>(t.first)) == c.end()) c.push_back(std::get<0>(t.first));
    return c;
  }

  void write(const std::string& dir) const {
    std::ofstream csv(dir + "/nccl.csv");
    csv << "gpus,n,contender,median_us,min_us,max_us,samples,check_failures\n";
    for (const auto& [key, t] : times) {
      const auto [g, n, who] = key;
      csv << g << "," << n << "," << who << "," << median(t) << "," << *std::min_element(t.begin(), t.end()) << ","
          << *std::max_element(t.begin(), t.end()) << "," << t.size() << "," << fails(g, n, who) << "\n";
    }
    std::ofstream md(dir + "/nccl_report.md");
    char line[512];
    md << "# reduce::nccl: float sum over GPUs\n\n"
       << device << ", " << samples
       << " samples per point; host wall clock from the first launch to the end of the last stream, L2 flushed by a "
          "read on every GPU before every sample, contenders alternated; medians in us. `CUB+NCCL / ours` is the "
          "median of the per-sample ratios (above 1: ours is faster). `local`: the local pass alone on every GPU; "
          "`combine` = ours - local, the difference of two medians: the time the combine adds after the local pass, "
          "not its own duration (the part of it that overlaps the local pass does not show); `one float`: one float "
          "all-reduced alone. `window`: ours with a reduce::nccl::window (the combine over NCCL's device API), and "
          "CUB+NCCL over it. `checks`: the samples whose result failed the check, per contender.\n\n";
    md << "| GPUs | n | ours | window | CUB+NCCL | CUB+NCCL / ours | CUB+NCCL / window | local | combine | one float | "
          "checks |\n";
    md << "| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |\n";
    bool faster_everywhere = true, window_everywhere = true;
    for (const auto& [key, t] : times) {
      const auto [g, n, who] = key;
      if (who != "reduce") continue;
      const double ours = med(g, n, "reduce"), local = med(g, n, "local"), ratio = paired(g, n);
      if (n >= (std::uint64_t(1) << 24) && !(ratio > 1)) faster_everywhere = false;
      // With a window where there is one (more than one GPU), else ours.
      if (n >= (std::uint64_t(1) << 24) && !((g > 1 ? paired(g, n, "window") : ratio) > 1)) window_everywhere = false;
      std::snprintf(line, sizeof line, "| %d | %s | %.1f | %.1f | %.1f | %.3f | %.3f | %.1f | %.1f | %.1f | %s |\n", g,
                    log2_name(n).c_str(), ours, med(g, n, "window"), med(g, n, "cub+nccl"), ratio,
                    paired(g, n, "window"), local, ours - local, med(g, n, "allreduce1"), checks(g, n).c_str());
      md << line;
    }
    md << "\n## Strong scaling (time on 1 GPU / time on g GPUs; the window's over ours on 1 GPU)\n\n| n | GPUs | ours "
          "| window | CUB+NCCL |\n| --- | ---: | ---: | ---: | ---: |\n";
    for (std::uint64_t n : {std::uint64_t(1) << 28, std::uint64_t(1) << 30, std::uint64_t(1) << 32})
      for (int g : counts()) {
        if (g == 1 || std::isnan(med(g, n, "reduce"))) continue;
        std::snprintf(line, sizeof line, "| %s | %d | %.2f | %.2f | %.2f |\n", log2_name(n).c_str(), g,
                      med(1, n, "reduce") / med(g, n, "reduce"), med(1, n, "reduce") / med(g, n, "window"),
                      med(1, n, "cub+nccl") / med(g, n, "cub+nccl"));
        md << line;
      }
    md << "\n## Weak scaling (2^28 floats per GPU; efficiency = time on 1 GPU / time on g GPUs)\n\n| GPUs | n | ours "
          "us "
          "| efficiency | CUB+NCCL us |\n| ---: | --- | ---: | ---: | ---: |\n";
    for (int g : counts()) {
      const std::uint64_t n = (std::uint64_t(1) << 28) * g;
      std::snprintf(line, sizeof line, "| %d | %s | %.1f | %.3f | %.1f |\n", g, log2_name(n).c_str(),
                    med(g, n, "reduce"), med(1, std::uint64_t(1) << 28, "reduce") / med(g, n, "reduce"),
                    med(g, n, "cub+nccl"));
      md << line;
    }
    // Scaling by the faster of ours and ours with a window on 4 GPUs.
    auto best4 = [&](std::uint64_t n) { return std::fmin(med(4, n, "reduce"), med(4, n, "window")); };
    const double s28 = med(1, std::uint64_t(1) << 28, "reduce") / best4(std::uint64_t(1) << 28);
    const double s30 = med(1, std::uint64_t(1) << 30, "reduce") / best4(std::uint64_t(1) << 30);
    md << "\n## Targets\n\n";
    md << "- faster than CUB+NCCL at every size 2^24..2^32 and GPU count measured: ours "
       << (faster_everywhere ? "yes" : "no") << ", ours with a window " << (window_everywhere ? "yes" : "no") << "\n";
    std::snprintf(line, sizeof line, "- 4-GPU strong scaling >= 3.0x at 2^28: %.2f (%s); >= 3.7x at 2^30: %.2f (%s)\n",
                  s28,
                  std::isnan(s28) ? "not measured"
                  : s28 >= 3.0    ? "met"
                                  : "not met",
                  s30,
                  std::isnan(s30) ? "not measured"
                  : s30 >= 3.7    ? "met"
                                  : "not met");
    md << line;
  }
};

}  // namespace nreport
