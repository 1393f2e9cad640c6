// 16-byte vectors of any element type, and the split of a pointer range into head / aligned body / tail.
#pragma once
#include <cstdint>
#include <cuda/std/type_traits>

namespace reduce::detail {

// The elements (v) of 16 bytes; for 8- and 16-bit integers also, over the same bytes, the four 32-bit words (w). A
// fold that works on whole words (their packed sums, detail/vector_fold.cuh) reads w: the 16-byte load lands in four
// registers, whereas reading the words of a byte array (a memcpy from v) makes the compiler split the registers into
// bytes and join them again, about 40 instructions a vector, five times a float sum's for the same bytes.
template <class T, bool Words = cuda::std::is_integral_v<T> && sizeof(T) <= 2>
struct alignas(16) vec16 {
  static_assert(16 % sizeof(T) == 0, "reduce: vector loads need an element size that divides 16 bytes");
  static constexpr int size = 16 / sizeof(T);
  T v[size];
};
template <class T>
struct alignas(16) vec16<T, true> {
  static constexpr int size = 16 / sizeof(T);
  union {
    T v[size];
    unsigned w[4];
  };
};

// in[0, head) is read as scalars up to the first 16-byte boundary, then `vectors` whole vectors, then tail scalars.
// I: the offset type. A kernel with 32-bit offsets computes it in 32 bits: in 64 bits it takes about 20 more
// instructions before the first load.
template <class I = std::uint64_t>
struct vector_split {
  I head, vectors, tail;
};

template <class T, class I = std::uint64_t>
__host__ __device__ inline vector_split<I> split_for_vectors(const T* in, I n) {
  static_assert(cuda::std::is_unsigned_v<I>, "reduce: split_for_vectors takes an unsigned element count");
  constexpr I V = vec16<T>::size;
  const I mis = I(reinterpret_cast<std::uintptr_t>(in) & 15u);
  I head = I((16u - mis) & 15u) / I(sizeof(T));
  if (head > n) head = n;
  const I vectors = (n - head) / V;
  return {head, vectors, n - head - vectors * V};
}

}  // namespace reduce::detail
