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
//
// With the caller's comparison (less(x, y): x comes before y, a strict weak order, as std::min_element takes), the
// order is (less, index): argmin's result is the first element that no other is less than, argmax's the first that
// is less than no other; NaN means nothing of its own; n = 0 gives index reduce::no_index and a value-initialised T.
#pragma once
#include <cstdint>
#include <cuda/std/limits>
#include <string>
#include <type_traits>

#include "device_reduce.cuh"
#include "storage.cuh"
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

// The values' natural order: NaN before every number (so that it propagates, as min and max do), then `<` on the
// widened values. Any other Less is the caller's comparison.
struct natural_less {};

// Whether the identity is told by a worst value (the natural order of a number) or by its index alone.
template <class T, class Less>
inline constexpr bool worst_value_identity_v = std::is_same_v<Less, natural_less>&& has_worst_value_v<T>;

// True when value x comes strictly before value y: ascending for argmin (Greater = false), descending for argmax.
template <bool Greater, class T, class Less>
__host__ __device__ __forceinline__ bool value_first(const T& x, const T& y, const Less& less) {
  if constexpr (std::is_same_v<Less, natural_less>) {
    const bool x_nan = nan_value(x), y_nan = nan_value(y);
    if (x_nan || y_nan) return x_nan && !y_nan;
    const auto a = widen(x), b = widen(y);
    return Greater ? b < a : a < b;
  } else {
    return Greater ? bool(less(y, x)) : bool(less(x, y));
  }
}

// True when a comes before b in the order (value, index); an identity (index no_index, where no worst value tells
// it) comes after everything.
template <bool Greater, class T, class Less>
__host__ __device__ __forceinline__ bool precedes(const indexed<T>& a, const indexed<T>& b, const Less& less) {
  if constexpr (!worst_value_identity_v<T, Less>) {
    if (a.index == no_index || b.index == no_index) return b.index == no_index && a.index != no_index;
  }
  if (value_first<Greater>(a.value, b.value, less)) return true;
  if (value_first<Greater>(b.value, a.value, less)) return false;
  return a.index < b.index;
}

template <bool Greater, class T, class Less>
__host__ __device__ __forceinline__ indexed<T> pick(const indexed<T>& a, const indexed<T>& b, const Less& less) {
  return precedes<Greater>(b, a, less) ? b : a;
}

// pick for operands in index order (every index of a before every index of b): b only if its value comes strictly
// first, so a tie keeps a, the first occurrence, with no index comparison (detail/vector_fold.cuh).
template <bool Greater, class T, class Less>
__host__ __device__ __forceinline__ indexed<T> pick_ordered(const indexed<T>& a, const indexed<T>& b,
                                                            const Less& less) {
  if constexpr (!worst_value_identity_v<T, Less>) {
    if (b.index == no_index) return a;
    if (a.index == no_index) return b;
  }
  return value_first<Greater>(b.value, a.value, less) ? b : a;
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

// The ops (usable with device_transform_reduce and any transform that yields indexed<T> / extrema<T>), in the
// natural order (argmin_op, argmax_op, argminmax_op) or the caller's: argmin_by<Less>{less}, and so on.
template <bool Greater, class Less = detail::natural_less>
struct arg_extreme_op {
  Less less{};
  template <class T>
  __host__ __device__ indexed<T> operator()(const indexed<T>& a, const indexed<T>& b) const {
    return detail::pick<Greater>(a, b, less);
  }
  template <class T>
  __host__ __device__ indexed<T> ordered(const indexed<T>& a, const indexed<T>& b) const {
    return detail::pick_ordered<Greater>(a, b, less);
  }
  // The worst value of the order where it has one, so that any element (even +inf for argmin) beats the identity
  // by its index; otherwise no_index alone marks it.
  template <class Acc>
  __host__ __device__ Acc identity() const {
    using T = detail::value_type_of_t<Acc>;
    if constexpr (detail::worst_value_identity_v<T, Less>) {
      return {no_index, detail::extreme_identity<Greater, T>()};
    } else {
      return {no_index, T{}};
    }
  }
  static std::string name() {
    return std::string(Greater ? "argmax" : "argmin") + (std::is_same_v<Less, detail::natural_less> ? "" : "_by");
  }
};
template <class Less>
using argmin_by = arg_extreme_op<false, Less>;
template <class Less>
using argmax_by = arg_extreme_op<true, Less>;
using argmin_op = argmin_by<detail::natural_less>;
using argmax_op = argmax_by<detail::natural_less>;

template <class Less = detail::natural_less>
struct argminmax_by {
  Less less{};
  template <class T>
  __host__ __device__ extrema<T> operator()(const extrema<T>& a, const extrema<T>& b) const {
    return {detail::pick<false>(a.min, b.min, less), detail::pick<true>(a.max, b.max, less)};
  }
  template <class T>
  __host__ __device__ extrema<T> ordered(const extrema<T>& a, const extrema<T>& b) const {
    return {detail::pick_ordered<false>(a.min, b.min, less), detail::pick_ordered<true>(a.max, b.max, less)};
  }
  template <class Acc>
  __host__ __device__ Acc identity() const {
    using T = detail::value_type_of_t<Acc>;
    return {argmin_by<Less>{less}.template identity<indexed<T>>(),
            argmax_by<Less>{less}.template identity<indexed<T>>()};
  }
  static std::string name() { return std::is_same_v<Less, detail::natural_less> ? "argminmax" : "argminmax_by"; }
};
using argminmax_op = argminmax_by<>;

namespace detail {
// Whether Less compares two values of T (and is not, say, the stream of the form without a comparison).
template <class Less, class T, class = void>
struct is_comparison : std::false_type {};
template <class Less, class T>
struct is_comparison<Less, T, std::enable_if_t<std::is_invocable_r_v<bool, const Less&, const T&, const T&>>>
    : std::true_type {};
template <class Less, class In>
using if_comparison = std::enable_if_t<is_comparison<Less, input_value_t<In>>::value, int>;

// The one path of the argmin family: each element and its index become the accumulator (To), which Op reduces.
template <class Cfg, template <class> class To, class Op, class Storage, class In, class Out>
status run_arg(Storage&& s, In d_in, Out d_out, std::uint64_t n, Op op, cudaStream_t stream) {
  return device_transform_reduce<Cfg>(s, d_in, d_out, n, To<input_value_t<In>>{}, op, stream);
}
}  // namespace detail

// Two-phase entry points, CUB style, on the storage (storage.cuh): {nullptr, bytes} asks for the size. d_in is a
// pointer or a random-access iterator; d_out points to (or is an iterator over) indexed<T> (extrema<T> for
// argminmax). Asynchronous on `stream`. Each also takes the caller's comparison, less(x, y), before the stream.
template <class Cfg = default_config, class Storage = temp_storage, class In, class Out,
          detail::if_storage<Storage> = 0>
status device_argmin(Storage&& s, In d_in, Out d_out, std::uint64_t n, cudaStream_t stream = 0) {
  return detail::run_arg<Cfg, detail::to_indexed>(s, d_in, d_out, n, argmin_op{}, stream);
}
template <class Cfg = default_config, class Storage = temp_storage, class In, class Out, class Less,
          detail::if_comparison<Less, In> = 0, detail::if_storage<Storage> = 0>
status device_argmin(Storage&& s, In d_in, Out d_out, std::uint64_t n, Less less, cudaStream_t stream = 0) {
  return detail::run_arg<Cfg, detail::to_indexed>(s, d_in, d_out, n, argmin_by<Less>{less}, stream);
}
template <class Cfg = default_config, class Storage = temp_storage, class In, class Out,
          detail::if_storage<Storage> = 0>
status device_argmax(Storage&& s, In d_in, Out d_out, std::uint64_t n, cudaStream_t stream = 0) {
  return detail::run_arg<Cfg, detail::to_indexed>(s, d_in, d_out, n, argmax_op{}, stream);
}
template <class Cfg = default_config, class Storage = temp_storage, class In, class Out, class Less,
          detail::if_comparison<Less, In> = 0, detail::if_storage<Storage> = 0>
status device_argmax(Storage&& s, In d_in, Out d_out, std::uint64_t n, Less less, cudaStream_t stream = 0) {
  return detail::run_arg<Cfg, detail::to_indexed>(s, d_in, d_out, n, argmax_by<Less>{less}, stream);
}
template <class Cfg = default_config, class Storage = temp_storage, class In, class Out,
          detail::if_storage<Storage> = 0>
status device_argminmax(Storage&& s, In d_in, Out d_out, std::uint64_t n, cudaStream_t stream = 0) {
  return detail::run_arg<Cfg, detail::to_extrema>(s, d_in, d_out, n, argminmax_op{}, stream);
}
template <class Cfg = default_config, class Storage = temp_storage, class In, class Out, class Less,
          detail::if_comparison<Less, In> = 0, detail::if_storage<Storage> = 0>
status device_argminmax(Storage&& s, In d_in, Out d_out, std::uint64_t n, Less less, cudaStream_t stream = 0) {
  return detail::run_arg<Cfg, detail::to_extrema>(s, d_in, d_out, n, argminmax_by<Less>{less}, stream);
}

// Convenience: allocate, run, synchronise, return the pair; throw reduce::error on failure.
template <class Cfg = default_config, class T>
indexed<T> argmin(const T* d_in, std::uint64_t n, cudaStream_t stream = 0) {
  return detail::run_to_host<indexed<T>>(stream, [&](void* temp, std::size_t& bytes, indexed<T>* out) {
    return device_argmin<Cfg>({temp, bytes}, d_in, out, n, stream);
  });
}
template <class Cfg = default_config, class T>
indexed<T> argmax(const T* d_in, std::uint64_t n, cudaStream_t stream = 0) {
  return detail::run_to_host<indexed<T>>(stream, [&](void* temp, std::size_t& bytes, indexed<T>* out) {
    return device_argmax<Cfg>({temp, bytes}, d_in, out, n, stream);
  });
}
template <class Cfg = default_config, class T>
extrema<T> argminmax(const T* d_in, std::uint64_t n, cudaStream_t stream = 0) {
  return detail::run_to_host<extrema<T>>(stream, [&](void* temp, std::size_t& bytes, extrema<T>* out) {
    return device_argminmax<Cfg>({temp, bytes}, d_in, out, n, stream);
  });
}

}  // namespace reduce

#include "deprecated/argminmax.cuh"
