// The segmented entry, over what the caller passes, as the one-array entry (detail/entry.cuh) does it:
//
//   contiguous iterators (input, output, offsets)     -> their raw pointers
//   an initial value, an output iterator, or an op     -> each segment's result into a slot of the storage (count
//   without an identity                                   slots after the Map's scratch), then one grid-stride pass
//                                                         writes out[s] = finish(result[s])
//   the rest                                           -> the segmented engine (segment/dispatch.cuh), straight into
//                                                         the output
//
// An initial value is CUB's: each segment's result is init op (its elements folded), and an empty segment gives init.
// With an op that has an identity the Map folds as ever and the pass combines init once per segment; with one that
// has none the Map folds adjoined values (detail/seed.cuh), so that no padding enters the op, and the pass writes init
// for a segment that had no element. An input iterator runs as unread elements whose transform reads it (as for one
// array, detail/iterators.cuh), under a Map that hands the transform each segment's first position (at_segment):
// block_per_segment, which the default takes for it.
#pragma once
#include <cuda_runtime.h>

#include <cstdint>
#include <type_traits>

#include "../iterators.cuh"
#include "../seed.cuh"
#include "dispatch.cuh"

namespace reduce::detail {

template <class A, class Out, class Finish>
__global__ void finish_segments(const A* results, Out out, std::uint64_t count, Finish finish) {
  const std::uint64_t step = std::uint64_t(gridDim.x) * blockDim.x;
  for (std::uint64_t s = std::uint64_t(blockIdx.x) * blockDim.x + threadIdx.x; s < count; s += step)
    out[s] = finish(results[s]);
}

// What a slot's result becomes in the output.
struct as_is {
  template <class A>
  __device__ A operator()(const A& v) const {
    return v;
  }
};
template <class A, class Op>
struct after_init {  // init op v; v is the op's identity for an empty segment
  A init;
  Op op;
  __device__ A operator()(const A& v) const { return A(op(init, v)); }
};
template <class A, class Op>
struct after_init_or_init {  // an op without an identity: init alone where no element came
  A init;
  Op op;
  __device__ A operator()(const adjoined<A>& v) const { return v.has ? A(op(init, v.value)) : init; }
};
// Each element as an adjoined value that holds it.
template <class Tr, class A>
struct into_adjoined {
  Tr tr;
  template <class T>
  __device__ adjoined<A> operator()(const T& x, std::uint64_t i) const {
    return {transformed<A>(tr, x, i), 1u};
  }
};
template <class Tr, class A>
__device__ into_adjoined<Tr, A> at_segment(const into_adjoined<Tr, A>& t, std::uint64_t begin) {
  return {at_segment(t.tr, begin)};
}

template <class S>
struct unwrapped_segments {
  using type = S;
  static S of(const S& s) { return s; }
};
template <class B, class E>
struct unwrapped_segments<offset_segments<B, E>> {
  using type = offset_segments<unwrapped_t<B>, unwrapped_t<E>>;
  static type of(const offset_segments<B, E>& s) {
    return {thrust::try_unwrap_contiguous_iterator(s.begin), thrust::try_unwrap_contiguous_iterator(s.end), s.count};
  }
};
template <class B, class E>
struct unwrapped_segments<bounded_offset_segments<B, E>> {
  using type = bounded_offset_segments<unwrapped_t<B>, unwrapped_t<E>>;
  static type of(const bounded_offset_segments<B, E>& s) {
    return {unwrapped_segments<offset_segments<B, E>>::of(s.segs), s.max_length};
  }
};

template <class Segs>
std::uint64_t segment_count_of(const Segs& s) {
  if constexpr (is_bounded_offsets_v<Segs>)
    return s.segs.count;
  else
    return s.count;
}

// The Map's results into `count` slots (F each: the accumulator, or its adjoined form), then the finishing pass.
template <class Cfg, class F, class Storage, class T, class Out, class Segs, class Tr, class Op, class Finish>
status run_segmented_through_slots(const Storage& storage, const T* in, Out out, const Segs& segs, Tr tr, Op op,
                                   Finish finish, cudaStream_t stream) {
  using checked_out = std::conditional_t<std::is_pointer_v<Out>, Out, const iterator_output*>;
  checked_out check = nullptr;
  if constexpr (std::is_pointer_v<Out>) check = out;
  F* slots = nullptr;
  const std::uint64_t count = segment_count_of(segs);
  const with_slot<Storage, F, std::remove_pointer_t<checked_out>> slotted{storage, check, &slots, count};
  if (status s = run_segmented<Cfg>(slotted, in, static_cast<F*>(nullptr), segs, tr, op, stream)) return s;
  if (storage.is_query() || count == 0) return {};
  const unsigned blocks = capped_blocks((count + 255) / 256);
  finish_segments<<<blocks, 256, 0, stream>>>(static_cast<const F*>(slots), out, count, finish);
  if (cudaError_t e = cudaGetLastError()) return {e, "reduce: a kernel launch failed"};
  return {};
}

// A0: the accumulator, where an earlier step fixed it (an input iterator's value type, before it became unread
// elements); void: d_out's.
template <class Cfg, class A0 = void, class Storage, class In, class Out, class Segs, class Tr, class Op>
status run_segmented_entry(const Storage& storage, In in, Out out, const Segs& segs, Tr tr, Op op,
                           cudaStream_t stream) {
  using U = unwrapped_segments<Segs>;
  if constexpr (!std::is_same_v<unwrapped_t<In>, In> || !std::is_same_v<unwrapped_t<Out>, Out> ||
                !std::is_same_v<typename U::type, Segs>) {
    return run_segmented_entry<Cfg, A0>(storage, thrust::try_unwrap_contiguous_iterator(in),
                                        thrust::try_unwrap_contiguous_iterator(out), U::of(segs), tr, op, stream);
  } else {
    using A = std::conditional_t<std::is_void_v<A0>, output_accumulator_t<Out, In>, A0>;
    static_assert(std::is_pointer_v<Out> || is_output_for<Out, A>::value,
                  "reduce: d_out is neither a pointer nor an output iterator that takes a result (d_out[s] = result "
                  "must compile, on the device)");
    if constexpr (!std::is_pointer_v<In> && std::is_same_v<Segs, fixed_segments>) {
      // Segments of one size over an input iterator run as dense rows of that size: the same elements and results.
      // Their own kernel, as CUDA 13.0's ptxas builds it at -O3, gave wrong sums for about a third of the segments of
      // a transform iterator (H200, 2026-12-03; right with -Xptxas -O0 and as rows), and the rows' kernel is the one
      // the tests check over iterators.
      return run_segmented_entry<Cfg, A0>(storage, in, out, row_segments{segs.size, segs.size, segs.count}, tr, op,
                                          stream);
    } else if constexpr (!std::is_pointer_v<In>) {
      static_assert(is_random_access<In>::value,
                    "reduce: d_in is neither a pointer nor a random-access iterator (it[i] and it + k, with a "
                    "value_type): pass a device pointer, or an iterator such as thrust's counting, transform or zip "
                    "iterators");
      static_assert(!is_columns<Segs>,
                    "reduce: the columns of a matrix are read through a pointer (a column walk reads rows as "
                    "vectors): write an iterator's values to memory first, or pass the matrix's rows as segments");
      using C = segmented_iterator_config_t<Cfg>;
      static_assert(C::map::reads_iterators,
                    "reduce: this config's Map reads its input through a pointer: over an input iterator use Map "
                    "block_per_segment (the segmented default takes it), or write the iterator's values to memory");
      using O = typename unseeded_op<Op>::type;
      if constexpr (!is_random_access<In>::value || is_columns<Segs> || !C::map::reads_iterators) {
        return {cudaErrorInvalidValue, "reduce: this call's types are refused"};  // asserted above
      } else if constexpr (!call_types<iterator_value_t<In>, A, Tr, library_op_t<O, A>, is_seeded_v<Op>>::ok) {
        return {cudaErrorInvalidValue, "reduce: this call's types are refused"};  // a static_assert has said why
      } else {
        return run_segmented_entry<C, A>(storage, unread_elements(), out, segs, read_iterator<In, Tr>{in, tr}, op,
                                         stream);
      }
    } else if constexpr (is_seeded_v<Op>) {
      using O = library_op_t<typename unseeded_op<Op>::type, A>;
      using T = std::remove_cv_t<std::remove_pointer_t<In>>;
      if constexpr (!call_types<T, A, Tr, O, true>::ok) {
        return {cudaErrorInvalidValue, "reduce: this call's types are refused"};  // a static_assert has said why
      } else {
        const A init = A(op.init);
        const O o = [&] {
          if constexpr (std::is_same_v<O, typename unseeded_op<Op>::type>)
            return op.op;
          else
            return O{};  // the library's op for a libcu++ functor (stateless)
        }();
        if constexpr (has_identity_v<O, A>)
          return run_segmented_through_slots<Cfg, A>(storage, in, out, segs, tr, o, after_init<A, O>{init, o}, stream);
        else
          return run_segmented_through_slots<Cfg, adjoined<A>>(storage, in, out, segs, into_adjoined<Tr, A>{tr},
                                                               adjoin<O>{o}, after_init_or_init<A, O>{init, o}, stream);
      }
    } else if constexpr (!std::is_pointer_v<Out>) {
      return run_segmented_through_slots<Cfg, A>(storage, in, out, segs, tr, op, as_is{}, stream);
    } else {
      return run_segmented<Cfg>(storage, in, out, segs, tr, op, stream);
    }
  }
}

}  // namespace reduce::detail
