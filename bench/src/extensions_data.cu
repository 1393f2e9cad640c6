// The extension cases' inputs, generated on the device from a hash of the index, and their exact references.
#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include <vector>

#include "cuda_check.hpp"
#include "element_data.cuh"
#include "extensions.hpp"

namespace reduce_bench::ext {

namespace {

constexpr unsigned grid = 1024, block = 256;

// k in +-[1, 16]: the element is k / 16.
__host__ __device__ inline int k16(std::uint64_t i) {
  const std::uint64_t h = mix64(i ^ data_seed);
  const int m = int((h >> 1) % 16) + 1;
  return (h & 1) ? -m : m;
}

// The ill-conditioned element i as an integer count of 2^-28 (test/extensions/ext_common.cuh, same construction).
__host__ __device__ inline long long ill_units(std::uint64_t i, int& exponent) {
  const std::uint64_t pair = (i >> 16 << 15) | (i & 32767), h = mix64(pair ^ 2024u);
  const long long m = (long long)(h & 0xffff) | 1, e = (long long)((h >> 16) % 31) - 20;
  const long long d = (long long)((h >> 24) % 255) + 1, sign = (h >> 40) & 1 ? -1 : 1;
  const bool second = (i >> 15) & 1;
  exponent = int(e - 8);
  return second ? sign * (-m * 256 + ((h >> 41) & 1 ? d : -d)) : sign * m * 256;  // mantissa; value = mant 2^exponent
}

__global__ void fill_kernel(data_kind k, void* d, std::uint64_t n) {
  const std::uint64_t stride = std::uint64_t(gridDim.x) * blockDim.x;
  for (std::uint64_t i = std::uint64_t(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += stride) {
    switch (k) {
      case data_kind::half16:
        static_cast<__half*>(d)[i] = __float2half(k16(i) / 16.f);
        break;
      case data_kind::bf16_16:
        static_cast<__nv_bfloat16*>(d)[i] = __float2bfloat16(k16(i) / 16.f);
        break;
      case data_kind::int8_100: {
        const std::uint64_t h = mix64(i ^ data_seed);
        const int m = int((h >> 1) % 100) + 1;
        static_cast<std::int8_t*>(d)[i] = std::int8_t((h & 1) ? -m : m);
        break;
      }
      case data_kind::uint8_15:
        static_cast<std::uint8_t*>(d)[i] = std::uint8_t(mix64(i ^ data_seed) % 15 + 1);
        break;
      case data_kind::int16_1000: {
        const std::uint64_t h = mix64(i ^ data_seed);
        const int m = int((h >> 1) % 1000) + 1;
        static_cast<std::int16_t*>(d)[i] = std::int16_t((h & 1) ? -m : m);
        break;
      }
      case data_kind::float16:
        static_cast<float*>(d)[i] = k16(i) / 16.f;
        break;
      case data_kind::float_ill: {
        int e = 0;
        const long long mant = ill_units(i, e);
        static_cast<float*>(d)[i] = ldexpf(float(mant), e);
        break;
      }
    }
  }
}

// Per thread: the sum of units (__int128 for the ill-conditioned input, in 2^-28), of squared units, the extremes.
struct partial {
  __int128 sum;
  unsigned long long squares;
  long long min, max;
};

__device__ long long units_of(data_kind k, std::uint64_t i, int& shift) {
  shift = 0;
  switch (k) {
    case data_kind::int8_100: {
      const std::uint64_t h = mix64(i ^ data_seed);
      const long long m = (long long)((h >> 1) % 100) + 1;
      return (h & 1) ? -m : m;
    }
    case data_kind::uint8_15:
      return (long long)(mix64(i ^ data_seed) % 15 + 1);
    case data_kind::int16_1000: {
      const std::uint64_t h = mix64(i ^ data_seed);
      const long long m = (long long)((h >> 1) % 1000) + 1;
      return (h & 1) ? -m : m;
    }
    case data_kind::float_ill: {
      int e = 0;
      const long long mant = ill_units(i, e);
      shift = e + 28;
      return mant;
    }
    default:
      return k16(i);
  }
}

__global__ void reference_kernel(data_kind k, std::uint64_t n, partial* out) {
  const std::uint64_t t = std::uint64_t(blockIdx.x) * blockDim.x + threadIdx.x, stride = std::uint64_t(grid) * block;
  partial p{0, 0, (long long)1 << 62, -((long long)1 << 62)};
  for (std::uint64_t i = t; i < n; i += stride) {
    int shift = 0;
    const long long u = units_of(k, i, shift);
    p.sum += __int128(u) << shift;
    p.squares += (unsigned long long)(u * u);
    p.min = u < p.min ? u : p.min;
    p.max = u > p.max ? u : p.max;
  }
  out[t] = p;
}

// The first index holding the value `target` (in units), by atomicMin over the indices.
__global__ void first_index_kernel(data_kind k, std::uint64_t n, long long target, unsigned long long* index) {
  const std::uint64_t stride = std::uint64_t(gridDim.x) * blockDim.x;
  for (std::uint64_t i = std::uint64_t(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += stride) {
    int shift = 0;
    if (units_of(k, i, shift) == target) {
      atomicMin(index, (unsigned long long)i);
      return;  // later indices of this thread are larger
    }
  }
}

long double to_long_double(__int128 v, int fraction_bits) {
  const bool negative = v < 0;
  const unsigned __int128 m = negative ? -(unsigned __int128)v : (unsigned __int128)v;
  const long double r = std::ldexp((long double)std::uint64_t(m >> 64), 64 - fraction_bits) +
                        std::ldexp((long double)std::uint64_t(m), -fraction_bits);
  return negative ? -r : r;
}

}  // namespace

std::size_t element_bytes(data_kind k) {
  switch (k) {
    case data_kind::half16:
    case data_kind::bf16_16:
    case data_kind::int16_1000:
      return 2;
    case data_kind::int8_100:
    case data_kind::uint8_15:
      return 1;
    default:
      return 4;
  }
}

cudaError_t fill(data_kind k, void* d, std::uint64_t n) {
  fill_kernel<<<grid, block>>>(k, d, n);
  if (cudaError_t e = cudaGetLastError()) return e;
  return cudaDeviceSynchronize();
}

reference compute_reference(data_kind k, const void*, std::uint64_t n) {
  partial* d = nullptr;
  const std::size_t threads = std::size_t(grid) * block;
  BENCH_CUDA(cudaMalloc(&d, threads * sizeof(partial)));
  reference_kernel<<<grid, block>>>(k, n, d);
  BENCH_CUDA(cudaGetLastError());
  std::vector<partial> h(threads);
  BENCH_CUDA(cudaMemcpy(h.data(), d, threads * sizeof(partial), cudaMemcpyDeviceToHost));
  BENCH_CUDA(cudaFree(d));
  __int128 sum = 0;
  unsigned long long squares = 0;
  long long lo = (long long)1 << 62, hi = -lo;
  for (const partial& p : h) sum += p.sum, squares += p.squares, lo = std::min(lo, p.min), hi = std::max(hi, p.max);
  const bool integers = k == data_kind::int8_100 || k == data_kind::uint8_15 || k == data_kind::int16_1000;
  const int fraction_bits = k == data_kind::float_ill ? 28 : integers ? 0 : 4;
  reference r;
  r.sum = to_long_double(sum, fraction_bits);
  r.squares = std::ldexp((long double)squares, -2 * fraction_bits);
  r.min = std::ldexp((long double)lo, -fraction_bits);
  r.max = std::ldexp((long double)hi, -fraction_bits);
  unsigned long long* index = nullptr;
  BENCH_CUDA(cudaMalloc(&index, 2 * sizeof(unsigned long long)));
  BENCH_CUDA(cudaMemset(index, 0xff, 2 * sizeof(unsigned long long)));
  first_index_kernel<<<grid, block>>>(k, n, lo, index);
  first_index_kernel<<<grid, block>>>(k, n, hi, index + 1);
  BENCH_CUDA(cudaGetLastError());
  unsigned long long idx[2];
  BENCH_CUDA(cudaMemcpy(idx, index, sizeof idx, cudaMemcpyDeviceToHost));
  BENCH_CUDA(cudaFree(index));
  r.argmin = idx[0];
  r.argmax = idx[1];
  return r;
}

}  // namespace reduce_bench::ext
