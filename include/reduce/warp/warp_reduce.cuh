// Warp-level reduction with __shfl_down_sync, for any trivially copyable accumulator up to 8 bytes.
#pragma once
#include <cuda/std/type_traits>

namespace reduce::detail {

template <class T>
__device__ T shfl_down(T v, int offset) {
  static_assert(cuda::std::is_trivially_copyable_v<T> && sizeof(T) <= 8 && sizeof(T) % 2 == 0,
                "reduce: shuffles move accumulators of 2, 4 or 8 trivially copyable bytes");
  if constexpr (sizeof(T) == 8) {
    unsigned long long bits;
    memcpy(&bits, &v, 8);
    bits = __shfl_down_sync(0xffffffffu, bits, offset);
    memcpy(&v, &bits, 8);
  } else {
    unsigned bits = 0;
    memcpy(&bits, &v, sizeof(T));
    bits = __shfl_down_sync(0xffffffffu, bits, offset);
    memcpy(&v, &bits, sizeof(T));
  }
  return v;
}

// All 32 lanes must call; the warp's result is in lane 0. Lanes >= Lanes contribute nothing.
template <int Lanes = 32, class T, class Op>
__device__ T warp_reduce(T v, Op op) {
#pragma unroll
  for (int offset = Lanes / 2; offset > 0; offset /= 2) v = op(v, shfl_down(v, offset));
  return v;
}

}  // namespace reduce::detail
