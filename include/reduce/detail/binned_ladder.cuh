// The ladder of bins of reduce::binned<T> (binned.cuh): each type's format, a bin's exact integer total, and the
// bit-level operations on a bin's primary.
#pragma once
#include <cuda/std/bit>
#include <cuda/std/cstdint>
#include <cstdint>

namespace reduce::detail {
// A bin's exact total in units of the bin: a two's complement integer of Words 32-bit words. A slice is at most
// 2^(W-1) units (binned_format's bound on it, rounded to the unit), so 64 bits hold 2^51 float slices and 96 bits 2^56
// double ones.
template <int Words>
struct bin_total;
template <>
struct bin_total<2> {
  std::int64_t v = 0;
  __host__ __device__ void add(std::int64_t u) { v += u; }
  __host__ __device__ void add(const bin_total& o) { v += o.v; }
  __host__ __device__ std::int64_t high() const { return v >> 32; }  // the total is high 2^32 + low
  __host__ __device__ std::uint32_t low() const { return std::uint32_t(v); }
};
template <>
struct bin_total<3> {
  std::uint32_t w[3] = {};  // least significant first
  __host__ __device__ std::int64_t high() const { return std::int64_t((std::uint64_t(w[2]) << 32) | w[1]); }
  __host__ __device__ std::uint32_t low() const { return w[0]; }
  __host__ __device__ void set(std::int64_t high, std::uint64_t low) {  // low < 2^34
    const std::uint64_t h = std::uint64_t(high) + (low >> 32);
    w[0] = std::uint32_t(low), w[1] = std::uint32_t(h), w[2] = std::uint32_t(h >> 32);
  }
  __host__ __device__ void add(std::int64_t u) {
    set(high() + (u >> 32), std::uint64_t(w[0]) + std::uint32_t(std::uint64_t(u)));
  }
  __host__ __device__ void add(const bin_total& o) { set(high() + o.high(), std::uint64_t(w[0]) + o.w[0]); }
};

// The ladder of each type. bottom: the lowest bin's anchor exponent, whose unit 2^(bottom - p + 1) is 4 times the
// smallest subnormal (so x | 1 stays below half a unit in every bin). Bins anchored above most_unscaled (whose
// primaries would overflow) are held scaled by 2^-scale: only values within 2^(p + W) of the largest finite one
// reach them. A primary's offset from its anchor is at most the largest slice, 2^(a-p+W) (1 + 2^-W), an addition;
// capacity, the most additions before the offset could reach 2^(a-1) (and the primary leave its binade), is
// 2^(p-W-1) - 1.
template <class T>
struct binned_format;
template <>
struct binned_format<float> {
  using bits = std::uint32_t;
  using total = bin_total<2>;
  static constexpr int p = 24, W = 13, bias = 127, bottom = -124, most_unscaled = 126, scale = 64;
  static constexpr int capacity = (1 << (p - W - 1)) - 1;
};
template <>
struct binned_format<double> {
  using bits = std::uint64_t;
  using total = bin_total<3>;
  static constexpr int p = 53, W = 40, bias = 1023, bottom = -1020, most_unscaled = 1022, scale = 64;
  static constexpr int capacity = (1 << (p - W - 1)) - 1;
};

// 2^e and 1.5 2^e for a normal exponent e.
template <class T>
__host__ __device__ __forceinline__ T pow2(int e) {
  using F = binned_format<T>;
  return cuda::std::bit_cast<T>(typename F::bits(e + F::bias) << (F::p - 1));
}
template <class T>
__host__ __device__ __forceinline__ T anchor(int e) {
  using F = binned_format<T>;
  return cuda::std::bit_cast<T>((typename F::bits(e + F::bias) << (F::p - 1)) | (typename F::bits(1) << (F::p - 2)));
}
// x with its lowest significand bit set.
template <class T>
__host__ __device__ __forceinline__ T or_1(T x) {
  return cuda::std::bit_cast<T>(cuda::std::bit_cast<typename binned_format<T>::bits>(x) | 1);
}
// A primary's offset from its anchor 1.5 2^e in units 2^(e-p+1), for a primary in its anchor's binade: its
// significand field less 2^(p-2). Exact, and the same for a primary held scaled.
template <class T>
__host__ __device__ __forceinline__ std::int64_t offset_units(T primary) {
  using F = binned_format<T>;
  constexpr typename F::bits field = (typename F::bits(1) << (F::p - 1)) - 1, half = typename F::bits(1) << (F::p - 2);
  return std::int64_t(cuda::std::bit_cast<typename F::bits>(primary) & field) - std::int64_t(half);
}
// The anchor of a primary's binade (its offset taken out).
template <class T>
__host__ __device__ __forceinline__ T at_anchor(T primary) {
  using F = binned_format<T>;
  constexpr typename F::bits field = (typename F::bits(1) << (F::p - 1)) - 1, half = typename F::bits(1) << (F::p - 2);
  return cuda::std::bit_cast<T>((cuda::std::bit_cast<typename F::bits>(primary) & ~field) | half);
}
}  // namespace reduce::detail
