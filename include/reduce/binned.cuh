// Binned summation as an accumulator: reduce::binned<float> / <double> sums floating-point values to a result that
// depends only on the multiset of values: not on their order, nor on how they are split among threads, blocks,
// launches, shards or GPUs, nor on the GPU. Use it as the output type with reduce::sum:
//
//   reduce::binned<float>* d_out = ...;
//   reduce::device_reduce<Cfg>(d_temp, bytes, d_floats, d_out, n);   // op sum; any non-atomic Grid policy
//   float total = reduce::binned_sum(d_floats, n);                   // convenience: the rounded value
//
// The method is binned summation (Demmel and Nguyen; Ahrens, Demmel and Nguyen, ACM TOMS 2020; ReproBLAS):
// - A fixed ladder of bins, bin m with anchor exponent a(m) = bottom + W m and unit 2^(a(m) - p + 1) (p: the
//   significand's bits). A value's slice in a bin is what is left of it once the bins above have taken theirs,
//   rounded to the bin's unit. It is a function of the value and the bin alone, as long as the value is below the
//   top bin's limit 2^(a - p + W) (then the bins above would take nothing).
// - An accumulator holds three consecutive bins (index: the top one), chosen by the largest magnitude it has seen; a
//   larger value moves the window up, and the bins that fall off its bottom are dropped. Each bin's sum of slices is
//   exact, so the bins, and what is dropped, do not depend on the order of the additions.
// - A bin is held as primary = 1.5 2^a + (slices added since the last renormalisation), whose unit stays the bin's
//   while the slices sum to less than 2^(a-1) in magnitude; a renormalisation moves whole quarters 2^(a-2) into an
//   integer carry before that bound can be reached (a count bounds the offset: below). Adding a value is then one
//   rounded addition a bin: q = primary + x, the slice q - primary and the rest x - slice both exact. x's lowest
//   significand bit is set first (x | 1): it lies below half the bin's unit, so x is never halfway between two
//   multiples of the unit, and the rounding does not depend on the primary's last bit (that is, on what was added
//   before).
// - The result: each bin's exact total (carry quarters plus the primary's offset, canonical), summed in a fixed order
//   with a compensated sum in double, then rounded to T. NaN and infinities are summed apart: their IEEE sum
//   (+inf + -inf is NaN) is the result, a NaN returned as the canonical quiet NaN. A zero result is +0.
// Accuracy: |result - sum| <= n 2^(1-2W) max|x| + n 2^(bottom-p) + 2u |sum| (u = eps / 2; W = 13 for float, 40 for
// double: n 2^-25 max|x| and n 2^-79 max|x|): docs/extensions.md.
#pragma once
#include <cuda/std/bit>
#include <cuda/std/cmath>
#include <cuda/std/cstdint>
#include <cuda/std/limits>
#include <string>
#include <type_traits>

#include "detail/rounded.cuh"
#include "device_reduce.cuh"
#include "to_host.cuh"

#if defined(__FAST_MATH__) && !defined(__CUDA_ARCH__)
#warning "reduce/binned.cuh: host code built with -ffast-math may reassociate the bins' exact additions"
#endif

namespace reduce {

namespace detail {
// The ladder of each type. bottom: the lowest bin's anchor exponent, whose unit 2^(bottom - p + 1) is 4 times the
// smallest subnormal (so x | 1 stays below half a unit in every bin). Bins anchored above most_unscaled (whose
// primaries would overflow) are held scaled by 2^-scale: only values within 2^(p + W) of the largest finite one
// reach them. A primary's offset from its anchor is counted in units of the largest slice, 2^(a-p+W) (1 + 2^-W):
// below 2^(p-W-3) units after a renormalisation (2^(a-3)), at most one more for each addition; capacity, the most
// units before the offset could reach 2^(a-1) (and the primary leave its binade), is 2^(p-W-1) - 1.
template <class T>
struct binned_format;
template <>
struct binned_format<float> {
  using bits = std::uint32_t;
  static constexpr int p = 24, W = 13, bias = 127, bottom = -124, most_unscaled = 126, scale = 64;
  static constexpr int residual = 1 << (p - W - 3), capacity = (1 << (p - W - 1)) - 1;
};
template <>
struct binned_format<double> {
  using bits = std::uint64_t;
  static constexpr int p = 53, W = 40, bias = 1023, bottom = -1020, most_unscaled = 1022, scale = 64;
  static constexpr int residual = 1 << (p - W - 3), capacity = (1 << (p - W - 1)) - 1;
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
}  // namespace detail

template <class T>
struct binned {
  static_assert(std::is_same_v<T, float> || std::is_same_v<T, double>,
                "reduce: binned<T> needs T = float or double; for narrow inputs use binned<float> as the accumulator "
                "(each element is converted to float first)");
  using format = detail::binned_format<T>;
  static constexpr int folds = 3;  // bins held: the result drops what lies 2W bits below the largest value
  static constexpr int min_index = folds - 1;
  // The largest index: the bin whose limit is above the largest finite T.
  static constexpr int max_index =
      (cuda::std::numeric_limits<T>::max_exponent + format::p - format::W - format::bottom + format::W - 1) / format::W;

  __host__ __device__ static constexpr int exponent(int m) { return format::bottom + format::W * m; }
  // 2^e as a constant expression (the empty accumulator's members: a constant initialiser, so that an accumulator
  // in __shared__ storage needs no dynamic initialisation).
  __host__ __device__ static constexpr T power(int e) {
    T r = 1;
    for (; e > 0; --e) r *= 2;
    for (; e < 0; ++e) r /= 2;
    return r;
  }

  // The empty accumulator (binned<T>(), or the identity T(0)): the lowest window, nothing added.
  std::int64_t carry[folds] = {};  // quarters 2^(a-2) moved out of each bin
  // Bin k (0: the top, index) holds 1.5 2^a(index - k) plus its slices, scaled where the window is.
  T primary[folds] = {T(1.5) * power(exponent(min_index)), T(1.5) * power(exponent(min_index - 1)),
                      T(1.5) * power(exponent(min_index - 2))};
  // Values below the limit in magnitude go into the window as it is; 0 where the window is scaled.
  T limit = power(exponent(min_index) - format::p + format::W);
  T special = 0;          // the IEEE sum of the NaN and infinite values added (0 where none)
  int index = min_index;  // the top bin's place on the ladder
  int count = 0;          // the primaries' offsets' bound, in units of the largest slice (binned_format)

  __host__ __device__ static bool scaled(int m) { return exponent(m) > format::most_unscaled; }
  // Bin k's anchor exponent as held (scaled where the window is).
  __host__ __device__ int held_exponent(int k) const {
    return exponent(index - k) - (scaled(index) ? format::scale : 0);
  }

  binned() = default;
  __host__ __device__ binned(T x) { add(x); }  // an element (or the identity T(0))

  // The smallest index whose window takes finite x as it is.
  __host__ __device__ static int index_of(T x) {
    const int biased = int((cuda::std::bit_cast<typename format::bits>(x) >> (format::p - 1)) &
                           typename format::bits(2 * format::bias + 1));
    const int e = biased ? biased - format::bias : 1 - format::bias - 1;  // |x| < 2^(e + 1)
    const int need = e + 1 + format::p - format::W - format::bottom;      // a(m) - bottom must reach this
    return need <= format::W * min_index ? min_index : (need + format::W - 1) / format::W;
  }

  // Adds x whose magnitude is below limit: its slices into the three bins (no renormalisation).
  __host__ __device__ __forceinline__ void deposit(T x) {
    using detail::add_rn, detail::or_1, detail::sub_rn;
#pragma unroll
    for (int k = 0; k < folds - 1; ++k) {
      const T q = add_rn(primary[k], or_1(x));
      x = sub_rn(x, sub_rn(q, primary[k]));
      primary[k] = q;
    }
    primary[folds - 1] = add_rn(primary[folds - 1], or_1(x));
  }

  // Moves whole quarters out of every bin into its carry: each primary within 2^(a-3) of its anchor.
  __host__ __device__ void renormalise() {
#pragma unroll
    for (int k = 0; k < folds; ++k) {
      const int e = held_exponent(k);
      const T d = detail::sub_rn(primary[k], detail::anchor<T>(e)), quarter = detail::pow2<T>(e - 2);
      const T c = cuda::std::rint(detail::mul_rn(d, detail::pow2<T>(2 - e)));  // d / quarter rounded: -2..2
      primary[k] = detail::add_rn(detail::anchor<T>(e), detail::sub_rn(d, c * quarter));
      carry[k] += std::int64_t(c);
    }
    count = format::residual;
  }

  // Moves the window up to index m (renormalised first): bins keep their place on the ladder, those below the new
  // window are dropped, new ones start empty.
  __host__ __device__ void raise(int m) {
    if (m <= index) return;
    renormalise();
    const int shift = m - index;
    const T factor = scaled(m) && !scaled(index) ? detail::pow2<T>(-format::scale) : T(1);
    T offset[folds];
    std::int64_t kept[folds];
#pragma unroll
    for (int k = 0; k < folds; ++k) {  // bin j moves to k = j + shift (compile-time indices: the arrays stay in
      offset[k] = T(0), kept[k] = 0;   // registers)
#pragma unroll
      for (int j = 0; j <= k; ++j)
        if (k - j == shift)
          offset[k] = detail::sub_rn(primary[j], detail::anchor<T>(held_exponent(j))) * factor, kept[k] = carry[j];
    }
    index = m;
#pragma unroll
    for (int k = 0; k < folds; ++k)
      primary[k] = detail::add_rn(detail::anchor<T>(held_exponent(k)), offset[k]), carry[k] = kept[k];
    limit = scaled(m) ? T(0) : detail::pow2<T>(exponent(m) - format::p + format::W);
  }

  // One value of any magnitude: NaN and infinities apart; a value at or above the limit raises the window first.
  __host__ __device__ void add(T x) {
    if (count >= format::capacity) renormalise();
    if (cuda::std::fabs(x) < limit) {
      ++count;
      deposit(x);
      return;
    }
    if (!cuda::std::isfinite(x)) {
      special = detail::add_rn(special, x);
      return;
    }
    raise(index_of(x));
    ++count;
    deposit(scaled(index) ? x * detail::pow2<T>(-format::scale) : x);  // exact wherever a slice is not 0
  }
  // N values, one test of the renormalisation count and of their magnitudes for all of them.
  template <int N>
  __host__ __device__ __forceinline__ void add(const T (&x)[N]) {
    static_assert(N <= format::capacity - format::residual, "reduce: binned<T>::add takes fewer values at once");
    if (count > format::capacity - N) renormalise();
    bool inside = true;
#pragma unroll
    for (int k = 0; k < N; ++k) inside = inside && cuda::std::fabs(x[k]) < limit;
    if (inside) {
      count += N;
#pragma unroll
      for (int k = 0; k < N; ++k) deposit(x[k]);
    } else {
#pragma unroll
      for (int k = 0; k < N; ++k) add(x[k]);  // unrolled: x stays in registers (an indexed array would not)
    }
  }

  // Two accumulators: aligned to the higher window, then bin by bin: the offsets' sum is exact while their counts add
  // up to at most the capacity (binned_format); past it both are renormalised first (each then counts residual).
  __host__ __device__ friend binned operator+(binned a, binned b) {
    if (a.index != b.index) {
      const int m = a.index > b.index ? a.index : b.index;
      a.raise(m);
      b.raise(m);
    }
    if (a.count + b.count > format::capacity) a.renormalise(), b.renormalise();
#pragma unroll
    for (int k = 0; k < folds; ++k) {
      const T offset = detail::sub_rn(b.primary[k], detail::anchor<T>(b.held_exponent(k)));
      a.primary[k] = detail::add_rn(a.primary[k], offset);
      a.carry[k] += b.carry[k];
    }
    a.special = detail::add_rn(a.special, b.special);
    a.count += b.count;
    return a;
  }

  // The sum, rounded once from the bins' exact totals (up to the compensated sum's last rounding in double).
  __host__ __device__ T value() const {
    if (cuda::std::isnan(special)) return cuda::std::numeric_limits<T>::quiet_NaN();
    if (special != T(0)) return special;
    // Each bin's total, canonical: carry quarters c plus an offset d in [-quarter/2, quarter/2).
    double s = 0, e = 0;
#pragma unroll
    for (int k = folds - 1; k >= 0; --k) {
      const int held = held_exponent(k);
      const T d = detail::sub_rn(primary[k], detail::anchor<T>(held)), quarter = detail::pow2<T>(held - 2);
      // d / quarter is a multiple of 2^(3-p) below 2 in magnitude: it and its sum with 1/2 are exact.
      const T c = cuda::std::floor(detail::add_rn(detail::mul_rn(d, detail::pow2<T>(2 - held)), T(0.5)));
      const double terms[2] = {double(detail::sub_rn(d, c * quarter)),
                               double(carry[k] + std::int64_t(c)) * double(quarter)};
      for (double t : terms) {  // TwoSum (Knuth): s + e gains t with its rounding error kept
        const double r = s + t, tt = r - s;
        e += (s - (r - tt)) + (t - tt);
        s = r;
      }
    }
    const double total = s + e;
    return scaled(index) ? T(total) * detail::pow2<T>(format::scale) : T(total);
  }
  __host__ __device__ explicit operator T() const { return value(); }

  static std::string name() { return "binned<" + type_name<T>() + ">"; }
};

namespace detail {
template <class T>
struct value_type_of<binned<T>> {
  using type = T;
};
template <class T>
struct takes_elements<binned<T>> : std::true_type {};
}  // namespace detail

template <class T>
struct is_binned : std::false_type {};
template <class T>
struct is_binned<binned<T>> : std::true_type {};

// The binned sum of d_in[0, n) as a T-precision value (binned<float> for float and narrow inputs, binned<double> for
// double): the same bits for any order or split of the same values. Throws reduce::error like reduce().
template <class Cfg = default_config, class T,
          class Acc = binned<std::conditional_t<std::is_same_v<T, double>, double, float>>>
auto binned_sum(const T* d_in, std::uint64_t n, cudaStream_t stream = 0) {
  static_assert(is_binned<Acc>::value, "reduce: binned_sum's accumulator must be a reduce::binned<F>");
  return reduce<Cfg, Acc>(d_in, n, sum{}, stream).value();
}

}  // namespace reduce
