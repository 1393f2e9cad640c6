// 16-byte vectors of any element type, and the split of a pointer range into head / aligned body / tail.
#pragma once
#include <cstdint>
#include <cuda/std/type_traits>

namespace reduce::detail {

// The one rule for reading elements of T as 16-byte vectors, which every vector path (the one-array agent and each
// segment Map) asks: T's size divides 16 bytes and its alignment is its size. A vector path peels a scalar head of
// whole elements up to the first 16-byte boundary; that boundary is a whole number of elements away from every address
// legal for T only where T is aligned to its size. A type aligned below its size (struct { float a, b; }: 8 bytes,
// 4-byte alignment) may start at 4 mod 16, from where no run of whole elements reaches a 16-byte boundary, and a
// vector load there would fault: such types, and sizes that do not divide 16, are read element by element. An empty
// type (the unread elements of an iterator input, detail/checks.cuh) has no bytes to load: its walk is element by
// element, in the Load's arrangement.
template <class T>
inline constexpr bool vector_loadable_v = !cuda::std::is_empty_v<T> && 16 % sizeof(T) == 0 && alignof(T) == sizeof(T);
// Whether a Load policy reads T as vectors: it asks for vectors and T allows them.
template <class Load, class T>
inline constexpr bool loads_vectors_v = Load::vectorized&& vector_loadable_v<T>;

// The elements (v) of 16 bytes; for 8- and 16-bit integers also, over the same bytes, the four 32-bit words (w). A
// fold that works on whole words (their packed sums, detail/vector_fold.cuh) reads w: the 16-byte load lands in four
// registers, whereas reading the words of a byte array (a memcpy from v) makes the compiler split the registers into
// bytes and join them again, about 40 instructions a vector, five times a float sum's for the same bytes.
template <class T, bool Words = cuda::std::is_integral_v<T> && sizeof(T) <= 2>
struct alignas(16) vec16 {
  static_assert(vector_loadable_v<T>,
                "reduce: 16-byte vectors hold elements whose size divides 16 bytes and equals their alignment: read "
                "other elements one by one (detail::loads_vectors_v says which)");
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
