// The sweep's host references: a call's ops and transforms as the host applies them, one segment's expected result,
// and the comparison (bit for bit, or a floating sum within the rounding bound of any order of its additions).
#pragma once
#include <reduce/argminmax.cuh>
#include <reduce/ops.cuh>

#include "values.cuh"

namespace sweep {

// An op as a call passes it (custom ops with their identity) and its label.
template <class Op>
struct op_of {
  static Op make() { return Op{}; }
  static std::string label() { return Op::name(); }
};
template <class F, class T>
struct op_of<reduce::custom<F, T>> {
  static reduce::custom<F, T> make() {
    T id{};
    if constexpr (std::is_same_v<F, pack_max>)
      for (auto& c : id.v) c = std::numeric_limits<std::remove_reference_t<decltype(c)>>::lowest();
    return reduce::make_op(F{}, id);
  }
  static std::string label() {
    return std::is_same_v<F, pack_add> ? "add" : std::is_same_v<F, pack_max> ? "max" : "max_magnitude";
  }
};

// Whether a call sums floating values (checked within a bound; every other call is exact: integers wrap in the
// accumulator's type on the host as on the device, min, max and argmin pick an element).
template <class Op>
inline constexpr bool is_sum_op = std::is_same_v<Op, reduce::sum>;
template <class T>
inline constexpr bool is_sum_op<reduce::custom<pack_add, T>> = true;
template <class Acc, class Op>
inline constexpr bool floating_sum = parts<Acc>::floating&& is_sum_op<Op>;

// The transform as the host applies it: no transform converts the element to the accumulator.
template <class Acc, class Tr, class T>
Acc host_transform(const Tr& tr, const T& x, std::uint64_t i) {
  if constexpr (std::is_same_v<Tr, reduce::detail::no_transform>) {
    if constexpr (std::is_same_v<T, __half>)
      return Acc(__half2float(x));
    else if constexpr (std::is_same_v<T, __nv_bfloat16>)
      return Acc(__bfloat162float(x));
    else
      return Acc(x);
  } else {
    return Acc(tr(x, i));
  }
}

// What differs between a device result and the host's for the segment x[first + k * stride], k < length ("" if
// nothing). Exact calls fold the op in element order in Acc and compare the bits of every component. Floating sums
// compare each component with the exact sum (long double) within gamma * sum |x|, gamma = k u / (1 - k u) for
// k = length - 1 additions in a format of unit roundoff u: the bound on the rounding error of any order of the
// additions, which every Grid and Map meets. It grows with the length, so a long random sum checks little: exact_sum
// says the data are integers whose every partial sum is exact in Acc, and then the sum must equal the exact sum bit for
// bit.
template <class Acc, class T, class Op, class Tr>
std::string compare(const Acc& got, const T* x, std::uint64_t first, std::uint64_t length, std::uint64_t stride, Op op,
                    Tr tr, bool exact_sum = false) {
  using P = parts<Acc>;
  if constexpr (floating_sum<Acc, Op>) {
    long double sum[P::count] = {}, abs[P::count] = {};
    for (std::uint64_t k = 0; k < length; ++k) {
      const Acc v = host_transform<Acc>(tr, x[first + k * stride], k);
      for (int c = 0; c < P::count; ++c) sum[c] += P::value(v, c), abs[c] += std::fabs(P::value(v, c));
    }
    const long double u = P::unit_roundoff();
    for (int c = 0; c < P::count; ++c) {
      const long double ku = (length > 1 ? length - 1 : 0) * u;
      const long double tol = exact_sum ? 0 : ku < 1 ? ku / (1 - ku) * abs[c] : HUGE_VALL;
      const long double g = P::value(got, c);
      if (!(std::fabs(g - sum[c]) <= tol)) {
        std::ostringstream o;
        o.precision(17);
        o << "component " << c << ": got " << double(g) << ", exact " << double(sum[c]) << ", bound " << double(tol);
        return o.str();
      }
    }
  } else {
    Acc want = op.template identity<Acc>();
    for (std::uint64_t k = 0; k < length; ++k) want = op(want, host_transform<Acc>(tr, x[first + k * stride], k));
    for (int c = 0; c < P::count; ++c)
      if (P::bits(got, c) != P::bits(want, c)) return "got " + show(got) + ", want " + show(want);
  }
  return {};
}

}  // namespace sweep
