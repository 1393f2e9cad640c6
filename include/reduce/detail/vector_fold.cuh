// How a thread folds what it reads. Two refinements of "transform each element, then combine pairwise", each exact:
//
// - Packed integer sums. A 16-byte vector of 8-bit integers holds 16 elements; converting each to the accumulator and
//   adding it costs two instructions per byte, 32 per vector, which at the HBM's rate of bytes is more than the SM's
//   integer pipes issue beside the loads and the address arithmetic. __dp4a (a
//   four-way byte dot product with an add, sm_61 and later) against 0x01010101 adds the four bytes of a word to a
//   32-bit sum in one instruction; __dp2a_lo does the same for the two 16-bit halves of a word. A vector's sum (at most
//   16 x 255 or 8 x 65535 in magnitude) is exact in 32 bits, and converting it to the accumulator gives the bits that
//   element-by-element adds would: integer addition is associative modulo 2^k.
// - In-order combines. In the first pass a thread reads its elements in index order (within a vector, across a tile's
//   loads and across tiles), so in each combine of its fold the left operand holds only elements before the right's.
//   An op may offer a cheaper combine for that case, `ordered(a, b)`: argmin and argmax then compare values alone,
//   since of two equal values the left one is the first occurrence, and need not compare indices. That holds only
//   where the transform gives each element its own position as its index (`positional`): a later pass folds earlier
//   results, which are in no index order (a grid-stride block's tiles, the tail that block 0 folds in), and a user's
//   transform may build indices in any order, so those fold with the op in full.
#pragma once
#include <cstdint>
#include <cuda/std/type_traits>

#include "../ops.cuh"
#include "transform.cuh"
#include "vector.cuh"

namespace reduce::detail {

template <class Op, class Acc, class = void>
struct has_ordered : cuda::std::false_type {};
template <class Op, class Acc>
struct has_ordered<Op, Acc,
                   cuda::std::void_t<decltype(cuda::std::declval<const Op&>().ordered(
                       cuda::std::declval<const Acc&>(), cuda::std::declval<const Acc&>()))>> : cuda::std::true_type {};

// The op, for operands in index order (left before right); the op itself where it offers no ordered combine.
template <class Op>
struct in_order {
  Op op;
  template <class Acc>
  __device__ __forceinline__ Acc operator()(const Acc& a, const Acc& b) const {
    if constexpr (has_ordered<Op, Acc>::value)
      return op.ordered(a, b);
    else
      return op(a, b);
  }
};

// Transforms whose result carries the element's own position as its index (argminmax.cuh specializes this).
template <class Tr>
struct positional : cuda::std::false_type {};

// The combine of a thread's fold: in_order<Op> where InOrder (the elements are in index order), else the op.
template <bool InOrder, class Op>
__device__ __forceinline__ auto fold_combine(Op op) {
  if constexpr (InOrder)
    return in_order<Op>{op};
  else
    return op;
}

// Pairwise fold of a thread's registers, v[0] first in index order: short dependency chains, and a log-depth rounding
// error. Each combine's left operand precedes its right, so `op` may be an in_order op.
template <int N, class Acc, class Op>
__device__ __forceinline__ Acc fold(const Acc (&v)[N], Op op) {
  if constexpr (N == 1) {
    return v[0];
  } else {
    Acc r[(N + 1) / 2];
#pragma unroll
    for (int i = 0; i < N / 2; ++i) r[i] = op(v[2 * i], v[2 * i + 1]);
    if constexpr (N % 2) r[N / 2] = v[N - 1];
    return fold(r, op);
  }
}

// Sums of 8- and 16-bit integers (no transform) into an integral accumulator of at least 4 bytes.
template <class T, class Acc, class Op, class Tr>
inline constexpr bool packed_sum =
    cuda::std::is_same_v<Op, sum>&& cuda::std::is_same_v<Tr, no_transform>&& cuda::std::is_integral_v<T> &&
    !cuda::std::is_same_v<T, bool> && sizeof(T) <= 2 && cuda::std::is_integral_v<Acc> && sizeof(Acc) >= 4;

template <class T>
__device__ __forceinline__ auto packed_word_sum(
    unsigned w, cuda::std::conditional_t<cuda::std::is_signed_v<T>, int, unsigned> acc) {
  if constexpr (sizeof(T) == 1) {
    if constexpr (cuda::std::is_signed_v<T>)
      return __dp4a(int(w), 0x01010101, acc);
    else
      return __dp4a(w, 0x01010101u, acc);
  } else {
    if constexpr (cuda::std::is_signed_v<T>)
      return __dp2a_lo(int(w), 0x0101, acc);
    else
      return __dp2a_lo(w, 0x0101u, acc);
  }
}

// The fold of one 16-byte vector x whose first element has index `first`, into Acc.
template <class Acc, class T, class I, class Op, class Tr>
__device__ __forceinline__ Acc vector_fold(const vec16<T>& x, I first, Op op, const Tr& tr) {
  if constexpr (packed_sum<T, Acc, Op, Tr>) {
    const unsigned(&w)[4] = x.w;
    using S = cuda::std::conditional_t<cuda::std::is_signed_v<T>, int, unsigned>;
    const S lo = packed_word_sum<T>(w[1], packed_word_sum<T>(w[0], S(0)));  // two chains of two
    const S hi = packed_word_sum<T>(w[3], packed_word_sum<T>(w[2], S(0)));
    return Acc(lo + hi);
  } else {
    constexpr int size = vec16<T>::size;
    Acc e[size];
#pragma unroll
    for (int k = 0; k < size; ++k) e[k] = transformed<Acc>(tr, x.v[k], first + I(k));
    return fold(e, fold_combine<positional<Tr>::value>(op));
  }
}

}  // namespace reduce::detail
