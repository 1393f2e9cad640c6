// Native atomics per (op, accumulator): what Grid policy atomic can use.
#pragma once
#include <cuda/atomic>
#include <cuda/std/type_traits>

#include "../ops.cuh"

namespace reduce::detail {

// The type a native atomic takes for T, or void: 32/64-bit integers go through int/unsigned/ull.
template <class T>
using atomic_word_t = cuda::std::conditional_t<
    cuda::std::is_same_v<T, float> || cuda::std::is_same_v<T, double>, T,
    cuda::std::conditional_t<
        cuda::std::is_integral_v<T> && sizeof(T) == 4,
        cuda::std::conditional_t<cuda::std::is_signed_v<T>, int, unsigned>,
        cuda::std::conditional_t<cuda::std::is_integral_v<T> && sizeof(T) == 8,
                                 cuda::std::conditional_t<cuda::std::is_signed_v<T>, long long, unsigned long long>,
                                 void>>>;

template <class Op, class T, class = void>
struct atomic_combine {
  static constexpr bool supported = false;
};

template <class T>
struct atomic_combine<sum, T, cuda::std::enable_if_t<!cuda::std::is_void_v<atomic_word_t<T>>>> {
  static constexpr bool supported = true;
  __device__ static void apply(T* p, T v) {
    using W = atomic_word_t<T>;
    if constexpr (cuda::std::is_same_v<W, long long>)  // two's complement: the unsigned add is the signed add
      atomicAdd(reinterpret_cast<unsigned long long*>(p), static_cast<unsigned long long>(v));
    else
      atomicAdd(reinterpret_cast<W*>(p), static_cast<W>(v));
  }
};

#define REDUCE_INTEGER_ATOMIC(OP, FN, WORD_OF)                                                                       \
  template <class T>                                                                                                 \
  struct atomic_combine<OP, T,                                                                                       \
                        cuda::std::enable_if_t<cuda::std::is_integral_v<T> && (sizeof(T) == 4 || sizeof(T) == 8)>> { \
    static constexpr bool supported = true;                                                                          \
    __device__ static void apply(T* p, T v) {                                                                        \
      using W = WORD_OF;                                                                                             \
      FN(reinterpret_cast<W*>(p), static_cast<W>(v));                                                                \
    }                                                                                                                \
  };
REDUCE_INTEGER_ATOMIC(min, atomicMin, atomic_word_t<T>)
REDUCE_INTEGER_ATOMIC(max, atomicMax, atomic_word_t<T>)
// Bitwise atomics exist for int, unsigned and unsigned long long; the bits are the same for signed 64-bit.
#define REDUCE_BITS_WORD cuda::std::conditional_t<sizeof(T) == 8, unsigned long long, atomic_word_t<T>>
REDUCE_INTEGER_ATOMIC(bit_and, atomicAnd, REDUCE_BITS_WORD)
REDUCE_INTEGER_ATOMIC(bit_or, atomicOr, REDUCE_BITS_WORD)
REDUCE_INTEGER_ATOMIC(bit_xor, atomicXor, REDUCE_BITS_WORD)
#undef REDUCE_BITS_WORD
#undef REDUCE_INTEGER_ATOMIC

// The atomic combine on storage that reads zero at entry (a reduce::workspace): a sum of 32-bit integers goes into one
// 64-bit word as (value << 32) + 1, so one atomic adds the value (the high half, modulo 2^32 as the integer sum is) and
// counts the arrival (the low half). The add that completes the count writes the output and zeroes the word: no preset
// of the output, so the call is one launch, and the result is exact in any order.
template <class Op, class Acc>
inline constexpr bool tally_combine = cuda::std::is_same_v<Op, sum>&& cuda::std::is_integral_v<Acc> && sizeof(Acc) == 4;

// Every arrival waits for its atomic's answer before its block can retire, and all of them answer from one word: the
// tally saves the preset's launch while arrivals are few, and loses to plain reductions into the output when many
// arrivals queue on the word (on the H100 and H200: ahead up to 2048 arrivals, level at 4096-8192, behind at 32768).
// Above this many arrivals the call presets the output instead.
inline constexpr unsigned long long tally_max_arrivals = 4096;

// One of `arrivals` (< 2^32) results v: adds it to *word; the last writes the sum to *out and leaves *word at zero.
template <class Acc>
__device__ void tally_add(unsigned long long* word, Acc v, unsigned long long arrivals, Acc* out) {
  const unsigned long long old =
      atomicAdd(word, (static_cast<unsigned long long>(static_cast<unsigned>(v)) << 32) | 1u);
  if ((old & 0xffffffffu) == arrivals - 1) {
    *out = static_cast<Acc>(static_cast<unsigned>(old >> 32) + static_cast<unsigned>(v));
    cuda::atomic_ref<unsigned long long, cuda::thread_scope_device>(*word).store(0, cuda::memory_order_relaxed);
  }
}

}  // namespace reduce::detail
