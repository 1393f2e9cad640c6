// The differential sweep's element types and what the host knows of them: how to draw random values, how to compare
// a device result with the host's (bit for bit, or a floating sum within its rounding bound), and how to print one.
//
// Besides the arithmetic types, half and bfloat16, the sweep reduces small structs of floats or integers, pack<C, N, A>
// (N components of C, aligned to A): pack<float, 2> is 8 bytes at 4-byte alignment and may start at 4 mod 16, the
// case that once issued a 16-byte load at an address that is not 16-byte aligned; pack<float, 2, 8> is the same
// bytes at their own alignment (read as vectors); pack<float, 3> is 12 bytes (never a vector); pack<unsigned char, 2>
// is 2 bytes at 1-byte alignment (odd addresses).
#pragma once
#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <reduce/argminmax.cuh>
#include <sstream>
#include <string>
#include <type_traits>

namespace sweep {

// splitmix64: every case's parameters and data come from one 64-bit seed.
struct rng {
  std::uint64_t s;
  std::uint64_t next() {
    std::uint64_t z = (s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  std::uint64_t below(std::uint64_t n) { return n ? next() % n : 0; }  // [0, n)
  bool chance(unsigned percent) { return below(100) < percent; }
  double unit() { return double(next() >> 11) / double(1ull << 53); }  // [0, 1)
};

template <class C, int N, std::size_t A = alignof(C)>
struct alignas(A) pack {
  C v[N];
};

// Componentwise ops on packs, as a user writes them for make_op: an associative, commutative functor.
struct pack_add {
  template <class C, int N, std::size_t A>
  __host__ __device__ pack<C, N, A> operator()(const pack<C, N, A>& a, const pack<C, N, A>& b) const {
    pack<C, N, A> r;
    for (int i = 0; i < N; ++i) r.v[i] = C(a.v[i] + b.v[i]);  // unsigned components wrap
    return r;
  }
};
struct pack_max {
  template <class C, int N, std::size_t A>
  __host__ __device__ pack<C, N, A> operator()(const pack<C, N, A>& a, const pack<C, N, A>& b) const {
    pack<C, N, A> r;
    for (int i = 0; i < N; ++i) r.v[i] = a.v[i] < b.v[i] ? b.v[i] : a.v[i];
    return r;
  }
};
// A user's op over an integer type: the larger magnitude, the larger value on a tie (a total order: associative and
// commutative). Magnitudes are taken in the unsigned type, where the lowest value has one too.
struct max_magnitude {
  template <class T>
  __host__ __device__ T operator()(T a, T b) const {
    using U = std::make_unsigned_t<T>;
    const U ma = a < 0 ? U(0) - U(a) : U(a), mb = b < 0 ? U(0) - U(b) : U(b);
    return ma < mb || (ma == mb && a < b) ? b : a;
  }
};

template <class T>
struct is_pack : std::false_type {};
template <class C, int N, std::size_t A>
struct is_pack<pack<C, N, A>> : std::true_type {};

// ---- components: a value as the host checks it -----------------------------------------------------------------

// The number of components of a value and component i as long double (for the floating sums' bound) or as its bits.
template <class T>
struct parts {
  static constexpr int count = 1;
  static long double value(const T& x, int) {
    if constexpr (std::is_same_v<T, __half>)
      return __half2float(x);
    else if constexpr (std::is_same_v<T, __nv_bfloat16>)
      return __bfloat162float(x);
    else
      return static_cast<long double>(x);
  }
  static std::uint64_t bits(const T& x, int) {
    std::uint64_t b = 0;
    std::memcpy(&b, &x, sizeof(T));
    return b;
  }
  static constexpr bool floating =
      std::is_floating_point_v<T> || std::is_same_v<T, __half> || std::is_same_v<T, __nv_bfloat16>;
  static constexpr long double unit_roundoff() {
    if constexpr (std::is_same_v<T, __half>) return 1.0L / 2048;        // 11 significant bits
    if constexpr (std::is_same_v<T, __nv_bfloat16>) return 1.0L / 256;  // 8
    if constexpr (std::is_floating_point_v<T>) return std::numeric_limits<T>::epsilon() / 2;
    return 0;
  }
  // Significant bits of a floating type: every integer of up to that many bits is exact in it.
  static constexpr int digits = std::is_same_v<T, __half>          ? 11
                                : std::is_same_v<T, __nv_bfloat16> ? 8
                                : std::is_floating_point_v<T>      ? std::numeric_limits<T>::digits
                                                                   : 0;
};
template <class C, int N, std::size_t A>
struct parts<pack<C, N, A>> {
  static constexpr int count = N;
  static long double value(const pack<C, N, A>& x, int i) { return parts<C>::value(x.v[i], 0); }
  static std::uint64_t bits(const pack<C, N, A>& x, int i) { return parts<C>::bits(x.v[i], 0); }
  static constexpr bool floating = parts<C>::floating;
  static constexpr long double unit_roundoff() { return parts<C>::unit_roundoff(); }
  static constexpr int digits = parts<C>::digits;
};
template <class T>
struct parts<reduce::indexed<T>> {  // the index, then the value: both exact
  static constexpr int count = 2;
  static long double value(const reduce::indexed<T>& x, int i) {
    return i == 0 ? static_cast<long double>(x.index) : parts<T>::value(x.value, 0);
  }
  static std::uint64_t bits(const reduce::indexed<T>& x, int i) {
    return i == 0 ? x.index : parts<T>::bits(x.value, 0);
  }
  static constexpr bool floating = false;
  static constexpr long double unit_roundoff() { return 0; }
  static constexpr int digits = 0;
};

template <class T>
std::string show(const T& x) {
  std::ostringstream o;
  o.precision(10);
  if (parts<T>::count > 1) o << "{";
  for (int i = 0; i < parts<T>::count; ++i) o << (i ? ", " : "") << parts<T>::value(x, i);
  if (parts<T>::count > 1) o << "}";
  return o.str();
}

// ---- random values ---------------------------------------------------------------------------------------------

// Floating values over many binades, both signs (sums cancel and carry), and for min and max also signed zeros and
// infinities (their ordering is part of the ops' contract). Integers: every bit random (sums and products wrap in
// the accumulator's type, on the host as on the device). Never all zeros.
template <class T>
T draw(rng& r, bool specials) {
  if constexpr (is_pack<T>::value) {
    T x;
    for (auto& c : x.v) c = draw<std::remove_reference_t<decltype(c)>>(r, specials);
    return x;
  } else if constexpr (std::is_same_v<T, __half> || std::is_same_v<T, __nv_bfloat16>) {
    const float f = float(draw<float>(r, specials)) / 1024.0f;  // within half's range
    if constexpr (std::is_same_v<T, __half>)
      return __float2half_rn(f);
    else
      return __float2bfloat16_rn(f);
  } else if constexpr (std::is_floating_point_v<T>) {
    if (specials && r.chance(3)) {
      const T s[] = {T(0.0), T(-0.0), std::numeric_limits<T>::infinity(), -std::numeric_limits<T>::infinity()};
      return s[r.below(4)];
    }
    const double m = 1.0 + r.unit();
    const int e = int(r.below(24)) - 12;
    return T((r.chance(50) ? -m : m) * std::ldexp(1.0, e));
  } else {
    return T(r.next());
  }
}

// An integer in [-m, m] as a floating T (m within T's exact integers), each component of a pack its own.
template <class T>
T draw_integer(rng& r, std::uint64_t m) {
  if constexpr (is_pack<T>::value) {
    T x;
    for (auto& c : x.v) c = draw_integer<std::remove_reference_t<decltype(c)>>(r, m);
    return x;
  } else {
    const float v = float(std::int64_t(r.below(2 * m + 1)) - std::int64_t(m));
    if constexpr (std::is_same_v<T, __half>)
      return __float2half_rn(v);
    else if constexpr (std::is_same_v<T, __nv_bfloat16>)
      return __float2bfloat16_rn(v);
    else
      return T(v);
  }
}

}  // namespace sweep
