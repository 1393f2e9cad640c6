// 16-byte vectors of any element type, and the split of a pointer range into head / aligned body / tail.
#pragma once
#include <cstdint>

namespace reduce::detail {

template <class T>
struct alignas(16) vec16 {
  static_assert(16 % sizeof(T) == 0, "reduce: vector loads need an element size that divides 16 bytes");
  static constexpr int size = 16 / sizeof(T);
  T v[size];
};

// in[0, head) is read as scalars up to the first 16-byte boundary, then `vectors` whole vectors, then tail scalars.
struct vector_split {
  std::uint64_t head, vectors, tail;
};

template <class T>
__host__ __device__ inline vector_split split_for_vectors(const T* in, std::uint64_t n) {
  constexpr std::uint64_t V = vec16<T>::size;
  std::uint64_t mis = reinterpret_cast<std::uintptr_t>(in) & 15u;
  std::uint64_t head = mis ? (16 - mis) / sizeof(T) : 0;
  if (head > n) head = n;
  std::uint64_t vectors = (n - head) / V;
  return {head, vectors, n - head - vectors * V};
}

}  // namespace reduce::detail
