#include "options.hpp"

#include <algorithm>
#include <boost/mp11.hpp>
#include <regex>
#include <reduce/presets.cuh>
#include <sstream>

#include "catalog.hpp"

namespace reduce_bench {

namespace {

constexpr std::uint64_t max_elements = std::uint64_t(1) << 34;

std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> parts;
  std::stringstream in(s);
  for (std::string part; std::getline(in, part, sep);) parts.push_back(part);
  return parts;
}

bool parse_uint(const std::string& s, std::uint64_t& v) {
  if (s.empty() || s.size() > 19 || !std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; }))
    return false;
  v = std::stoull(s);
  return true;
}

std::vector<std::string> journey_names() {
  std::vector<std::string> names;
  boost::mp11::mp_for_each<boost::mp11::mp_transform<boost::mp11::mp_identity, reduce::presets::journeys>>(
      [&](auto id) { names.emplace_back(decltype(id)::type::name); });
  return names;
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

// "lo:hi[:step]" (exponents, step in powers of two) or a comma-separated list of sizes.
bool parse_sizes(const std::string& value, std::vector<std::uint64_t>& sizes) {
  sizes.clear();
  if (value.find(':') != std::string::npos) {
    const std::vector<std::string> p = split(value, ':');
    std::uint64_t lo = 0, hi = 0, step = 2;
    if (p.size() < 2 || p.size() > 3 || !parse_uint(p[0], lo) || !parse_uint(p[1], hi) ||
        (p.size() == 3 && !parse_uint(p[2], step)) || step == 0 || lo > hi || hi > 34)
      return false;
    for (std::uint64_t e = lo; e <= hi; e += step) sizes.push_back(std::uint64_t(1) << e);
    return true;
  }
  for (const std::string& item : split(value, ',')) {
    std::uint64_t n = 0;
    if (!parse_size(item, n)) return false;
    sizes.push_back(n);
  }
  return !sizes.empty();
}

bool starts_with(const std::string& s, const std::string& prefix) { return s.compare(0, prefix.size(), prefix) == 0; }

}  // namespace

bool parse_size(const std::string& text, std::uint64_t& n) {
  std::uint64_t v = 0;
  if (starts_with(text, "2^")) {
    if (!parse_uint(text.substr(2), v) || v > 34) return false;
    n = std::uint64_t(1) << v;
  } else {
    if (!parse_uint(text, v)) return false;
    n = v <= 40 ? std::uint64_t(1) << std::min<std::uint64_t>(v, 63) : v;
  }
  return n >= 1 && n <= max_elements;
}

parse_status parse_options(int& argc, char** argv, options& o, std::string& error) {
  int kept = 1;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    const std::size_t eq = arg.find('=');
    const std::string key = arg.substr(0, eq);
    const std::string value = eq == std::string::npos ? std::string() : arg.substr(eq + 1);
    const bool has_value = eq != std::string::npos;
    auto bad = [&](const std::string& why) {
      error = "bad " + key + (has_value ? "=" + value : std::string()) + ": " + why;
      return parse_status::error;
    };
    if (arg == "--help" || arg == "-h") return parse_status::help;
    if (starts_with(arg, "--benchmark_") || starts_with(arg, "--v=")) {  // Google Benchmark's: keep
      if (key == "--benchmark_repetitions") o.user_repetitions = true;
      if (key == "--benchmark_report_aggregates_only" || key == "--benchmark_display_aggregates_only")
        o.user_aggregate_mode = true;
      if (key == "--benchmark_format") o.user_format = true;
      if (key == "--benchmark_filter") o.filter = value;
      argv[kept++] = argv[i];
      continue;
    }
    if (key == "--matrix" && !has_value) {
      o.matrix = true;
    } else if (key == "--extensions" && !has_value) {
      o.extensions = true;
    } else if (key == "--latency" && !has_value) {
      o.latency = true;
    } else if (key == "--system" && !has_value) {
      o.system = true;
    } else if (key == "--atomic-on-workspace" && !has_value) {
      o.atomic_on_workspace = true;
    } else if (key == "--journey" && has_value) {
      if (!parse_names(value, journey_names(), o.journeys)) return bad("expected seed000..seed004 or all");
    } else if (key == "--sweep" && has_value) {
      if (!parse_names(value, {"lecture", "tuning"}, o.sweeps)) return bad("expected lecture, tuning or all");
    } else if (key == "--sizes" && has_value) {
      if (!parse_sizes(value, o.sizes)) return bad("expected lo:hi[:step] (exponents, hi <= 34) or a list of sizes");
    } else if (key == "--n" && has_value) {
      if (!parse_size(value, o.n)) return bad("expected an exponent (<= 40), 2^k or an element count <= 2^34");
    } else if (key == "--paired" && has_value) {
      try {
        (void)std::regex(value, std::regex::extended);
      } catch (const std::regex_error&) {
        return bad("expected an extended regular expression over kernel names");
      }
      o.paired = value;
    } else if (key == "--type" && has_value) {
      const auto& known = known_types();
      if (std::find(known.begin(), known.end(), value) == known.end())
        return bad("expected float, double, int32, uint32, int64 or uint64");
      o.type = value;
    } else {
      error = "unknown flag " + arg;
      return parse_status::error;
    }
  }
  argc = kept;
  argv[argc] = nullptr;
  o.extension_sizes = o.sizes.empty() ? std::vector<std::uint64_t>{1u << 20, 1u << 24, 1u << 28} : o.sizes;
  if (o.sizes.empty())
    for (int e = 10; e <= 30; e += 2) o.sizes.push_back(std::uint64_t(1) << e);
  if (o.system && !o.matrix && o.journeys.empty() && o.sweeps.empty()) o.journeys = {"seed003"};
  if (!o.matrix && o.journeys.empty() && o.sweeps.empty() && !o.extensions) o.matrix = true;
  for (std::uint64_t n : o.sizes)
    if (o.matrix && n > (std::uint64_t(1) << 31) - 1) {
      // The matrix kernels are compiled with 32-bit offsets only (half the build); reduce-reliability-tests runs the
      // 64-bit ones past 2^31.
      error = "--sizes: the matrix runs up to 2^31 - 1 elements";
      return parse_status::error;
    }
  return parse_status::ok;
}

std::string usage(const char* argv0) {
  std::ostringstream u;
  u << "usage: " << argv0 << " [mode...] [options] [--benchmark_* flags]\n"
    << "modes (any combination; --matrix when none is given):\n"
    << "  --matrix                every kernel of reduce::matrix::all, CUB and thrust, at every size\n"
    << "  --journey=NAME[,NAME]   replay seed journeys in order: seed000..seed004 or all (size: the seed's, or --n)\n"
    << "  --sweep=NAME[,NAME]     the seeds' sweeps: lecture (seed 002 steps x block size), tuning (seed 000 grid x\n"
    << "                          block), or all\n"
    << "  --latency               also back-to-back per-call time (CUDA graph of K calls; thrust: K calls)\n"
    << "  --system                also system time: host-to-device copy (pageable and pinned) + reduction + result\n"
    << "                          copy; alone it means --journey=seed003 --system\n"
    << "  --extensions            the extensions beside CUB and thrust: half/bf16/int8 sums, sum of squares,\n"
    << "                          argmin/argmax, compensated sums (sizes 2^20, 2^24, 2^28 unless --sizes)\n"
    << "options:\n"
    << "  --type=T                float (default), double, int32, uint32, int64, uint64\n"
    << "  --sizes=LO:HI[:STEP]    matrix sizes as exponents: 2^LO..2^HI every STEP (default 10:30:2)\n"
    << "  --sizes=A,B,...         matrix sizes: exponents (<= 40), 2^k, or element counts (> 40)\n"
    << "  --n=N                   size of the journeys and sweeps (same syntax as one --sizes item)\n"
    << "  --paired=REGEX          with --matrix: the kernels whose names match also get paired rows (each sample\n"
    << "                          one call of the kernel and one of CUB, alternating; vs_cub per pair)\n"
    << "  --atomic-on-workspace   Grid atomic's kernel rows call it on a reduce::workspace (a 32-bit integer sum\n"
    << "                          then adds into a zeroed tally word, with no preset of the output): the data of\n"
    << "                          the table for integer sums on a workspace (bench/tune.py --exact --workspace)\n"
    << "  --help                  this text\n"
    << "Google Benchmark flags work as usual, e.g. --benchmark_filter=REGEX, --benchmark_repetitions=N,\n"
    << "--benchmark_out=FILE --benchmark_out_format=json|csv|console. Benchmark names are GROUP/KERNEL/N[/VARIANT],\n"
    << "GROUP being matrix, seed000/STEP..seed004/STEP, lecture/STEP or tuning; VARIANT back-to-back, system-pageable "
       "or\n"
    << "system-pinned. See docs/bench.md.\n";
  return u.str();
}

}  // namespace reduce_bench
