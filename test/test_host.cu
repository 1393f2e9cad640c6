// Host-side tests: the type lists, names, traits, arithmetic and error paths that need no GPU (these run in CI).
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <set>

#include "common.cuh"
#include "reliability/configs.cuh"
#include <reduce/presets.cuh>

namespace p = reduce::policy;
namespace mp = boost::mp11;

using multipass_cfg = p::config<p::scalar<4>, p::shuffle, p::multipass, 256>;  // a tile: 1024 elements

template <class L, class G, class B>
using none_config = p::config<L, p::none, G, B::value>;

TEST(Matrix, DistinctKernelCount) {
  std::cout << "distinct kernels in reduce::matrix::all: " << reduce::matrix::size << " (of "
            << mp::mp_size<reduce::matrix::product>::value << " in the raw product)\n";
  // Counted from the axis lists, so that a new Load, BlockFinish, Grid or block size is one list entry: every block
  // stage (every BlockFinish but none) with every Load, Grid of the first group and block size; the valid kernels of
  // BlockFinish none (one result per thread: blocked or one-item Loads, under the Combines that take thread results);
  // the second group's Grids with their two finishes; the kernels outside the product (matrix::extras).
  namespace m = reduce::matrix;
  constexpr std::size_t loads = mp::mp_size<m::loads>::value, blocks = mp::mp_size<m::blocks>::value;
  constexpr std::size_t stages = mp::mp_size<m::finishes>::value - 1;
  // BlockFinish none's kernels as the validity rules count them over the lists (not read back from m::all).
  constexpr std::size_t thread_result_kernels =
      mp::mp_count_if<mp::mp_product<none_config, m::loads, m::grids_every_finish, m::blocks>, m::is_valid>::value;
  EXPECT_EQ(m::size,
            stages * loads * mp::mp_size<m::grids_every_finish>::value * blocks + thread_result_kernels +
                mp::mp_size<m::two_finishes>::value * loads * mp::mp_size<m::grids_two_finishes>::value * blocks +
                mp::mp_size<m::extras>::value);
  mp::mp_for_each<m::grids_two_finishes>([](auto g) {
    EXPECT_EQ((mp::mp_size<m::of_grid<decltype(g)>>::value), mp::mp_size<m::two_finishes>::value * loads * blocks)
        << decltype(g)::name();
  });
  std::size_t total = 0;
  mp::mp_for_each<reduce::matrix::grids>([&](auto g) {
    const std::size_t k = mp::mp_size<reduce::matrix::of_grid<decltype(g)>>::value;
    std::cout << "  " << decltype(g)::name() << ": " << k << "\n";
    total += k;
  });
  EXPECT_EQ(total, reduce::matrix::size);
}

// The lists' derived uses agree with the lists. The reliability tests run one kernel of every Grid of the matrix (and
// the reproducible Grid); bench/tune.py spells every kernel name of the matrix in C++ (test_tune.py reads the names
// this writes to $REDUCE_KERNEL_NAMES and checks that it does).
template <class G>
struct grid_is {
  template <class C>
  using fn = std::is_same<typename test::probe_config<C>::type::grid, G>;
};
TEST(Matrix, DerivedUsesCoverEveryGrid) {
  mp::mp_for_each<mp::mp_push_back<reduce::matrix::grids, p::reproducible<>>>([](auto g) {
    using G = decltype(g);
    EXPECT_TRUE((mp::mp_any_of_q<test::one_per_grid, grid_is<G>>::value))
        << G::name() << ": no kernel in test/reliability/configs.cuh's one_per_grid";
  });
  if (const char* path = std::getenv("REDUCE_KERNEL_NAMES")) {
    std::ofstream f(path);
    mp::mp_for_each<mp::mp_transform<mp::mp_identity, reduce::matrix::all>>(
        [&](auto id) { f << decltype(id)::type::name() << "\n"; });
    EXPECT_TRUE(bool(f)) << path;
  }
}

TEST(Matrix, NamesAreUniqueAndEveryKernelValid) {
  std::set<std::string> names;
  mp::mp_for_each<mp::mp_transform<mp::mp_identity, reduce::matrix::all>>([&](auto id) {
    using C = typename decltype(id)::type;
    EXPECT_TRUE(names.insert(C::name()).second) << "two kernels named " << C::name();
    EXPECT_TRUE(C::valid::value) << C::name();
  });
  EXPECT_EQ(names.size(), reduce::matrix::size);
  EXPECT_EQ((p::config<p::vector<4>, p::tree<p::interleaved_strided>, p::single_pass<>, 256>::name()),
            "vec4-striped/tree-strided/singlepass/b256");
}

// The validity rules, clause by clause (config's static_asserts state the same clauses; test/compile_fail shows them).
template <class L, class F, class G, int B = 256>
using valid = p::validity<L, F, G, B>;
TEST(Validity, EachClause) {
  EXPECT_TRUE((valid<p::vector<4>, p::shuffle, p::polled<>>::value));
  EXPECT_FALSE((valid<p::vector<4>, p::shuffle, p::polled<>, 96>::block_size));
  EXPECT_FALSE((valid<p::vector<4>, p::shuffle, p::polled<>, 2048>::block_size));
  EXPECT_FALSE((valid<p::scalar<4>, p::none, p::atomic>::thread_results_arrangement));  // striped items
  EXPECT_TRUE((valid<p::scalar<4, p::blocked>, p::none, p::atomic>::value));
  EXPECT_FALSE((valid<p::scalar<4, p::blocked>, p::none, p::gridstride<>>::thread_results_grid));  // a fixed grid
  EXPECT_FALSE((valid<p::scalar<4, p::blocked>, p::none, p::single_pass<>>::thread_results_grid));
  EXPECT_FALSE((valid<p::scalar<1>, p::none, p::multipass>::thread_results_shrink));  // no pass would shrink
  EXPECT_TRUE((valid<p::scalar<1>, p::none, p::atomic>::value));
  using tiles_barrier = p::grid<p::tile_per_block, p::grid_barrier>;
  EXPECT_FALSE((valid<p::vector<4>, p::shuffle, tiles_barrier>::fixed_grid_pairing));
  EXPECT_FALSE((valid<p::vector<4>, p::shuffle, p::grid<p::one_cluster<8>, p::last_block>>::cluster_pairing));
  EXPECT_FALSE((valid<p::vector<4>, p::shuffle, p::grid<p::fixed_grid<>, p::distributed_shared>>::cluster_pairing));
  // Parts compose beyond the named Grids: a fixed grid with native atomics, ready marks over one tile per block.
  EXPECT_TRUE((valid<p::vector<4>, p::shuffle, p::grid<p::fixed_grid<>, p::native_atomic>>::value));
  EXPECT_TRUE((valid<p::vector<4>, p::shuffle, p::grid<p::tile_per_block, p::ready_marks>>::value));
  EXPECT_EQ((p::grid<p::fixed_grid<64>, p::native_atomic>::name()), "fixed64-atomic");
  EXPECT_EQ(p::cooperative<132>::name(), "coop132");
}

TEST(Presets, EveryJourneyDescribesEveryStep) {
  mp::mp_for_each<reduce::presets::journeys>([](auto j) {
    using J = decltype(j);
    EXPECT_EQ(std::size(J::what), mp::mp_size<typename J::steps>::value) << J::name;
  });
  EXPECT_EQ(mp::mp_size<reduce::presets::lecture_sweep>::value, 9u * 6);
  EXPECT_EQ(mp::mp_size<reduce::presets::tuning_sweep>::value, 5u * 2);
}

// Only the tile_per_block walk (multipass, atomic) takes the agent's walk with no loop.
TEST(Agent, OneTileWalkOnlyForOneTilePerBlockGrids) {
  EXPECT_TRUE(p::multipass::walk::one_tile);
  EXPECT_TRUE(p::atomic::walk::one_tile);
  EXPECT_FALSE(p::gridstride<>::walk::one_tile);
  EXPECT_FALSE(p::gridstride<1>::walk::one_tile);
  EXPECT_FALSE(p::single_pass<>::walk::one_tile);
  EXPECT_FALSE(p::polled<>::walk::one_tile);
  EXPECT_FALSE(p::cooperative<>::walk::one_tile);
  EXPECT_FALSE(p::cluster<>::walk::one_tile);
  EXPECT_FALSE(p::reproducible<>::walk::one_tile);
}

// The tile shape the entry path works out once per call: an input of one tile takes the one-block shortcut under
// every Grid; BlockFinish none never does (a value per thread, which its Grid folds).
template <class Cfg>
bool one_tile(const float* in, std::uint64_t n) {
  return !reduce::detail::tiling<Cfg>::thread_results && reduce::detail::tiling<Cfg>::of(in, n).tiles == 1;
}
TEST(Agent, OneTileShortcutForEveryGridButFinishNone) {
  alignas(16) static float buf[8];
  using vec = p::config<p::vector<4>, p::shuffle, p::polled<>, 256>;          // a tile: 256 x 4 float4
  using scalar = p::config<p::scalar<2>, p::unrolled, p::gridstride<>, 128>;  // 256 floats
  using none = p::config<p::scalar<4, p::blocked>, p::none, p::atomic, 256>;
  EXPECT_TRUE(one_tile<vec>(buf, 0));
  EXPECT_TRUE(one_tile<vec>(buf, 4099));       // 1024 float4 and a tail of 3: one tile
  EXPECT_FALSE(one_tile<vec>(buf, 4100));      // 1025 float4
  EXPECT_TRUE(one_tile<vec>(buf + 1, 4099));   // a head of 3, 1024 float4
  EXPECT_FALSE(one_tile<vec>(buf + 1, 4103));  // a head of 3, 1025 float4
  EXPECT_TRUE(one_tile<scalar>(buf + 1, 256));
  EXPECT_FALSE(one_tile<scalar>(buf, 257));
  EXPECT_FALSE(one_tile<none>(buf, 1));
  // Storage is sized for the largest shape of n elements at any address: an aligned input's.
  EXPECT_EQ(reduce::detail::tiling<vec>::of(static_cast<const float*>(nullptr), 4100).tiles, 2u);
  EXPECT_EQ(reduce::detail::tiling<vec>::of(buf + 1, 4100).tiles, 1u);  // a head of 3, 1024 float4 and a tail of 1
}

TEST(VectorSplit, HeadBodyTailForEveryAlignment) {
  alignas(16) static float buf[64];
  for (int off = 0; off < 8; ++off)
    for (std::uint64_t n : {0, 1, 3, 4, 5, 17, 40}) {
      const auto s = reduce::detail::split_for_vectors(buf + off, n);
      EXPECT_EQ(s.head + s.vectors * 4 + s.tail, n);
      EXPECT_LT(s.tail, 4u);
      EXPECT_EQ(s.head, std::min<std::uint64_t>((4 - off % 4) % 4, n)) << off << " " << n;
      const auto s32 = reduce::detail::split_for_vectors(buf + off, std::uint32_t(n));  // a 32-bit kernel's split
      EXPECT_EQ(s32.head, s.head);
      EXPECT_EQ(s32.vectors, s.vectors);
      EXPECT_EQ(s32.tail, s.tail);
    }
  alignas(16) static double d[8];
  EXPECT_EQ(reduce::detail::split_for_vectors(d + 1, std::uint64_t{7}).head, 1u);
  EXPECT_EQ(reduce::detail::split_for_vectors(d + 1, std::uint64_t{7}).vectors, 3u);
  alignas(16) static unsigned char c[32];
  EXPECT_EQ(reduce::detail::split_for_vectors(c + 3, std::uint32_t{30}).head, 13u);
  EXPECT_EQ(reduce::detail::split_for_vectors(c + 3, std::uint32_t{30}).vectors, 1u);
  EXPECT_EQ(reduce::detail::split_for_vectors(c + 3, std::uint32_t{30}).tail, 1u);
}

TEST(Shape, TilesAndOutputs) {
  using S = reduce::detail::tiling<p::config<p::scalar<4>, p::shuffle, p::multipass, 256>>;
  const float* none = nullptr;
  EXPECT_EQ(S::of(none, 0).tiles, 1u);
  EXPECT_EQ(S::of(none, 1024).tiles, 1u);
  EXPECT_EQ(S::of(none, 1025).tiles, 2u);
  using N = reduce::detail::tiling<p::config<p::scalar<4, p::blocked>, p::none, p::multipass, 256>>;
  EXPECT_EQ(N::of(none, 1025).outputs, 257u);  // one per thread that has an element
  EXPECT_EQ(N::of(none, 1025).blocks(), 2u);
}

TEST(Version, HeaderMatchesTheCMakePackage) {
  EXPECT_STREQ(REDUCE_VERSION_STRING, REDUCE_CMAKE_VERSION);
  EXPECT_EQ(REDUCE_VERSION, REDUCE_VERSION_MAJOR * 10000 + REDUCE_VERSION_MINOR * 100 + REDUCE_VERSION_PATCH);
}

// The storage each Combine asks for, where no device is needed to say (walks of one tile per block). The atomic
// combine's tally word (sums of 32-bit integers) is asked for only where zeroed storage is free (a workspace); where
// the call does not certainly take it, the atomic combine asks for one accumulator of scratch, the slot its blocks
// combine in where the output is host memory (raw storage presets the output instead of a tally); ready marks always
// need zeroed storage.
template <class Cfg, class T, class Acc, class Op>
reduce::detail::storage_need need_of(std::uint64_t n, bool zeroed_kept) {
  const reduce::detail::call<Cfg, T, Acc, Op, reduce::detail::no_transform> c{nullptr, n, nullptr, {}, {}, 0};
  reduce::detail::storage_need need;
  EXPECT_EQ(reduce::detail::strategy_of<Cfg>::storage(c, zeroed_kept, need), cudaSuccess);
  return need;
}
TEST(Storage, TallyOnlyForSumsOf32BitIntegersOnZeroedStorage) {
  using cfg = p::config<p::vector<4>, p::shuffle, p::atomic, 256>;
  EXPECT_EQ((need_of<cfg, int, int, reduce::sum>(1 << 20, true).zeroed), sizeof(unsigned long long));
  EXPECT_EQ((need_of<cfg, unsigned, unsigned, reduce::sum>(1 << 20, true).zeroed), sizeof(unsigned long long));
  EXPECT_EQ((need_of<cfg, int, int, reduce::sum>(1 << 20, false).zeroed), 0u);
  EXPECT_EQ((need_of<cfg, float, float, reduce::sum>(1 << 20, true).zeroed), 0u);
  EXPECT_EQ((need_of<cfg, std::int64_t, std::int64_t, reduce::sum>(1 << 20, true).zeroed), 0u);
  EXPECT_EQ((need_of<cfg, int, int, reduce::max>(1 << 20, true).zeroed), 0u);
  using user = reduce::custom<reduce::sum, int>;
  EXPECT_EQ((need_of<cfg, int, int, user>(1 << 20, true).zeroed), 0u);
  EXPECT_EQ((need_of<cfg, int, int, reduce::sum>(1 << 20, true).scratch), 0u);  // the tally: no slot
  EXPECT_EQ((need_of<cfg, int, int, reduce::sum>(1 << 20, false).scratch), sizeof(int));
  EXPECT_EQ((need_of<cfg, std::int64_t, std::int64_t, reduce::sum>(1 << 20, true).scratch), sizeof(std::int64_t));
  EXPECT_EQ((need_of<cfg, int, int, reduce::sum>(1 << 26, true).scratch), sizeof(int));  // 16384 tiles: no tally
  // Ready marks over one tile per block: a ticket word and a slot of one 8-byte word per block, all zeroed.
  using marks = p::config<p::vector<4>, p::shuffle, p::grid<p::tile_per_block, p::ready_marks>, 256>;
  const auto m = need_of<marks, float, float, reduce::sum>(1 << 20, false);  // 256 tiles of 4096 floats
  EXPECT_EQ(m.zeroed, 16u + 256 * 8);
  EXPECT_EQ(m.scratch, 0u);
  // multipass: 1024 results of the first pass, which the second folds into the output (no second buffer)
  EXPECT_EQ((need_of<multipass_cfg, float, float, reduce::sum>(1 << 20, false).scratch), 1024u * 4);
  EXPECT_EQ((need_of<multipass_cfg, float, float, reduce::sum>(1 << 21, false).scratch), 2048u * 4 + 16);
}

TEST(Storage, MultipassQueryIsPositiveAndGrowsWithN) {
  std::size_t small = 0, large = 0;
  EXPECT_EQ(reduce::device_reduce<multipass_cfg>({nullptr, small}, (const float*)nullptr, (float*)nullptr, 10),
            cudaSuccess);
  EXPECT_EQ(reduce::device_reduce<multipass_cfg>({nullptr, large}, (const float*)nullptr, (float*)nullptr, 1 << 24),
            cudaSuccess);
  EXPECT_GT(small, 0u);  // never 0: a null pointer means "query"
  EXPECT_GE(large, (1u << 24) / 1024 * sizeof(float));
  EXPECT_EQ(large % reduce::detail::storage_alignment, 0u);
}

TEST(Errors, NullPointersAreRefusedBeforeAnyLaunch) {
  alignas(16) static char fake_temp[64];
  std::size_t bytes = sizeof(fake_temp);
  float* fake_out = reinterpret_cast<float*>(fake_temp);
  auto s = reduce::device_reduce<multipass_cfg>({fake_temp, bytes}, (const float*)nullptr, (float*)nullptr, 10);
  EXPECT_EQ(s.code, cudaErrorInvalidValue);
  EXPECT_STREQ(s.message, "reduce: output pointer is null");
  if (!test::have_device()) {  // without a device the pointer check itself must fail cleanly, not crash
    s = reduce::device_reduce<multipass_cfg>({fake_temp, bytes}, (const float*)nullptr, fake_out, 10);
    EXPECT_NE(s.code, cudaSuccess);
  }
}

// The plain path (no transform) refuses a conversion of the input to the accumulator that can change a value
// (types.cuh, is_narrowing_v): every widening the tests and extensions use passes, every lossy one is refused, and
// reduce::convert_to converts on purpose.
TEST(Conversions, NarrowingFollowsTheTypesFormats) {
  using reduce::detail::is_narrowing_v;
  static_assert(!is_narrowing_v<int, long long> && !is_narrowing_v<std::uint32_t, std::uint64_t>);
  static_assert(!is_narrowing_v<float, double> && !is_narrowing_v<std::int8_t, std::int32_t>);
  static_assert(!is_narrowing_v<std::int16_t, std::int32_t> && !is_narrowing_v<std::uint8_t, std::int32_t>);
  static_assert(!is_narrowing_v<__half, float> && !is_narrowing_v<__nv_bfloat16, float>);
  static_assert(!is_narrowing_v<float, float> && !is_narrowing_v<__half, __half> && !is_narrowing_v<bool, int>);
  // Exact, though C++'s list-initialisation calls every integer-to-floating conversion narrowing.
  static_assert(!is_narrowing_v<std::int32_t, double> && !is_narrowing_v<std::int16_t, float>);
  static_assert(is_narrowing_v<float, int> && is_narrowing_v<double, float>);
  static_assert(is_narrowing_v<std::int64_t, std::int32_t> && is_narrowing_v<std::int32_t, float>);
  static_assert(is_narrowing_v<std::int64_t, double> && is_narrowing_v<std::uint32_t, std::int32_t>);
  static_assert(is_narrowing_v<std::int32_t, std::uint64_t> && is_narrowing_v<int, bool>);
  static_assert(is_narrowing_v<float, __half> && is_narrowing_v<__half, int>);
  static_assert(is_narrowing_v<__half, __nv_bfloat16> && is_narrowing_v<__nv_bfloat16, __half>);
  // Not numbers: the entry path checks a wrapper's value type (compensated<F>: F) instead.
  static_assert(!is_narrowing_v<double, reduce::compensated<float>> && is_narrowing_v<double, float>);
  EXPECT_EQ(reduce::convert_to<int>{}(2.75f), 2);
  EXPECT_EQ(reduce::convert_to<int>{}(-2.75), -2);
  EXPECT_EQ(reduce::convert_to<float>{}(__float2half(1.5f)), 1.5f);
  EXPECT_EQ(reduce::convert_to<reduce::compensated<double>>{}(0.25f).value(), 0.25);
}
