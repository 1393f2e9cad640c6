// Reduction operators. Each is a functor with an identity; min and max propagate NaN.
#pragma once
#include <cuda/std/limits>
#include <cuda/std/type_traits>
#include <string>

namespace reduce {

struct sum {
  template <class T>
  __host__ __device__ T operator()(T a, T b) const {
    return a + b;
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
    return a * b;
  }
  template <class T>
  __host__ __device__ T identity() const {
    return T(1);
  }
  static std::string name() { return "product"; }
};

namespace detail {
template <class T>
__host__ __device__ bool is_nan(T x) {
  if constexpr (cuda::std::is_floating_point_v<T>) return x != x;
  return false;
}
}  // namespace detail

// min(NaN, x) = NaN whatever the order; the identity of a floating type is +inf, so min over all +inf is +inf.
struct min {
  template <class T>
  __host__ __device__ T operator()(T a, T b) const {
    return detail::is_nan(a) ? a : (b < a || detail::is_nan(b)) ? b : a;
  }
  template <class T>
  __host__ __device__ T identity() const {
    if constexpr (cuda::std::numeric_limits<T>::has_infinity) return cuda::std::numeric_limits<T>::infinity();
    return cuda::std::numeric_limits<T>::max();
  }
  static std::string name() { return "min"; }
};

struct max {
  template <class T>
  __host__ __device__ T operator()(T a, T b) const {
    return detail::is_nan(a) ? a : (a < b || detail::is_nan(b)) ? b : a;
  }
  template <class T>
  __host__ __device__ T identity() const {
    if constexpr (cuda::std::numeric_limits<T>::has_infinity) return -cuda::std::numeric_limits<T>::infinity();
    return cuda::std::numeric_limits<T>::lowest();
  }
  static std::string name() { return "max"; }
};

#define REDUCE_BITWISE_OP(NAME, EXPR, ID)                                                            \
  struct NAME {                                                                                      \
    template <class T>                                                                               \
    __host__ __device__ T operator()(T a, T b) const {                                               \
      static_assert(cuda::std::is_integral_v<T>, "reduce: " #NAME " needs an integral accumulator"); \
      return EXPR;                                                                                   \
    }                                                                                                \
    template <class T>                                                                               \
    __host__ __device__ T identity() const {                                                         \
      return ID;                                                                                     \
    }                                                                                                \
    static std::string name() { return #NAME; }                                                      \
  };
REDUCE_BITWISE_OP(bit_and, a& b, T(~T(0)))
REDUCE_BITWISE_OP(bit_or, a | b, T(0))
REDUCE_BITWISE_OP(bit_xor, a ^ b, T(0))
#undef REDUCE_BITWISE_OP

// A user's associative, commutative functor F(T, T) -> T with its identity element.
template <class F, class T>
struct custom {
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

}  // namespace reduce
