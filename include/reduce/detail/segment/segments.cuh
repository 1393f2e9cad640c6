// The kinds of segments as a kernel sees them (count, and for segment s its first element and length), the thin
// segmented kernel, and the contract of a segment mapping (one specialization of segment_map per Map, in this
// folder, one file each):
//   segment_map<Map>::storage<Cfg, Acc>(segs, bytes)        host: scratch bytes the call needs (no_segment_storage: 0)
// and either one launch of segmented_kernel:
//   segment_map<Map>::reduce<Cfg>(in, segs, out, op, tr)    device, every thread of the kernel: out[s] for each s
//   segment_map<Map>::blocks<Cfg>(segs, blocks)             host: the grid of the launch
// or launches of its own (the dispatch calls run where a mapping has one for the call's types: dispatch.cuh's
// runs_itself):
//   segment_map<Map>::run<Cfg>(in, segs, out, op, tr, scratch, stream)    host: every launch, stream-ordered
#pragma once
#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>
#include <cuda/std/type_traits>

#include "../transform.cuh"
#include "../vector_fold.cuh"
#include "../words.cuh"

namespace reduce::detail {

struct segment_range {
  std::uint64_t begin, size;
};

// Segments given by begin and end offsets: integers of any width, signed or not, in device memory or computed by
// iterators (CSR offsets pass (d_offsets, d_offsets + 1)); end <= begin is empty.
template <class B, class E = B>
struct offset_segments {
  B begin;
  E end;
  std::uint64_t count;
  __device__ segment_range operator()(std::uint64_t s) const {
    using O = cuda::std::common_type_t<cuda::std::decay_t<decltype(begin[0])>, cuda::std::decay_t<decltype(end[0])>>;
    const O b = O(begin[s]), e = O(end[s]);
    return {std::uint64_t(b), e > b ? std::uint64_t(e - b) : 0};
  }
};

// Offsets with the caller's bound on every segment's length (host only: the default maps the segments by the bound,
// then the kernels see the offsets alone). A segment longer than the bound is still reduced right, more slowly.
template <class B, class E = B>
struct bounded_offset_segments {
  offset_segments<B, E> segs;
  std::uint64_t max_length;
};

// count segments of `size` elements laid end to end.
struct fixed_segments {
  std::uint64_t size, count;
  __host__ __device__ segment_range operator()(std::uint64_t s) const { return {s * size, size}; }
};

// The rows of a row-major matrix of count rows: row r holds `columns` elements from r * ld.
struct row_segments {
  std::uint64_t columns, ld, count;
  __host__ __device__ segment_range operator()(std::uint64_t s) const { return {s * ld, columns}; }
};

// The columns of a row-major matrix (column_walk only): count = columns; column c holds rows elements c, c + ld, ...
// A launch splits the rows into chunks of chunk_rows (the grid's y), and chunk k writes its results at out + k * count;
// its blocks' warps stand `side` by side over columns, the others stacked over rows (column_walk's plan).
// The middle axis of an (outer, reduced, inner) view is the same walk over outer matrices side by side: the columns
// come in blocks of `inner`, block b's first element outer_stride elements after block b - 1's, and column c starts
// at (c / inner) * outer_stride + c % inner (inner == count: one matrix).
struct column_segments {
  std::uint64_t rows, ld, count;
  std::uint64_t chunk_rows = ~std::uint64_t(0);
  unsigned side = 1;
  std::uint64_t inner = ~std::uint64_t(0), outer_stride = 0;
  __host__ __device__ bool one_matrix() const { return inner >= count; }
  __host__ __device__ std::uint64_t width() const { return one_matrix() ? count : inner; }  // a matrix's columns
  __host__ __device__ std::uint64_t start(std::uint64_t c) const {
    return one_matrix() ? c : c / inner * outer_stride + c % inner;
  }
};

// A transform seen from `offset` elements into a segment: a map that splits a segment walks a part as an array of its
// own, and the transform must still get each element's index within its segment.
template <class Tr>
struct index_from {
  Tr tr;
  std::uint64_t offset;
  template <class X>
  __device__ __forceinline__ auto operator()(const X& x, std::uint64_t i) const {
    if constexpr (cuda::std::is_invocable_v<const Tr&, const X&, std::uint64_t>)
      return tr(x, offset + i);
    else
      return tr(x);
  }
};
template <class Tr>
struct positional<index_from<Tr>> : positional<Tr> {};
template <class Tr>
__device__ index_from<Tr> from_index(const Tr& tr, std::uint64_t offset) {
  return {tr, offset};
}
__device__ inline no_transform from_index(no_transform tr, std::uint64_t) { return tr; }  // packed sums stay packed

// A transform as the segment whose first element is at `begin` of the whole input sees it: itself, for every transform
// but the reader of an input iterator (detail/iterators.cuh), which reads the iterator from there. A Map that declares
// reads_iterators (policy/segments.cuh) passes each segment's transform through this.
template <class Tr>
__device__ __forceinline__ const Tr& at_segment(const Tr& tr, std::uint64_t) {
  return tr;
}

template <class S>
inline constexpr bool is_offset_segments_v = false;
template <class B, class E>
inline constexpr bool is_offset_segments_v<offset_segments<B, E>> = true;

template <class S>
inline constexpr bool is_bounded_offsets_v = false;
template <class B, class E>
inline constexpr bool is_bounded_offsets_v<bounded_offset_segments<B, E>> = true;

template <class Segs>
inline constexpr bool is_columns = cuda::std::is_same_v<Segs, column_segments>;

template <class Map>
struct segment_map;  // one specialization per Map, in this folder

// What most mappings need of storage: nothing (each segment's result goes straight to its output).
struct no_segment_storage {
  template <class Cfg, class Acc, class Segs>
  static cudaError_t storage(const Segs&, std::size_t& bytes) {
    bytes = 0;
    return cudaSuccess;
  }
};

template <class Cfg, class T, class Acc, class Op, class Tr, class Segs>
__global__ void __launch_bounds__(Cfg::block) segmented_kernel(const T* in, Segs segs, Acc* out, Op op, Tr tr) {
  segment_map<typename Cfg::map>::template reduce<Cfg>(in, segs, out, op, tr);
}

template <class Cfg, class T, class Acc, class Op, class Tr, class Segs>
cudaError_t segmented_launch(unsigned blocks, const T* in, const Segs& segs, Acc* out, Op op, Tr tr,
                             cudaStream_t stream) {
  if (blocks == 0) return cudaSuccess;
  segmented_kernel<Cfg, T, Acc, Op, Tr, Segs><<<blocks, Cfg::block, 0, stream>>>(in, segs, out, op, tr);
  return cudaGetLastError();
}

// Grid-stride launches stop growing here: past it each thread takes further segments (and a count of segments past
// 2^31 still launches).
inline constexpr std::uint64_t segmented_grid_limit = std::uint64_t(1) << 20;
inline unsigned capped_blocks(std::uint64_t wanted) {
  return unsigned(wanted < segmented_grid_limit ? wanted : segmented_grid_limit);
}

}  // namespace reduce::detail
