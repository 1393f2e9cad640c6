// The seeds' kernels as policy combinations: one journey per seed (its kernels in order) and the sweeps the seeds
// print. Configurations outside matrix::all lie in the same product with other axis values (items 2..64,
// fixed grids, block sizes 32..1024): docs/matrix.md lists them.
#pragma once
#include <boost/mp11.hpp>
#include <cstdint>
#include <reduce/policy/config.cuh>

namespace reduce::presets {

using namespace boost::mp11;
namespace p = reduce::policy;

// seed 000: per-thread atomics to float4 loads, float sum of 2^24 elements.
struct seed000 {
  static constexpr const char* name = "seed000";
  static constexpr const char* title = "atomicAdd baseline to float4 loads (seed 000)";
  static constexpr std::uint64_t n = std::uint64_t(1) << 24;
  using steps =
      mp_list<p::config<p::scalar<1>, p::none, p::atomic, 256>, p::config<p::scalar<1>, p::serial, p::atomic, 256>,
              p::config<p::scalar<1>, p::tree<p::sequential>, p::atomic, 256>,
              p::config<p::scalar<1>, p::shuffle, p::atomic, 256>,
              p::config<p::scalar<1>, p::shuffle, p::multipass, 256>,
              p::config<p::scalar<1>, p::shuffle, p::gridstride<1024>, 256>,
              p::config<p::scalar<1>, p::shuffle, p::gridstride<2048>, 512>,
              p::config<p::vector<1>, p::shuffle, p::gridstride<2048>, 512>>;
  static constexpr const char* what[] = {"baseline: every thread atomicAdds its element",
                                         "shared memory, thread 0 sums the block serially",
                                         "logarithmic tree in shared memory",
                                         "warp-aggregated (shuffles), one atomic per block",
                                         "multi-kernel: no atomics, launch again on the partials",
                                         "grid-stride loop, 1024 x 256, coarsening",
                                         "tuned grid: 2048 x 512",
                                         "float4 loads"};
};

// seed 001: the halving reduction, each thread sums W contiguous elements, log_W(n) launches.
struct seed001 {
  static constexpr const char* name = "seed001";
  static constexpr const char* title = "halving reduction, WORK_PER_THREAD contiguous (seed 001)";
  static constexpr std::uint64_t n = std::uint64_t(1) << 24;
  using steps = mp_list<p::config<p::scalar<2, p::blocked>, p::none, p::multipass, 256>,
                        p::config<p::scalar<4, p::blocked>, p::none, p::multipass, 256>,
                        p::config<p::scalar<8, p::blocked>, p::none, p::multipass, 256>,
                        p::config<p::scalar<16, p::blocked>, p::none, p::multipass, 256>,
                        p::config<p::scalar<16, p::blocked>, p::shuffle, p::multipass, 256>>;
  static constexpr const char* what[] = {"WORK_PER_THREAD=2 (halving), one partial per thread", "WORK_PER_THREAD=4",
                                         "WORK_PER_THREAD=8", "WORK_PER_THREAD=16",
                                         "block-level reduction instead of per-thread output"};
};

// seed 002: the V100 lecture, reductions #1..#9 (2^30 floats there).
template <int Block>
using lecture_steps = mp_list<p::config<p::scalar<1>, p::tree<p::interleaved_modulo>, p::multipass, Block>,
                              p::config<p::scalar<1>, p::tree<p::interleaved_strided>, p::multipass, Block>,
                              p::config<p::scalar<1>, p::tree<p::sequential>, p::multipass, Block>,
                              p::config<p::scalar<2>, p::tree<p::sequential>, p::multipass, Block>,
                              p::config<p::scalar<4>, p::tree<p::sequential>, p::multipass, Block>,
                              p::config<p::scalar<8>, p::tree<p::sequential>, p::multipass, Block>,
                              p::config<p::scalar<16>, p::tree<p::sequential>, p::multipass, Block>,
                              p::config<p::scalar<32>, p::tree<p::sequential>, p::multipass, Block>,
                              p::config<p::scalar<64>, p::tree<p::sequential>, p::multipass, Block>>;
struct seed002 {
  static constexpr const char* name = "seed002";
  static constexpr const char* title = "lecture: divergence, bank conflicts, first add, coarsening (seed 002)";
  static constexpr std::uint64_t n = std::uint64_t(1) << 30;
  using steps = lecture_steps<256>;
  static constexpr const char* what[] = {"#1 interleaved, divergent modulo",
                                         "#2 strided index, no divergence",
                                         "#3 sequential addressing",
                                         "#4 first add during load (2/thread)",
                                         "#5 4 per thread",
                                         "#6 8 per thread",
                                         "#7 16 per thread",
                                         "#8 32 per thread",
                                         "#9 64 per thread"};
};

// seed 003: block-level wave-shuffle reduction relaunched (v1), then grid-stride with a final small pass (v2).
struct seed003 {
  static constexpr const char* name = "seed003";
  static constexpr const char* title = "block-level recursive launches to grid-stride (seed 003)";
  static constexpr std::uint64_t n = std::uint64_t(1) << 30;
  using steps = mp_list<p::config<p::scalar<1>, p::shuffle, p::multipass, 256>,
                        p::config<p::scalar<1>, p::shuffle, p::gridstride<>, 256>>;
  static constexpr const char* what[] = {"v1: one element per thread, recursive launches",
                                         "v2: fixed grid, grid-stride loop, one final pass"};
};

// seed 004: the classic reduce_0 .. reduce_6 (2^20 floats there).
struct seed004 {
  static constexpr const char* name = "seed004";
  static constexpr const char* title = "the classic seven kernels reduce_0..reduce_6 (seed 004)";
  static constexpr std::uint64_t n = std::uint64_t(1) << 20;
  using steps = mp_list<p::config<p::scalar<1>, p::tree<p::interleaved_modulo>, p::multipass, 256>,
                        p::config<p::scalar<1>, p::tree<p::interleaved_strided>, p::multipass, 256>,
                        p::config<p::scalar<1>, p::tree<p::sequential>, p::multipass, 256>,
                        p::config<p::scalar<2>, p::tree<p::sequential>, p::multipass, 256>,
                        p::config<p::scalar<2>, p::unrolled_last_warp, p::multipass, 256>,
                        p::config<p::scalar<2>, p::unrolled, p::multipass, 256>,
                        p::config<p::scalar<2>, p::shuffle, p::multipass, 256>>;
  static constexpr const char* what[] = {"reduce_0: interleaved, divergent",
                                         "reduce_1: strided index",
                                         "reduce_2: sequential addressing",
                                         "reduce_3: first add during load",
                                         "reduce_4: unroll the last warp",
                                         "reduce_5: completely unrolled",
                                         "reduce_6: shuffles"};
};

using journeys = mp_list<seed000, seed001, seed002, seed003, seed004>;

// Sweeps the seeds print, as lists of configs: rows x columns, the column being the last varied parameter.
using block_sizes = mp_list<mp_int<32>, mp_int<64>, mp_int<128>, mp_int<256>, mp_int<512>, mp_int<1024>>;
template <class B>
using lecture_steps_q = lecture_steps<B::value>;
// seed 002: reductions #1..#9 at every block size (the lecture's block-size and 4..64-per-thread tables).
using lecture_sweep = mp_flatten<mp_transform<lecture_steps_q, block_sizes>>;
// seed 000 step 6: grid x block tuning of the grid-stride kernel.
template <class G, class B>
using tuning_config = p::config<p::scalar<1>, p::shuffle, p::gridstride<G::value>, B::value>;
using tuning_sweep =
    mp_product<tuning_config, mp_list<mp_int<512>, mp_int<1024>, mp_int<1536>, mp_int<2048>, mp_int<3072>>,
               mp_list<mp_int<256>, mp_int<512>>>;

}  // namespace reduce::presets
