// Named transform-reductions on the engine's one-pass transform (device_transform_reduce): the
// transform is applied to each element after the Load policy's 16-byte loads, so vector loads are kept.
//
//   reduce::device_sum_of_squares({d_temp, bytes}, d_in, d_out, n, stream);   // sum of x^2, in d_out's type
//   reduce::device_count_if({d_temp, bytes}, d_in, d_count, n, pred, stream); // d_count: int64 or uint64
//   (the storage {d_temp, bytes} or a reduce::workspace; <Cfg> names a config, the default otherwise)
//   float s = reduce::sum_of_squares<Cfg>(d_in, n);   // convenience versions: allocate, sync, return, throw
//   float r = reduce::l2_norm<Cfg>(d_in, n);          // sqrt(sum of squares)
//   std::uint64_t c = reduce::count_if<Cfg>(d_in, n, pred);
//   auto v = reduce::transform_reduce<Cfg, double>(d_in, n, f, reduce::max{});
#pragma once
#include <cmath>
#include <cstdint>
#include <memory>
#include <type_traits>

#include "device_reduce.cuh"
#include "to_host.cuh"

namespace reduce {
namespace detail {

// x -> x * x in the accumulator's precision (a float input with a double accumulator squares in double; the value
// type for compensated<F>).
template <class Acc>
struct square {
  template <class T>
  __host__ __device__ value_type_of_t<Acc> operator()(const T& x) const {
    using W = value_type_of_t<Acc>;
    const W w = W(widen(x));
    return w * w;
  }
};

// x -> 1 where pred(x), else 0.
template <class Count, class Pred>
struct indicator {
  Pred pred;
  template <class T>
  __host__ __device__ Count operator()(const T& x) const {
    return pred(x) ? Count(1) : Count(0);
  }
};

}  // namespace detail

// Sum of x^2 over d_in[0, n) into *d_out (its type is the accumulator).
template <class Cfg = default_config, class Storage = temp_storage, class In, class Acc,
          detail::if_storage<Storage> = 0>
status device_sum_of_squares(Storage&& s, In d_in, Acc* d_out, std::uint64_t n, cudaStream_t stream = 0) {
  return device_transform_reduce<Cfg>(s, d_in, d_out, n, detail::square<Acc>{}, sum{}, stream);
}

// The number of elements with pred(x) true, into *d_out: a 64-bit count (n may exceed 2^32).
namespace detail {
template <class Count>
inline constexpr bool count_type_ok = std::is_integral_v<Count> && sizeof(Count) == 8;
}  // namespace detail
template <class Cfg = default_config, class Storage = temp_storage, class In, class Count, class Pred,
          detail::if_storage<Storage> = 0>
status device_count_if(Storage&& s, In d_in, Count* d_out, std::uint64_t n, Pred pred, cudaStream_t stream = 0) {
  static_assert(detail::count_type_ok<Count>,
                "reduce: count_if counts into std::uint64_t or std::int64_t (n may exceed 2^32)");
  return device_transform_reduce<Cfg>(s, d_in, d_out, n, detail::indicator<Count, Pred>{pred}, sum{}, stream);
}

// Convenience versions: allocate, run, synchronise, return the value; throw reduce::error on failure.

// Acc defaults to default_accumulator_t<T> (float for half and bfloat16, int32/uint32 for 8- and 16-bit integers).
template <class Cfg = default_config, class Acc = void, class T>
auto sum_of_squares(const T* d_in, std::uint64_t n, cudaStream_t stream = 0) {
  using A = std::conditional_t<std::is_void_v<Acc>, default_accumulator_t<T>, Acc>;
  return transform_reduce<Cfg, A>(d_in, n, detail::square<A>{}, sum{}, stream);
}

// sqrt of the sum of squares, accumulated in Acc (default: float for float and narrow floats, double for double).
// No scaling: squares beyond Acc's range overflow to inf (use a double accumulator for large float data).
template <class Cfg = default_config, class Acc = void, class T>
auto l2_norm(const T* d_in, std::uint64_t n, cudaStream_t stream = 0) {
  using A = std::conditional_t<std::is_void_v<Acc>, default_accumulator_t<T>, Acc>;
  static_assert(std::is_floating_point_v<A>, "reduce: l2_norm needs a floating-point accumulator (float or double)");
  return std::sqrt(sum_of_squares<Cfg, A>(d_in, n, stream));
}

template <class Cfg = default_config, class Count = std::uint64_t, class T, class Pred>
Count count_if(const T* d_in, std::uint64_t n, Pred pred, cudaStream_t stream = 0) {
  return detail::run_to_host<Count>(stream, [&](void* temp, std::size_t& bytes, Count* out) {
    return device_count_if<Cfg>({temp, bytes}, d_in, out, n, pred, stream);
  });
}

}  // namespace reduce

#include "deprecated/transform_reduce.cuh"
