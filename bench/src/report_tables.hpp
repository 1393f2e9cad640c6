// The console tables: per size for the matrix, the seed-style table per journey, and the sweeps' tables.
#pragma once
#include <cstdint>
#include <map>
#include <ostream>
#include <string>
#include <vector>

#include "device.hpp"
#include "registration.hpp"

namespace reduce_bench {

// What Google Benchmark reported for one benchmark: its median, min and max samples and the median's counters.
struct entry_result {
  bool done = false;
  double median_us = 0, min_us = 0, max_us = 0;
  std::map<std::string, double> counters;
  double counter(const std::string& key) const {
    auto it = counters.find(key);
    return it == counters.end() ? 0 : it->second;
  }
};

// One line of a table: a row at one size, with the variants that ran (indexed by variant).
struct table_line {
  const bench_entry* entry[4] = {};
  const entry_result* result[4] = {};
  const bench_entry& any() const;
  const entry_result* cold() const { return result[0] && result[0]->done ? result[0] : nullptr; }
  const entry_result* of(variant v) const {
    const entry_result* r = result[int(v)];
    return r && r->done ? r : nullptr;
  }
};

struct table_context {
  const device_info& dev;
  const element_type& type;
  bool latency = false, system = false;
};

// Prints the table `table` ("matrix/N", a journey's name, "lecture" or "tuning").
void print_table(std::ostream& os, const std::string& table, const std::vector<table_line>& lines,
                 const table_context& c);

// The status of a benchmark for the check column: ok, FAIL, error (no result) or "-" (did not run).
std::string check_text(const bench_entry* e, const entry_result* r);

}  // namespace reduce_bench
