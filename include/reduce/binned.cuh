// Binned summation as an accumulator: reduce::binned<float> / <double> sums floating-point values to a result that
// depends only on the multiset of values: not on their order, nor on how they are split among threads, blocks,
// launches, shards or GPUs, nor on the GPU. Use it as the output type with reduce::sum:
//
//   reduce::binned<float>* d_out = ...;
//   reduce::device_reduce<Cfg>({d_temp, bytes}, d_floats, d_out, n);   // op sum; any non-atomic Grid policy
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
// - A bin is held as an exact integer total (in units of the bin) and a primary = 1.5 2^a + (slices added since the
//   total last took them), whose unit stays the bin's while the slices sum to less than 2^(a-1) in magnitude (a count
//   bounds them: below). Adding a value is one rounded addition a bin: q = primary + x, the slice q - primary and the
//   rest x - slice both exact. x's lowest significand bit is set first (x | 1): it lies below half the bin's unit, so
//   x is never halfway between two multiples of the unit, and the rounding does not depend on the primary's last bit
//   (that is, on what was added before). The primary stays in the binade [2^a, 2^(a+1)), where a float's bits are
//   linear in its value: its offset in units is its significand field less 2^(p-2), an integer subtraction. So
//   moving a primary's slices into the total, and combining two accumulators, is integer arithmetic with no rounding.
// - The result: each bin's exact total summed in a fixed order with a compensated sum in double, then rounded to T.
//   NaN and infinities are summed apart: their IEEE sum (+inf + -inf is NaN) is the result, a NaN returned as the
//   canonical quiet NaN. A zero result is +0.
// Accuracy: |result - sum| <= n 2^(1-2W) max|x| + n 2^(bottom-p) + 2u |sum| (u = eps / 2; W = 13 for float, 40 for
// double: n 2^-25 max|x| and n 2^-79 max|x|): docs/extensions.md.
#pragma once
#include <cuda/std/bit>
#include <cuda/std/cmath>
#include <cuda/std/cstdint>
#include <cuda/std/limits>
#include <string>
#include <type_traits>

#include "detail/binned_ladder.cuh"
#include "detail/rounded.cuh"
#include "device_reduce.cuh"
#include "to_host.cuh"

#if defined(__FAST_MATH__) && !defined(__CUDA_ARCH__)
#warning "reduce/binned.cuh: host code built with -ffast-math may reassociate the bins' exact additions"
#endif

namespace reduce {

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
  // Bin k (0: the top, index) holds total[k] units of its own plus the primary's offset from 1.5 2^a(index - k),
  // the primary scaled where the window is.
  T primary[folds] = {T(1.5) * power(exponent(min_index)), T(1.5) * power(exponent(min_index - 1)),
                      T(1.5) * power(exponent(min_index - 2))};
  T special = 0;  // the IEEE sum of the NaN and infinite values added (0 where none)
  typename format::total total[folds] = {};
  int index = min_index;  // the top bin's place on the ladder
  int count = 0;          // additions to the primaries since their offsets last moved into the totals

  __host__ __device__ static bool scaled(int m) { return exponent(m) > format::most_unscaled; }
  // Bin k's anchor exponent as held (scaled where the window is).
  __host__ __device__ int held_exponent(int k) const {
    return exponent(index - k) - (scaled(index) ? format::scale : 0);
  }
  // Values below the limit in magnitude go into the window as it is; none where the window is scaled.
  __host__ __device__ T limit() const {
    return scaled(index) ? T(0) : detail::pow2<T>(exponent(index) - format::p + format::W);
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

  // Adds x whose magnitude is below the limit: its slices into the three primaries.
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

  // Moves every primary's offset into its bin's total: the primaries back at their anchors.
  __host__ __device__ void flush() {
#pragma unroll
    for (int k = 0; k < folds; ++k)
      total[k].add(detail::offset_units(primary[k])), primary[k] = detail::at_anchor(primary[k]);
    count = 0;
  }

  // Moves the window up to index m: bins keep their place on the ladder (their totals, in their own units, move to
  // their new slots), those below the new window are dropped, new ones start empty.
  __host__ __device__ void raise(int m) {
    if (m <= index) return;
    const int shift = m - index;
    typename format::total kept[folds];
#pragma unroll
    for (int k = 0; k < folds; ++k) {  // bin j moves to slot k = j + shift (compile-time slots: registers)
#pragma unroll
      for (int j = 0; j <= k; ++j)
        if (k - j == shift) kept[k] = total[j], kept[k].add(detail::offset_units(primary[j]));
    }
    index = m;
#pragma unroll
    for (int k = 0; k < folds; ++k) total[k] = kept[k], primary[k] = detail::anchor<T>(held_exponent(k));
    count = 0;
  }

  // One value of any magnitude: NaN and infinities apart; a value at or above the limit raises the window first.
  __host__ __device__ void add(T x) {
    if (count >= format::capacity) flush();
    if (cuda::std::fabs(x) < limit()) {
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
  // N values, one test of the count and of their magnitudes for all of them; where one is not below the limit, the
  // window is raised once for the largest of them (make_room) and all are deposited as below it: the same slices as
  // adding them one at a time, with one copy of the deposits.
  template <int N>
  __host__ __device__ __forceinline__ void add(const T (&values)[N]) {
    static_assert(N <= format::capacity, "reduce: binned<T>::add takes fewer values at once");
    T x[N];
#pragma unroll
    for (int k = 0; k < N; ++k) x[k] = values[k];
    if (count > format::capacity - N) flush();
    const T bound = limit();
    bool inside = true;
#pragma unroll
    for (int k = 0; k < N; ++k) inside = inside & (cuda::std::fabs(x[k]) < bound);  // no branch a value
    if (!inside) make_room(x);
    count += N;
#pragma unroll
    for (int k = 0; k < N; ++k) deposit(x[k]);
  }
  // Raises the window for the largest finite magnitude of x, sums the NaN and infinities apart (leaving 0 in their
  // place), and scales x where the window is (exact wherever a slice is not 0).
  template <int N>
  __host__ __device__ void make_room(T (&x)[N]) {
    T largest = 0;
#pragma unroll
    for (int k = 0; k < N; ++k)
      if (cuda::std::isfinite(x[k])) largest = cuda::std::fmax(largest, cuda::std::fabs(x[k]));
    raise(index_of(largest));
    const T factor = scaled(index) ? detail::pow2<T>(-format::scale) : T(1);
#pragma unroll
    for (int k = 0; k < N; ++k) {
      if (!cuda::std::isfinite(x[k])) special = detail::add_rn(special, x[k]), x[k] = T(0);
      x[k] = detail::mul_rn(x[k], factor);
    }
  }

  // Two accumulators: aligned to the higher window, then b's bins (its totals and its primaries' offsets) added into
  // a's totals, integers: exact, in any grouping. a's primaries, and its count, are untouched.
  __host__ __device__ friend binned operator+(binned a, binned b) {
    if (a.index != b.index) {
      const int m = a.index > b.index ? a.index : b.index;
      a.raise(m);
      b.raise(m);
    }
#pragma unroll
    for (int k = 0; k < folds; ++k) a.total[k].add(b.total[k]), a.total[k].add(detail::offset_units(b.primary[k]));
    a.special = detail::add_rn(a.special, b.special);
    return a;
  }

  // The sum, rounded once from the bins' exact totals (up to the compensated sum's last rounding in double).
  __host__ __device__ T value() const {
    if (cuda::std::isnan(special)) return cuda::std::numeric_limits<T>::quiet_NaN();
    if (special != T(0)) return special;
    double s = 0, e = 0;
#pragma unroll
    for (int k = folds - 1; k >= 0; --k) {
      typename format::total t = total[k];
      t.add(detail::offset_units(primary[k]));
      const int unit = held_exponent(k) - format::p + 1;  // the bin's unit is 2^unit, as held
      // Both terms exact in double: a 32-bit integer, and the high part (below 2^31 for float; below 2^53 for double
      // up to 2^46 values of the largest slice).
      const double terms[2] = {cuda::std::ldexp(double(t.low()), unit), cuda::std::ldexp(double(t.high()), unit + 32)};
      for (double x : terms) {  // TwoSum (Knuth): s + e gains x with its rounding error kept
        const double r = s + x, xx = r - s;
        e += (s - (r - xx)) + (x - xx);
        s = r;
      }
    }
    const double total_sum = s + e;
    return scaled(index) ? T(total_sum) * detail::pow2<T>(format::scale) : T(total_sum);
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
