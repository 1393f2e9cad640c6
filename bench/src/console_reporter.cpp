#include "console_reporter.hpp"

#include <iostream>

#include "text_table.hpp"

namespace reduce_bench {

void print_header(std::ostream& os, const device_info& dev, const element_type& type, std::size_t flush_bytes) {
  os << "reduce-bench: " << dev.name << " (device " << dev.ordinal << "), " << dev.sm_count << " SMs, L2 "
     << fixed(dev.l2_bytes / 1048576.0, 1) << " MiB, " << fixed(dev.total_bytes / 1073741824.0, 1) << " GiB\n"
     << "theoretical bandwidth: " << fixed(dev.peak_gbps, 1) << " GB/s (2 x " << dev.memory_clock_khz / 1000
     << " MHz x " << dev.bus_width_bits << " bit / 8)\n"
     << "measured device-to-device copy: " << fixed(dev.copy_gbps, 1) << " GB/s (read + write), "
     << fixed(100.0 * dev.copy_gbps / dev.peak_gbps, 1) << "% of theoretical\n"
     << "element type: " << type.name << ", op: sum; L2 flushed before every sample by reading "
     << fixed(flush_bytes / 1048576.0, 0)
     << " MiB; times are the median of the samples, spread = (max - min) / "
        "median; GB/s = input bytes / time\n";
}

console_reporter::console_reporter(const device_info& dev, const element_type& type, const options& o,
                                   std::size_t flush_bytes, std::size_t expected)
    : dev_(dev), type_(type), options_(o), flush_bytes_(flush_bytes), expected_(expected) {
  start_ = last_progress_ = std::chrono::steady_clock::now();
}

bool console_reporter::ReportContext(const Context&) {
  print_header(GetOutputStream(), dev_, type_, flush_bytes_);
  std::cerr << "reduce-bench: " << expected_ << " benchmarks to run\n";
  return true;
}

void console_reporter::ReportRuns(const std::vector<Run>& runs) {
  for (const Run& run : runs) {
    const bench_entry* e = find_entry(run.run_name.function_name);
    if (!e) continue;
    entry_result& r = results_[e];
    const bool single = run.run_type == Run::RT_Iteration && run.repetitions <= 1;
    if (run.run_type == Run::RT_Iteration && !single) continue;  // wait for the aggregates
    if (e->table != table_) {
      print_current_table();
      table_ = e->table;
    }
    const double t = run.GetAdjustedRealTime();  // microseconds: every benchmark uses kMicrosecond
    if (single || run.aggregate_name == "median") {
      r.median_us = t;
      for (const auto& [key, counter] : run.counters) r.counters[key] = counter.value;
      if (single) r.min_us = r.max_us = t;
    } else if (run.aggregate_name == "min") {
      r.min_us = t;
    } else if (run.aggregate_name == "max") {
      r.max_us = t;
    }
    if (!r.done && r.median_us > 0 && r.min_us > 0 && r.max_us > 0) {
      r.done = true;
      ++done_;
      progress(*e, r);
    }
  }
}

void console_reporter::progress(const bench_entry& e, const entry_result& r) {
  const auto now = std::chrono::steady_clock::now();
  if (now - last_progress_ < std::chrono::seconds(5)) return;
  last_progress_ = now;
  const double elapsed = std::chrono::duration<double>(now - start_).count();
  std::cerr << "reduce-bench: [" << done_ << "/" << expected_ << ", " << fixed(elapsed, 0) << " s] " << e.name << ": "
            << micros(r.median_us) << " us\n";
}

void console_reporter::print_current_table() {
  if (table_.empty()) return;
  std::vector<table_line> lines;
  std::map<std::pair<const row*, std::uint64_t>, std::size_t> at;
  for (const bench_entry& e : entries()) {
    if (e.table != table_) continue;
    auto r = results_.find(&e);
    if (r == results_.end() && !failed(e.name)) continue;  // filtered out
    auto key = std::make_pair(e.r, e.n);
    if (!at.count(key)) {
      at[key] = lines.size();
      lines.emplace_back();
    }
    table_line& l = lines[at[key]];
    l.entry[int(e.v)] = &e;
    l.result[int(e.v)] = r == results_.end() ? nullptr : &r->second;
  }
  print_table(GetOutputStream(), table_, lines, {dev_, type_, options_.latency, options_.system});
  const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  std::cerr << "reduce-bench: [" << done_ << "/" << expected_ << ", " << fixed(elapsed, 0) << " s] " << table_
            << " done\n";
  last_progress_ = std::chrono::steady_clock::now();
}

void console_reporter::Finalize() {
  print_current_table();
  table_.clear();
  const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  std::cerr << "reduce-bench: " << done_ << " benchmarks in " << fixed(elapsed, 1) << " s\n";
}

}  // namespace reduce_bench
