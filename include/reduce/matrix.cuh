// The kernel matrix: the axis lists, their product, and the combinations removed from it. One list, used by the
// tests (a typed test per kernel) and the bench (a row per kernel).
#pragma once
#include <boost/mp11.hpp>
#include <reduce/policy/config.cuh>
#include <type_traits>

namespace reduce::matrix {

using namespace boost::mp11;
namespace p = reduce::policy;

using loads = mp_list<p::scalar<1>, p::scalar<4>, p::scalar<4, p::blocked>, p::vector<1>, p::vector<4>>;
using finishes = mp_list<p::none, p::serial, p::tree, p::unrolled_last_warp, p::unrolled, p::shuffle>;
using indexings = mp_list<p::interleaved_modulo, p::interleaved_strided, p::sequential>;
using grids =
    mp_list<p::multipass, p::gridstride<>, p::atomic, p::single_pass<>, p::cluster<>, p::cooperative<>, p::polled<>>;
using blocks = mp_list<mp_int<128>, mp_int<256>, mp_int<512>>;

template <class L, class F, class I, class G, class B>
using make_config = p::config<L, F, I, G, B::value>;

// True for a combination that makes no sense or that would be the same kernel under a second name.
// Reads the template arguments only, so a rejected config is never instantiated (its static_asserts stay quiet).
template <class C>
struct dropped;
template <class L, class F, class I, class G, int B>
struct dropped<p::config<L, F, I, G, B>> {
  static constexpr bool none = std::is_same_v<F, p::none>;
  static constexpr bool one_per_thread_ok = L::items == 1 || std::is_same_v<typename L::arrangement, p::blocked>;
  static constexpr bool none_grid_ok = std::is_same_v<G, p::multipass> || std::is_same_v<G, p::atomic>;
  static constexpr bool shrinks = !std::is_same_v<G, p::multipass> || L::items > 1 || L::vectorized;
  // Grids cooperative and polled differ from single_pass only in how blocks arrive: the other finishes are measured
  // there, and the matrix keeps the two that the tuning tables pick (shuffle, unrolled), 30 kernels each, not 105.
  static constexpr bool arrival_variant = std::is_same_v<G, p::cooperative<>> || std::is_same_v<G, p::polled<>>;
  static constexpr bool finish_measured_elsewhere =
      arrival_variant && !std::is_same_v<F, p::shuffle> && !std::is_same_v<F, p::unrolled>;
  static constexpr bool value =
      (!std::is_same_v<F, p::tree> && !std::is_same_v<I, p::sequential>)  // Indexing shapes the tree alone
      || (none && !(one_per_thread_ok && none_grid_ok && shrinks)) || finish_measured_elsewhere;
};
template <class C>
using is_dropped = mp_bool<dropped<C>::value>;

using product = mp_product<make_config, loads, finishes, indexings, grids, blocks>;

// Outside the product: a cluster of 1024-thread blocks, the fastest one-cluster shape at 2^18 floats in the
// experiment of docs/perf-notes.md (attempt 4); the other Grid policies have no use for 1024 threads.
using extras = mp_list<p::config<p::vector<4>, p::shuffle, p::sequential, p::cluster<>, 1024>>;
using all = mp_append<mp_remove_if<product, is_dropped>, extras>;

// The kernels of one Grid policy (tests and builds are split along this axis).
template <class G>
struct has_grid {
  template <class C>
  using fn = std::is_same<typename C::grid, G>;
};
template <class G>
using of_grid = mp_copy_if_q<all, has_grid<G>>;

inline constexpr std::size_t size = mp_size<all>::value;

}  // namespace reduce::matrix
