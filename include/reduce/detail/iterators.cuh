// Inputs and outputs given as iterators (CUB's and thrust's counting, transform, zip, permutation and constant
// iterators, a device_vector's, a user's), turned into what the engine takes: pointers.
//
// - A contiguous iterator (thrust::device_ptr, a device_vector's iterator) is its raw pointer, with every pointer path:
//   the vector Loads, the memory checks.
// - Any other random-access input iterator runs as an array of `unread` elements (detail/checks.cuh) whose transform
//   reads the iterator: element i is transform(it[i]) (or transform(it[i], i)). No kernel loads an unread element, so
//   every value comes from the iterator's own operator[], once, in the first pass, and the later passes fold partials
//   as for any input. The elements are walked one by one (there are no bytes to load as vectors), striped across a
//   block so that consecutive lanes ask for consecutive indices: a counting or transform iterator over an array then
//   reads that array coalesced.
// - An output iterator is written by its own assignment, `*out = result`, by one thread after the reduction, which
//   writes into a slot of the storage first (detail/entry.cuh).
#pragma once
#include <cstdint>
#include <iterator>
#include <reduce/policy/config.cuh>
#include <reduce/policy/segments.cuh>
#include <thrust/type_traits/unwrap_contiguous_iterator.h>
#include <type_traits>

#include "checks.cuh"
#include "pdl.cuh"
#include "transform.cuh"
#include "vector_fold.cuh"

namespace reduce::detail {

template <class It>
using unwrapped_t = decltype(thrust::try_unwrap_contiguous_iterator(std::declval<It>()));

template <class It, class = void>
struct is_random_access : std::false_type {};
template <class It>
struct is_random_access<It, std::void_t<decltype(std::declval<const It&>()[std::uint64_t()]),
                                        decltype(std::declval<const It&>() + std::int64_t()),
                                        typename std::iterator_traits<It>::value_type>> : std::true_type {};

template <class It>
using iterator_value_t = std::remove_cv_t<typename std::iterator_traits<It>::value_type>;

// The value an input yields: a pointer's element, an iterator's value_type.
template <class In>
using input_value_t =
    std::conditional_t<std::is_pointer_v<In>, std::remove_cv_t<std::remove_pointer_t<In>>, iterator_value_t<In>>;

// The accumulator of a call writing to `Out`: a pointer's element type, an output iterator's value_type, or, for an
// iterator that declares none (value_type void, as thrust's transform_output_iterator and discard_iterator), the
// input's value type.
template <class Out, class In, class = void>
struct output_accumulator {
  using type = input_value_t<In>;
};
template <class Out, class In>
struct output_accumulator<Out, In, std::enable_if_t<!std::is_void_v<iterator_value_t<Out>>>> {
  using type = iterator_value_t<Out>;
};
template <class Out, class In>
using output_accumulator_t = typename output_accumulator<Out, In>::type;

template <class Out, class A, class = void>
struct is_output_for : std::false_type {};
template <class Out, class A>
struct is_output_for<Out, A, std::void_t<decltype(*std::declval<Out&>() = std::declval<const A&>())>> : std::true_type {
};

// The element an iterator input yields at index i, through the caller's transform.
template <class It, class Tr>
struct read_iterator {
  It it;
  Tr tr;
  __device__ auto operator()(const unread&, std::uint64_t i) const {
    using V = iterator_value_t<It>;
    const V x = it[i];
    if constexpr (std::is_same_v<Tr, no_transform>)
      return x;
    else if constexpr (std::is_invocable_v<const Tr&, const V&, std::uint64_t>)
      return tr(x, i);
    else
      return tr(x);
  }
};

// The reader as a segment starting at `begin` sees it (segment/segments.cuh): the iterator from there, the caller's
// transform given each element's index within the segment, as for an input in memory.
template <class It, class Tr>
__device__ __forceinline__ read_iterator<It, Tr> at_segment(const read_iterator<It, Tr>& r, std::uint64_t begin) {
  return {r.it + static_cast<typename std::iterator_traits<It>::difference_type>(begin), r.tr};
}

// An argmin's or argmax's transform over an iterator still gives each element its own position (vector_fold.cuh).
template <class It, class Tr>
struct positional<read_iterator<It, Tr>> : positional<Tr> {};

// The unread elements' address: never dereferenced (an unread element has no bytes), only offset.
inline const unread* unread_elements() {
  static const unread base{};
  return &base;
}

// The config of an iterator input under the default: the tuning tables measure element types in memory, and an
// iterator has its own cost per element, so it takes the fallback's shape with eight striped scalar reads per thread
// and tile (as many values in flight per thread as the fallback's two 16-byte vectors of 4-byte elements). A named
// config is the caller's choice and is kept. H200, 2026-12-02, against CUB's Sum on the same iterator: a float
// transform iterator 1.01x / 0.95x / 0.95x CUB's speed at 2^20 / 2^24 / 2^28 (4 or 16 items, 512 threads: within the
// spread), a counting iterator into int64 1.08x / 1.14x / 0.66x (docs/tuning.md).
template <class Cfg>
struct iterator_config_of {
  using type = Cfg;
};
template <class Fixed>
struct iterator_config_of<policy::tuned<Fixed>> {
  using type = policy::config<policy::scalar<8>, policy::shuffle, policy::single_pass<>, 256>;
};
template <class Cfg>
using iterator_config_t = typename iterator_config_of<Cfg>::type;

// The segmented calls' config of an iterator input under the default: a block per segment (CUB's shape), the only Map
// that reads iterators (policy::map_traits::reads_iterators), with the one-array iterator config's eight striped
// scalar reads a thread.
template <class Cfg>
struct segmented_iterator_config_of {
  using type = Cfg;
};
template <>
struct segmented_iterator_config_of<policy::segmented_tuned> {
  using type = policy::segmented_config<policy::block_per_segment, policy::scalar<8>, policy::shuffle, 256>;
};
template <class Cfg>
using segmented_iterator_config_t = typename segmented_iterator_config_of<Cfg>::type;

// The result in a slot, written through the caller's output iterator (launch_finisher: after the call's last kernel).
template <class A, class Out>
__global__ void write_through(const A* slot, Out out) {
  wait_for_previous_grid();
  *out = *slot;
}

}  // namespace reduce::detail
