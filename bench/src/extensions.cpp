#include "extensions.hpp"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <deque>
#include <limits>
#include <map>
#include <memory>

#include "cuda_check.hpp"
#include "measure.hpp"
#include "registration.hpp"
#include "text_table.hpp"

namespace reduce_bench::ext {

namespace {

struct entry {
  const bench_case* c = nullptr;
  const row* r = nullptr;
  std::uint64_t n = 0;
  std::string name;
  std::vector<double> seconds;  // every sample, taken in rounds with the other rows of its (case, n)
  std::size_t reported = 0;     // samples handed to Google Benchmark so far
  long double rel_error = 0;
  bool warmed = false, passed = true;
  std::string failure;
};

struct state {
  const device_info* dev = nullptr;
  std::vector<bench_case> cases;
  std::deque<entry> entries;
  std::map<data_kind, void*> data;  // one buffer per input, of the largest size, filled once
  std::uint64_t max_n = 0;
  std::vector<std::uint64_t> sizes;
  std::map<std::pair<data_kind, std::uint64_t>, reference> refs;
  std::unique_ptr<l2_flush> flush;
  void *out = nullptr, *temp = nullptr;
  std::size_t temp_capacity = 0;
  unsigned char host_out[256] = {};
  cudaEvent_t start = nullptr, stop = nullptr;
};
state& st() {
  static state s;
  return s;
}

const void* input(data_kind k) {
  state& s = st();
  void*& d = s.data[k];
  if (!d) {
    BENCH_CUDA(cudaMalloc(&d, s.max_n * element_bytes(k)));
    BENCH_CUDA(fill(k, d, s.max_n));
  }
  return d;
}

const reference& reference_for(data_kind k, std::uint64_t n) {
  auto key = std::make_pair(k, n);
  auto it = st().refs.find(key);
  if (it == st().refs.end()) it = st().refs.emplace(key, compute_reference(k, input(k), n)).first;
  return it->second;
}

void setup() {
  state& s = st();
  if (s.out) return;
  BENCH_CUDA(cudaMalloc(&s.out, 256));
  s.temp_capacity = std::size_t(1) << 20;
  BENCH_CUDA(cudaMalloc(&s.temp, s.temp_capacity));
  s.flush = std::make_unique<l2_flush>(*s.dev);
  BENCH_CUDA(cudaEventCreate(&s.start));
  BENCH_CUDA(cudaEventCreate(&s.stop));
}

call prepare(const entry& e) {
  state& s = st();
  std::size_t bytes = 0;
  BENCH_CUDA(e.r->query(e.n, bytes));
  if (bytes > s.temp_capacity) {
    BENCH_CUDA(cudaFree(s.temp));
    s.temp_capacity = std::max(bytes, 2 * s.temp_capacity);
    BENCH_CUDA(cudaMalloc(&s.temp, s.temp_capacity));
  }
  return {s.temp, bytes, input(e.c->data), s.out, s.host_out, e.n, 0};
}

// Checks the result against the reference; sets the relative error of the sum rows.
bool check(entry& e, const result& got, const reference& ref, std::string& why) {
  auto close = [](long double a, long double b) { return a == b; };
  const long double u = std::numeric_limits<float>::epsilon() / 2.0L;
  e.rel_error = ref.sum != 0 ? std::fabs(got.value - ref.sum) / std::fabs(ref.sum) : std::fabs(got.value);
  bool ok = true;
  switch (e.r->check) {
    case check_kind::exact:
      ok = close(got.value, ref.sum);
      break;
    case check_kind::squares:
      ok = close(got.value, ref.squares);
      break;
    case check_kind::minimum:
      ok = close(got.value, ref.min);
      break;
    case check_kind::maximum:
      ok = close(got.value, ref.max);
      break;
    case check_kind::argmin:
      ok = got.index == ref.argmin && (!got.has_value || close(got.value, ref.min));
      break;
    case check_kind::argmax:
      ok = got.index == ref.argmax && (!got.has_value || close(got.value, ref.max));
      break;
    case check_kind::both:
      ok = got.index == ref.argmin && got.value == ref.min && got.index2 == ref.argmax && got.value2 == ref.max;
      break;
    case check_kind::bounded:
      ok = e.rel_error <= 4 * u;
      break;
    case check_kind::reported:
      ok = std::isfinite(double(got.value));
      break;
  }
  if (!ok)
    why = "CHECK FAILED: got " + std::to_string(double(got.value)) + " index " + std::to_string(got.index) +
          ", expected sum " + std::to_string(double(ref.sum)) + " argmin " + std::to_string(ref.argmin) + " argmax " +
          std::to_string(ref.argmax);
  return ok;
}

double sample(entry& e) {
  state& s = st();
  const call c = prepare(e);
  if (!e.warmed) {  // module loading, the engine's caches, thrust's allocator
    BENCH_CUDA(e.r->run(c));
    BENCH_CUDA(cudaDeviceSynchronize());
    e.warmed = true;
  }
  BENCH_CUDA(cudaMemsetAsync(s.out, 0xff, 256, 0));
  std::fill(std::begin(s.host_out), std::end(s.host_out), 0xff);
  s.flush->run(0);
  BENCH_CUDA(cudaEventRecord(s.start, 0));
  BENCH_CUDA(e.r->run(c));
  BENCH_CUDA(cudaEventRecord(s.stop, 0));
  BENCH_CUDA(cudaEventSynchronize(s.stop));
  float ms = 0;
  BENCH_CUDA(cudaEventElapsedTime(&ms, s.start, s.stop));
  unsigned char bytes[256];
  if (e.r->result_on_host)
    std::copy(std::begin(s.host_out), std::end(s.host_out), bytes);
  else
    BENCH_CUDA(cudaMemcpy(bytes, s.out, sizeof bytes, cudaMemcpyDeviceToHost));
  result got;
  e.r->read(bytes, got);
  std::string why;
  if (!check(e, got, reference_for(e.c->data, e.n), why) && e.passed) e.passed = false, e.failure = why;
  return double(ms) * 1e-3;
}

// CUB's median at (case, n), from its own entry (registered first).
double cub_median(const entry& e) {
  for (const entry& o : st().entries)
    if (o.c == e.c && o.n == e.n && o.r->role == row_role::cub && !o.seconds.empty()) return median(o.seconds);
  return 0;
}

// Samples every row of e's (case, n) in rounds, so that all of them meet the same state of the GPU (clocks,
// temperature, other tenants): each round starts at another row, and every other round runs the rows backwards, so
// no row always follows the same one.
void sample_group(const entry& first, int rounds) {
  std::vector<entry*> group;
  for (entry& o : st().entries)
    if (o.c == first.c && o.n == first.n) group.push_back(&o);
  for (int k = 0; k < rounds; ++k)
    for (std::size_t j = 0; j < group.size(); ++j) {
      const std::size_t at = (j + std::size_t(k)) % group.size();
      entry& e = *group[k % 2 ? group.size() - 1 - at : at];
      if (!e.passed && e.seconds.empty()) continue;  // failed to run: reported by its own benchmark
      try {
        e.seconds.push_back(sample(e));
      } catch (const std::exception& f) {
        e.passed = false;
        e.failure = f.what();
      }
    }
}

// Google Benchmark's repetitions of a row replay its samples from the group's rounds, which the row's first
// repetition takes for the whole group.
void run_entry(benchmark::State& bs, entry& e, int rounds) {
  if (e.seconds.empty() && e.passed) sample_group(e, rounds);
  if (e.seconds.empty()) {
    bs.SkipWithError(e.failure.empty() ? "no sample" : e.failure.c_str());
    return;
  }
  if (e.reported >= e.seconds.size()) {  // a row that failed part-way has fewer samples than rounds
    bs.SkipWithError(e.failure.empty() ? "fewer samples than rounds" : e.failure.c_str());
    return;
  }
  const double t = e.seconds[e.reported++];
  for (auto _ : bs) bs.SetIterationTime(t);
  const double bytes = double(e.n) * double(element_bytes(e.c->data));
  bs.counters["bytes"] = bytes;
  bs.counters["GB/s"] = bytes / t / 1e9;
  bs.counters["pct_of_peak"] = 100.0 * bytes / t / 1e9 / st().dev->peak_gbps;
  bs.counters["role"] = double(int(e.r->role));
  if (const double cub = cub_median(e); cub > 0 && e.r->role != row_role::cub) bs.counters["vs_cub"] = cub / t;
  if (e.c->data == data_kind::float_ill) bs.counters["rel_error"] = double(e.rel_error);
  bs.counters["check"] = e.passed ? 1 : 0;
  if (!e.passed) bs.SetLabel(e.failure);
}

}  // namespace

void register_extensions(const device_info& dev, const options& o) {
  state& s = st();
  s.dev = &dev;
  s.cases = make_cases();
  s.max_n = *std::max_element(o.extension_sizes.begin(), o.extension_sizes.end());
  s.sizes = o.extension_sizes;
  setup();
  for (std::uint64_t n : o.extension_sizes)
    for (const bench_case& c : s.cases)
      for (const row& r : c.rows) {
        s.entries.push_back({&c, &r, n, "ext/" + c.name + "/" + r.name + "/" + std::to_string(n)});
        entry* e = &s.entries.back();
        const int rounds = o.user_repetitions ? o.repetitions : samples_for(n, variant::cold);
        auto* b = benchmark::RegisterBenchmark(e->name.c_str(),
                                               [e, rounds](benchmark::State& bs) { run_entry(bs, *e, rounds); });
        b->UseManualTime()->Iterations(1)->Unit(benchmark::kMicrosecond);
        if (!o.user_repetitions) b->Repetitions(rounds);
        if (!o.user_aggregate_mode) b->ReportAggregatesOnly(true);
      }
}

// One line per (case, n): the default, the fastest candidate matrix kernel and CUB's closest call, all from the same
// alternated rounds.
static void print_summary(std::ostream& os) {
  state& s = st();
  os << "\n== extensions: the default against the best matrix kernel and CUB's closest call (medians) ==\n";
  text_table t;
  for (const char* h :
       {"case", "n", "default us", "% peak", "best matrix kernel", "us", "best / default", "CUB us", "CUB / default"})
    t.column(h, h == std::string("case") || h == std::string("best matrix kernel"));
  for (const bench_case& c : s.cases)
    for (std::uint64_t n : s.sizes) {
      const entry *def = nullptr, *best = nullptr, *cub = nullptr;
      for (const entry& e : s.entries) {
        if (e.c != &c || e.n != n || e.seconds.empty()) continue;
        if (e.r->role == row_role::default_config) def = &e;
        if (e.r->role == row_role::cub) cub = &e;
        if (e.r->role == row_role::candidate && e.passed && (!best || median(e.seconds) < median(best->seconds)))
          best = &e;
      }
      if (!def) continue;
      const double d = median(def->seconds), b = best ? median(best->seconds) : 0, k = cub ? median(cub->seconds) : 0;
      const double gbps = double(n) * element_bytes(c.data) / d / 1e9;
      t.add({c.name, size_label(n), micros(d * 1e6), fixed(100 * gbps / s.dev->peak_gbps, 1),
             best ? best->r->name : "-", b > 0 ? micros(b * 1e6) : "-", b > 0 ? fixed(b / d, 3) : "-",
             k > 0 ? micros(k * 1e6) : "-", k > 0 ? fixed(k / d, 2) : "-"});
    }
  t.print(os);
}

void print_extension_tables(std::ostream& os) {
  state& s = st();
  print_summary(os);
  std::map<std::pair<const bench_case*, std::uint64_t>, std::vector<const entry*>> tables;
  for (const entry& e : s.entries)
    if (!e.seconds.empty() || !e.passed) tables[{e.c, e.n}].push_back(&e);
  for (const bench_case& c : s.cases)
    for (const auto& [key, lines] : tables) {
      if (key.first != &c) continue;
      const std::uint64_t n = key.second;
      os << "\n== extensions: " << c.title << ", n = " << size_label(n) << " ("
         << bytes_label(double(n) * element_bytes(c.data)) << ") ==\n";
      text_table t;
      for (const char* h : {"row", "median us", "GB/s", "% peak", "vs CUB", "rel. error", "check"})
        t.column(h, h == std::string("row") || h == std::string("check"));
      double cub = 0;
      for (const entry* e : lines)
        if (e->r->role == row_role::cub && !e->seconds.empty()) cub = median(e->seconds);
      for (const entry* e : lines) {
        const double m = median(e->seconds);
        const double gbps = m > 0 ? double(n) * element_bytes(c.data) / m / 1e9 : 0;
        char err[32];
        std::snprintf(err, sizeof err, "%.2e", double(e->rel_error));
        t.add({e->r->name, m > 0 ? micros(m * 1e6) : "-", m > 0 ? fixed(gbps, 0) : "-",
               m > 0 ? fixed(100 * gbps / s.dev->peak_gbps, 1) : "-", cub > 0 && m > 0 ? fixed(cub / m, 2) : "-",
               c.data == data_kind::float_ill ? err : "-", e->passed ? (m > 0 ? "ok" : "-") : "FAIL"});
      }
      t.print(os);
    }
}

bool extensions_failed() {
  bool failed = false;
  for (const entry& e : st().entries)
    if (!e.passed) {
      if (!failed) std::cerr << "reduce-bench: extension benchmark(s) FAILED:\n";
      std::cerr << "  " << e.name << ": " << e.failure << "\n";
      failed = true;
    }
  return failed;
}

}  // namespace reduce_bench::ext
