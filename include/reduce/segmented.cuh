// Many reductions at once: one result per segment, where segments are given by begin and end offsets, are all of one
// size, or are the rows or the columns of a row-major matrix. CUB style: asynchronous on a stream, on the storage
// (storage.cuh: the caller's bytes {d_temp, temp_bytes}, where d_temp == nullptr asks for the size, or a
// reduce::workspace); each call returns a reduce::status (the error and a message; it converts to cudaError_t).
//
//   auto segs = reduce::segments::offsets(d_begin, d_end, num_segments);   // or fixed(count, size),
//                                  // rows(rows, columns, ld), columns(...), middle(outer, reduced, inner)
//   std::size_t bytes = 0;
//   reduce::device_segmented_reduce({nullptr, bytes}, d_in, d_out, segs, op);              // 1. the storage's size
//   reduce::device_segmented_reduce({d_temp, bytes}, d_in, d_out, segs, op, stream);       // 2. run
//
// d_out holds one accumulator per segment (its element type is the accumulator). A segment with no element gives
// the op's identity (argmin/argmax: index reduce::no_index); argmin/argmax indices count from the segment's start (a
// column's: its row). The config is reduce::default_segmented_config unless named: a policy::segmented_config<Map,
// Load, Finish, Block> (policies/reduce/policy/segments.cuh).
#pragma once
#include <cuda_runtime.h>

#include <cstdint>
#include <memory>
#include <type_traits>

#include "argminmax.cuh"
#include "axes.cuh"
#include "detail/segment/entry.cuh"
#include "device_reduce.cuh"
#include "storage.cuh"
#include "to_host.cuh"

namespace reduce {

using default_segmented_config = policy::segmented_tuned;

namespace segments {
// num_segments segments: segment s is d_in[d_begin[s], d_end[s]). The offsets are integers (any width, signed or
// not) in device memory, or iterators that compute them (a counting or transform iterator, as CUB takes); CSR offsets
// pass (d_offsets, d_offsets + 1). They are read on the device only.
template <class B, class E>
detail::offset_segments<B, E> offsets(B d_begin, E d_end, std::uint64_t num_segments) {
  using ob = detail::input_value_t<B>;
  using oe = detail::input_value_t<E>;
  static_assert(std::is_integral_v<ob> && std::is_integral_v<oe>,
                "reduce: segment offsets are integers: pass pointers to, or iterators over, an integer type");
  return {d_begin, d_end, num_segments};
}
// The same, with a bound on the lengths: no segment holds more than max_length elements (CUB's max_segment_size).
// The default then maps the segments by the bound, a thread or a lane group per segment, with no pass that sorts
// them by length; where lengths vary widely, leave the bound out. A bound past 8 KB of elements changes nothing; 0
// says every segment is empty. A segment longer than the bound is still reduced right, more slowly.
template <class B, class E>
detail::bounded_offset_segments<B, E> offsets(B d_begin, E d_end, std::uint64_t num_segments,
                                              std::uint64_t max_length) {
  return {offsets(d_begin, d_end, num_segments), max_length};
}
// count segments of size elements, end to end from d_in.
inline detail::fixed_segments fixed(std::uint64_t count, std::uint64_t size) { return {size, count}; }
// Each row of a row-major matrix (rows x columns, ld elements from one row to the next): one result per row.
inline detail::row_segments rows(std::uint64_t rows, std::uint64_t columns, std::uint64_t ld) {
  return {columns, ld, rows};
}
// Each column of a row-major matrix: one result per column.
inline detail::column_segments columns(std::uint64_t rows, std::uint64_t columns, std::uint64_t ld) {
  return {rows, ld, columns};
}
// The middle axis of an (outer, reduced, inner) view: one result per (o, i), at d_out[o * inner + i], of the elements
// d_in[o * outer_stride + k * reduced_stride + i] for k in [0, reduced). A contiguous [outer, reduced, inner] array
// (a mean over the sequence of [batch, seq, hidden], a sum over the channels of NCHW as [N, C, H * W]) has
// reduced_stride = inner and outer_stride = reduced * inner, the defaults. With the rows (inner 1) and the columns
// (outer 1) of a matrix, this covers any run of adjacent reduced axes of a strided N-d array: detail::merge_axes
// merges a shape's axes into these three. A shape whose count or extent overflows 64 bits is refused by the call.
inline detail::column_segments middle(std::uint64_t outer, std::uint64_t reduced, std::uint64_t inner,
                                      std::uint64_t reduced_stride, std::uint64_t outer_stride) {
  std::uint64_t count = 0;
  if (__builtin_mul_overflow(outer, inner, &count)) count = ~std::uint64_t(0);  // refused: the output overflows
  detail::column_segments s{reduced, reduced_stride, count};
  s.inner = inner;
  s.outer_stride = outer_stride;
  return s;
}
inline detail::column_segments middle(std::uint64_t outer, std::uint64_t reduced, std::uint64_t inner) {
  std::uint64_t matrix = 0;
  if (__builtin_mul_overflow(reduced, inner, &matrix)) matrix = ~std::uint64_t(0);
  return middle(outer, reduced, inner, inner, matrix);
}
}  // namespace segments

template <class Segs>
using if_segments = std::enable_if_t<detail::is_segments_v<Segs>, int>;

template <class Cfg = default_segmented_config, class Storage = temp_storage, class In, class Out, class Segs, class Tr,
          class Op = sum, if_segments<Segs> = 0, detail::if_storage<Storage> = 0>
status device_segmented_transform_reduce(Storage&& s, In d_in, Out d_out, Segs segs, Tr transform, Op op = {},
                                         cudaStream_t stream = 0) {
  return detail::run_segmented_entry<Cfg>(detail::view_of(s), d_in, d_out, segs, transform, op, stream);
}
template <class Cfg = default_segmented_config, class Storage = temp_storage, class In, class Out, class Segs,
          class Op = sum, if_segments<Segs> = 0, detail::if_storage<Storage> = 0>
status device_segmented_reduce(Storage&& s, In d_in, Out d_out, Segs segs, Op op = {}, cudaStream_t stream = 0) {
  return device_segmented_transform_reduce<Cfg>(s, d_in, d_out, segs, detail::no_transform{}, op, stream);
}
// CUB's argument order (DeviceSegmentedReduce::Reduce; the op may carry an initial value: with_init(op, init)).
template <class Cfg = default_segmented_config, class Storage = temp_storage, class In, class Out, class B, class E,
          class Op = sum, std::enable_if_t<!detail::is_segments_v<B>, int> = 0, detail::if_storage<Storage> = 0>
status device_segmented_reduce(Storage&& s, In d_in, Out d_out, std::uint64_t num_segments, B d_begin, E d_end,
                               Op op = {}, cudaStream_t stream = 0) {
  return device_segmented_reduce<Cfg>(s, d_in, d_out, segments::offsets(d_begin, d_end, num_segments), op, stream);
}

// Argmin / argmax / both per segment: the value and its index from the segment's start (first occurrence); d_out
// holds indexed<T> (extrema<T>) per segment. Each also takes the caller's comparison, less(x, y), before the stream.
namespace detail {
template <class Cfg, template <class> class To, class Op, class Storage, class In, class Out, class Segs>
status run_segmented_arg(Storage&& s, In d_in, Out d_out, Segs segs, Op op, cudaStream_t stream) {
  return device_segmented_transform_reduce<Cfg>(s, d_in, d_out, segs, To<input_value_t<In>>{}, op, stream);
}
}  // namespace detail
template <class Cfg = default_segmented_config, class Storage = temp_storage, class In, class Out, class Segs,
          if_segments<Segs> = 0, detail::if_storage<Storage> = 0>
status device_segmented_argmin(Storage&& s, In d_in, Out d_out, Segs segs, cudaStream_t stream = 0) {
  return detail::run_segmented_arg<Cfg, detail::to_indexed>(s, d_in, d_out, segs, argmin_op{}, stream);
}
template <class Cfg = default_segmented_config, class Storage = temp_storage, class In, class Out, class Segs,
          class Less, if_segments<Segs> = 0, detail::if_comparison<Less, In> = 0, detail::if_storage<Storage> = 0>
status device_segmented_argmin(Storage&& s, In d_in, Out d_out, Segs segs, Less less, cudaStream_t stream = 0) {
  return detail::run_segmented_arg<Cfg, detail::to_indexed>(s, d_in, d_out, segs, argmin_by<Less>{less}, stream);
}
template <class Cfg = default_segmented_config, class Storage = temp_storage, class In, class Out, class Segs,
          if_segments<Segs> = 0, detail::if_storage<Storage> = 0>
status device_segmented_argmax(Storage&& s, In d_in, Out d_out, Segs segs, cudaStream_t stream = 0) {
  return detail::run_segmented_arg<Cfg, detail::to_indexed>(s, d_in, d_out, segs, argmax_op{}, stream);
}
template <class Cfg = default_segmented_config, class Storage = temp_storage, class In, class Out, class Segs,
          class Less, if_segments<Segs> = 0, detail::if_comparison<Less, In> = 0, detail::if_storage<Storage> = 0>
status device_segmented_argmax(Storage&& s, In d_in, Out d_out, Segs segs, Less less, cudaStream_t stream = 0) {
  return detail::run_segmented_arg<Cfg, detail::to_indexed>(s, d_in, d_out, segs, argmax_by<Less>{less}, stream);
}
template <class Cfg = default_segmented_config, class Storage = temp_storage, class In, class Out, class Segs,
          if_segments<Segs> = 0, detail::if_storage<Storage> = 0>
status device_segmented_argminmax(Storage&& s, In d_in, Out d_out, Segs segs, cudaStream_t stream = 0) {
  return detail::run_segmented_arg<Cfg, detail::to_extrema>(s, d_in, d_out, segs, argminmax_op{}, stream);
}
template <class Cfg = default_segmented_config, class Storage = temp_storage, class In, class Out, class Segs,
          class Less, if_segments<Segs> = 0, detail::if_comparison<Less, In> = 0, detail::if_storage<Storage> = 0>
status device_segmented_argminmax(Storage&& s, In d_in, Out d_out, Segs segs, Less less, cudaStream_t stream = 0) {
  return detail::run_segmented_arg<Cfg, detail::to_extrema>(s, d_in, d_out, segs, argminmax_by<Less>{less}, stream);
}

// One call: the results in d_out (device memory, one per segment), the stream synchronised; throws reduce::error.
template <class Cfg = default_segmented_config, class In, class Out, class Segs, class Op = sum, if_segments<Segs> = 0>
void segmented_reduce(In d_in, Out d_out, Segs segs, Op op = {}, cudaStream_t stream = 0) {
  std::size_t bytes = 0;
  detail::throw_if(device_segmented_reduce<Cfg>({nullptr, bytes}, d_in, d_out, segs, op, stream), "size query");
  void* raw = nullptr;
  detail::throw_if({cudaMallocAsync(&raw, bytes, stream), "cudaMallocAsync failed"}, "allocation");
  std::unique_ptr<void, detail::free_async> memory(raw, detail::free_async{stream});
  detail::throw_if(device_segmented_reduce<Cfg>({raw, bytes}, d_in, d_out, segs, op, stream), "launch");
  detail::throw_if({cudaStreamSynchronize(stream), "the reduction failed on the device"}, "synchronize");
}

}  // namespace reduce

#include "deprecated/segmented.cuh"
