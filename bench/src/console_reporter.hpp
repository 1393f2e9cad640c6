// reduce-bench's console output: a header describing the GPU, then one table per size (matrix), per journey and
// per sweep, printed as soon as the table is complete; progress on stderr.
#pragma once
#include <benchmark/benchmark.h>

#include <chrono>
#include <map>
#include <ostream>
#include <string>
#include <vector>

#include "options.hpp"
#include "registration.hpp"
#include "report_tables.hpp"

namespace reduce_bench {

void print_header(std::ostream& os, const device_info& dev, const element_type& type, std::size_t flush_bytes);

class console_reporter : public benchmark::BenchmarkReporter {
 public:
  console_reporter(const device_info& dev, const element_type& type, const options& o, std::size_t flush_bytes,
                   std::size_t expected);
  bool ReportContext(const Context& context) override;
  void ReportRuns(const std::vector<Run>& runs) override;
  void Finalize() override;

 private:
  void print_current_table();
  void progress(const bench_entry& e, const entry_result& r);  // at most every 5 s

  const device_info& dev_;
  const element_type& type_;
  const options& options_;
  std::size_t flush_bytes_, expected_, done_ = 0;
  std::map<const bench_entry*, entry_result> results_;
  std::string table_;
  std::chrono::steady_clock::time_point start_, last_progress_;
};

}  // namespace reduce_bench
