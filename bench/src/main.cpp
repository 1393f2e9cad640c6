// reduce-bench: every kernel of the reduce engine's matrix next to CUB and thrust, on Google Benchmark.
// See docs/bench.md for the flags, the measurement method and how the results in docs/results/ are made.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <boost/mp11.hpp>
#include <iostream>
#include <memory>
#include <reduce/presets.cuh>

#include "catalog.hpp"
#include "console_reporter.hpp"
#include "cuda_check.hpp"
#include "device.hpp"
#include "extensions.hpp"
#include "measure.hpp"
#include "options.hpp"
#include "registration.hpp"
#include "text_table.hpp"

namespace rb = reduce_bench;

namespace {

// The names --journey and --type accept: the presets' journeys and every type the bench knows.
rb::vocabulary flag_names() {
  rb::vocabulary v;
  boost::mp11::mp_for_each<boost::mp11::mp_transform<boost::mp11::mp_identity, reduce::presets::journeys>>(
      [&](auto id) { v.journeys.emplace_back(decltype(id)::type::name); });
  v.types = rb::known_types();
  return v;
}

std::uint64_t largest_size(const rb::options& o, const rb::element_type& t) {
  std::uint64_t n = 0;
  if (o.matrix) n = *std::max_element(o.sizes.begin(), o.sizes.end());
  for (const rb::journey_rows& j : t.presets.journeys)
    if (std::find(o.journeys.begin(), o.journeys.end(), j.name) != o.journeys.end()) n = std::max(n, o.n ? o.n : j.n);
  for (const std::string& s : o.sweeps)
    n = std::max(n, o.n ? o.n : s == "lecture" ? t.presets.lecture_n : t.presets.tuning_n);
  return n;
}

void add_context(const rb::device_info& dev, const rb::element_type& t, const rb::options& o, std::size_t flush_bytes) {
  benchmark::AddCustomContext("reduce_device", dev.name);
  benchmark::AddCustomContext("reduce_sm_count", std::to_string(dev.sm_count));
  benchmark::AddCustomContext("reduce_l2_bytes", std::to_string(dev.l2_bytes));
  benchmark::AddCustomContext("reduce_peak_gbps", rb::fixed(dev.peak_gbps, 1));
  benchmark::AddCustomContext("reduce_copy_gbps", rb::fixed(dev.copy_gbps, 1));
  benchmark::AddCustomContext("reduce_type", t.name);
  benchmark::AddCustomContext("reduce_flush_bytes", std::to_string(flush_bytes));
  benchmark::AddCustomContext("reduce_atomic_rows", o.atomic_on_workspace ? "workspace" : "raw temporary storage");
}

int run(const rb::options& o) {
  const rb::device_info dev = rb::describe_device();
  rb::element_type type = rb::load_element_type(o.type);
  if (o.atomic_on_workspace)
    for (rb::row& r : type.matrix)
      if (r.run_on_workspace) r.run = r.run_on_workspace;
  rb::sampler sampler(dev, type, std::max<std::uint64_t>(1, largest_size(o, type)));
  rb::register_benchmarks(sampler, dev, o, type);
  if (o.extensions) rb::ext::register_extensions(dev, o);
  const std::size_t flush_bytes = rb::l2_flush_bytes(dev);
  add_context(dev, type, o, flush_bytes);
  if (o.user_format) {  // the library's reporter, as asked; the header goes to stderr
    rb::print_header(std::cerr, dev, type, flush_bytes);
    benchmark::RunSpecifiedBenchmarks();
  } else {
    rb::console_reporter reporter(dev, type, o, flush_bytes, rb::entries_selected(o.filter));
    benchmark::RunSpecifiedBenchmarks(&reporter);
  }
  if (o.extensions) rb::ext::print_extension_tables(std::cout);
  const bool extensions_failed = o.extensions && rb::ext::extensions_failed();
  const auto& failures = rb::failures();
  if (failures.empty()) return extensions_failed ? 1 : 0;
  std::cerr << "reduce-bench: " << failures.size() << " benchmark(s) FAILED:\n";
  for (const rb::check_failure& f : failures) std::cerr << "  " << f.name << ": " << f.message << "\n";
  return 1;
}

}  // namespace

int main(int argc, char** argv) {
  // Flags first, before anything touches the GPU: a bad flag is one line and exit 2, with or without a device.
  rb::options o;
  std::string error;
  switch (rb::parse_options(argc, argv, flag_names(), o, error)) {
    case rb::parse_status::help:
      std::cout << rb::usage("reduce-bench");
      return 0;
    case rb::parse_status::error:
      std::cerr << "reduce-bench: " << error << "\n";
      return 2;
    case rb::parse_status::ok:
      break;
  }
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 2;  // it names each flag on one line
  if (!rb::is_compiled(o.type)) {
    std::cerr << "reduce-bench: --type=" << o.type << ": not compiled into this build (it has: " << rb::compiled_types()
              << "); reconfigure with -DREDUCE_BENCH_TYPES=\"" << rb::compiled_types() << ";" << o.type
              << "\" and rebuild\n";
    return 2;
  }
  std::string why;
  if (!rb::cuda_device_present(why)) {
    std::cerr << "reduce-bench: no CUDA device found (" << why << "); this benchmark needs an NVIDIA GPU\n";
    return 1;
  }
  try {
    const int status = run(o);
    benchmark::Shutdown();
    return status;
  } catch (const std::exception& e) {
    std::cerr << "reduce-bench: fatal: " << e.what() << "\n";
    return 1;
  }
}
