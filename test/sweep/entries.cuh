// The sweep's one list of entries: every element type (integers of 8 to 64 bits, float, double, half, bfloat16,
// structs of 2, 3 and 4 floats or integers at their components' alignment and at their own size, 1- and 2-byte
// structs), built-in and custom ops, argmin and argmax; each with the tuned default, two or three fixed configs (every
// Grid, every Load kind and a BlockFinish none among them, dealt round the entries) and segmented calls (the default
// over every kind of segments, or single mappings). The sweep's translation units each register a part of it.
#pragma once
#include "runner.cuh"

namespace sweep {

namespace p = reduce::policy;
namespace mp = boost::mp11;
using D = reduce::default_config;
using F0 = p::config<p::vector<4>, p::shuffle, p::multipass, 256>;
using F1 = p::config<p::vector<2>, p::unrolled, p::gridstride<>, 512>;
using F2 = p::config<p::vector<4>, p::tree<p::sequential>, p::atomic, 256>;
using F3 = p::config<p::scalar<4>, p::shuffle, p::single_pass<>, 256>;
using F4 = p::config<p::vector<2>, p::shuffle, p::reproducible<>, 256>;
#ifdef REDUCE_SWEEP_NO_CLUSTER  // a build with no sm_90 code: the cluster Grid refuses (test/arch covers that)
using F5 = p::config<p::vector<1>, p::shuffle, p::multipass, 512>;
#else
using F5 = p::config<p::vector<1>, p::shuffle, p::cluster<>, 256>;
#endif
using F6 = p::config<p::scalar<4>, p::unrolled, p::cooperative<>, 512>;
using F7 = p::config<p::vector<4>, p::shuffle, p::polled<>, 256>;
using F8 = p::config<p::scalar<4, p::blocked>, p::tree<p::interleaved_modulo>, p::multipass, 128>;
using F9 = p::config<p::vector<1>, p::none, p::multipass, 256>;
template <class... C>
using one = mp::mp_list<D, C...>;  // the default on both storages
template <class... C>
using one_temp = mp::mp_list<temp_only<D>, C...>;  // the default on temporary storage

using SD = reduce::default_segmented_config;
template <class Map, class Load>
using S = p::segmented_config<Map, Load, p::shuffle, 256>;
using lanes4 = S<p::lanes_per_segment<4>, p::vector<1>>;
using thread = S<p::thread_per_segment, p::scalar<4>>;
using warp = S<p::warp_per_segment, p::vector<4>>;
using staged = S<p::staged_tile, p::vector<4>>;
using block = p::segmented_config<p::block_per_segment, p::vector<4>, p::unrolled, 256>;
using parts_ = S<p::parts_per_segment, p::vector<1>>;
using by_length = S<p::by_length, p::vector<4>>;
using column_vec = S<p::column_walk, p::vector<4>>;
using column_scalar = S<p::column_walk, p::scalar<1>>;

// (kind, config) pairs: a config over every kind it takes (kinds.cuh's takes drops the rest).
template <class Cfg>
using over_kinds = mp::mp_transform_q<mp::mp_bind_back<seg_call, Cfg>, all_kinds>;
template <class... Cfg>
using segs = mp::mp_append<mp::mp_list<>, over_kinds<Cfg>...>;
// The segmented default over the kinds it maps with one config each (offsets: by_length; columns: the column walk);
// segs<SD> adds one size, rows and bounded offsets, whose tables pick among ten configs.
using SD_one = mp::mp_list<seg_call<int32_offsets, SD>, seg_call<int64_offsets, SD>, seg_call<uint32_offsets, SD>,
                           seg_call<columns_kind, SD>>;
template <class... Cfg>
using segs_one = mp::mp_append<SD_one, over_kinds<Cfg>...>;
using no_segs = mp::mp_list<>;

using sum = reduce::sum;
using no_tr = reduce::detail::no_transform;
template <class T, class Acc, class Op, class Configs, class Segs = no_segs>
using E = entry_of<T, Acc, Op, no_tr, Configs, Segs>;
template <class T, class Op, class Configs, class Segs = no_segs>
using arg = entry_of<T, reduce::indexed<T>, Op, reduce::detail::to_indexed<T>, Configs, Segs>;
template <class T, class F>
using custom = reduce::custom<F, T>;

using f2 = pack<float, 2>;  // 8 bytes, 4-byte aligned: may start at 4 mod 16
using f3 = pack<float, 3>;
using f4 = pack<float, 4>;  // 16 bytes, 4-byte aligned
using u2 = pack<unsigned, 2>;
using u3 = pack<unsigned, 3>;
using u4 = pack<unsigned, 4>;
using f2a = pack<float, 2, 8>;   // the same bytes as f2 at their own alignment: read as 16-byte vectors
using f4a = pack<float, 4, 16>;  // likewise for f4
using b2 = pack<std::uint8_t, 2>;
using h3 = pack<std::uint16_t, 3>;

using entries = mp::mp_list<
    E<std::int8_t, std::int32_t, sum, one<F0, F2>, segs<SD>>,
    E<std::uint8_t, std::uint32_t, sum, one_temp<F3, F9>, segs<lanes4, staged>>,
    E<std::int16_t, std::int16_t, reduce::max, one_temp<F1, F4>, segs<by_length, column_scalar>>,
    E<std::uint16_t, std::uint32_t, sum, one<F5, F6>, segs_one<thread>>,
    E<std::int32_t, std::int32_t, sum, one_temp<F7, F8, F2>, segs<block, parts_, thread>>,
    E<std::uint32_t, std::uint32_t, reduce::bit_xor, one<F0, F9>>,
    E<std::int64_t, std::int64_t, reduce::min, one_temp<F3, F1>, segs<warp, column_vec>>,
    E<std::uint64_t, std::uint64_t, reduce::product, one_temp<F4, F6>>,
    E<float, float, sum, one<F0, F5, F7, F2>, segs<SD>>,
    E<float, float, reduce::max, one_temp<F8, F9>, segs<lanes4, staged, by_length>>,
    E<double, double, sum, one<F1, F3>, segs_one<staged>>, E<double, double, reduce::min, one_temp<F6, F9>>,
    E<__half, float, sum, one<F0, F4>, segs<SD>>,
    E<__half, __half, reduce::max, one_temp<F5, F8>, segs<thread, column_vec>>,
    E<__nv_bfloat16, float, sum, one_temp<F7, F3>, segs<lanes4, staged, by_length>>,
    arg<float, reduce::argmin_op, one<F0, F6>, segs_one<lanes4>>,
    arg<std::int32_t, reduce::argmax_op, one_temp<F3, F1>, segs<warp, by_length>>,
    E<std::int32_t, std::int32_t, custom<std::int32_t, max_magnitude>, one_temp<F4, F9>, segs<block, column_scalar>>,
    E<f2, f2, custom<f2, pack_add>, one<F0, F1, F5>, segs<SD>>,
    E<f4, f4, custom<f4, pack_add>, one_temp<F0, F3>, segs_one<staged, lanes4>>,
    E<f3, f3, custom<f3, pack_add>, one_temp<F6, F7>, segs<lanes4, staged, column_vec, by_length>>,
    E<u3, u3, custom<u3, pack_add>, one_temp<F8, F4>, segs<warp, parts_>>,
    E<u2, u2, custom<u2, pack_max>, one_temp<F9, F0>, segs<staged, warp, column_vec>>,
    E<u4, u4, custom<u4, pack_add>, one<F1, F5>, segs_one<parts_>>,
    E<f2a, f2a, custom<f2a, pack_add>, one_temp<F0, F7>, segs<lanes4, staged, column_vec>>,
    E<f4a, f4a, custom<f4a, pack_add>, one_temp<F3, F0, F9>, segs<column_vec, block, by_length>>,
    E<b2, b2, custom<b2, pack_add>, one<F0, F6>, segs<SD>>,
    E<h3, h3, custom<h3, pack_max>, one_temp<F4, F1>, segs<thread, staged, column_scalar>>>;

}  // namespace sweep
