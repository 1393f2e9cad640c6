// The bench's input data and its exact reference, generated on the device from a hash of the index.
//
// Every element is an integer number of "units" (a nonzero integer, never all zeros): floating types store
// units / scale with a power-of-two scale, so every partial sum of any subset is exactly representable (see
// docs/bench.md) and every summation order gives the same, exact result. The reference is the sum of the units in
// 64-bit modular arithmetic, which is exact and order independent; unsigned types wrap exactly like the device.
#pragma once
#include <cuda_runtime.h>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <type_traits>

namespace reduce_bench {

inline constexpr std::uint64_t data_seed = 0x5eed2024u;

// The name --type takes and the reports print.
template <class T>
constexpr const char* type_name() {
  if constexpr (std::is_same_v<T, float>) return "float";
  if constexpr (std::is_same_v<T, double>) return "double";
  if constexpr (std::is_same_v<T, std::int32_t>) return "int32";
  if constexpr (std::is_same_v<T, std::uint32_t>) return "uint32";
  if constexpr (std::is_same_v<T, std::int64_t>) return "int64";
  if constexpr (std::is_same_v<T, std::uint64_t>) return "uint64";
  return "unknown";
}

__host__ __device__ inline std::uint64_t mix64(std::uint64_t x) {  // splitmix64 finaliser
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

// units(h) for element type T, and value = units / scale. Signed units lie in +-[1, range].
template <class T>
struct data_traits {
  static constexpr bool is_unsigned = std::is_unsigned_v<T>;
  // float: 1/16 steps in [-1, 1]: partial sums stay below 2^20 units of 2^-4 in magnitude with overwhelming
  // probability for n <= 2^34, far inside float's 24-bit exact range. double: 2^-20 steps. Signed integers: sums
  // stay far from overflow (int32: |partial| ~ 577 sqrt(n), below 2^31 / 7 for n <= 2^32).
  static constexpr std::int64_t range = std::is_same_v<T, float>          ? 16
                                        : std::is_same_v<T, double>       ? (std::int64_t(1) << 20)
                                        : std::is_same_v<T, std::int32_t> ? 1000
                                                                          : (std::int64_t(1) << 40);
  static constexpr double scale = std::is_floating_point_v<T> ? double(range) : 1.0;

  __host__ __device__ static std::uint64_t units(std::uint64_t h) {
    if constexpr (is_unsigned) return h | 1u;  // full range, odd: never zero
    const std::int64_t magnitude = std::int64_t((h >> 1) % std::uint64_t(range)) + 1;
    return std::uint64_t((h & 1u) ? -magnitude : magnitude);
  }
  __host__ __device__ static T value(std::uint64_t u) {
    if constexpr (std::is_floating_point_v<T>) return T(double(std::int64_t(u)) / scale);
    return T(u);  // modulo 2^bits for the unsigned types, in range for the signed ones
  }
  __host__ __device__ static std::uint64_t units_of(T x) {
    if constexpr (std::is_floating_point_v<T>) return std::uint64_t(std::int64_t(double(x) * scale));
    if constexpr (std::is_signed_v<T>) return std::uint64_t(std::int64_t(x));
    return std::uint64_t(x);
  }
};

template <class T>
__global__ void fill_kernel(T* out, std::uint64_t n) {
  const std::uint64_t stride = std::uint64_t(gridDim.x) * blockDim.x;
  for (std::uint64_t i = std::uint64_t(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += stride)
    out[i] = data_traits<T>::value(data_traits<T>::units(mix64(i ^ data_seed)));
}

// Reads the buffer back (so the reference checks what is in memory) and sums its units modulo 2^64.
template <class T>
__global__ void units_sum_kernel(const T* in, std::uint64_t n, unsigned long long* total) {
  const std::uint64_t stride = std::uint64_t(gridDim.x) * blockDim.x;
  unsigned long long acc = 0;
  for (std::uint64_t i = std::uint64_t(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += data_traits<T>::units_of(in[i]);
  for (int offset = 16; offset > 0; offset /= 2) acc += __shfl_down_sync(0xffffffffu, acc, offset);
  if ((threadIdx.x & 31u) == 0) atomicAdd(total, acc);
}

inline constexpr unsigned data_grid = 1024, data_block = 256;

template <class T>
cudaError_t fill_data(void* d, std::uint64_t n, cudaStream_t stream) {
  fill_kernel<T><<<data_grid, data_block, 0, stream>>>(static_cast<T*>(d), n);
  if (cudaError_t e = cudaGetLastError()) return e;
  return cudaStreamSynchronize(stream);
}

template <class T>
cudaError_t reference_units(const void* d, std::uint64_t n, unsigned long long* d_scratch, std::uint64_t& units) {
  if (cudaError_t e = cudaMemset(d_scratch, 0, sizeof(unsigned long long))) return e;
  units_sum_kernel<T><<<data_grid, data_block>>>(static_cast<const T*>(d), n, d_scratch);
  if (cudaError_t e = cudaGetLastError()) return e;
  unsigned long long h = 0;
  if (cudaError_t e = cudaMemcpy(&h, d_scratch, sizeof h, cudaMemcpyDeviceToHost)) return e;
  units = h;
  return cudaSuccess;
}

template <class T>
void expected_from_units(std::uint64_t units, void* value) {
  const T v = data_traits<T>::value(units);
  std::memcpy(value, &v, sizeof v);
}

template <class T>
bool equal_values(const void* a, const void* b) {  // exact: the data makes every summation order exact
  T x, y;
  std::memcpy(&x, a, sizeof x);
  std::memcpy(&y, b, sizeof y);
  return x == y;
}

template <class T>
std::string format_value(const void* value) {
  T v;
  std::memcpy(&v, value, sizeof v);
  if constexpr (std::is_floating_point_v<T>) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.17g", double(v));
    return buf;
  }
  return std::to_string(v);
}

}  // namespace reduce_bench
