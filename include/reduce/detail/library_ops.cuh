// Ops written elsewhere: libcu++'s and thrust's functors (cuda::std::plus, cuda::minimum, ...: what CUB's and
// thrust's calls take), and any associative functor of a user's that has no identity element.
//
// - The library's own ops carry an identity (ops.cuh): it starts every thread's fold and stands in for the elements
//   a tile lacks. has_identity_v says whether an op offers one for an accumulator.
// - libcu++'s plus, multiplies, minimum, maximum and the bitwise functors, untyped (plus<>) or typed on the
//   accumulator (plus<float> into float), over a number accumulator, become the library's op of the same meaning
//   (library_op_t), and with it the tuned kernels and the atomic combines. Two results differ from the functor applied
//   in a loop: min and max propagate NaN and order -0.0 below +0.0 (cuda::minimum returns `b < a ? b : a`, whose NaN
//   result depends on the operand order, so no parallel order could reproduce it), and signed integer sums and products
//   wrap modulo 2^k (the functor's overflow is undefined).
// - Any other functor without an identity reduces with an initial value (reduce::with_init, ops.cuh): the engine
//   then folds pairs (value, whether it holds an element), whose empty pair is the identity (detail/seed.cuh).
#pragma once
#include <cuda/functional>
#include <cuda/std/functional>
#include <cuda/std/type_traits>

#include "../ops.cuh"

namespace reduce::detail {

template <class Op, class Acc, class = void>
struct has_identity : cuda::std::false_type {};
template <class Op, class Acc>
struct has_identity<Op, Acc, cuda::std::void_t<decltype(cuda::std::declval<const Op&>().template identity<Acc>())>>
    : cuda::std::true_type {};
template <class Op, class Acc>
inline constexpr bool has_identity_v = has_identity<Op, Acc>::value;

// The library's op for a functor of libcu++ (or thrust, whose functors are libcu++'s), for accumulator Acc; the
// functor itself where there is none. A typed functor maps only where it is typed on Acc: plus<int> into a float
// accumulator would add ints, which sum{} does not.
template <class Op, class Acc>
struct library_op {
  using type = Op;
};
// Only number accumulators: the library's ops know the identities of numbers (0, 1, the infinities and limits);
// cuda::std::plus<> over a user's struct with an operator+ stays that functor, which then needs an initial value.
template <template <class> class F, class Ours>
struct library_op_rule {
  template <class Acc>
  static constexpr bool number = cuda::std::is_arithmetic_v<Acc> || is_narrow_float_v<Acc>;
  template <class Op, class Acc>
  static constexpr bool matches = number<Acc> &&
                                  (cuda::std::is_same_v<Op, F<void>> || cuda::std::is_same_v<Op, F<Acc>>);
  using type = Ours;
};
template <class Op, class Acc, class Rule, class... Rules>
struct first_library_op {
  using type = cuda::std::conditional_t<Rule::template matches<Op, Acc>, typename Rule::type,
                                        typename first_library_op<Op, Acc, Rules...>::type>;
};
template <class Op, class Acc, class Rule>
struct first_library_op<Op, Acc, Rule> {
  using type = cuda::std::conditional_t<Rule::template matches<Op, Acc>, typename Rule::type, Op>;
};
template <class Op, class Acc>
using library_op_t =
    typename first_library_op<Op, Acc, library_op_rule<cuda::std::plus, sum>,
                              library_op_rule<cuda::std::multiplies, product>, library_op_rule<cuda::minimum, min>,
                              library_op_rule<cuda::maximum, max>, library_op_rule<cuda::std::bit_and, bit_and>,
                              library_op_rule<cuda::std::bit_or, bit_or>,
                              library_op_rule<cuda::std::bit_xor, bit_xor>>::type;

}  // namespace reduce::detail
