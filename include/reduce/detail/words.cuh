// Results handed between blocks and passes, moved as whole words: stores that write a result's padding bytes too, and
// loads through L2.
#pragma once
#include <cstring>
#include <cuda/std/type_traits>

namespace reduce::detail {

// Loads a result written by another block of this launch through L2 (never a stale L1 line).
template <class T>
__device__ T load_cg(const T* p) {
  static_assert(cuda::std::is_trivially_copyable_v<T>, "reduce: accumulators must be trivially copyable");
  T v;
  if constexpr (sizeof(T) % 16 == 0 && alignof(T) >= 16) {
    uint4 w[sizeof(T) / 16];
    for (unsigned i = 0; i < sizeof(T) / 16; ++i) w[i] = __ldcg(reinterpret_cast<const uint4*>(p) + i);
    memcpy(&v, w, sizeof(T));
  } else if constexpr (sizeof(T) % 8 == 0 && alignof(T) >= 8) {
    unsigned long long w[sizeof(T) / 8];
    for (unsigned i = 0; i < sizeof(T) / 8; ++i) w[i] = __ldcg(reinterpret_cast<const unsigned long long*>(p) + i);
    memcpy(&v, w, sizeof(T));
  } else if constexpr (sizeof(T) % 4 == 0 && alignof(T) >= 4) {
    unsigned w[sizeof(T) / 4];
    for (unsigned i = 0; i < sizeof(T) / 4; ++i) w[i] = __ldcg(reinterpret_cast<const unsigned*>(p) + i);
    memcpy(&v, w, sizeof(T));
  } else if constexpr (sizeof(T) == 2 && alignof(T) >= 2) {
    const unsigned short w = __ldcg(reinterpret_cast<const unsigned short*>(p));
    memcpy(&v, &w, 2);
  } else {  // 1-byte accumulators, and odd sizes: byte by byte
    unsigned char w[sizeof(T)];
    for (unsigned i = 0; i < sizeof(T); ++i) w[i] = __ldcg(reinterpret_cast<const unsigned char*>(p) + i);
    memcpy(&v, w, sizeof(T));
  }
  return v;
}

// Stores v. A struct (an (index, value) pair, a compensated sum) is stored as whole words, its padding bytes included
// (a member-wise store skips them: an indexed<__half> holds 6 bytes no member covers), so that a later whole-word or
// vector load, or the caller's copy of the result, reads no byte that was never written. The words go out through
// inline PTX: the padding's value is undefined, so the compiler would narrow a plain store of such a word back to the
// member's bytes. Arithmetic types have no padding: a plain store.
template <class T>
__device__ void store_words(T* p, const T& v) {
  if constexpr (!cuda::std::is_class_v<T>) {
    *p = v;
  } else if constexpr (sizeof(T) % 8 == 0 && alignof(T) >= 8) {
    unsigned long long w[sizeof(T) / 8];
    memcpy(w, &v, sizeof(T));
    for (unsigned i = 0; i < sizeof(T) / 8; ++i)
      asm volatile("st.b64 [%0], %1;" ::"l"(reinterpret_cast<unsigned long long*>(p) + i), "l"(w[i]) : "memory");
  } else if constexpr (sizeof(T) % 4 == 0 && alignof(T) >= 4) {
    unsigned w[sizeof(T) / 4];
    memcpy(w, &v, sizeof(T));
    for (unsigned i = 0; i < sizeof(T) / 4; ++i)
      asm volatile("st.b32 [%0], %1;" ::"l"(reinterpret_cast<unsigned*>(p) + i), "r"(w[i]) : "memory");
  } else {
    *p = v;
  }
}

}  // namespace reduce::detail
