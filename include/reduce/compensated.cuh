// Compensated summation as an accumulator type: reduce::compensated<float> / <double> carries a running sum and the
// rounding error it has shed (Kahan-Babuska / Neumaier). Use it as the output type with the ordinary reduce::sum:
//
//   reduce::compensated<float>* d_out = ...;
//   reduce::device_reduce<Cfg>({d_temp, bytes}, d_floats, d_out, n);   // op sum; any non-atomic Grid policy
//   float total = reduce::compensated_sum<Cfg>(d_floats, n);        // convenience: the rounded value
//
// Every combination (an element into a partial, two partials) is TwoSum: hi = fl(a.hi + b.hi) and its exact error
// e = (a.hi + b.hi) - hi; the errors are summed in lo. The result hi + lo is then accurate to about 2u|s| +
// O(n u^2) sum|x| instead of the plain sum's (n - 1) u sum|x| (u = eps / 2): docs/extensions.md.
#pragma once
#include <cmath>
#include <string>
#include <type_traits>

#include "detail/rounded.cuh"
#include "device_reduce.cuh"
#include "to_host.cuh"

#if defined(__FAST_MATH__) && !defined(__CUDA_ARCH__)
#warning "reduce/compensated.cuh: host code built with -ffast-math may reassociate the compensation away"
#endif

namespace reduce {

template <class T>
struct compensated;
namespace detail {
template <class T>
struct value_type_of<compensated<T>> {
  using type = T;
};
}  // namespace detail

template <class T>
struct alignas(2 * sizeof(T)) compensated {  // aligned to its size: a later pass reads partials as 16-byte vectors
  static_assert(std::is_same_v<T, float> || std::is_same_v<T, double>,
                "reduce: compensated<T> needs T = float or double; for narrow inputs use compensated<float> as the "
                "accumulator (each element is converted to float first)");
  T hi = 0;  // the running sum, rounded
  T lo = 0;  // the rounding errors shed so far (their sum, itself rounded)

  compensated() = default;
  __host__ __device__ compensated(T v) : hi(v), lo(0) {}  // an element, or the identity T(0)
  __host__ __device__ compensated(T h, T l) : hi(h), lo(l) {}

  // The sum, rounded once. An infinite or NaN running sum is returned as it is (its TwoSum error is NaN).
  __host__ __device__ T value() const {
#ifdef __CUDA_ARCH__
    return isfinite(hi) ? detail::add_rn(hi, lo) : hi;
#else
    return std::isfinite(hi) ? detail::add_rn(hi, lo) : hi;
#endif
  }
  __host__ __device__ explicit operator T() const { return value(); }

  // TwoSum of the running sums (exact error, no branch on magnitudes), then the two compensations and that error.
  __host__ __device__ friend compensated operator+(const compensated& a, const compensated& b) {
    const T s = detail::add_rn(a.hi, b.hi);
    const T b_part = detail::sub_rn(s, a.hi);
    const T a_part = detail::sub_rn(s, b_part);
    const T e = detail::add_rn(detail::sub_rn(a.hi, a_part), detail::sub_rn(b.hi, b_part));
    return {s, detail::add_rn(detail::add_rn(a.lo, b.lo), e)};
  }

  static std::string name() { return "compensated<" + type_name<T>() + ">"; }
};

template <class T>
struct is_compensated : std::false_type {};
template <class T>
struct is_compensated<compensated<T>> : std::true_type {};

// The compensated sum of d_in[0, n) as a T-precision value (Acc: compensated<float> for float and narrow inputs,
// compensated<double> for double). Throws reduce::error like reduce().
template <class Cfg = default_config, class T,
          class Acc = compensated<std::conditional_t<std::is_same_v<T, double>, double, float>>>
auto compensated_sum(const T* d_in, std::uint64_t n, cudaStream_t stream = 0) {
  static_assert(is_compensated<Acc>::value, "reduce: compensated_sum's accumulator must be a reduce::compensated<F>");
  return reduce<Cfg, Acc>(d_in, n, sum{}, stream).value();
}

}  // namespace reduce
