// The segmented entry path: the call's types checked as for one array, the segmented default resolved to a config
// (by the kind of segments and, where the host knows it, their length), the arguments checked, the storage provided
// (the caller's temporary storage or a workspace, as detail/dispatch.cuh does), then the mapping's launches.
#pragma once
#include <boost/mp11.hpp>
#include <cstdint>
#include <limits>
#include <reduce/policy/segments.cuh>

#include "../checks.cuh"
#include "../dispatch.cuh"
#include "block.cuh"
#include "by_length_run.cuh"
#include "columns.cuh"
#include "lanes.cuh"
#include "parts.cuh"
#include "staged.cuh"
#include "tuned.cuh"

namespace reduce::detail {

template <class S>
struct is_segments : cuda::std::false_type {};
template <class B, class E>
struct is_segments<offset_segments<B, E>> : cuda::std::true_type {};
template <>
struct is_segments<fixed_segments> : cuda::std::true_type {};
template <>
struct is_segments<row_segments> : cuda::std::true_type {};
template <>
struct is_segments<column_segments> : cuda::std::true_type {};
template <class B, class E>
struct is_segments<bounded_offset_segments<B, E>> : cuda::std::true_type {};
template <class S>
inline constexpr bool is_segments_v = is_segments<S>::value;

// Elements from the first one a description can reach to one past the last (0 where it reaches none); false where
// the count overflows 64 bits.
inline bool extent(std::uint64_t lines, std::uint64_t length, std::uint64_t ld, std::uint64_t& elements) {
  elements = 0;
  if (lines == 0 || length == 0) return true;
  if (ld == 0) return elements = length, true;  // every line at the same place
  if (lines - 1 > (std::numeric_limits<std::uint64_t>::max() - length) / ld) return false;
  elements = (lines - 1) * ld + length;
  return true;
}
inline bool extent_of(const fixed_segments& s, std::uint64_t& e) { return extent(s.count, s.size, s.size, e); }
inline bool extent_of(const row_segments& s, std::uint64_t& e) { return extent(s.count, s.columns, s.ld, e); }
inline bool extent_of(const column_segments& s, std::uint64_t& e) {
  if (s.one_matrix()) return extent(s.rows, s.count, s.ld, e);
  // A middle axis: outer matrices of rows x inner, outer_stride apart.
  std::uint64_t matrix = 0;
  if (!extent(s.rows, s.inner, s.ld, matrix)) return false;
  return extent(s.inner ? s.count / s.inner : 0, matrix, s.outer_stride, e);
}

// The segmented calls' argument checks: the output holds one result per segment, in any memory the device writes (the
// Maps store each result once, with no atomics: host memory takes them over the bus); the offsets are device memory
// holding count offsets each; a matrix's leading dimension is at least its row length, and what a description
// reaches lies inside the input's allocation (offsets are not read on the host: their values are the caller's to
// keep inside the input).
template <class T, class Acc, class Segs>
status check_segments(const T* in, Acc* out, const Segs& s) {
  const std::uint64_t count = s.count;
  if (count > std::numeric_limits<std::uint64_t>::max() / sizeof(Acc))
    return {cudaErrorInvalidValue, "reduce: the segment count overflows the output's size"};
  const char* host_input = "reduce: input pointer is host memory; copy the input to the device first";
  // The input, in memory the device reads; unread elements (an input iterator: detail/iterators.cuh) have none.
  const auto input = [&](std::uint64_t elements, const pointer_words& w) -> status {
    if constexpr (cuda::std::is_same_v<T, unread>)
      return {};
    else
      return check_readable_span(in, elements, sizeof(T), w);
  };
  if constexpr (!cuda::std::is_same_v<Acc, const iterator_output>)  // an output iterator: nothing to ask the driver
    if (status e =
            check_writable_span(out, count, sizeof(Acc),
                                {"reduce: output pointer is null", nullptr, nullptr,
                                 "reduce: the output runs past its allocation: it needs one result per segment"}))
      return e;
  if constexpr (is_offset_segments_v<Segs>) {
    if (count == 0) return {};  // no offset or element is read: any pointers do (CSR of one offset: d_off + 1)
    const auto offsets = [&](const auto& it) -> status {
      if constexpr (!cuda::std::is_pointer_v<cuda::std::decay_t<decltype(it)>>) {
        return {};  // offsets computed by an iterator: its values are the caller's
      } else {
        return check_device_span(it, count, sizeof(*it),
                                 {"reduce: segment offsets pointer is null",
                                  "reduce: segment offsets are host memory; pass device allocations", nullptr,
                                  "reduce: the segment offsets run past their allocation: num_segments each"});
      }
    };
    if (status e = offsets(s.begin)) return e;
    if (status e = offsets(s.end)) return e;
    if (status e = input(0, {"reduce: input pointer is null", host_input})) return e;
  } else {
    if constexpr (!cuda::std::is_same_v<Segs, fixed_segments>) {
      std::uint64_t columns = 0;
      if constexpr (cuda::std::is_same_v<Segs, row_segments>)
        columns = s.columns;
      else
        columns = s.width();
      if (s.ld < columns)
        return {cudaErrorInvalidValue, "reduce: the leading dimension ld must be at least the number of columns"};
    }
    std::uint64_t elements = 0;
    if (!extent_of(s, elements) || elements > std::numeric_limits<std::uint64_t>::max() / sizeof(T))
      return {cudaErrorInvalidValue, "reduce: the matrix or segments overflow 64-bit sizes"};
    if (elements > 0)
      if (status e = input(elements, {"reduce: input pointer is null and the segments are not empty", host_input,
                                      nullptr, "reduce: the segments run past the end of the input's allocation"}))
        return e;
  }
  return {};
}

// Whether a mapping launches its own kernels (segment_map<Map>::run: several passes, or a grid of its own) for this
// call; the others have one launch of segmented_kernel over blocks<Cfg>(segs) blocks.
template <class Map, class Cfg, class T, class Acc, class Segs, class Op, class Tr, class = void>
struct runs_itself : cuda::std::false_type {};
template <class Map, class Cfg, class T, class Acc, class Segs, class Op, class Tr>
struct runs_itself<Map, Cfg, T, Acc, Segs, Op, Tr,
                   cuda::std::void_t<decltype(Map::template run<Cfg>(
                       cuda::std::declval<const T*>(), cuda::std::declval<const Segs&>(), cuda::std::declval<Acc*>(),
                       cuda::std::declval<Op>(), cuda::std::declval<Tr>(), cuda::std::declval<void*>(),
                       cuda::std::declval<cudaStream_t>()))>> : cuda::std::true_type {};

// The mapping's storage need, the checks, the storage, then its launches (the kinds of segments already matched).
template <class Cfg, class Storage, class T, class Acc, class Segs, class Tr, class Op>
status run_mapping(const Storage& storage, const T* in, Acc* out, const Segs& segs, Tr tr, Op op, cudaStream_t stream) {
  using map = segment_map<typename Cfg::map>;
  storage_need need;
  if (cudaError_t e = map::template storage<Cfg, Acc>(segs, need.scratch)) return {e, "reduce: device query failed"};
  if (storage.is_query()) {
    storage.report(need);
    return {};
  }
  if (status s = check_segments(in, storage.checked(out), segs)) return s;
  storage_regions regions;
  if (status s = storage.take(need, in, out, 0, stream, regions)) return s;
  out = storage.destination(out);  // the caller's output, or the results a storage placed (segment/entry.cuh)
  cudaError_t e = cudaSuccess;
  if constexpr (runs_itself<map, Cfg, T, Acc, Segs, Op, Tr>::value) {
    e = map::template run<Cfg>(in, segs, out, op, tr, regions.scratch, stream);
  } else {
    unsigned blocks = 0;
    if (!(e = map::template blocks<Cfg>(segs, blocks)))
      e = segmented_launch<Cfg>(blocks, in, segs, out, op, tr, stream);
  }
  if (e) return {e, "reduce: a kernel launch failed"};
  return {};
}

template <class Cfg, class Storage, class T, class Acc, class Segs, class Tr, class Op>
status run_segmented_fixed(const Storage& storage, const T* in, Acc* out, const Segs& segs, Tr tr, Op op,
                           cudaStream_t stream) {
  constexpr bool columns_match = Cfg::map::columns_only == is_columns<Segs>;
  constexpr bool stride_known = !Cfg::map::strided_only || !is_offset_segments_v<Segs>;
  static_assert(columns_match,
                "reduce: column_walk reduces the columns of a matrix, and the other mappings reduce segments or rows: "
                "use column_walk with reduce::segments::columns, and any other mapping with the others");
  static_assert(stride_known,
                "reduce: staged_tile reads segments laid at a fixed stride: use it with reduce::segments::fixed or "
                "rows, and by_length (or the default) with offsets");
  if constexpr (!columns_match || !stride_known) {
    return {cudaErrorInvalidValue, "reduce: this mapping does not take this kind of segments"};  // asserted above
  } else {
    return run_mapping<Cfg>(storage, in, out, segs, tr, op, stream);
  }
}

// The default's choice at run time: the Choices' config at index `choice`.
template <class Choices, class Storage, class T, class Acc, class Segs, class Tr, class Op>
status run_chosen(std::size_t choice, const Storage& storage, const T* in, Acc* out, const Segs& segs, Tr tr, Op op,
                  cudaStream_t stream) {
  return boost::mp11::mp_with_index<boost::mp11::mp_size<Choices>::value>(choice, [&](auto I) {
    using C = boost::mp11::mp_at_c<Choices, decltype(I)::value>;
    return run_segmented_fixed<C>(storage, in, out, segs, tr, op, stream);
  });
}

template <class Cfg, class Storage, class T, class Acc, class Segs, class Tr, class Op>
status run_segmented(const Storage& storage, const T* in, Acc* out, const Segs& segs, Tr tr, Op op,
                     cudaStream_t stream) {
  constexpr bool tuned = cuda::std::is_same_v<Cfg, policy::segmented_tuned>;
  if constexpr (!call_types<T, Acc, Tr, Op>::ok) {
    return {cudaErrorInvalidValue, "reduce: this call's types are refused"};  // a static_assert has said why
  } else if constexpr (!cuda::std::is_same_v<library_op_t<Op, Acc>, Op>) {
    return run_segmented<Cfg>(storage, in, out, segs, tr, library_op_t<Op, Acc>{}, stream);  // cuda::std::plus<>, ...
  } else if constexpr (is_bounded_offsets_v<Segs>) {
    // The bound picks the default's mapping; a named config does not need it. The kernels see the offsets.
    if constexpr (tuned)
      return run_chosen<bounded_choices>(bounded_choice_of<T>(segs.max_length), storage, in, out, segs.segs, tr, op,
                                         stream);
    else
      return run_segmented_fixed<Cfg>(storage, in, out, segs.segs, tr, op, stream);
  } else if constexpr (!tuned) {
    return run_segmented_fixed<Cfg>(storage, in, out, segs, tr, op, stream);
  } else if constexpr (is_columns<Segs>) {
    // A middle axis whose inner extent is 1 over a contiguous reduced axis: each result is a row of the reduced axis.
    if (!segs.one_matrix() && segs.inner == 1 && segs.ld == 1)
      return run_segmented<Cfg>(storage, in, out, row_segments{segs.rows, segs.outer_stride, segs.count}, tr, op,
                                stream);
    return run_segmented_fixed<columns_config>(storage, in, out, segs, tr, op, stream);
  } else if constexpr (is_offset_segments_v<Segs>) {
    return run_segmented_fixed<offsets_config>(storage, in, out, segs, tr, op, stream);
  } else {
    std::size_t choice = 0;
    if (cudaError_t e = segmented_choice_of<T>(segs, choice)) return {e, "reduce: device query failed"};
    return run_chosen<segmented_choices>(choice, storage, in, out, segs, tr, op, stream);
  }
}

}  // namespace reduce::detail
