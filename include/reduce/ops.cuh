// Reduction operators. Each is a functor with an identity; min and max propagate NaN and order -0.0 before +0.0. Ops
// run in the kernels: a user's op (make_op) must be device code, a functor struct with a __host__ __device__ operator()
// or a __host__ __device__ lambda compiled with nvcc --extended-lambda (custom, below, refuses a plain lambda).
#pragma once
#include <cuda/std/cmath>
#include <cuda/std/limits>
#include <cuda/std/type_traits>
#include <string>

#include "types.cuh"

namespace reduce {

namespace detail {
// Signed integers of int's width or wider add and multiply through their unsigned type: the result wraps modulo 2^k,
// the same bits as two's complement hardware gives, where signed overflow would be undefined behaviour in C++.
template <class T>
inline constexpr bool wraps_through_unsigned = cuda::std::is_integral_v<T>&& cuda::std::is_signed_v<T> &&
                                               sizeof(T) >= sizeof(int);
}  // namespace detail

struct sum {
  template <class T>
  __host__ __device__ T operator()(T a, T b) const {
    if constexpr (detail::wraps_through_unsigned<T>) {
      using U = cuda::std::make_unsigned_t<T>;
      return T(U(a) + U(b));
    } else {
      return a + b;
    }
  }
  template <class T>
  __host__ __device__ T identity() const {
    return T(0);
  }
  static std::string name() { return "sum"; }
};

struct product {
  template <class T>
  __host__ __device__ T operator()(T a, T b) const {
    if constexpr (detail::wraps_through_unsigned<T>) {
      using U = cuda::std::make_unsigned_t<T>;
      return T(U(a) * U(b));
    } else {
      return a * b;
    }
  }
  template <class T>
  __host__ __device__ T identity() const {
    return T(1);
  }
  static std::string name() { return "product"; }
};

namespace detail {
// Floating types, the 16-bit ones included: they have NaN, infinities and two zeros.
template <class T>
inline constexpr bool is_floating_like_v = cuda::std::is_floating_point_v<T> || is_narrow_float_v<T>;
template <class T>
__host__ __device__ __forceinline__ bool is_nan(T x) {
  if constexpr (is_floating_like_v<T>) {
    const auto w = widen(x);
    return w != w;
  }
  return false;
}
// a < b, half and bfloat16 compared through float (exact).
template <class T>
__host__ __device__ __forceinline__ bool less(T a, T b) {
  return widen(a) < widen(b);
}
template <class T>
__host__ __device__ __forceinline__ bool sign_bit(T x) {
  return cuda::std::signbit(widen(x));
}
// The ordering min and max follow: NaN first (propagates), then -0.0 before +0.0 among equal values (IEEE 754-2019's
// minimum and maximum), so that each op is commutative and associative (bit for bit, but for which NaN a result of
// NaN is: its payload is not specified) and the sign of a zero result does not depend on the order in which blocks
// combine. Equal values of a floating type differ in bits only as -0.0 / +0.0.
template <bool Max, class T>
__host__ __device__ __forceinline__ T pick_extreme(T a, T b) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  if constexpr (cuda::std::is_same_v<T, float>) {  // one instruction: NaN in, NaN out; -0.0 below +0.0
    float r;
    if constexpr (Max)
      asm("max.NaN.f32 %0, %1, %2;" : "=f"(r) : "f"(a), "f"(b));
    else
      asm("min.NaN.f32 %0, %1, %2;" : "=f"(r) : "f"(a), "f"(b));
    return r;
  }
#endif
  if (is_nan(a)) return a;
  if (is_nan(b)) return b;
  if (less(a, b)) return Max ? b : a;
  if (less(b, a)) return Max ? a : b;
  if constexpr (is_floating_like_v<T>) return sign_bit(a) == Max ? b : a;
  return a;
}
// The identity of min (Max = false) or max: the infinity of a floating type, else the type's max / lowest.
template <bool Max, class T>
__host__ __device__ T extreme_identity() {
  if constexpr (is_narrow_float_v<T>) {
    return T(Max ? -cuda::std::numeric_limits<float>::infinity() : cuda::std::numeric_limits<float>::infinity());
  } else if constexpr (cuda::std::numeric_limits<T>::has_infinity) {
    return Max ? -cuda::std::numeric_limits<T>::infinity() : cuda::std::numeric_limits<T>::infinity();
  } else {
    return Max ? cuda::std::numeric_limits<T>::lowest() : cuda::std::numeric_limits<T>::max();
  }
}
}  // namespace detail

// min(NaN, x) = NaN whatever the order, and min(-0.0, +0.0) = -0.0; the identity of a floating type is +inf, so min
// over all +inf is +inf. The same under every accumulator, half and bfloat16 included.
struct min {
  template <class T>
  __host__ __device__ T operator()(T a, T b) const {
    return detail::pick_extreme<false>(a, b);
  }
  template <class T>
  __host__ __device__ T identity() const {
    return detail::extreme_identity<false, T>();
  }
  static std::string name() { return "min"; }
};

// max(NaN, x) = NaN whatever the order, and max(-0.0, +0.0) = +0.0; the identity of a floating type is -inf.
struct max {
  template <class T>
  __host__ __device__ T operator()(T a, T b) const {
    return detail::pick_extreme<true>(a, b);
  }
  template <class T>
  __host__ __device__ T identity() const {
    return detail::extreme_identity<true, T>();
  }
  static std::string name() { return "max"; }
};

// Bitwise ops take integral accumulators only. The entry path checks that before any kernel is instantiated
// (detail/dispatch.cuh); the static_assert here speaks for a direct call, and neither member forms the bitwise
// expression for another type, so that the one message is the only error.
#define REDUCE_BITWISE_OP(NAME, EXPR, ID)                                                            \
  struct NAME {                                                                                      \
    template <class T>                                                                               \
    __host__ __device__ T operator()(T a, T b) const {                                               \
      static_assert(cuda::std::is_integral_v<T>, "reduce: " #NAME " needs an integral accumulator"); \
      if constexpr (cuda::std::is_integral_v<T>)                                                     \
        return EXPR;                                                                                 \
      else                                                                                           \
        return a;                                                                                    \
    }                                                                                                \
    template <class T>                                                                               \
    __host__ __device__ T identity() const {                                                         \
      if constexpr (cuda::std::is_integral_v<T>)                                                     \
        return ID;                                                                                   \
      else                                                                                           \
        return T{};                                                                                  \
    }                                                                                                \
    static std::string name() { return #NAME; }                                                      \
  };
REDUCE_BITWISE_OP(bit_and, a& b, T(~T(0)))
REDUCE_BITWISE_OP(bit_or, a | b, T(0))
REDUCE_BITWISE_OP(bit_xor, a ^ b, T(0))
#undef REDUCE_BITWISE_OP

namespace detail {
template <class Op>
inline constexpr bool is_bitwise_op_v =
    cuda::std::is_same_v<Op, bit_and> || cuda::std::is_same_v<Op, bit_or> || cuda::std::is_same_v<Op, bit_xor>;

// Whether F is the closure type of a plain lambda: one that nvcc does not mark as an extended __device__ or
// __host__ __device__ lambda (those need --extended-lambda). A plain lambda's operator() is host code, and nvcc
// refuses its type in a kernel's template arguments with an error per kernel; this lets the library say so once,
// with the fix. C++ has no trait for closure types, so this reads the type's name: nvcc's front end writes a closure
// type as "lambda [captures](params)->result" in __PRETTY_FUNCTION__, a name no declared class can have. Host
// compilers write closures otherwise, so the check speaks only in nvcc's own front-end passes, which come first;
// elsewhere (and with MSVC as the host compiler, which has no __PRETTY_FUNCTION__) it is false, and nvcc's own errors
// about the closure type remain.
template <class F>
constexpr bool names_a_closure() {
#if defined(__NVCC__) && !defined(_MSC_VER)
  constexpr const char* name = __PRETTY_FUNCTION__;
  constexpr const char key[] = "with F = lambda [";
  for (int i = 0; name[i]; ++i) {
    int j = 0;
    while (key[j] && name[i + j] == key[j]) ++j;
    if (!key[j]) return true;
  }
#endif
  return false;
}
template <class F>
constexpr bool is_plain_lambda() {
#if defined(__NVCC__)
  if constexpr (__nv_is_extended_device_lambda_closure_type(F) || __nv_is_extended_host_device_lambda_closure_type(F))
    return false;
#endif
  return names_a_closure<F>();
}
}  // namespace detail

// A user's associative, commutative functor F(T, T) -> T with its identity element. F runs in the kernels, so its
// operator() must be device code: a functor struct with a __host__ __device__ operator(), or a __host__ __device__
// lambda compiled with nvcc --extended-lambda. A plain lambda is refused here with that message (the check:
// detail::is_plain_lambda); so is a plain lambda made inside a __host__ __device__ function, which would run on the
// device but has a type nvcc names like any other plain lambda's: wrap it in a functor struct.
template <class F, class T>
struct custom {
  static_assert(!detail::is_plain_lambda<F>(),
                "reduce: make_op was given a plain lambda, whose operator() is host code and cannot run in a kernel: "
                "write it as a __host__ __device__ lambda ([] __host__ __device__ (T a, T b) { ... }) and compile with "
                "nvcc --extended-lambda, or pass a functor struct with a __host__ __device__ operator()");
  F f;
  T id;
  template <class U>
  __host__ __device__ U operator()(U a, U b) const {
    return f(a, b);
  }
  template <class U>
  __host__ __device__ U identity() const {
    return U(id);
  }
  static std::string name() { return "custom"; }
};
template <class F, class T>
custom<F, T> make_op(F f, T identity) {
  return {f, identity};
}

// An op with an initial value: the reduction is op(init, x[0], ..., x[n-1]) in some order of combining, init taken
// exactly once (as CUB's Reduce and thrust::reduce take it), and init alone for n = 0. The op needs no identity
// (any associative functor: cuda::std::plus<>, a user's struct; detail/library_ops.cuh). init is converted to the
// accumulator. One-array calls take it in the op's place:
//   reduce::device_reduce({d_temp, bytes}, d_in, d_out, n, reduce::with_init(reduce::max{}, 0.f), stream);
template <class Op, class V>
struct seeded {
  Op op;
  V init;
};
template <class Op, class V>
seeded<Op, V> with_init(Op op, V init) {
  return {op, init};
}

namespace detail {
template <class Op>
struct is_custom_op : cuda::std::false_type {};
template <class Op>
inline constexpr bool is_seeded_v = false;
template <class Op, class V>
inline constexpr bool is_seeded_v<seeded<Op, V>> = true;
template <class F, class T>
struct is_custom_op<custom<F, T>> : cuda::std::true_type {};

// Whether a functor (an op or a transform) can be used in a kernel, as far as the library can tell: not a plain
// lambda, nor a custom op made of one. The entry path instantiates no kernel for one that cannot, so that the
// message above (or the entry path's, for a transform) is the only error.
template <class F>
inline constexpr bool runs_on_device_v = !is_plain_lambda<F>();
template <class F, class T>
inline constexpr bool runs_on_device_v<custom<F, T>> = !is_plain_lambda<F>();
}  // namespace detail

}  // namespace reduce
