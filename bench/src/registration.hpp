// Turns the selected modes into Google Benchmark benchmarks (registered dynamically, in the order the tables need:
// per size CUB and thrust first, then the kernels), and runs each one through the sampler.
#pragma once
#include <cstdint>
#include <deque>
#include <string>
#include <vector>

#include "device.hpp"
#include "measure.hpp"
#include "options.hpp"
#include "row.hpp"

namespace reduce_bench {

struct bench_entry {
  std::string name;   // the Google Benchmark name: GROUP/KERNEL/N[/VARIANT]
  std::string table;  // the console table it belongs to: "matrix/N", "seed000", "lecture", "tuning"
  const row* r = nullptr;
  std::uint64_t n = 0;
  variant v = variant::cold;
  int step = -1;     // journeys and lecture: the step (-1 for CUB and thrust)
  std::string what;  // journeys: what changed at this step; lecture: the step's config without its block size
  int grid = 0;      // tuning: the grid size
  // paired: a row sampled alternately with r, one call each per sample, in alternating order, so that both meet the
  // same states of the GPU; its time is the counter cub_us (partner_us where the
  // partner is not CUB: group plus-one, the default aligned beside the default +1).
  const row* partner = nullptr;
  mutable int pairs = 0;  // pairs taken so far: which of the two goes first
};

struct check_failure {
  std::string name, message;
};

// Samples per size (Google Benchmark repetitions, one sample each) unless --benchmark_repetitions is given.
int samples_for(std::uint64_t n, variant v);

// Registers every benchmark of the selected modes. The sampler, device and type must outlive the run.
void register_benchmarks(sampler& s, const device_info& dev, const options& o, const element_type& type);

const std::deque<bench_entry>& entries();                 // registration order
const bench_entry* find_entry(const std::string& name);   // by Google Benchmark name
std::size_t entries_selected(const std::string& filter);  // how many --benchmark_filter lets through (progress)
const std::vector<check_failure>& failures();             // the first failed check or CUDA error of each benchmark
bool failed(const std::string& name);

}  // namespace reduce_bench
