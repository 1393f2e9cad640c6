// Floating-point additions rounded exactly as written, for the accumulators whose error analysis counts every
// rounding (compensated.cuh, binned.cuh). On the device the _rn intrinsics are never contracted into an FMA nor
// reassociated, whatever the flags (--use_fast_math included). On the host, plain IEEE arithmetic: host code built
// with -ffast-math may reassociate them (each accumulator's header warns).
#pragma once
#include <cuda/std/type_traits>

namespace reduce::detail {

template <class T>
__host__ __device__ __forceinline__ T add_rn(T a, T b) {
#ifdef __CUDA_ARCH__
  if constexpr (cuda::std::is_same_v<T, float>)
    return __fadd_rn(a, b);
  else
    return __dadd_rn(a, b);
#else
  return a + b;
#endif
}
// a - b rounded once: negation is exact, so this is a - b in IEEE arithmetic.
template <class T>
__host__ __device__ __forceinline__ T sub_rn(T a, T b) {
  return add_rn(a, -b);
}
// a * b rounded once (never contracted with an addition).
template <class T>
__host__ __device__ __forceinline__ T mul_rn(T a, T b) {
#ifdef __CUDA_ARCH__
  if constexpr (cuda::std::is_same_v<T, float>)
    return __fmul_rn(a, b);
  else
    return __dmul_rn(a, b);
#else
  return a * b;
#endif
}

}  // namespace reduce::detail
