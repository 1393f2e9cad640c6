// Warp-level reduction with __shfl_down_sync, for any trivially copyable accumulator (2 bytes or whole
// 4-byte words).
#pragma once
#include <cuda/std/type_traits>

namespace reduce::detail {

template <class T>
__device__ T shfl_down(T v, int offset) {
  static_assert(cuda::std::is_trivially_copyable_v<T> && (sizeof(T) == 2 || sizeof(T) % 4 == 0),
                "reduce: shuffles move trivially copyable accumulators of 2 bytes or a multiple of 4 bytes");
  if constexpr (sizeof(T) == 2) {
    unsigned bits = 0;
    memcpy(&bits, &v, 2);
    bits = __shfl_down_sync(0xffffffffu, bits, offset);
    memcpy(&v, &bits, 2);
  } else {  // word by word: structs (a value and its index, a compensated sum) move as several 4-byte shuffles
    unsigned w[sizeof(T) / 4];
    memcpy(w, &v, sizeof(T));
#pragma unroll
    for (unsigned i = 0; i < sizeof(T) / 4; ++i) w[i] = __shfl_down_sync(0xffffffffu, w[i], offset);
    memcpy(&v, w, sizeof(T));
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
