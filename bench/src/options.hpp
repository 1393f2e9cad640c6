// reduce-bench's own flags (everything that is not a Google Benchmark --benchmark_* flag) and their size notation.
// Host code only, no CUDA: test/test_bench_options.cpp compiles options.cpp on its own.
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
  std::vector<std::uint64_t> sizes;            // --sizes: matrix sizes (default 2^10..2^30, every second power)
  std::uint64_t n = 0;                         // --n: journey and sweep size instead of the seed's (0: the seed's)
  std::string type = "float";                  // --type
  std::string paired;  // --paired=REGEX: matrix kernels (by name) also sampled alternately with CUB (paired rows)
  bool atomic_on_workspace = false;  // --atomic-on-workspace: Grid atomic's rows call it on a reduce::workspace
  // Google Benchmark flags the bench adapts to when the user gives them.
  bool user_repetitions = false;     // --benchmark_repetitions: overrides the per-size sample counts
  int repetitions = 0;               // its value
  bool user_aggregate_mode = false;  // --benchmark_report_aggregates_only / --benchmark_display_aggregates_only
  bool user_format = false;          // --benchmark_format: use the library's console reporter
  std::string filter;                // --benchmark_filter (for the progress count only)
};

// The names some flags accept, from the compiled presets and catalog (main.cpp fills them in; tests give their own).
struct vocabulary {
  std::vector<std::string> journeys;  // --journey: seed000..seed004
  std::vector<std::string> types;     // --type: float, double, int32, uint32, int64, uint64
};

enum class parse_status { ok, help, error };

// Reads and removes reduce-bench's flags from argv, leaving argv[0] and the --benchmark_* flags for
// benchmark::Initialize. On error, `error` is one line that names the flag and says what it accepts.
parse_status parse_options(int& argc, char** argv, const vocabulary& names, options& o, std::string& error);

std::string usage(const char* argv0);

// The size notation (docs/bench.md), one item: `2^K` (K = 0..34) or a count of elements, `1000000` or `1e6`
// (64 .. 2^34; a plain number is always a count, never an exponent). Returns "" or what is wrong with `text`.
std::string parse_size(const std::string& text, std::uint64_t& n);
// A comma list of items and ranges `2^A:2^B[:STEP]` (every STEP-th power of two from 2^A up to 2^B, STEP 1 when
// omitted: 2^10:2^16:2 is 2^10, 2^12, 2^14, 2^16), in the order given, duplicates dropped. Returns "" or what is
// wrong, naming the item.
std::string parse_sizes(const std::string& text, std::vector<std::uint64_t>& sizes);

}  // namespace reduce_bench
