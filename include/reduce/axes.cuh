// Reductions over axes of a strided N-d array (a tensor's sum over dim 1, a mean over the sequence of
// [batch, seq, hidden], a norm over the channels of NCHW): merge_axes turns a shape, its strides and the axes to reduce
// into one segmented call where one call can do it. Adjacent axes merge where they are contiguous to each other
// (stride[i] == size[i + 1] * stride[i + 1]) and both kept or both reduced; axes of size 1 drop out. What remains
// is at most three runs, kept (outer), reduced, kept (inner), and the call is
//
//   every axis reduced, contiguous        whole: reduce::device_reduce over `reduced` elements
//   outer and reduced (inner 1)           segments::middle(outer, reduced, 1, ...): the rows where reduced_stride
//                                         is 1 (the default reads them as rows)
//   reduced and inner (outer 1)           segments::columns where inner is contiguous
//   outer, reduced and inner              segments::middle(outer, reduced, inner, reduced_stride, outer_stride)
//
// The results come in the kept axes' order, row-major: result (o, i) at o * inner + i, a contiguous array of the kept
// axes' shape (keepdims is a matter of that shape). An inner run must be contiguous (stride 1), as a column walk reads
// it; otherwise, and where the reduced axes are not adjacent after merging, one call does not do it (several). An
// array with a zero in its shape reads no element: its strides do not matter.
#pragma once
#include <cstdint>

namespace reduce {

struct axes_plan {
  // whole: `reduced` contiguous elements (outer == inner == 1); middle: segments::middle(outer, reduced, inner,
  // reduced_stride, outer_stride); several: no one call does it (more than one run of reduced axes, or of kept axes
  // on a side, an inner run that is not contiguous beside an outer one, kept axes alone that do not merge, a negative
  // stride, over 64 axes): reduce one run at a time, or make the array contiguous first.
  enum kind_t : unsigned char { whole, middle, several } kind = several;
  std::uint64_t outer = 1, reduced = 1, inner = 1, reduced_stride = 1, outer_stride = 0;
};

// ndim axes (at most 64): shape[a] elements along axis a, strides[a] elements apart (not bytes); reduce_axis[a]: axis
// a is reduced. Axes negative or past ndim are the caller's to normalise first (as NumPy's axis=-1).
inline axes_plan merge_axes(int ndim, const std::int64_t* shape, const std::int64_t* strides, const bool* reduce_axis) {
  axes_plan plan;
  if (ndim < 0 || ndim > 64) return plan;
  bool empty = false;
  for (int a = 0; a < ndim; ++a) {
    if (shape[a] < 0 || strides[a] < 0) return plan;
    empty = empty || shape[a] == 0;
  }
  // Runs of merged axes, outermost first: size, stride, reduced. An empty array is taken as contiguous.
  struct run {
    std::uint64_t size, stride;
    bool reduced;
  } runs[64];
  int count = 0;
  std::uint64_t contiguous = 1;  // an empty array's strides, innermost first
  std::uint64_t empty_strides[64];
  for (int a = ndim - 1; a >= 0; --a) {
    empty_strides[a] = contiguous;
    contiguous *= std::uint64_t(shape[a]);
  }
  for (int a = 0; a < ndim; ++a) {
    const std::uint64_t size = std::uint64_t(shape[a]);
    const std::uint64_t stride = empty ? empty_strides[a] : std::uint64_t(strides[a]);
    if (size == 1 && !empty) continue;  // no extent: it merges with anything
    if (count > 0) {
      run& last = runs[count - 1];
      if (last.reduced == reduce_axis[a] && last.stride == size * stride) {
        last.size *= size;
        last.stride = stride;
        continue;
      }
    }
    runs[count++] = {size, stride, reduce_axis[a]};
  }
  int reduced_runs = 0;
  for (int r = 0; r < count; ++r) reduced_runs += runs[r].reduced;
  if (reduced_runs == 0) {       // nothing reduced: each element is its own result, a reduction of one element
    if (count > 1) return plan;  // kept axes that do not merge: a strided copy
    plan.kind = axes_plan::middle;
    plan.outer = count ? runs[0].size : 1;
    plan.outer_stride = count ? runs[0].stride : 0;
    return plan;
  }
  int j = 0;  // the first reduced run
  while (!runs[j].reduced) ++j;
  if (reduced_runs > 1 || j > 1 || count - 1 - j > 1) return plan;  // more than one run of a kind a side
  const run* outer = j == 1 ? &runs[0] : nullptr;
  const run* red = &runs[j];
  const run* inner = j + 1 < count ? &runs[j + 1] : nullptr;
  if (inner && inner->stride != 1) {  // a column walk reads its inner run contiguous; as outer of inner 1 instead
    if (outer) return plan;
    outer = inner;
    inner = nullptr;
  }
  plan.reduced = red->size;
  plan.reduced_stride = red->stride;
  plan.outer = outer ? outer->size : 1;
  plan.outer_stride = outer ? outer->stride : 0;
  plan.inner = inner ? inner->size : 1;
  plan.kind = !outer && !inner && red->stride == 1 ? axes_plan::whole : axes_plan::middle;
  return plan;
}

}  // namespace reduce
