// The load transform: what each input element becomes before it is folded. no_transform converts it to the
// accumulator, where no value can change (the entry path refuses a lossy conversion before any kernel is built:
// dispatch.cuh's call_types; reduce::convert_to<Acc> converts on purpose); a user functor is called as f(x) or, when
// it takes two arguments, f(x, i) with i the element's index in the input (std::uint64_t), and its result is
// converted to the accumulator as the caller chose it.
#pragma once
#include <cstdint>
#include <cuda/std/type_traits>

#include "../types.cuh"

namespace reduce::detail {

struct no_transform {};

template <class Acc, class F, class T>
__device__ __forceinline__ Acc transformed(const F& f, const T& x, std::uint64_t i) {
  if constexpr (cuda::std::is_same_v<F, no_transform>) {
    return Acc(x);
  } else if constexpr (cuda::std::is_invocable_v<const F&, const T&, std::uint64_t>) {
    return Acc(f(x, i));
  } else {
    static_assert(cuda::std::is_invocable_v<const F&, const T&>,
                  "reduce: a transform must be callable as f(x) or f(x, index) with x an input element, on the device "
                  "(a functor with a __device__ operator(), or a __device__ lambda with nvcc --extended-lambda)");
    return Acc(f(x));
  }
}

// N consecutive elements (the first at index `first`) transformed to V, the value type of an accumulator that takes
// elements (takes_elements<Acc>), into out[0, N).
template <class V, class F, class T, class I, int N>
__device__ __forceinline__ void transformed_elements(const T (&x)[N], I first, const F& f, V* out) {
#pragma unroll
  for (int k = 0; k < N; ++k) out[k] = transformed<V>(f, x[k], std::uint64_t(first) + k);
}

}  // namespace reduce::detail
