// --extensions: the library's extensions beside CUB and thrust (docs/extensions.md): half / bfloat16 / int8 sums into
// a wider accumulator, sum of squares, argmin / argmax, compensated sums on an ill-conditioned input. Each case has
// its own data (generated on the device from a hash of the index, so every size is a prefix) and exact reference;
// the method is the matrix's: L2 flush, CUDA events around one call, medians, every result checked.
#pragma once
#include <cuda_runtime.h>

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "device.hpp"
#include "options.hpp"

namespace reduce_bench::ext {

// The inputs: k/16 with k a nonzero integer in [-16, 16] as half, bfloat16 or float (every partial sum of float
// accumulators is exact, as in the matrix); int8 in +-[1, 100], uint8 in [1, 15] (a sum of 2^28 fits 32 bits), int16
// in +-[1, 1000]; and an ill-conditioned float input (cancelling pairs 32768 apart, magnitudes over nine decades,
// condition number ~1e8: test/extensions/ext_common.cuh).
enum class data_kind { half16, bf16_16, int8_100, uint8_15, int16_1000, float16, float_ill };

struct reference {
  long double sum = 0;      // exact sum of the elements
  long double squares = 0;  // exact sum of squares (float16 only)
  std::uint64_t argmin = 0, argmax = 0;
  long double min = 0, max = 0;
};

struct call {
  void* temp = nullptr;
  std::size_t temp_bytes = 0;
  const void* in = nullptr;
  void* out = nullptr;       // device, 256 bytes
  void* host_out = nullptr;  // thrust rows write here, 256 bytes
  std::uint64_t n = 0;
  cudaStream_t stream = 0;
};

// What a row returned, read back from its output bytes.
struct result {
  long double value = 0, value2 = 0;  // value2: the fused row's maximum
  std::uint64_t index = 0, index2 = 0;
  bool has_value = true;
};

// exact: value == the exact sum; squares: == the exact sum of squares; minimum / maximum: value == the least / greatest
// element; argmin / argmax / both: index (and value); bounded: |value - sum| <= 4u|sum| (u of float: the compensated
// rows); reported: no bound, the error is reported.
enum class check_kind { exact, squares, minimum, maximum, argmin, argmax, both, bounded, reported };

// What a row is in its case's table: CUB's closest call (vs CUB is against it), the tuned default, one of the matrix
// kernels the default is compared with (the best of them is the case's "best matrix kernel"), or another row.
enum class row_role { other, cub, default_config, candidate };

struct row {
  std::string name;
  bool is_cub = false, is_thrust = false;
  row_role role = row_role::other;
  check_kind check = check_kind::exact;
  cudaError_t (*query)(std::uint64_t n, std::size_t& temp_bytes) = nullptr;
  cudaError_t (*run)(const call& c) = nullptr;
  void (*read)(const unsigned char* bytes, result& r) = nullptr;
  bool result_on_host = false;
};

struct bench_case {
  std::string name, title;
  data_kind data = data_kind::float16;
  std::vector<row> rows;  // CUB first (vs CUB is relative to it), then thrust, then ours
};

std::vector<bench_case> make_cases();                     // extensions_rows.cu
std::size_t element_bytes(data_kind k);                   // extensions_data.cu
cudaError_t fill(data_kind k, void* d, std::uint64_t n);  //
reference compute_reference(data_kind k, const void* d, std::uint64_t n);

// extensions.cpp: registration, sampling and the tables printed after the run.
void register_extensions(const device_info& dev, const options& o);
void print_extension_tables(std::ostream& os);
bool extensions_failed();

}  // namespace reduce_bench::ext
