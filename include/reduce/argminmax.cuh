// Argmin and argmax: the extreme value and the 64-bit index of its first occurrence, in one pass over the input;
// and both at once (argminmax). The engine reduces the pairs (value, index) that the load transform makes of each
// element and its index, with an op that orders them by (is NaN, value, index):
//
// - ties: the smallest index wins (the first occurrence);
// - NaN: like min/max, NaN propagates: the first NaN (smallest index) is the result if there is one;
// - n = 0: the op's identity, {value: +inf (argmin) / -inf (argmax), or the integer type's max / lowest;
//   index: reduce::no_index}.
// Because that order is total and the indices are distinct, the op is commutative and associative: every policy and
// every block order gives the same pair. -0.0 and +0.0 compare equal (the first of them wins).
#pragma once
#include <cstdint>
#include <cuda/std/limits>
#include <string>
#include <type_traits>

#include "device_reduce.cuh"
#include "to_host.cuh"

namespace reduce {

inline constexpr std::uint64_t no_index = ~std::uint64_t(0);  // the index of an empty input's result

// A value and its index in the input. 16 bytes for every element type up to 8 bytes (whole 4-byte words: it moves
// through warp shuffles and partial buffers as the engine's struct accumulators do).
template <class T>
struct alignas(16) indexed {  // aligned to its 16 bytes: a later pass reads partials as 16-byte vectors
  std::uint64_t index = no_index;
  T value{};
  static std::string name() { return "indexed<" + type_name<T>() + ">"; }
};

// Argmin and argmax of one pass: 32 bytes.
template <class T>
struct extrema {
  indexed<T> min, max;
  static std::string name() { return "extrema<" + type_name<T>() + ">"; }
};

namespace detail {

template <class T>
__host__ __device__ __forceinline__ bool nan_value(const T& v) {
  if constexpr (std::is_floating_point_v<decltype(widen(v))>) {
    const auto w = widen(v);
    return w != w;
  } else {
    return false;
  }
}

// Whether T has a worst value of its own for the identity (an infinity or a limit): the numbers. A user's type with
// `<` has none (numeric_limits knows nothing of it): its identity is told by its index alone, no_index, which every
// element comes before, so that the identity's value is never compared.
template <class T>
inline constexpr bool has_worst_value_v = cuda::std::numeric_limits<T>::is_specialized || is_narrow_float_v<T>;

// True when a comes before b in the order (is NaN, value, index), with values ascending for argmin (Greater =
// false) and descending for argmax.
template <bool Greater, class T>
__host__ __device__ __forceinline__ bool precedes(const indexed<T>& a, const indexed<T>& b) {
  if constexpr (!has_worst_value_v<T>) {
    if (a.index == no_index || b.index == no_index) return b.index == no_index && a.index != no_index;
  }
  const bool a_nan = nan_value(a.value), b_nan = nan_value(b.value);
  if (a_nan != b_nan) return a_nan;
  if (!a_nan) {
    const auto x = widen(a.value), y = widen(b.value);
    if (Greater ? y < x : x < y) return true;
    if (Greater ? x < y : y < x) return false;
  }
  return a.index < b.index;
}

template <bool Greater, class T>
__host__ __device__ __forceinline__ indexed<T> pick(const indexed<T>& a, const indexed<T>& b) {
  return precedes<Greater>(b, a) ? b : a;
}

// pick for operands in index order (every index of a before every index of b): b only if it comes strictly first by
// (is NaN, value), so a tie keeps a, the first occurrence, with no index comparison (detail/vector_fold.cuh).
template <bool Greater, class T>
__host__ __device__ __forceinline__ indexed<T> pick_ordered(const indexed<T>& a, const indexed<T>& b) {
  if constexpr (!has_worst_value_v<T>) {
    if (b.index == no_index) return a;
    if (a.index == no_index) return b;
  }
  const auto x = widen(a.value), y = widen(b.value);
  const bool b_first = (Greater ? x < y : y < x) || (nan_value(b.value) && !nan_value(a.value));
  return b_first ? b : a;
}

// The worst value for the order, so that any element (even +inf for argmin) beats the identity by its index: the
// identity of min (argmin) or max (argmax).
template <bool Greater, class T>
__host__ __device__ T worst_value() {
  return extreme_identity<Greater, T>();
}

template <class T>
struct value_type_of<indexed<T>> {
  using type = T;
};
template <class T>
struct value_type_of<extrema<T>> {
  using type = T;
};

// The load transforms: an element and its index become the accumulator.
template <class T>
struct to_indexed {
  __host__ __device__ indexed<T> operator()(const T& x, std::uint64_t i) const { return {i, x}; }
};
template <class T>
struct to_extrema {
  __host__ __device__ extrema<T> operator()(const T& x, std::uint64_t i) const { return {{i, x}, {i, x}}; }
};
// Both give each element its own position as its index: a first pass may combine in order (vector_fold.cuh).
template <class T>
struct positional<to_indexed<T>> : cuda::std::true_type {};
template <class T>
struct positional<to_extrema<T>> : cuda::std::true_type {};

}  // namespace detail

// The ops (usable with device_transform_reduce and any transform that yields indexed<T> / extrema<T>).
struct argmin_op {
  template <class T>
  __host__ __device__ indexed<T> operator()(const indexed<T>& a, const indexed<T>& b) const {
    return detail::pick<false>(a, b);
  }
  template <class T>
  __host__ __device__ indexed<T> ordered(const indexed<T>& a, const indexed<T>& b) const {
    return detail::pick_ordered<false>(a, b);
  }
  template <class Acc>
  __host__ __device__ Acc identity() const {
    return {no_index, detail::worst_value<false, detail::value_type_of_t<Acc>>()};
  }
  static std::string name() { return "argmin"; }
};

struct argmax_op {
  template <class T>
  __host__ __device__ indexed<T> operator()(const indexed<T>& a, const indexed<T>& b) const {
    return detail::pick<true>(a, b);
  }
  template <class T>
  __host__ __device__ indexed<T> ordered(const indexed<T>& a, const indexed<T>& b) const {
    return detail::pick_ordered<true>(a, b);
  }
  template <class Acc>
  __host__ __device__ Acc identity() const {
    return {no_index, detail::worst_value<true, detail::value_type_of_t<Acc>>()};
  }
  static std::string name() { return "argmax"; }
};

struct argminmax_op {
  template <class T>
  __host__ __device__ extrema<T> operator()(const extrema<T>& a, const extrema<T>& b) const {
    return {detail::pick<false>(a.min, b.min), detail::pick<true>(a.max, b.max)};
  }
  template <class T>
  __host__ __device__ extrema<T> ordered(const extrema<T>& a, const extrema<T>& b) const {
    return {detail::pick_ordered<false>(a.min, b.min), detail::pick_ordered<true>(a.max, b.max)};
  }
  template <class Acc>
  __host__ __device__ Acc identity() const {
    using T = detail::value_type_of_t<Acc>;
    return {argmin_op{}.identity<indexed<T>>(), argmax_op{}.identity<indexed<T>>()};
  }
  static std::string name() { return "argminmax"; }
};

// One stem for each: argmin(d_in, n) on the host, device_argmin(...) and device_argmin_status(...) on temporary
// storage or a workspace, argmin_op the op; the same for argmax and argminmax (and in reduce::nccl).

// Two-phase entry points, CUB style: d_temp == nullptr asks for temp_bytes; or on a reduce::workspace, as the core's
// device_reduce. Asynchronous on `stream`. Cfg defaults to the tuned default. ATTR: an attribute of all four.
#define REDUCE_ARG_ENTRY(NAME, ACC, OP, ATTR)                                                                          \
  template <class Cfg = default_config, class T>                                                                       \
  ATTR status device_##NAME##_status(void* d_temp, std::size_t& temp_bytes, const T* d_in, ACC<T>* d_out,              \
                                     std::uint64_t n, cudaStream_t stream = 0) {                                       \
    return device_transform_reduce_status<Cfg>(d_temp, temp_bytes, d_in, d_out, n, detail::to_##ACC<T>{}, OP{},        \
                                               stream);                                                                \
  }                                                                                                                    \
  template <class Cfg = default_config, class T>                                                                       \
  ATTR status device_##NAME##_status(workspace& ws, const T* d_in, ACC<T>* d_out, std::uint64_t n,                     \
                                     cudaStream_t stream = 0) {                                                        \
    return device_transform_reduce_status<Cfg>(ws, d_in, d_out, n, detail::to_##ACC<T>{}, OP{}, stream);               \
  }                                                                                                                    \
  template <class Cfg = default_config, class T>                                                                       \
  ATTR cudaError_t device_##NAME(void* d_temp, std::size_t& temp_bytes, const T* d_in, ACC<T>* d_out, std::uint64_t n, \
                                 cudaStream_t stream = 0) {                                                            \
    return device_transform_reduce_status<Cfg>(d_temp, temp_bytes, d_in, d_out, n, detail::to_##ACC<T>{}, OP{},        \
                                               stream)                                                                 \
        .code;                                                                                                         \
  }                                                                                                                    \
  template <class Cfg = default_config, class T>                                                                       \
  ATTR cudaError_t device_##NAME(workspace& ws, const T* d_in, ACC<T>* d_out, std::uint64_t n,                         \
                                 cudaStream_t stream = 0) {                                                            \
    return device_transform_reduce_status<Cfg>(ws, d_in, d_out, n, detail::to_##ACC<T>{}, OP{}, stream).code;          \
  }
REDUCE_ARG_ENTRY(argmin, indexed, argmin_op, )
REDUCE_ARG_ENTRY(argmax, indexed, argmax_op, )
REDUCE_ARG_ENTRY(argminmax, extrema, argminmax_op, )
// The names of 0.2, with their signatures, kept for one release (CHANGELOG.md).
REDUCE_ARG_ENTRY(arg_min, indexed, argmin_op, [[deprecated("reduce::device_arg_min is now reduce::device_argmin")]])
REDUCE_ARG_ENTRY(arg_max, indexed, argmax_op, [[deprecated("reduce::device_arg_max is now reduce::device_argmax")]])
REDUCE_ARG_ENTRY(arg_min_max, extrema, argminmax_op,
                 [[deprecated("reduce::device_arg_min_max is now reduce::device_argminmax")]])
#undef REDUCE_ARG_ENTRY

// Convenience: allocate, run, synchronise, return the pair; throw reduce::error on failure.
template <class Cfg = default_config, class T>
indexed<T> argmin(const T* d_in, std::uint64_t n, cudaStream_t stream = 0) {
  return detail::run_to_host<indexed<T>>(stream, [&](void* temp, std::size_t& bytes, indexed<T>* out) {
    return device_argmin_status<Cfg>(temp, bytes, d_in, out, n, stream);
  });
}
template <class Cfg = default_config, class T>
indexed<T> argmax(const T* d_in, std::uint64_t n, cudaStream_t stream = 0) {
  return detail::run_to_host<indexed<T>>(stream, [&](void* temp, std::size_t& bytes, indexed<T>* out) {
    return device_argmax_status<Cfg>(temp, bytes, d_in, out, n, stream);
  });
}
template <class Cfg = default_config, class T>
extrema<T> argminmax(const T* d_in, std::uint64_t n, cudaStream_t stream = 0) {
  return detail::run_to_host<extrema<T>>(stream, [&](void* temp, std::size_t& bytes, extrema<T>* out) {
    return device_argminmax_status<Cfg>(temp, bytes, d_in, out, n, stream);
  });
}

// The ops' names of 0.2, kept for one release (CHANGELOG.md).
using arg_min [[deprecated("reduce::arg_min is now reduce::argmin_op")]] = argmin_op;
using arg_max [[deprecated("reduce::arg_max is now reduce::argmax_op")]] = argmax_op;
using arg_min_max [[deprecated("reduce::arg_min_max is now reduce::argminmax_op")]] = argminmax_op;

}  // namespace reduce
