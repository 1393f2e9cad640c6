// Narrow input types and the accumulator the convenience API picks for each element type; and which conversions of
// an element to the accumulator can change its value (is_narrowing_v).
//
// Any input type works with every Load policy at any address legal for it: a vector Load reads 16-byte vectors (8
// halves or 16 bytes) where the size divides 16 bytes and equals the alignment (detail/vector.cuh), other elements
// one by one; the accumulator is always the output's type, chosen by the caller. The convenience functions (reduce(),
// the named reductions) take default_accumulator_t<T> when no accumulator is given: a type wide enough that a sum of
// a few million elements neither overflows nor loses the input's precision.
#pragma once
#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include <cstdint>
#include <limits>
#include <string>
#include <type_traits>

namespace reduce {

// __half and __nv_bfloat16: float (their 11 and 8 significant bits would be lost in a 16-bit running sum).
// 8- and 16-bit integers: int32, or uint32 when unsigned (a sum of 2^24 bytes fits). Every other type: itself.
template <class T, class = void>
struct default_accumulator {
  using type = T;
};
template <class T>
struct default_accumulator<T, std::enable_if_t<std::is_same_v<T, __half> || std::is_same_v<T, __nv_bfloat16>>> {
  using type = float;
};
template <class T>
struct default_accumulator<T, std::enable_if_t<std::is_integral_v<T> && !std::is_same_v<T, bool> && sizeof(T) < 4>> {
  using type = std::conditional_t<std::is_signed_v<T>, std::int32_t, std::uint32_t>;
};
template <class T>
using default_accumulator_t = typename default_accumulator<T>::type;

namespace detail {
// The value type an accumulator carries: the accumulator itself, or T for the wrappers indexed<T>, extrema<T> and
// compensated<T> (each specializes this next to its definition).
template <class Acc>
struct value_type_of {
  using type = Acc;
};
template <class Acc>
using value_type_of_t = typename value_type_of<Acc>::type;
// Accumulators that take a thread's elements one at a time (binned<T> specializes this): its walk adds each element,
// as value_type_of_t<Acc>, into its accumulator (acc.add(values)) instead of making each an accumulator and combining
// pairs. Only for accumulators whose result does not depend on the order of their elements.
template <class Acc>
struct takes_elements : std::false_type {};
}  // namespace detail

// A short name of an element or accumulator type, for test and bench labels ("half", "bf16", "int8", ...).
template <class T>
std::string type_name() {
  if constexpr (std::is_same_v<T, __half>) {
    return "half";
  } else if constexpr (std::is_same_v<T, __nv_bfloat16>) {
    return "bf16";
  } else if constexpr (std::is_same_v<T, float>) {
    return "float";
  } else if constexpr (std::is_same_v<T, double>) {
    return "double";
  } else if constexpr (std::is_integral_v<T>) {
    return std::string(std::is_signed_v<T> ? "int" : "uint") + std::to_string(8 * sizeof(T));
  } else {
    return T::name();  // the library's own accumulator types name themselves
  }
}

namespace detail {

// Converts an element to a type in which it compares and computes: half and bfloat16 go through float (exact; the
// conversions exist on every architecture, arithmetic on them does not), everything else is returned as it is.
template <class T>
__host__ __device__ __forceinline__ auto widen(const T& x) {
  if constexpr (std::is_same_v<T, __half>) {
    return __half2float(x);
  } else if constexpr (std::is_same_v<T, __nv_bfloat16>) {
    return __bfloat162float(x);
  } else {
    return x;
  }
}

template <class T>
inline constexpr bool is_narrow_float_v = std::is_same_v<T, __half> || std::is_same_v<T, __nv_bfloat16>;

// The format of a number type, as far as the conversion check below needs it: arithmetic types and the two 16-bit
// floating types (digits: significant bits, without the sign; max_exponent as in std::numeric_limits).
template <class T, class = void>
struct number_format {
  static constexpr bool known = false;
};
template <class T>
struct number_format<T, std::enable_if_t<std::is_arithmetic_v<T>>> {
  static constexpr bool known = true, floating = std::is_floating_point_v<T>, is_signed = std::is_signed_v<T>;
  static constexpr int digits = std::numeric_limits<T>::digits, max_exponent = std::numeric_limits<T>::max_exponent;
};
template <int Digits, int MaxExponent>
struct float_format {
  static constexpr bool known = true, floating = true, is_signed = true;
  static constexpr int digits = Digits, max_exponent = MaxExponent;
};
template <>
struct number_format<__half> : float_format<11, 16> {};
template <>
struct number_format<__nv_bfloat16> : float_format<8, 128> {};

// Whether converting a From to a To can change a value: the lossy conversions that the plain path (no transform)
// refuses, so that 0.5f + 0.5f never sums to 0 in an int. It is C++'s narrowing rule for list-initialisation (a
// floating value into an integer, a floating type into one of less precision or range, an integer into one that
// lacks some of its values, signed into unsigned), read on the types' actual formats, with one difference: C++ calls
// every integer-to-floating conversion narrowing, whereas here one is lossy only where the integer has more
// significant bits than the floating type's significand. So int32 into float (24 bits) is refused, because not every
// integer above 2^24 is a float (16777217 becomes 16777216) before any addition; int32 into double and int16 into
// float are exact and allowed. Other types (the library's accumulator wrappers, a user's types) are not numbers here:
// for compensated<F> the entry path checks the conversion to F.
template <class From, class To>
constexpr bool narrowing() {
  using f = number_format<From>;
  using t = number_format<To>;
  if constexpr (!f::known || !t::known) {
    return false;
  } else if constexpr (f::floating) {
    return !t::floating || f::digits > t::digits || f::max_exponent > t::max_exponent;
  } else if constexpr (t::floating) {
    return f::digits > t::digits;
  } else {
    return (f::is_signed && !t::is_signed) || f::digits > t::digits;
  }
}
template <class From, class To>
inline constexpr bool is_narrowing_v = narrowing<From, To>();

}  // namespace detail

}  // namespace reduce
