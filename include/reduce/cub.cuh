// CUB's DeviceReduce, on this library's engine: a CUB program switches by replacing `cub::` with `reduce::` on its
// DeviceReduce lines (and `cub::KeyValuePair` with `reduce::KeyValuePair`). The parameter lists are CUB's (CCCL 3.x),
// the results CUB's documented ones, empty inputs included:
//
//   Sum                  0 for n = 0                      Min / Max   numeric_limits<T>::max() / lowest() for n = 0
//   Reduce(op, init)     init op x0 op ... ; init alone   TransformReduce(op, transform, init)   the same over f(x)
//   ArgMin / ArgMax      into a value and an int64 index, or (the older form) a KeyValuePair<int, T>; n = 0 gives
//                        {max() (ArgMin) or lowest() (ArgMax), index 1}, as CUB documents it
//
// Where this differs from CUB (docs/porting.md):
// - d_in and d_out are pointers or iterators (detail/iterators.cuh): a pointer in any memory the GPU reaches (device,
//   managed, pinned host memory, pageable memory where the device reaches it), for the input and the outputs.
// - Min and Max into an output of another arithmetic type than the input are refused (CUB compares in the input's).
// - The accumulator is d_out's value type. Where CUB's would differ (decltype(op(init, x)) is not d_out's type, as a
//   float Sum into an int output, which CUB sums in float), the call is refused at compile time.
// - min and max (Min, Max, ArgMin, ArgMax, and cuda::minimum / cuda::maximum in Reduce) propagate NaN and order -0.0
//   below +0.0 (ops.cuh); CUB's `<` skips a NaN or not depending on where it falls. Signed integer sums wrap.
// - The temporary storage size differs from CUB's; query it with the same call, as with CUB.
#pragma once
#include <cuda_runtime.h>

#include <cstdint>
#include <cuda/std/functional>
#include <cuda/std/limits>
#include <type_traits>

#include "argminmax.cuh"
#include "detail/checks.cuh"
#include "device_reduce.cuh"

namespace reduce {

// CUB's key-value pair: ArgMin's and ArgMax's older output.
template <class K, class V>
struct KeyValuePair {
  using Key = K;
  using Value = V;
  K key;
  V value;
  KeyValuePair() = default;
  __host__ __device__ KeyValuePair(const K& k, const V& v) : key(k), value(v) {}
};

namespace detail::cub_port {

// The input's value type and the accumulator: d_out's value type (a pointer's element, an output iterator's
// value_type, the input's where the iterator declares none).
template <class InputIteratorT>
using value_t = input_value_t<InputIteratorT>;
template <class OutputIteratorT, class InputIteratorT>
using out_t = output_accumulator_t<OutputIteratorT, InputIteratorT>;

template <class T, bool = std::is_integral_v<T>>
struct promoted {  // an integer's promotion (short to int); any other type itself
  using type = T;
};
template <class T>
struct promoted<T, true> {
  using type = decltype(+T());
};

// CUB accumulates in decltype(op(init, x)); this layer in the output's type. Refused where they differ.
template <class Op, class Init, class T, class Out>
constexpr void require_output_accumulator() {
  if constexpr (std::is_invocable_v<const Op&, const Init&, const T&>) {
    using accum = std::decay_t<std::invoke_result_t<const Op&, const Init&, const T&>>;
    // An integer output's own promotion (short + short is int) wraps to the same bits in the output's type.
    static_assert(std::is_same_v<accum, Out> || std::is_same_v<accum, typename promoted<Out>::type> ||
                      !std::is_arithmetic_v<accum> || !std::is_arithmetic_v<Out>,
                  "reduce::DeviceReduce accumulates in d_out's value type, and CUB would accumulate this call in "
                  "another (decltype(op(init, x))): use an output of that type, or reduce::device_reduce with "
                  "reduce::convert_to<Out> as the transform to convert each element first");
  }
}

// Each element converted to the accumulator as CUB converts it (where the engine would refuse a lossy conversion on
// its plain path, CUB's accumulator of the output type converts anyway).
template <class T, class Acc>
using converting = std::conditional_t<is_narrowing_v<T, Acc>, convert_to<Acc>, no_transform>;

// CUB's counts (num_items, num_segments): an integer, refused where negative.
template <class N>
bool count_of(N num_items, std::uint64_t& n) {
  static_assert(std::is_integral_v<N>, "reduce::DeviceReduce: num_items and num_segments must be integers");
  if constexpr (std::is_signed_v<N>)
    if (num_items < 0) return false;
  n = std::uint64_t(num_items);
  return true;
}

template <bool Greater, class T>
T empty_extremum() {
  return Greater ? cuda::std::numeric_limits<T>::lowest() : cuda::std::numeric_limits<T>::max();
}

// The engine's (value, index) result, written as CUB writes it: index 1 and max() / lowest() for an empty input. The
// outputs are pointers or output iterators (each written by its own assignment, in its value type).
template <class T, class ValueOut, class IndexOut>
__global__ void write_arg(const indexed<T>* r, ValueOut value, IndexOut index, T empty) {
  using V = output_accumulator_t<ValueOut, const T*>;
  using K = output_accumulator_t<IndexOut, const std::int64_t*>;
  wait_for_previous_grid();  // launch_finisher: after the call's last kernel
  const indexed<T> x = *r;
  const bool none = x.index == no_index;
  *value = V(none ? empty : x.value);
  *index = K(none ? 1 : x.index);
}
template <class T, class PairOut>
__global__ void write_arg_pair(const indexed<T>* r, PairOut out, T empty) {
  using P = output_accumulator_t<PairOut, const KeyValuePair<int, T>*>;
  wait_for_previous_grid();  // launch_finisher: after the call's last kernel
  const indexed<T> x = *r;
  const bool none = x.index == no_index;
  *out = P(typename P::Key(none ? 1 : x.index), typename P::Value(none ? empty : x.value));
}

// An output: a pointer in any memory the device writes, or an output iterator (written by its own assignment).
template <class Out>
status check_arg_output(const Out& out) {
  if constexpr (std::is_pointer_v<Out>)
    return check_writable_span(out, 1, sizeof(*out), {"reduce: output pointer is null"});
  else
    return {};
}

// Argmin or argmax into a slot at the start of the caller's storage, then written to the caller's outputs (out_a,
// out_b, unwrapped where contiguous) by write(slot, the value of an empty input). The input: a pointer or any
// random-access iterator, as device_argmin takes it.
template <bool Greater, class InputIteratorT, class N, class OutA, class OutB, class Write>
cudaError_t arg_via_slot(void* d_temp, std::size_t& bytes, InputIteratorT d_in, N num_items, cudaStream_t stream,
                         const OutA& out_a, const OutB& out_b, Write write) {
  using T = value_t<InputIteratorT>;
  std::uint64_t n = 0;
  if (!count_of(num_items, n)) return cudaErrorInvalidValue;
  using R = indexed<T>;
  const std::size_t head = align_up(sizeof(R));
  const auto engine = [&](void* temp, std::size_t& b, R* out) {
    if constexpr (Greater)
      return device_argmax({temp, b}, d_in, out, n, stream);
    else
      return device_argmin({temp, b}, d_in, out, n, stream);
  };
  if (d_temp == nullptr) {
    std::size_t b = 0;
    if (status s = engine(nullptr, b, nullptr)) return s.code;
    bytes = head + b;
    return cudaSuccess;
  }
  if (bytes < head) return cudaErrorInvalidValue;
  if (status s = check_arg_output(out_a)) return s.code;
  if (status s = check_arg_output(out_b)) return s.code;
  std::size_t b = bytes - head;
  R* slot = static_cast<R*>(d_temp);
  if (status s = engine(static_cast<char*>(d_temp) + head, b, slot)) return s.code;
  return write(static_cast<const R*>(slot), empty_extremum<Greater, T>());
}

}  // namespace detail::cub_port

struct DeviceReduce {
  template <class InputIteratorT, class OutputIteratorT, class ReductionOpT, class T, class NumItemsT>
  static cudaError_t Reduce(void* d_temp_storage, std::size_t& temp_storage_bytes, InputIteratorT d_in,
                            OutputIteratorT d_out, NumItemsT num_items, ReductionOpT reduction_op, T init,
                            cudaStream_t stream = 0) {
    return TransformReduce(d_temp_storage, temp_storage_bytes, d_in, d_out, num_items, reduction_op,
                           detail::no_transform{}, init, stream);
  }

  template <class InputIteratorT, class OutputIteratorT, class ReductionOpT, class TransformOpT, class T,
            class NumItemsT>
  static cudaError_t TransformReduce(void* d_temp_storage, std::size_t& temp_storage_bytes, InputIteratorT d_in,
                                     OutputIteratorT d_out, NumItemsT num_items, ReductionOpT reduction_op,
                                     TransformOpT transform_op, T init, cudaStream_t stream = 0) {
    using namespace detail::cub_port;
    using In = value_t<InputIteratorT>;
    using Out = out_t<OutputIteratorT, InputIteratorT>;
    std::uint64_t n = 0;
    if (!count_of(num_items, n)) return cudaErrorInvalidValue;
    if constexpr (std::is_same_v<TransformOpT, detail::no_transform>) {
      require_output_accumulator<ReductionOpT, T, In, Out>();
      return device_transform_reduce({d_temp_storage, temp_storage_bytes}, d_in, d_out, n, converting<In, Out>{},
                                     with_init(reduction_op, init), stream);
    } else {
      return device_transform_reduce({d_temp_storage, temp_storage_bytes}, d_in, d_out, n, transform_op,
                                     with_init(reduction_op, init), stream);
    }
  }

  template <class InputIteratorT, class OutputIteratorT, class NumItemsT>
  static cudaError_t Sum(void* d_temp_storage, std::size_t& temp_storage_bytes, InputIteratorT d_in,
                         OutputIteratorT d_out, NumItemsT num_items, cudaStream_t stream = 0) {
    using namespace detail::cub_port;
    using In = value_t<InputIteratorT>;
    using Out = out_t<OutputIteratorT, InputIteratorT>;
    require_output_accumulator<cuda::std::plus<>, Out, In, Out>();
    std::uint64_t n = 0;
    if (!count_of(num_items, n)) return cudaErrorInvalidValue;
    return device_transform_reduce({d_temp_storage, temp_storage_bytes}, d_in, d_out, n, converting<In, Out>{}, sum{},
                                   stream);  // 0, CUB's initial value, is the identity
  }

  template <class InputIteratorT, class OutputIteratorT, class NumItemsT>
  static cudaError_t Min(void* d_temp_storage, std::size_t& temp_storage_bytes, InputIteratorT d_in,
                         OutputIteratorT d_out, NumItemsT num_items, cudaStream_t stream = 0) {
    return extreme<false>(d_temp_storage, temp_storage_bytes, d_in, d_out, num_items, stream);
  }
  template <class InputIteratorT, class OutputIteratorT, class NumItemsT>
  static cudaError_t Max(void* d_temp_storage, std::size_t& temp_storage_bytes, InputIteratorT d_in,
                         OutputIteratorT d_out, NumItemsT num_items, cudaStream_t stream = 0) {
    return extreme<true>(d_temp_storage, temp_storage_bytes, d_in, d_out, num_items, stream);
  }

  template <class InputIteratorT, class ExtremumOutIteratorT, class IndexOutIteratorT>
  static cudaError_t ArgMin(void* d_temp_storage, std::size_t& temp_storage_bytes, InputIteratorT d_in,
                            ExtremumOutIteratorT d_min_out, IndexOutIteratorT d_index_out, std::int64_t num_items,
                            cudaStream_t stream = 0) {
    return arg_pair_of<false>(d_temp_storage, temp_storage_bytes, d_in, d_min_out, d_index_out, num_items, stream);
  }
  template <class InputIteratorT, class ExtremumOutIteratorT, class IndexOutIteratorT>
  static cudaError_t ArgMax(void* d_temp_storage, std::size_t& temp_storage_bytes, InputIteratorT d_in,
                            ExtremumOutIteratorT d_max_out, IndexOutIteratorT d_index_out, std::int64_t num_items,
                            cudaStream_t stream = 0) {
    return arg_pair_of<true>(d_temp_storage, temp_storage_bytes, d_in, d_max_out, d_index_out, num_items, stream);
  }
  // CUB's older form: one KeyValuePair<int, T> output.
  template <class InputIteratorT, class OutputIteratorT>
  static cudaError_t ArgMin(void* d_temp_storage, std::size_t& temp_storage_bytes, InputIteratorT d_in,
                            OutputIteratorT d_out, int num_items, cudaStream_t stream = 0) {
    return arg_kv_of<false>(d_temp_storage, temp_storage_bytes, d_in, d_out, num_items, stream);
  }
  template <class InputIteratorT, class OutputIteratorT>
  static cudaError_t ArgMax(void* d_temp_storage, std::size_t& temp_storage_bytes, InputIteratorT d_in,
                            OutputIteratorT d_out, int num_items, cudaStream_t stream = 0) {
    return arg_kv_of<true>(d_temp_storage, temp_storage_bytes, d_in, d_out, num_items, stream);
  }

 private:
  template <bool Greater, class InputIteratorT, class ValueOutT, class IndexOutT>
  static cudaError_t arg_pair_of(void* d_temp, std::size_t& bytes, InputIteratorT d_in, ValueOutT value_out,
                                 IndexOutT index_out, std::int64_t num_items, cudaStream_t stream) {
    const auto v = thrust::try_unwrap_contiguous_iterator(value_out);
    const auto k = thrust::try_unwrap_contiguous_iterator(index_out);
    return detail::cub_port::arg_via_slot<Greater>(
        d_temp, bytes, d_in, num_items, stream, v, k, [&](const auto* slot, auto empty) {
          using T = decltype(empty);
          return detail::launch_finisher<
              detail::cub_port::write_arg<T, std::remove_const_t<decltype(v)>, std::remove_const_t<decltype(k)>>>(
              stream, slot, v, k, empty);
        });
  }
  template <bool Greater, class InputIteratorT, class OutputIteratorT>
  static cudaError_t arg_kv_of(void* d_temp, std::size_t& bytes, InputIteratorT d_in, OutputIteratorT d_out,
                               int num_items, cudaStream_t stream) {
    const auto out = thrust::try_unwrap_contiguous_iterator(d_out);
    return detail::cub_port::arg_via_slot<Greater>(
        d_temp, bytes, d_in, num_items, stream, out, out, [&](const auto* slot, auto empty) {
          using T = decltype(empty);
          return detail::launch_finisher<detail::cub_port::write_arg_pair<T, std::remove_const_t<decltype(out)>>>(
              stream, slot, out, empty);
        });
  }

  // CUB's initial value of Min (Max) is numeric_limits<T>::max() (lowest()): the identity of an integer type, so
  // the plain call; for a floating type (whose identity is +inf) it is taken as an initial value.
  template <bool Greater, class InputIteratorT, class OutputIteratorT, class NumItemsT>
  static cudaError_t extreme(void* d_temp, std::size_t& bytes, InputIteratorT d_in, OutputIteratorT d_out,
                             NumItemsT num_items, cudaStream_t stream) {
    using namespace detail::cub_port;
    using In = value_t<InputIteratorT>;
    using Out = out_t<OutputIteratorT, InputIteratorT>;
    using Op = std::conditional_t<Greater, max, min>;
    // CUB compares in the input's type (its init is In's limit): an output of another arithmetic type is refused.
    require_output_accumulator<std::conditional_t<Greater, cuda::maximum<>, cuda::minimum<>>, In, In, Out>();
    std::uint64_t n = 0;
    if (!count_of(num_items, n)) return cudaErrorInvalidValue;
    const Out init = Out(empty_extremum<Greater, In>());
    if constexpr (cuda::std::numeric_limits<Out>::has_infinity || detail::is_narrow_float_v<Out>)
      return device_transform_reduce({d_temp, bytes}, d_in, d_out, n, converting<In, Out>{}, with_init(Op{}, init),
                                     stream);
    else
      return device_transform_reduce({d_temp, bytes}, d_in, d_out, n, converting<In, Out>{}, Op{}, stream);
  }
};

}  // namespace reduce
