// The segmented reductions' host side (no GPU needed): the default's choice by segment length, the matrix of
// segmented kernels and its validity, the extent of a description, and the argument checks that need no device.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <tuple>

#include <reduce/matrix.cuh>
#include <reduce/segmented.cuh>

namespace {

namespace p = reduce::policy;
namespace mp = boost::mp11;
using reduce::detail::segmented_choice;
using reduce::detail::segmented_choices;

template <std::size_t I>
using choice = typename mp::mp_at_c<segmented_choices, I>::map;

// Each table row covers the bytes up to its bound; past the table, a block per segment where there are enough
// segments (3 per SM) and parts of segments where there are fewer; one element is always staged.
TEST(SegmentedHost, TheDefaultPicksByTheBytesOfASegment) {
  const int sms = 132;
  EXPECT_EQ(segmented_choice(0, 0, 1000, sms), 0u);
  EXPECT_EQ(segmented_choice(1, 4, 1000, sms), 0u);
  EXPECT_EQ(segmented_choice(3, 12, 1000, sms), 0u);
  EXPECT_EQ(segmented_choice(64, 256, 1000, sms), 0u);
  EXPECT_EQ(segmented_choice(65, 260, 1000, sms), 1u);
  EXPECT_EQ(segmented_choice(1024, 4096, 1000, sms), 4u);
  EXPECT_EQ(segmented_choice(2048, 8192, 1000, sms), 3u);
  EXPECT_EQ(segmented_choice(2048, 8193, 3 * 132, sms), 5u);
  EXPECT_EQ(segmented_choice(2048, 8193, 3 * 132 - 1, sms), 6u);
  EXPECT_EQ(segmented_choice(1, 1000, 1000, sms), 0u);  // one wide element: staged, not a lane group
  // Rows with gaps of a 32-byte sector or more: lane groups, which read only the rows' sectors; narrower gaps: staged.
  EXPECT_EQ(segmented_choice(1, 4, 1000, sms, 32), 7u);
  EXPECT_EQ(segmented_choice(1, 8, 1000, sms, 32), 7u);  // one element of any size: four rows a thread
  EXPECT_EQ(segmented_choice(2, 8, 1000, sms, 32), 8u);  // more than one element: a thread a row, 16-byte vectors
  EXPECT_EQ(segmented_choice(4, 4, 1000, sms, 32), 8u);
  EXPECT_EQ(segmented_choice(4, 16, 1000, sms, 1000), 8u);
  EXPECT_EQ(segmented_choice(8, 32, 1000, sms, 32), 8u);
  EXPECT_EQ(segmented_choice(64, 256, 1000, sms, 32), 9u);
  EXPECT_EQ(segmented_choice(8, 32, 1000, sms, 28), 0u);
  EXPECT_EQ(segmented_choice(65, 260, 1000, sms, 4000), 1u);  // past 256 bytes: the same table as dense rows
  std::uint64_t last = 0;
  for (const auto& c : reduce::detail::segment_lengths) {  // bounds rise
    EXPECT_GT(c.up_to_bytes, last);
    last = c.up_to_bytes;
  }
  static_assert(std::is_same_v<choice<0>, p::staged_tile>);
  static_assert(choice<1>::lanes == 4 && choice<2>::lanes == 8 && choice<3>::lanes == 16 && choice<4>::lanes == 32);
  static_assert(std::is_same_v<choice<5>, p::block_per_segment> && std::is_same_v<choice<6>, p::parts_per_segment>);
  static_assert(choice<7>::lanes == 1 && choice<8>::lanes == 1 && choice<9>::lanes == 2);
  static_assert(std::is_same_v<reduce::detail::offsets_config::map, p::by_length>);
  static_assert(std::is_same_v<reduce::detail::columns_config::map, p::column_walk>);
}

// Offsets with a bound on the lengths: a thread or a lane group by the bound's bytes, never a mapping that needs a
// stride (the offsets are all the kernels see); past the table, by_length as without a bound.
TEST(SegmentedHost, ABoundOnOffsetsPicksALaneGroup) {
  using reduce::detail::bounded_choice, reduce::detail::bounded_choices;
  EXPECT_EQ(bounded_choice(0), 0u);
  EXPECT_EQ(bounded_choice(4), 0u);
  EXPECT_EQ(bounded_choice(16), 0u);
  EXPECT_EQ(bounded_choice(17), 1u);
  EXPECT_EQ(bounded_choice(64), 2u);
  EXPECT_EQ(bounded_choice(4096), 7u);
  EXPECT_EQ(bounded_choice(8192), 6u);
  EXPECT_EQ(bounded_choice(8193), reduce::detail::bounded_unbounded_choice);
  EXPECT_EQ(bounded_choice(~std::uint64_t(0)), reduce::detail::bounded_unbounded_choice);
  // The bound counts elements: their bytes pick the row, saturating rather than wrapping.
  using reduce::detail::bounded_choice_of;
  EXPECT_EQ(bounded_choice_of<float>(4), 0u);
  EXPECT_EQ(bounded_choice_of<double>(4), 1u);
  EXPECT_EQ(bounded_choice_of<float>(2048), 6u);
  EXPECT_EQ(bounded_choice_of<float>(2049), reduce::detail::bounded_unbounded_choice);
  EXPECT_EQ(bounded_choice_of<double>(~std::uint64_t(0) / 4), reduce::detail::bounded_unbounded_choice);
  std::uint64_t last = 0;
  for (const auto& c : reduce::detail::bounded_lengths) {  // bounds rise, each names a lane group
    EXPECT_GT(c.up_to_bytes, last);
    last = c.up_to_bytes;
    EXPECT_LT(c.config, reduce::detail::bounded_unbounded_choice);
  }
  mp::mp_for_each<mp::mp_transform<mp::mp_identity, bounded_choices>>([](auto c) {
    using C = typename decltype(c)::type;
    static_assert(!C::map::strided_only && !C::map::columns_only, "a bound's mapping must take offsets");
  });
  static_assert(std::is_same_v<mp::mp_at_c<bounded_choices, reduce::detail::bounded_unbounded_choice>,
                               reduce::detail::offsets_config>);
}

TEST(SegmentedHost, TheMatrixHoldsEveryValidKernelOnce) {
  using all = reduce::matrix::segmented_all;
  // Lane groups (6 of them), the staged tile and the column walk: 4 Loads x 3 block sizes, one BlockFinish; a block
  // per segment, parts of segments and by_length: 4 Loads x 3 BlockFinishes x 3 block sizes each.
  EXPECT_EQ(mp::mp_size<all>::value, 8u * 4 * 3 + 3 * 4 * 3 * 3);
  // Each once: their names (which spell every policy) are distinct. (mp_unique recurses past nvcc's depth here.)
  std::set<std::string> names;
  mp::mp_for_each<mp::mp_transform<mp::mp_identity, all>>([&](auto c) {
    using C = typename decltype(c)::type;
    EXPECT_TRUE(C::valid::value) << C::name();
    EXPECT_TRUE(names.insert(C::name()).second) << C::name() << " twice";
  });
  static_assert(p::segmented_validity<p::warp_per_segment, p::vector<4>, p::shuffle, 256>::value);
  static_assert(p::segmented_validity<p::column_walk, p::vector<4>, p::shuffle, 256>::value);
  static_assert(!p::segmented_validity<p::column_walk, p::vector<4>, p::unrolled, 256>::value);
  static_assert(!p::segmented_validity<p::warp_per_segment, p::scalar<4>, p::unrolled, 256>::value);
  static_assert(p::segmented_validity<p::block_per_segment, p::vector<4>, p::unrolled, 256>::value);
  static_assert(!p::segmented_validity<p::block_per_segment, p::vector<4>, p::none, 256>::value);
  static_assert(p::segmented_validity<p::by_length, p::vector<4>, p::tree<p::sequential>, 128>::value);
  static_assert(!p::segmented_validity<p::by_length, p::scalar<4>, p::none, 256>::value);
  static_assert(p::segmented_validity<p::staged_tile, p::vector<4>, p::shuffle, 512>::value);
  static_assert(!p::segmented_validity<p::staged_tile, p::vector<4>, p::tree<p::sequential>, 256>::value);
}

// by_length's parts: a function of the length alone, at most max_parts, none empty, covering the segment in order,
// 16 elements apart; and its scratch, which grows with the count up to its caps.
TEST(SegmentedHost, ByLengthPartsCoverEachLongSegment) {
  using map = reduce::detail::segment_map<p::by_length>;
  for (std::uint64_t n : {map::part_size + 1, map::part_size * 2, map::part_size * 2 + 1, std::uint64_t(100003),
                          map::part_size * map::max_parts - 1, map::part_size * map::max_parts + 17,
                          std::uint64_t(1) << 31, (std::uint64_t(1) << 33) + 5}) {
    const std::uint64_t k = map::parts(n);
    ASSERT_GE(k, 2u) << n;
    ASSERT_LE(k, map::max_parts) << n;
    std::uint64_t at = 0;
    for (std::uint64_t i = 0; i < k; ++i) {
      const reduce::detail::segment_range r = map::part(n, i);
      ASSERT_EQ(r.begin, at) << n << " part " << i;
      ASSERT_GT(r.size, 0u) << n << " part " << i;
      if (i + 1 < k) ASSERT_EQ(r.size % 16, 0u) << n << " part " << i;
      at += r.size;
    }
    ASSERT_EQ(at, n);
  }
  EXPECT_EQ(map::parts(map::part_size * 3), 3u);
  EXPECT_EQ(map::parts(map::long_size + 1), 1u);  // a long segment of one part: a block's walk
  EXPECT_EQ(map::parts(std::uint64_t(1) << 40), map::max_parts);
  using C = p::segmented_config<p::by_length, p::vector<4>, p::shuffle, 256>;
  std::size_t small = 0, big = 0, huge = 0;
  ASSERT_EQ((map::storage<C, float>(reduce::segments::fixed(0, 10), small)), cudaSuccess);
  EXPECT_EQ(small, 0u);
  ASSERT_EQ((map::storage<C, float>(reduce::segments::fixed(10, 10), small)), cudaSuccess);
  ASSERT_EQ((map::storage<C, float>(reduce::segments::fixed(std::uint64_t(1) << 30, 1), big)), cudaSuccess);
  ASSERT_EQ((map::storage<C, float>(reduce::segments::fixed(std::uint64_t(1) << 40, 1), huge)), cudaSuccess);
  EXPECT_LT(small, 131072u);  // 2560 slots
  EXPECT_EQ(big, huge);       // capped
  EXPECT_LT(big, std::size_t(10) << 20);
}

TEST(SegmentedHost, ExtentsAndOverflow) {
  std::uint64_t e = 0;
  EXPECT_TRUE(reduce::detail::extent_of(reduce::segments::rows(10, 7, 9), e));
  EXPECT_EQ(e, 9u * 9 + 7);
  EXPECT_TRUE(reduce::detail::extent_of(reduce::segments::columns(10, 7, 9), e));
  EXPECT_EQ(e, 9u * 9 + 7);
  EXPECT_TRUE(reduce::detail::extent_of(reduce::segments::fixed(0, 5), e));
  EXPECT_EQ(e, 0u);
  EXPECT_TRUE(reduce::detail::extent_of(reduce::segments::rows(10, 0, 0), e));
  EXPECT_EQ(e, 0u);
  EXPECT_FALSE(reduce::detail::extent_of(reduce::segments::fixed(std::uint64_t(1) << 40, std::uint64_t(1) << 30), e));
}

TEST(SegmentedHost, ColumnsPerWarpRoundUpToAPowerOfTwo) {
  using reduce::detail::columns_per_warp;
  EXPECT_EQ(columns_per_warp(1), 1u);
  EXPECT_EQ(columns_per_warp(3), 4u);
  EXPECT_EQ(columns_per_warp(32), 32u);
  EXPECT_EQ(columns_per_warp(1000), 32u);
}

// The column walk's launch shape on a GPU that holds 1056 blocks of 256 threads at once (132 SMs, 8 each), 4 loads a
// lane.
TEST(SegmentedHost, ColumnPlanFitsTheShape) {
  auto plan = [](std::uint64_t rows, std::uint64_t units, bool split = true) {
    const auto p = reduce::detail::plan_columns(rows, units, 256, 4, 1056, split);
    return std::make_tuple(p.chunks, p.side, p.wide);
  };
  using std::make_tuple;
  // One column: warps stacked, rows split into two waves of blocks.
  EXPECT_EQ(plan(std::uint64_t(1) << 28, 1), make_tuple(std::uint64_t(2112), 1u, false));
  // Many columns: warps side by side; one row leaves each lane one row of 4 column tiles.
  EXPECT_EQ(plan(1, std::uint64_t(1) << 28), make_tuple(std::uint64_t(1), 8u, true));
  EXPECT_EQ(plan(64, std::uint64_t(1) << 22), make_tuple(std::uint64_t(1), 8u, false));
  // Too few column tiles to fill a wave side by side: stacked, and the rows split into whole waves (256 column
  // blocks x 8 chunks); 2048 column blocks make almost two waves unsplit (a ninth chunk would add a partial one).
  EXPECT_EQ(plan(4096, 8192), make_tuple(std::uint64_t(8), 1u, false));
  EXPECT_EQ(plan(4096, 65536), make_tuple(std::uint64_t(1), 1u, false));
  // 24 rows: two warps side by side, so the four stacked ones get 6 rows a lane.
  EXPECT_EQ(plan(24, 1000), make_tuple(std::uint64_t(1), 2u, false));
  // The second pass never splits its rows again.
  EXPECT_EQ(std::get<0>(plan(std::uint64_t(1) << 28, 1, false)), 1u);
}

// The chunks cover the rows once, none empty or past the last row, for any shape, block, Load and occupancy (blocks
// starting past the matrix would read outside it); a wide walk is never split.
TEST(SegmentedHost, ColumnPlanChunksCoverTheRowsOnce) {
  for (std::uint64_t rows : {1ull, 2ull, 3ull, 24ull, 4097ull, 100000ull, 300000ull, 2162793ull, 1ull << 28})
    for (std::uint64_t units : {1ull, 2ull, 3ull, 7ull, 32ull, 33ull, 128ull, 1000ull, 4096ull, 1ull << 20})
      for (unsigned block : {128u, 256u, 512u, 1024u})
        for (unsigned items : {1u, 4u})
          for (std::uint64_t sms : {108ull, 132ull})
            for (std::uint64_t per_sm = 1; per_sm <= 2048 / block; ++per_sm) {
              const auto p = reduce::detail::plan_columns(rows, units, block, items, sms * per_sm);
              ASSERT_TRUE(p.chunks >= 1 && p.chunks <= 65535) << rows << " x " << units;
              ASSERT_LT((p.chunks - 1) * p.chunk_rows, rows) << rows << " x " << units << ", " << p.chunks;
              ASSERT_GE(p.chunks * p.chunk_rows, rows) << rows << " x " << units << ", " << p.chunks;
              ASSERT_TRUE(!p.wide || p.chunks == 1) << rows << " x " << units;
            }
}

// Every vector path reads 16-byte vectors of T exactly where the size of T divides 16 and equals its alignment: the
// one-array agent and each segment Map that has vector loads, for a vector and a scalar Load.
template <class T, std::size_t A = alignof(T)>
struct alignas(A) pair_of {
  T a, b;
};
TEST(SegmentedHost, OneVectorRuleForEveryPath) {
  namespace p = reduce::policy;
  namespace d = reduce::detail;
  using types = boost::mp11::mp_list<std::uint8_t, __half, float, double, pair_of<std::uint8_t>, pair_of<float>,
                                     pair_of<float, 8>, pair_of<double>, pair_of<double, 16>, pair_of<float[3]>>;
  boost::mp11::mp_for_each<boost::mp11::mp_transform<boost::mp11::mp_identity, types>>([](auto t) {
    using T = typename decltype(t)::type;
    const bool expected = 16 % sizeof(T) == 0 && alignof(T) == sizeof(T);
    auto check = [&](auto load) {
      using L = typename decltype(load)::type;
      using C = p::segmented_config<p::block_per_segment, L, p::shuffle, 256>;
      const bool want = L::vectorized && expected;
      EXPECT_EQ((d::agent<L, 256>::template vectors_of<T>), want) << sizeof(T) << "/" << alignof(T);
      EXPECT_EQ((d::segment_map<p::lanes_per_segment<4>>::vectors<C, T>), want) << sizeof(T) << "/" << alignof(T);
      EXPECT_EQ((d::segment_map<p::staged_tile>::vectors<C, T>), want) << sizeof(T) << "/" << alignof(T);
      EXPECT_EQ((d::segment_map<p::column_walk>::vectors<C, T>), want) << sizeof(T) << "/" << alignof(T);
    };
    check(boost::mp11::mp_identity<p::vector<4>>{});
    check(boost::mp11::mp_identity<p::scalar<4>>{});
  });
}

// A shape with a zero plans without dividing by zero: no rows, no columns (units), or neither.
TEST(SegmentedHost, ColumnPlanOfAnEmptyShape) {
  for (std::uint64_t rows : {0ull, 7ull, 1ull << 20})
    for (std::uint64_t units : {0ull, 1ull, 5ull})
      for (std::uint64_t resident : {1ull, 1056ull}) {
        const auto p = reduce::detail::plan_columns(rows, units, 256, 4, resident);
        EXPECT_GE(p.chunks, 1u) << rows << " x " << units;
        EXPECT_GE(p.chunks * p.chunk_rows, rows) << rows << " x " << units;
      }
}

// The flat path of dense narrow columns: its blocks cover the whole vectors once, each a whole number of the block's
// strides, none empty (but the one of a matrix of fewer elements than a vector), at most the blocks asked for.
TEST(SegmentedHost, PackedColumnsCoverTheVectorsOnce) {
  using C = p::segmented_config<p::column_walk, p::vector<4>, p::shuffle, 256>;
  for (std::uint64_t rows : {1ull, 3ull, 4097ull, 100001ull, 2162793ull, 1ull << 28})
    for (std::uint64_t cols : {1ull, 2ull, 4ull})
      for (std::uint64_t blocks : {1ull, 264ull, 2112ull}) {
        const reduce::detail::column_segments segs{rows, cols, cols};
        const auto v = reduce::detail::packed_view<C, float>(segs, blocks);
        const std::uint64_t b = reduce::detail::packed_blocks(v);
        ASSERT_EQ(v.vectors, rows * cols / 4) << rows << " x " << cols;
        ASSERT_EQ(v.tail, rows * cols % 4) << rows << " x " << cols;
        ASSERT_EQ(1u << v.log2_columns, cols);
        ASSERT_EQ(v.span % 256, 0u);
        ASSERT_LE(b, blocks) << rows << " x " << cols;
        ASSERT_GE(b * v.span, v.vectors) << rows << " x " << cols;
        ASSERT_TRUE(v.vectors == 0 || (b - 1) * v.span < v.vectors) << rows << " x " << cols;
      }
}

// by_length's warp step: a function of the count alone, the most segments a warp takes that leave min_steps steps.
TEST(SegmentedHost, WarpStepByCount) {
  using reduce::detail::warp_step;
  const auto step = [](std::uint64_t count) {
    const warp_step w = reduce::detail::warp_step_for(count);
    return std::pair<unsigned, unsigned>{w.batches, w.width};
  };
  EXPECT_EQ(step(1ull << 40), (std::pair<unsigned, unsigned>{2, 32}));
  EXPECT_EQ(step(1ull << 20), (std::pair<unsigned, unsigned>{2, 32}));
  EXPECT_EQ(step((1ull << 20) - 1), (std::pair<unsigned, unsigned>{1, 32}));
  EXPECT_EQ(step(1ull << 19), (std::pair<unsigned, unsigned>{1, 32}));
  EXPECT_EQ(step((1ull << 19) - 1), (std::pair<unsigned, unsigned>{1, 16}));
  EXPECT_EQ(step(1ull << 14), (std::pair<unsigned, unsigned>{1, 1}));
  EXPECT_EQ(step(1), (std::pair<unsigned, unsigned>{1, 1}));
  for (std::uint64_t count = 1; count < (1ull << 22); count = count * 3 + 1) {
    const warp_step w = reduce::detail::warp_step_for(count);
    const std::uint64_t per_warp = std::uint64_t(w.batches) * w.width;
    EXPECT_TRUE(per_warp == 1 || count >= per_warp * warp_step::min_steps) << count;
    EXPECT_TRUE(per_warp == 2 * 32 || count < 2 * per_warp * warp_step::min_steps) << count;
  }
}

}  // namespace
