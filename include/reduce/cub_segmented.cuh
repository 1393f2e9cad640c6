// CUB's DeviceSegmentedReduce, on this library's segmented engine (include/reduce/segmented.cuh): a CUB program
// switches by replacing `cub::` with `reduce::` on its DeviceSegmentedReduce lines. The parameter lists are CUB's
// (CCCL 3.x): segments by begin and end offsets (pointers or iterators), and, as in CCCL 3.2, segments of one fixed
// size (num_segments, segment_size). The results are CUB's documented ones:
//
//   Sum                  0 for an empty segment             Min / Max   numeric_limits<T>::max() / lowest()
//   Reduce(op, init)     init op x0 op ... ; init alone     ArgMin / ArgMax   KeyValuePair<int, T>, the key counted
//                                                           from the segment's start; {1, max() / lowest()} if empty
//
// Where this differs from CUB (docs/porting.md): the accumulator is d_out's value type, as for DeviceReduce (cub.cuh);
// min and max order NaN and -0.0 as ops.cuh says.
#pragma once
#include <cuda_runtime.h>

#include <cstdint>
#include <cuda/std/functional>
#include <cuda/std/limits>
#include <iterator>
#include <type_traits>

#include "cub.cuh"
#include "segmented.cuh"

namespace reduce {
namespace detail::cub_port {

// An output iterator over the caller's KeyValuePair outputs that takes the engine's (index, value) results: CUB's
// empty-segment value and key 1 where a segment had no element.
template <class OutIt, class T>
struct arg_pairs {
  using pair = iterator_value_t<OutIt>;
  using value_type = indexed<T>;
  using difference_type = std::ptrdiff_t;
  using pointer = void;
  using reference = void;
  using iterator_category = std::output_iterator_tag;
  OutIt out;
  T empty;
  struct slot {
    OutIt out;
    T empty;
    __device__ void operator=(const indexed<T>& x) const {
      const bool none = x.index == no_index;
      *out = pair(typename pair::Key(none ? 1 : x.index), typename pair::Value(none ? empty : x.value));
    }
  };
  __device__ slot operator*() const { return {out, empty}; }
  __device__ slot operator[](std::uint64_t s) const { return {out + s, empty}; }
};

template <class S>
inline constexpr bool is_size_v = std::is_integral_v<S>;

// CUB's segments: (begin, end) offsets, or (segment_size) for segments of one size.
template <class B, class E>
auto segments_of(std::uint64_t count, B begin, E end) {
  return segments::offsets(begin, end, count);
}
template <class S>
auto segments_of(std::uint64_t count, S size) {
  return segments::fixed(count, std::uint64_t(size));
}

}  // namespace detail::cub_port

struct DeviceSegmentedReduce {
  // Reduce(d_temp, bytes, d_in, d_out, num_segments, d_begin_offsets, d_end_offsets, op, init, stream)
  template <class InputIteratorT, class OutputIteratorT, class BeginOffsetIteratorT, class EndOffsetIteratorT,
            class ReductionOpT, class T, std::enable_if_t<!std::is_integral_v<BeginOffsetIteratorT>, int> = 0>
  static cudaError_t Reduce(void* d_temp_storage, std::size_t& temp_storage_bytes, InputIteratorT d_in,
                            OutputIteratorT d_out, std::int64_t num_segments, BeginOffsetIteratorT d_begin_offsets,
                            EndOffsetIteratorT d_end_offsets, ReductionOpT reduction_op, T initial_value,
                            cudaStream_t stream = 0) {
    return reduce_over(d_temp_storage, temp_storage_bytes, d_in, d_out, num_segments, reduction_op, initial_value,
                       stream, d_begin_offsets, d_end_offsets);
  }
  // Reduce(d_temp, bytes, d_in, d_out, num_segments, segment_size, op, init, stream): segments of one size.
  template <class InputIteratorT, class OutputIteratorT, class ReductionOpT, class T>
  static cudaError_t Reduce(void* d_temp_storage, std::size_t& temp_storage_bytes, InputIteratorT d_in,
                            OutputIteratorT d_out, std::int64_t num_segments, int segment_size,
                            ReductionOpT reduction_op, T initial_value, cudaStream_t stream = 0) {
    return reduce_over(d_temp_storage, temp_storage_bytes, d_in, d_out, num_segments, reduction_op, initial_value,
                       stream, segment_size);
  }

  template <class InputIteratorT, class OutputIteratorT, class BeginOrSizeT, class... EndT>
  static cudaError_t Sum(void* d_temp_storage, std::size_t& temp_storage_bytes, InputIteratorT d_in,
                         OutputIteratorT d_out, std::int64_t num_segments, BeginOrSizeT begin_or_size,
                         EndT... end_and_stream) {
    return pick(num_segments, begin_or_size, end_and_stream..., [&](auto segs, cudaStream_t stream) {
      using namespace detail::cub_port;
      using In = value_t<InputIteratorT>;
      using Out = out_t<OutputIteratorT, InputIteratorT>;
      require_output_accumulator<cuda::std::plus<>, Out, In, Out>();
      return device_segmented_transform_reduce({d_temp_storage, temp_storage_bytes}, d_in, d_out, segs,
                                               converting<In, Out>{}, sum{}, stream);  // 0 is the identity
    });
  }
  template <class InputIteratorT, class OutputIteratorT, class BeginOrSizeT, class... EndT>
  static cudaError_t Min(void* d_temp_storage, std::size_t& temp_storage_bytes, InputIteratorT d_in,
                         OutputIteratorT d_out, std::int64_t num_segments, BeginOrSizeT begin_or_size,
                         EndT... end_and_stream) {
    return pick(num_segments, begin_or_size, end_and_stream..., [&](auto segs, cudaStream_t stream) {
      return extreme<false>(d_temp_storage, temp_storage_bytes, d_in, d_out, segs, stream);
    });
  }
  template <class InputIteratorT, class OutputIteratorT, class BeginOrSizeT, class... EndT>
  static cudaError_t Max(void* d_temp_storage, std::size_t& temp_storage_bytes, InputIteratorT d_in,
                         OutputIteratorT d_out, std::int64_t num_segments, BeginOrSizeT begin_or_size,
                         EndT... end_and_stream) {
    return pick(num_segments, begin_or_size, end_and_stream..., [&](auto segs, cudaStream_t stream) {
      return extreme<true>(d_temp_storage, temp_storage_bytes, d_in, d_out, segs, stream);
    });
  }
  template <class InputIteratorT, class OutputIteratorT, class BeginOrSizeT, class... EndT>
  static cudaError_t ArgMin(void* d_temp_storage, std::size_t& temp_storage_bytes, InputIteratorT d_in,
                            OutputIteratorT d_out, std::int64_t num_segments, BeginOrSizeT begin_or_size,
                            EndT... end_and_stream) {
    return pick(num_segments, begin_or_size, end_and_stream..., [&](auto segs, cudaStream_t stream) {
      return arg<false>(d_temp_storage, temp_storage_bytes, d_in, d_out, segs, stream);
    });
  }
  template <class InputIteratorT, class OutputIteratorT, class BeginOrSizeT, class... EndT>
  static cudaError_t ArgMax(void* d_temp_storage, std::size_t& temp_storage_bytes, InputIteratorT d_in,
                            OutputIteratorT d_out, std::int64_t num_segments, BeginOrSizeT begin_or_size,
                            EndT... end_and_stream) {
    return pick(num_segments, begin_or_size, end_and_stream..., [&](auto segs, cudaStream_t stream) {
      return arg<true>(d_temp_storage, temp_storage_bytes, d_in, d_out, segs, stream);
    });
  }

 private:
  // The segments and the stream of CUB's two forms, (begin, end[, stream]) or (segment_size[, stream]), then
  // run(segments, stream).
  template <class S, class Run, std::enable_if_t<detail::cub_port::is_size_v<S>, int> = 0>
  static cudaError_t pick(std::int64_t num, S size, Run run) {
    return pick(num, size, cudaStream_t(0), run);
  }
  template <class S, class Run, std::enable_if_t<detail::cub_port::is_size_v<S>, int> = 0>
  static cudaError_t pick(std::int64_t num, S size, cudaStream_t stream, Run run) {
    std::uint64_t count = 0;
    if (!detail::cub_port::count_of(num, count) || size < 0) return cudaErrorInvalidValue;
    return run(detail::cub_port::segments_of(count, size), stream);
  }
  template <class B, class E, class Run, std::enable_if_t<!detail::cub_port::is_size_v<B>, int> = 0>
  static cudaError_t pick(std::int64_t num, B begin, E end, Run run) {
    return pick(num, begin, end, cudaStream_t(0), run);
  }
  template <class B, class E, class Run, std::enable_if_t<!detail::cub_port::is_size_v<B>, int> = 0>
  static cudaError_t pick(std::int64_t num, B begin, E end, cudaStream_t stream, Run run) {
    std::uint64_t count = 0;
    if (!detail::cub_port::count_of(num, count)) return cudaErrorInvalidValue;
    return run(detail::cub_port::segments_of(count, begin, end), stream);
  }

  template <class InputIteratorT, class OutputIteratorT, class ReductionOpT, class T, class... SegArgs>
  static cudaError_t reduce_over(void* d_temp, std::size_t& bytes, InputIteratorT d_in, OutputIteratorT d_out,
                                 std::int64_t num_segments, ReductionOpT op, T init, cudaStream_t stream,
                                 SegArgs... seg_args) {
    using namespace detail::cub_port;
    using In = value_t<InputIteratorT>;
    using Out = out_t<OutputIteratorT, InputIteratorT>;
    require_output_accumulator<ReductionOpT, T, In, Out>();
    return pick(num_segments, seg_args..., stream, [&](auto segs, cudaStream_t s) {
      return device_segmented_transform_reduce({d_temp, bytes}, d_in, d_out, segs, converting<In, Out>{},
                                               with_init(op, init), s);
    });
  }

  // As DeviceReduce's Min and Max (cub.cuh): CUB's initial value is T's max() (lowest()), an integer's identity.
  template <bool Greater, class InputIteratorT, class OutputIteratorT, class Segs>
  static cudaError_t extreme(void* d_temp, std::size_t& bytes, InputIteratorT d_in, OutputIteratorT d_out, Segs segs,
                             cudaStream_t stream) {
    using namespace detail::cub_port;
    using In = value_t<InputIteratorT>;
    using Out = out_t<OutputIteratorT, InputIteratorT>;
    using Op = std::conditional_t<Greater, max, min>;
    require_output_accumulator<std::conditional_t<Greater, cuda::maximum<>, cuda::minimum<>>, In, In, Out>();
    const Out init = Out(empty_extremum<Greater, In>());
    if constexpr (cuda::std::numeric_limits<Out>::has_infinity || detail::is_narrow_float_v<Out>)
      return device_segmented_transform_reduce({d_temp, bytes}, d_in, d_out, segs, converting<In, Out>{},
                                               with_init(Op{}, init), stream);
    else
      return device_segmented_transform_reduce({d_temp, bytes}, d_in, d_out, segs, converting<In, Out>{}, Op{}, stream);
  }

  template <bool Greater, class InputIteratorT, class OutputIteratorT, class Segs>
  static cudaError_t arg(void* d_temp, std::size_t& bytes, InputIteratorT d_in, OutputIteratorT d_out, Segs segs,
                         cudaStream_t stream) {
    using namespace detail::cub_port;
    using T = value_t<InputIteratorT>;
    const arg_pairs<detail::unwrapped_t<OutputIteratorT>, T> out{thrust::try_unwrap_contiguous_iterator(d_out),
                                                                 empty_extremum<Greater, T>()};
    using Op = std::conditional_t<Greater, argmax_op, argmin_op>;
    return device_segmented_transform_reduce({d_temp, bytes}, d_in, out, segs, detail::to_indexed<T>{}, Op{}, stream);
  }
};

}  // namespace reduce
