// reduce-bench's own flags (everything that is not a Google Benchmark --benchmark_* flag).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace reduce_bench {

struct options {
  bool matrix = false;                // --matrix (the default when no mode is given)
  std::vector<std::string> journeys;  // --journey=seed000,...|all
  std::vector<std::string> sweeps;    // --sweep=lecture,tuning|all
  bool latency = false;               // --latency: back-to-back per-call rows
  bool system = false;                // --system: host-to-device copy included, pageable and pinned
  bool extensions = false;            // --extensions: narrow types, squares, argmin/argmax, compensated (ext rows)
  std::vector<std::uint64_t> extension_sizes;  // their sizes: --sizes if given, else 2^20, 2^24, 2^28
  std::vector<std::uint64_t> sizes;            // --sizes: matrix sizes (default 2^10..2^30 step x4)
  std::uint64_t n = 0;                         // --n: journey and sweep size instead of the seed's (0: the seed's)
  std::string type = "float";                  // --type
  std::string paired;  // --paired=REGEX: matrix kernels (by name) also sampled alternately with CUB (paired rows)
  bool atomic_on_workspace = false;  // --atomic-on-workspace: Grid atomic's rows call it on a reduce::workspace
  // Google Benchmark flags the bench adapts to when the user gives them.
  bool user_repetitions = false;     // --benchmark_repetitions: overrides the per-size sample counts
  bool user_aggregate_mode = false;  // --benchmark_report_aggregates_only / --benchmark_display_aggregates_only
  bool user_format = false;          // --benchmark_format: use the library's console reporter
  std::string filter;                // --benchmark_filter (for the progress count only)
};

enum class parse_status { ok, help, error };

// Reads and removes reduce-bench's flags from argv, leaving argv[0] and the --benchmark_* flags for
// benchmark::Initialize. On error, `error` says what is wrong.
parse_status parse_options(int& argc, char** argv, options& o, std::string& error);

std::string usage(const char* argv0);

// Parses a size: an exponent when <= 40 ("20" is 2^20), "2^20", or an element count ("1000000").
bool parse_size(const std::string& text, std::uint64_t& n);

}  // namespace reduce_bench
