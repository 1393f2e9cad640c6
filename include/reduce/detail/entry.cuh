// The one-array entry, over what the caller passes: each kind of argument is turned into what the next level takes,
// one step at a time, until the engine's call remains (a pointer in, a pointer out, an op with or without an initial
// value):
//
//   contiguous iterators        -> their raw pointers (detail/iterators.cuh)
//   an output iterator          -> a slot in the storage, then one thread writes *out = slot
//   an input iterator           -> unread elements whose transform reads it (detail/iterators.cuh)
//   an initial value            -> detail/seed.cuh
//   the rest                    -> the engine (detail/dispatch.cuh)
#pragma once
#include <cuda_runtime.h>

#include <cstdint>
#include <type_traits>

#include "iterators.cuh"
#include "seed.cuh"

namespace reduce::detail {

template <class Cfg, class Storage, class In, class Out, class Tr, class Op>
status run_entry(const Storage& storage, In in, Out out, std::uint64_t n, Tr tr, Op op, cudaStream_t stream) {
  if constexpr (!std::is_same_v<unwrapped_t<In>, In> || !std::is_same_v<unwrapped_t<Out>, Out>) {
    return run_entry<Cfg>(storage, thrust::try_unwrap_contiguous_iterator(in),
                          thrust::try_unwrap_contiguous_iterator(out), n, tr, op, stream);
  } else if constexpr (!std::is_pointer_v<Out>) {
    using A = output_accumulator_t<Out, In>;
    static_assert(is_output_for<Out, A>::value,
                  "reduce: d_out is neither a pointer nor an output iterator that takes the result (*d_out = result "
                  "must compile, on the device): pass a device pointer, or an iterator over device memory");
    A* slot = nullptr;
    const with_slot<Storage, A, const iterator_output> slotted{storage, nullptr, &slot};
    if (status s = run_entry<Cfg>(slotted, in, static_cast<A*>(nullptr), n, tr, op, stream)) return s;
    if (storage.is_query()) return {};
    if (cudaError_t e = launch_finisher<write_through<A, Out>>(stream, static_cast<const A*>(slot), out))
      return {e, "reduce: a kernel launch failed"};
    return {};
  } else if constexpr (!std::is_pointer_v<In>) {
    static_assert(is_random_access<In>::value,
                  "reduce: d_in is neither a pointer nor a random-access iterator (it[i] and it + k, with a "
                  "value_type): pass a device pointer, or an iterator such as thrust's counting, transform or zip "
                  "iterators");
    using Acc = std::remove_cv_t<std::remove_pointer_t<Out>>;
    using O = typename unseeded_op<Op>::type;
    // The element types checked as the iterator's value type (the engine sees unread elements and a transform).
    if constexpr (!is_random_access<In>::value ||
                  !call_types<iterator_value_t<In>, Acc, Tr, library_op_t<O, Acc>, is_seeded_v<Op>>::ok) {
      return {cudaErrorInvalidValue, "reduce: this call's types are refused"};  // a static_assert has said why
    } else {
      return run_entry<iterator_config_t<Cfg>>(storage, unread_elements(), out, n, read_iterator<In, Tr>{in, tr}, op,
                                               stream);
    }
  } else if constexpr (is_seeded_v<Op>) {
    return run_seeded<Cfg>(storage, in, out, n, tr, op, stream);
  } else {
    return run<Cfg>(storage, in, out, n, tr, op, stream);
  }
}

}  // namespace reduce::detail
