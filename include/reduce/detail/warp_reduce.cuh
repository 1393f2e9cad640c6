// Warp-level reduction with __shfl_down_sync, for any trivially copyable accumulator.
#pragma once
#include <cuda/std/type_traits>

namespace reduce::detail {

template <class T>
__device__ T shfl_down(T v, int offset) {
  static_assert(cuda::std::is_trivially_copyable_v<T>, "reduce: accumulators must be trivially copyable");
  // Word by word: a 1- or 2-byte accumulator moves in the low bytes of one word; structs (a value and its index, a
  // compensated sum) move as several 4-byte shuffles.
  constexpr unsigned words = (sizeof(T) + 3) / 4;
  unsigned w[words] = {};
  memcpy(w, &v, sizeof(T));
#pragma unroll
  for (unsigned i = 0; i < words; ++i) w[i] = __shfl_down_sync(0xffffffffu, w[i], offset);
  memcpy(&v, w, sizeof(T));
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
