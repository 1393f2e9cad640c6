// The kernel matrix: the axis lists, their products, and the one list of configurations that the tests (a typed test
// per kernel) and the bench (a row per kernel) both use. Not part of the library's API: an instrument for its tests,
// its bench and its tuning. Which combinations are valid is policy::validity's to say (policies/reduce/policy/).
#pragma once
#include <boost/mp11.hpp>
#include <reduce/policy/config.cuh>
#include <reduce/policy/segments.cuh>

namespace reduce::matrix {

using namespace boost::mp11;
namespace p = reduce::policy;

using loads = mp_list<p::scalar<1>, p::scalar<4>, p::scalar<4, p::blocked>, p::vector<1>, p::vector<4>>;
using finishes = mp_list<p::none, p::serial, p::tree<p::interleaved_modulo>, p::tree<p::interleaved_strided>,
                         p::tree<p::sequential>, p::unrolled_last_warp, p::unrolled, p::shuffle>;
using blocks = mp_list<mp_int<128>, mp_int<256>, mp_int<512>>;

// Every BlockFinish under these Grids.
using grids_every_finish = mp_list<p::multipass, p::gridstride<>, p::atomic, p::single_pass<>, p::cluster<>>;
// Grids that differ from single_pass only in how the blocks arrive: the block reduction is measured there, so these
// keep the two finishes the tuning tables pick (shuffle, unrolled).
using grids_two_finishes = mp_list<p::cooperative<>, p::polled<>>;
using two_finishes = mp_list<p::unrolled, p::shuffle>;
using grids = mp_append<grids_every_finish, grids_two_finishes>;

template <class L, class F, class G, class B>
using make_config = p::config<L, F, G, B::value>;

// validity<...>::value of a config, read from its template arguments (the config itself is never instantiated).
template <class C>
struct is_valid;
template <class L, class F, class G, int B>
struct is_valid<p::config<L, F, G, B>> : mp_bool<p::validity<L, F, G, B>::value> {};
template <class C>
using is_invalid = mp_not<is_valid<C>>;

using product = mp_append<mp_product<make_config, loads, finishes, grids_every_finish, blocks>,
                          mp_product<make_config, loads, two_finishes, grids_two_finishes, blocks>>;

// Outside the products: a cluster of 1024-thread blocks, the fastest one-cluster shape at 2^18 floats on an H100
// (the other Grids have no use for 1024 threads); and 8 vectors a thread on the single-pass Grid, which streams the
// wide accumulators fastest above 2^22 (tuning/sm90_wide.cuh).
using extras = mp_list<p::config<p::vector<4>, p::shuffle, p::cluster<>, 1024>,
                       p::config<p::vector<8>, p::shuffle, p::single_pass<>, 256>>;
using all = mp_append<mp_remove_if<product, is_invalid>, extras>;

// The segmented kernels (policies/reduce/policy/segments.cuh): every mapping with the Loads, BlockFinishes and block
// sizes it uses, as segmented_validity says (lane groups, the staged tile and the column walk: every Load, one finish;
// a block per segment, parts of segments and by_length: every Load and BlockFinish).
using segment_maps = mp_list<p::thread_per_segment, p::lanes_per_segment<2>, p::lanes_per_segment<4>,
                             p::lanes_per_segment<8>, p::lanes_per_segment<16>, p::warp_per_segment, p::staged_tile,
                             p::block_per_segment, p::parts_per_segment, p::by_length, p::column_walk>;
using segment_loads = mp_list<p::scalar<1>, p::scalar<4>, p::vector<1>, p::vector<4>>;
using segment_finishes = mp_list<p::shuffle, p::unrolled, p::tree<p::sequential>>;
template <class M, class L, class F, class B>
using make_segmented = p::segmented_config<M, L, F, B::value>;
template <class C>
struct is_valid_segmented;
template <class M, class L, class F, int B>
struct is_valid_segmented<p::segmented_config<M, L, F, B>> : mp_bool<p::segmented_validity<M, L, F, B>::value> {};
template <class C>
using is_invalid_segmented = mp_not<is_valid_segmented<C>>;
using segmented_all = mp_remove_if<mp_product<make_segmented, segment_maps, segment_loads, segment_finishes, blocks>,
                                   is_invalid_segmented>;

// The kernels of one Grid (tests and builds are split along this axis).
template <class G>
struct has_grid {
  template <class C>
  using fn = std::is_same<typename C::grid, G>;
};
template <class G>
using of_grid = mp_copy_if_q<all, has_grid<G>>;

// Part Shard of Shards of a list, every Shards-th element from the Shard-th: the builds split the matrix into
// translation units this way, so that a new Grid or kernel needs no change in a build file.
template <class L, std::size_t Shard, std::size_t Shards>
struct shard_of {
  static_assert(Shard < Shards, "reduce::matrix::shard: Shard must be below Shards");
  template <class I>
  using pick = mp_if_c<I::value % Shards == Shard, mp_list<mp_at<L, I>>, mp_list<>>;
  using type = mp_apply<mp_append, mp_append<mp_list<mp_list<>>, mp_transform<pick, mp_iota<mp_size<L>>>>>;
};
template <class L, std::size_t Shard, std::size_t Shards>
using shard = typename shard_of<L, Shard, Shards>::type;

inline constexpr std::size_t size = mp_size<all>::value;
inline constexpr std::size_t segmented_size = mp_size<segmented_all>::value;

}  // namespace reduce::matrix
