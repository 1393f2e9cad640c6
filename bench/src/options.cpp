#include "options.hpp"

#include <algorithm>
#include <cstdlib>
#include <regex>
#include <sstream>

namespace reduce_bench {

namespace {

constexpr int max_exponent = 34;  // the largest size: 2^34 elements
constexpr std::uint64_t max_elements = std::uint64_t(1) << max_exponent;
constexpr std::uint64_t min_count = 64;  // a plain number below this is refused: it reads like an old exponent
constexpr std::uint64_t matrix_limit = (std::uint64_t(1) << 31) - 1;  // the matrix kernels use 32-bit offsets
const char* const sizes_expected = "expected 2^A:2^B[:STEP], 2^K or a count";
const char* const size_expected = "expected 2^K or a count (e.g. 2^26, 1000000, 1e6)";
const char* const flags_accepted =
    "reduce-bench takes --matrix, --journey=, --sweep=, --extensions, --latency, --system, --type=, --sizes=, --n=, "
    "--paired=, --atomic-on-workspace, --help and Google Benchmark's --benchmark_* flags";

std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> parts;
  std::string part;
  std::istringstream in(s);
  while (std::getline(in, part, sep)) parts.push_back(part);
  if (!s.empty() && s.back() == sep) parts.emplace_back();  // "a," has an empty last item
  return parts;
}

bool all_digits(const std::string& s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// Digits only, at most 19 of them (fits 64 bits).
bool parse_uint(const std::string& s, std::uint64_t& v) {
  if (!all_digits(s) || s.size() > 19) return false;
  v = std::stoull(s);
  return true;
}

// "2^K" -> K; false if text is not of that form (K is checked against the limit by the caller).
bool parse_power(const std::string& text, std::uint64_t& k) {
  return text.size() > 2 && text.compare(0, 2, "2^") == 0 && parse_uint(text.substr(2), k);
}

// "1e6", "2.5E6": a whole count in scientific notation.
bool parse_scientific(const std::string& text, std::uint64_t& n) {
  static const std::regex form("([0-9]+)(\\.([0-9]*))?[eE]\\+?([0-9]{1,2})");
  std::smatch m;
  if (!std::regex_match(text, m, form)) return false;
  std::string digits = m[1].str() + m[3].str();
  int exponent = std::stoi(m[4].str()) - int(m[3].length());
  while (exponent < 0 && !digits.empty() && digits.back() == '0') digits.pop_back(), ++exponent;
  if (exponent < 0) return false;  // not a whole number
  digits.erase(0, std::min(digits.find_first_not_of('0'), digits.size()));
  if (digits.size() + exponent > 19) return false;
  n = digits.empty() ? 0 : std::stoull(digits);
  for (int i = 0; i < exponent; ++i) n *= 10;
  return true;
}

// "2^A:2^B[:STEP]" -> the powers, or what is wrong.
std::string parse_range(const std::string& item, std::vector<std::uint64_t>& out) {
  const std::vector<std::string> p = split(item, ':');
  std::uint64_t a = 0, b = 0, step = 1;
  if (p.size() < 2 || p.size() > 3 || !parse_power(p[0], a) || !parse_power(p[1], b)) {
    std::uint64_t x = 0, y = 0;  // the old notation, exponents without 2^: say how to write it now
    if (p.size() >= 2 && p.size() <= 3 && parse_uint(p[0], x) && parse_uint(p[1], y) && x <= 40 && y <= 40) {
      const std::string range = "2^" + p[0] + ":2^" + p[1], span = "2^" + p[0] + " to 2^" + p[1];
      if (p.size() == 3)
        return std::string(sizes_expected) + " (write " + range + ":" + p[2] + " for the powers " + span +
               ", exponent step " + p[2] + ")";
      return std::string(sizes_expected) + " (write " + range + " for every power from " + span + ", " + range +
             ":2 for every second one)";
    }
    return sizes_expected;
  }
  if (p.size() == 3 && (!parse_uint(p[2], step) || step == 0))
    return "STEP is a whole number of powers, 1 or more (2^10:2^30:2 is every second power)";
  if (a > b) return "the range runs down; expected 2^A:2^B[:STEP] with A <= B";
  if (b > std::uint64_t(max_exponent)) return "2^" + std::to_string(b) + " is past the largest size; expected K <= 34";
  for (std::uint64_t e = a; e <= b; e += step) out.push_back(std::uint64_t(1) << e);
  return "";
}

// "a,b,all" against the allowed names; "all" expands to every name.
bool parse_names(const std::string& value, const std::vector<std::string>& allowed, std::vector<std::string>& out) {
  for (const std::string& v : split(value, ',')) {
    if (v == "all") {
      out = allowed;
      return true;
    }
    if (std::find(allowed.begin(), allowed.end(), v) == allowed.end()) return false;
    if (std::find(out.begin(), out.end(), v) == out.end()) out.push_back(v);
  }
  return !out.empty();
}

std::string joined(const std::vector<std::string>& names, const std::string& last) {
  std::string s;
  for (std::size_t i = 0; i < names.size(); ++i) s += (i ? (i + 1 == names.size() ? last : ", ") : "") + names[i];
  return s;
}

bool starts_with(const std::string& s, const std::string& prefix) { return s.compare(0, prefix.size(), prefix) == 0; }

}  // namespace

std::string parse_size(const std::string& text, std::uint64_t& n) {
  std::uint64_t v = 0;
  if (starts_with(text, "2^")) {
    if (!parse_power(text, v)) return size_expected;
    if (v > std::uint64_t(max_exponent)) return text + " is past the largest size; expected 2^K with K <= 34";
    n = std::uint64_t(1) << v;
    return "";
  }
  if (!parse_uint(text, v) && !parse_scientific(text, v)) return size_expected;
  if (v > max_elements) return "past the largest size; expected a count up to 2^34 = " + std::to_string(max_elements);
  if (v < min_count)
    return "a plain number counts elements, and " + text + " is below the smallest count, " +
           std::to_string(min_count) +
           (all_digits(text) && v <= 40 ? ": for 2^" + text + " elements write 2^" + text : ": write 2^K");
  n = v;
  return "";
}

std::string parse_sizes(const std::string& text, std::vector<std::uint64_t>& sizes) {
  sizes.clear();
  const std::vector<std::string> items = split(text, ',');
  if (items.empty()) return sizes_expected;
  std::vector<std::uint64_t> all;
  for (const std::string& item : items) {
    std::string why;
    if (item.find(':') != std::string::npos) {
      why = parse_range(item, all);
    } else {
      std::uint64_t n = 0;
      why = item.empty() ? std::string(sizes_expected) : parse_size(item, n);
      if (why == size_expected) why = sizes_expected;  // one item of a list: name the whole notation
      if (why.empty()) all.push_back(n);
    }
    if (!why.empty()) return items.size() > 1 ? "item '" + item + "': " + why : why;
  }
  for (std::uint64_t n : all)
    if (std::find(sizes.begin(), sizes.end(), n) == sizes.end()) sizes.push_back(n);
  return "";
}

parse_status parse_options(int& argc, char** argv, const vocabulary& names, options& o, std::string& error) {
  int kept = 1;
  std::string sizes_arg = "--sizes";  // as given, for the matrix's size limit below
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    const std::size_t eq = arg.find('=');
    const std::string key = arg.substr(0, eq);
    const std::string value = eq == std::string::npos ? std::string() : arg.substr(eq + 1);
    const bool has_value = eq != std::string::npos;
    auto bad = [&](const std::string& why) {
      error = arg + ": " + why;
      return parse_status::error;
    };
    if (arg == "--help" || arg == "-h") return parse_status::help;
    if (starts_with(arg, "--benchmark_") || starts_with(arg, "--v=")) {  // Google Benchmark's: keep
      if (key == "--benchmark_repetitions") {
        o.user_repetitions = true;
        o.repetitions = std::max(1, std::atoi(value.c_str()));
      }
      if (key == "--benchmark_report_aggregates_only" || key == "--benchmark_display_aggregates_only")
        o.user_aggregate_mode = true;
      if (key == "--benchmark_format") o.user_format = true;
      if (key == "--benchmark_filter") o.filter = value;
      argv[kept++] = argv[i];
      continue;
    }
    static const std::vector<std::string> switches{"--matrix", "--extensions", "--latency", "--system",
                                                   "--atomic-on-workspace"};
    static const std::vector<std::string> valued{"--journey", "--sweep", "--sizes", "--n", "--paired", "--type"};
    const bool is_switch = std::find(switches.begin(), switches.end(), key) != switches.end();
    const bool is_valued = std::find(valued.begin(), valued.end(), key) != valued.end();
    if (is_switch && has_value) return bad("takes no value (write " + key + ")");
    if (is_valued && !has_value) return bad("needs a value: " + key + "=...; see --help");
    if (key == "--matrix") {
      o.matrix = true;
    } else if (key == "--extensions") {
      o.extensions = true;
    } else if (key == "--latency") {
      o.latency = true;
    } else if (key == "--system") {
      o.system = true;
    } else if (key == "--atomic-on-workspace") {
      o.atomic_on_workspace = true;
    } else if (key == "--journey") {
      if (!parse_names(value, names.journeys, o.journeys))
        return bad("expected " + joined(names.journeys, " or ") + ", or all (comma-separated)");
    } else if (key == "--sweep") {
      if (!parse_names(value, {"lecture", "tuning"}, o.sweeps))
        return bad("expected lecture (seed 002's kernels by block size), tuning (seed 000's grid x block) or all");
    } else if (key == "--sizes") {
      const std::string why = parse_sizes(value, o.sizes);
      if (!why.empty()) return bad(why);
      sizes_arg = arg;
    } else if (key == "--n") {
      if (value.find_first_of(",:") != std::string::npos)
        return bad("expected one size, 2^K or a count (e.g. 2^26, 1000000, 1e6)");
      const std::string why = parse_size(value, o.n);
      if (!why.empty()) return bad(why);
    } else if (key == "--paired") {
      try {
        (void)std::regex(value, std::regex::extended);
      } catch (const std::regex_error&) {
        return bad("expected an extended regular expression over kernel names, e.g. '/singlepass/'");
      }
      o.paired = value;
    } else if (key == "--type") {
      if (std::find(names.types.begin(), names.types.end(), value) == names.types.end())
        return bad("expected " + joined(names.types, " or "));
      o.type = value;
    } else {
      return bad(starts_with(arg, "-") ? "unknown flag; " + std::string(flags_accepted)
                                       : "unexpected argument; " + std::string(flags_accepted));
    }
  }
  argc = kept;
  argv[argc] = nullptr;
  o.extension_sizes = o.sizes.empty() ? std::vector<std::uint64_t>{1u << 20, 1u << 24, 1u << 28} : o.sizes;
  if (o.sizes.empty())
    for (int e = 10; e <= 30; e += 2) o.sizes.push_back(std::uint64_t(1) << e);
  if (o.system && !o.matrix && o.journeys.empty() && o.sweeps.empty()) o.journeys = {"seed003"};
  if (!o.matrix && o.journeys.empty() && o.sweeps.empty() && !o.extensions) o.matrix = true;
  if (o.matrix && *std::max_element(o.sizes.begin(), o.sizes.end()) > matrix_limit) {
    // The matrix kernels are compiled with 32-bit offsets only (half the build); reduce-reliability-tests runs the
    // 64-bit ones past 2^31.
    error = sizes_arg + ": the matrix runs up to 2^31 - 1 elements (32-bit offsets); expected sizes up to 2^30 " +
            "or a count below 2^31, e.g. 2^10:2^30:2";
    return parse_status::error;
  }
  return parse_status::ok;
}

std::string usage(const char* argv0) {
  return "usage: " + std::string(argv0) + " [modes] [options] [--benchmark_* flags]\n" + R"(
Times GPU sum reductions - every kernel of this library's kernel matrix, its tuned default, CUB and thrust - on the
same data, checks every result and prints a table per size. Needs an NVIDIA GPU (flags are checked first).

Modes (combine any; --matrix when none is given):
  --matrix               every kernel of the matrix (load x block finish x grid x block size), the default, CUB and
                         thrust at every size of --sizes
  --journey=NAME[,NAME]  replay a seed's optimisation steps in order, beside CUB and thrust: seed000..seed004 or
                         all (the seeds are the five classic reduction write-ups this library reproduces; each runs
                         at its own size, or --n)
  --sweep=NAME[,NAME]    lecture: seed 002's kernels (its reductions #1..#9) by block size 32..1024;
                         tuning: seed 000's grid-stride kernel by grid (512..3072 blocks) x block size; or all
  --extensions           half/bf16/int8 sums, sum of squares, argmin/argmax and compensated sums beside CUB and
                         thrust (at 2^20, 2^24, 2^28 unless --sizes)
  --latency              also time calls back to back (per call, with launch cost; small sizes stay in cache)
  --system               also time the whole trip: input copied from host memory (pageable and pinned), the sum, the
                         result copied back; alone it means --journey=seed003 --system

Options:
  --type=T               element type: float (default), double, int32, uint32, int64, uint64
  --sizes=LIST           matrix sizes, a comma-separated list of:
                           2^K           a power of two, e.g. 2^20
                           2^A:2^B[:S]   every S-th power of two from 2^A to 2^B (S = 1 when left out):
                                         2^10:2^30:2 is 2^10, 2^12, ..., 2^30 (the default)
                           N             a count of elements, e.g. 1000000 or 1e6 (64 or more)
                         at most 2^31 - 1 elements with --matrix, 2^34 otherwise
  --n=SIZE               size of the journeys and sweeps: 2^K or a count
  --paired=REGEX         with --matrix: the kernels whose names match (extended regex, e.g. '/singlepass/') also get
                         rows that alternate one call of the kernel with one call of CUB, so both meet the same state
                         of the GPU (bench/tune.py compares kernels by these)
  --atomic-on-workspace  run the atomic-grid kernels on a reduce::workspace: an integer sum then adds into one zeroed
                         counter word instead of first setting the output (the data of bench/tune.py --exact
                         --workspace)
  --help                 this text

Google Benchmark's flags work as usual: --benchmark_filter=REGEX (names are GROUP/KERNEL/N[/VARIANT], e.g.
matrix/vec4-striped/shuffle/singlepass/b256/1048576), --benchmark_repetitions=N, --benchmark_out=FILE
--benchmark_out_format=json|csv.

Examples:
  reduce-bench                                   the matrix, float, 2^10..2^30
  reduce-bench --type=int32 --sizes=2^20,2^28    two sizes, another type
  reduce-bench --journey=all --n=2^26            every seed's steps at 2^26 elements
More: docs/bench.md
)";
}

}  // namespace reduce_bench
