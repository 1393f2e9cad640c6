#include "registration.hpp"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <deque>
#include <iostream>
#include <map>
#include <regex>
#include <utility>

#include "cuda_check.hpp"

namespace reduce_bench {

namespace {

struct registry {
  sampler* s = nullptr;
  const device_info* dev = nullptr;
  std::deque<bench_entry> entries;  // registration order; benchmarks keep pointers into it
  std::map<std::string, const bench_entry*> index;
  std::vector<check_failure> failures;  // one per benchmark: the first failure
  std::map<std::string, int> failed;    // how many samples failed
};
registry& reg() {
  static registry r;
  return r;
}

void record_failure(const std::string& name, const std::string& message) {
  if (reg().failed[name]++ == 0) reg().failures.push_back({name, message});
}

double stat_min(const std::vector<double>& v) { return v.empty() ? 0 : *std::min_element(v.begin(), v.end()); }
double stat_max(const std::vector<double>& v) { return v.empty() ? 0 : *std::max_element(v.begin(), v.end()); }
double stat_lower_mode(const std::vector<double>& v) { return lower_mode(v); }

// A CUDA error that survives a device synchronisation has corrupted the context: nothing after it can be trusted.
void stop_if_context_lost(const std::string& name) {
  (void)cudaGetLastError();  // clears a non-sticky error (it was recorded as the benchmark's failure)
  if (cudaError_t e = cudaDeviceSynchronize()) {
    std::cerr << "reduce-bench: fatal: the CUDA context is unusable after " << name << ": " << cudaGetErrorName(e)
              << "\n";
    std::exit(1);
  }
}

void run_entry(benchmark::State& st, const bench_entry& e) {
  sampler& s = *reg().s;
  const double bytes = double(e.n) * double(s.type().size);
  const int baseline_samples = samples_for(e.n, variant::cold);
  double cub = 0, thrust = 0;
  std::string error;
  sample last;
  try {  // the baselines' medians first: measuring them on demand must not come between our samples
    if (e.v == variant::cold && e.r->kind != row_kind::cub && !e.partner)
      cub = s.baseline_seconds(row_kind::cub, e.n, baseline_samples);
    if (e.v == variant::cold && e.r->kind != row_kind::thrust && !e.partner)
      thrust = s.baseline_seconds(row_kind::thrust, e.n, baseline_samples);
  } catch (const std::exception& f) {  // cuda_failure, or std::bad_alloc for host buffers
    error = std::string("baseline: ") + f.what();
    st.SkipWithError(error.c_str());
  }
  sample other;  // paired: the partner's call in this sample
  for (auto _ : st) {
    try {
      const bool partner_first = e.partner && e.pairs++ % 2;
      if (partner_first) other = s.take(*e.partner, e.n, e.v, false);
      last = s.take(*e.r, e.n, e.v);
      if (e.partner && !partner_first) other = s.take(*e.partner, e.n, e.v, false);
    } catch (const std::exception& f) {
      error = f.what();
      st.SkipWithError(error.c_str());
      break;
    }
    st.SetIterationTime(last.seconds);
  }
  if (!error.empty()) {
    record_failure(e.name, error);
    stop_if_context_lost(e.name);
    return;
  }
  st.counters["bytes"] = bytes;
  st.counters["GB/s"] = bytes / last.seconds / 1e9;
  st.counters["pct_of_peak"] = 100.0 * bytes / last.seconds / 1e9 / reg().dev->peak_gbps;
  if (cub > 0) st.counters["vs_cub"] = cub / last.seconds;
  if (e.partner) {  // the median over samples of these is the median of per-pair ratios
    if (e.partner->kind == row_kind::cub) {
      st.counters["cub_us"] = other.seconds * 1e6;
      st.counters["vs_cub"] = other.seconds / last.seconds;
    } else {  // group plus-one: this row's time over its partner's (the same call on the aligned input)
      st.counters["partner_us"] = other.seconds * 1e6;
      st.counters["over_partner"] = last.seconds / other.seconds;
    }
    if (!other.passed) {  // the partner's failure fails the row
      last.passed = false;
      last.got = other.got + " (" + e.partner->name + ")";
      last.expected = other.expected;
    }
  }
  if (thrust > 0) st.counters["vs_thrust"] = thrust / last.seconds;
  if (e.v == variant::back_to_back) {
    st.counters["stream_us"] = last.stream_seconds * 1e6;
    st.counters["calls"] = last.calls;
  }
  st.counters["check"] = last.passed ? 1 : 0;
  if (!last.passed) {
    const std::string message = "CHECK FAILED: got " + last.got + ", expected " + last.expected;
    st.SetLabel(message);
    record_failure(e.name, message);
  }
}

std::string size_text(std::uint64_t n) { return std::to_string(n); }

// --latency and --system add variants to the matrix and journey rows; the sweeps' tables show cold time only.
void add(const options& o, bench_entry e, bool with_variants = true) {
  registry& r = reg();
  const std::vector<variant> variants = [&] {
    std::vector<variant> v{variant::cold};
    if (o.latency && with_variants) v.push_back(variant::back_to_back);
    if (o.system && with_variants) v.insert(v.end(), {variant::system_pageable, variant::system_pinned});
    return v;
  }();
  const std::string base = e.name + "/" + size_text(e.n);
  for (variant v : variants) {
    e.v = v;
    e.name = base + (v == variant::cold ? "" : std::string("/") + variant_suffix(v));
    if (r.index.count(e.name)) continue;  // the same benchmark asked for twice (e.g. a journey listed twice)
    r.entries.push_back(e);
    const bench_entry* p = &r.entries.back();
    r.index[e.name] = p;
    auto* b = benchmark::RegisterBenchmark(p->name.c_str(), [p](benchmark::State& st) { run_entry(st, *p); });
    b->UseManualTime()->Iterations(1)->Unit(benchmark::kMicrosecond);
    if (!o.user_repetitions) b->Repetitions(samples_for(e.n, v));
    if (!o.user_aggregate_mode) b->ReportAggregatesOnly(true);
    b->ComputeStatistics("min", &stat_min)->ComputeStatistics("max", &stat_max);
    // Of a paired row's cub_us and vs_cub: CUB's faster launch state, and the per-pair ratio there (stats.hpp).
    if (e.partner && e.partner->kind == row_kind::cub) b->ComputeStatistics("lower_mode", &stat_lower_mode);
  }
}

void add_baselines(const options& o, const element_type& t, const std::string& group, const std::string& table,
                   std::uint64_t n, bool with_variants = true) {
  for (const row& b : t.baselines)
    add(o, {group + "/" + b.name, table, &b, n, variant::cold, -1, "", 0}, with_variants);
}

}  // namespace

int samples_for(std::uint64_t n, variant v) {
  // Sized so that the default matrix (float, 2^10..2^30, 437 rows) fits in 5 minutes on an H100: see docs/bench.md.
  const int cold = n <= (std::uint64_t(1) << 20)   ? 25
                   : n <= (std::uint64_t(1) << 24) ? 15
                   : n <= (std::uint64_t(1) << 26) ? 9
                   : n <= (std::uint64_t(1) << 28) ? 5
                                                   : 3;
  if (v == variant::back_to_back) return std::min(cold, 5);
  if (v == variant::system_pageable || v == variant::system_pinned) return std::min(cold, 3);
  return cold;
}

void register_benchmarks(sampler& s, const device_info& dev, const options& o, const element_type& t) {
  reg().s = &s;
  reg().dev = &dev;
  if (o.matrix)
    for (std::uint64_t n : o.sizes) {
      const std::string table = "matrix/" + size_text(n);
      add_baselines(o, t, "matrix", table, n);
      for (const row* d : {&t.tuned_default, &t.workspace_default})
        add(o, {"matrix/" + d->name, table, d, n, variant::cold, -1, "", 0});
      for (const row& r : t.matrix) add(o, {"matrix/" + r.name, table, &r, n, variant::cold, -1, "", 0});
      for (const row& r : t.offset)
        add(o, {"offset/" + r.name, "offset/" + size_text(n), &r, n, variant::cold, -1, "", 0}, false);
      // The default and CUB sampled alternately, aligned (CUB is baselines[0]) and offset (offset: CUB+1, default+1,
      // default-workspace+1), and the default on a workspace with CUB, aligned and offset.
      for (auto [r, cub] : {std::pair{&t.tuned_default, &t.baselines[0]}, std::pair{&t.offset[1], &t.offset[0]},
                            std::pair{&t.workspace_default, &t.baselines[0]}, std::pair{&t.offset[2], &t.offset[0]}})
        add(o, {"paired/" + r->name, "paired/" + size_text(n), r, n, variant::cold, -1, "", 0, cub}, false);
      // The offset criterion (+1 within 2% of aligned) measured as the CUB ratio is: the default +1 sampled
      // alternately with the default aligned. Rows of the two sampled apart disagreed with in-process rounds by 1-4
      // ticks of the event clock at 2^14.
      for (auto [r, aligned] :
           {std::pair{&t.offset[1], &t.tuned_default}, std::pair{&t.offset[2], &t.workspace_default}})
        add(o, {"plus-one/" + r->name, "plus-one/" + size_text(n), r, n, variant::cold, -1, "", 0, aligned}, false);
      if (!o.paired.empty()) {  // --paired: matrix kernels sampled alternately with CUB, as the default is above
        const std::regex re(o.paired, std::regex::extended);
        for (const row& r : t.matrix)
          if (std::regex_search(r.name, re))
            add(o, {"paired/" + r.name, "paired/" + size_text(n), &r, n, variant::cold, -1, "", 0, &t.baselines[0]},
                false);
      }
    }
  for (const std::string& name : o.journeys)
    for (const journey_rows& j : t.presets.journeys) {
      if (j.name != name) continue;
      const std::uint64_t n = o.n ? o.n : j.n;
      add_baselines(o, t, j.name, j.name, n);
      for (std::size_t i = 0; i < j.steps.size(); ++i)
        add(o, {j.name + "/" + std::to_string(i) + "/" + j.steps[i].name, j.name, &j.steps[i], n, variant::cold, int(i),
                j.what[i]});
    }
  for (const std::string& sweep : o.sweeps) {
    const preset_rows& p = t.presets;
    const std::uint64_t n = o.n ? o.n : sweep == "lecture" ? p.lecture_n : p.tuning_n;
    add_baselines(o, t, sweep, sweep, n, false);
    if (sweep == "lecture")
      for (const lecture_cell& c : p.lecture)
        add(o,
            {"lecture/" + std::to_string(c.step) + "/" + c.r.name, sweep, &c.r, n, variant::cold, c.step, c.step_label,
             0},
            false);
    else
      for (const tuning_cell& c : p.tuning)
        add(o, {"tuning/" + c.r.name, sweep, &c.r, n, variant::cold, -1, "", c.grid}, false);
  }
}

const std::deque<bench_entry>& entries() { return reg().entries; }

const bench_entry* find_entry(const std::string& name) {
  auto it = reg().index.find(name);
  return it == reg().index.end() ? nullptr : it->second;
}

std::size_t entries_selected(const std::string& filter) {
  if (filter.empty() || filter == "all" || filter == ".") return reg().entries.size();
  const bool negate = filter[0] == '-';
  try {
    const std::regex re(negate ? filter.substr(1) : filter, std::regex::extended);
    return std::size_t(std::count_if(reg().entries.begin(), reg().entries.end(),
                                     [&](const bench_entry& e) { return std::regex_search(e.name, re) != negate; }));
  } catch (const std::regex_error&) {
    return reg().entries.size();
  }
}

const std::vector<check_failure>& failures() { return reg().failures; }
bool failed(const std::string& name) { return reg().failed.count(name) > 0; }

}  // namespace reduce_bench
