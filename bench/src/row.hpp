// A row of the bench: one reduction (a kernel configuration of the engine, CUB or thrust) for one element type,
// type-erased so that the registration, measurement and reporting code is written once for all types.
#pragma once
#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace reduce_bench {

// Everything one call of a reduction needs. `out` is device memory; a row whose result comes back to the host
// (thrust::reduce returns it) writes `host_out` instead.
struct call_args {
  void* temp = nullptr;
  std::size_t temp_bytes = 0;
  const void* in = nullptr;
  void* out = nullptr;
  void* host_out = nullptr;
  std::uint64_t n = 0;
  cudaStream_t stream = 0;
};

enum class row_kind { kernel, cub, thrust };

struct row {
  std::string name;  // the config's name(), e.g. "vec4/shuffle/singlepass/b256", or the library call
  row_kind kind = row_kind::kernel;
  std::string load, finish, grid;  // the policies' names (kernels only), for grouping in reports
  int block = 0;
  cudaError_t (*temp_query)(std::uint64_t n, std::size_t& temp_bytes) = nullptr;
  cudaError_t (*run)(const call_args& a) = nullptr;
  // Grid atomic: the same call on a reduce::workspace, where a 32-bit integer sum takes the tally word instead of a
  // preset of the output (--atomic-on-workspace runs it in place of `run`); null for every other row.
  cudaError_t (*run_on_workspace)(const call_args& a) = nullptr;
  bool result_on_host = false;  // thrust
  bool capturable = true;       // can be captured in a CUDA graph (thrust synchronises and allocates: no)
  std::uint64_t offset = 0;     // the input starts this many elements into the data (1: not 16-byte aligned)
};

// The seeds as rows (presets.cuh): journeys in order, and the two sweeps with their coordinates.
struct journey_rows {
  std::string name, title;
  std::uint64_t n = 0;
  std::vector<row> steps;
  std::vector<std::string> what;
};
struct lecture_cell {
  row r;
  int step = 0;  // 0..8: reductions #1..#9
  std::string step_label, what;
};
struct tuning_cell {
  row r;
  int grid = 0;
};
struct preset_rows {
  std::vector<journey_rows> journeys;
  std::uint64_t lecture_n = 0, tuning_n = 0;
  std::vector<lecture_cell> lecture;
  std::vector<tuning_cell> tuning;
};

// One element type as the bench sees it: data, reference and rows. Results travel as 8 raw bytes.
struct element_type {
  std::string name;  // float, double, int32, uint32, int64, uint64
  std::size_t size = 0;
  // Fills d[0, n) with the bench's random data (same seed, same data for every row).
  cudaError_t (*fill)(void* d, std::uint64_t n, cudaStream_t stream) = nullptr;
  // The exact reference of the first n elements: the sum of the data's integer units, modulo 2^64.
  cudaError_t (*reference_units)(const void* d, std::uint64_t n, unsigned long long* d_scratch,
                                 std::uint64_t& units) = nullptr;
  void (*expected_from_units)(std::uint64_t units, void* value) = nullptr;
  bool (*equal)(const void* a, const void* b) = nullptr;
  std::string (*format)(const void* value) = nullptr;
  std::vector<row> baselines;  // CUB, then thrust
  std::vector<row> matrix;     // every kernel of reduce::matrix::all, in matrix order
  row tuned_default;           // reduce::default_config: the tuning table's kernel for each n
  row workspace_default;       // the same on a reduce::workspace (its own table: tuning/sm90.cuh's sm90_workspace)
  std::vector<row> offset;     // CUB, the default and it on a workspace, input one element past an aligned address
  preset_rows presets;
};

// Defined by the generated per-type translation units (see bench/CMakeLists.txt).
template <class T>
element_type make_element_type();
template <class T, std::size_t Shard>
void append_matrix_rows(std::vector<row>& rows);
template <class T>
preset_rows make_preset_rows();

}  // namespace reduce_bench
