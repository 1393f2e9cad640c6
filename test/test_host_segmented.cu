// The segmented reductions' host side (no GPU needed): the default's choice by segment length, the matrix of
// segmented kernels and its validity, the extent of a description, and the argument checks that need no device.
#include <gtest/gtest.h>

#include <reduce/matrix.cuh>
#include <reduce/segmented.cuh>

namespace {

namespace p = reduce::policy;
namespace mp = boost::mp11;
using reduce::detail::segmented_choice;
using reduce::detail::segmented_choices;

template <std::size_t I>
using choice = typename mp::mp_at_c<segmented_choices, I>::map;

TEST(SegmentedHost, TheDefaultGivesEachSegmentAGroupAboutItsLength) {
  EXPECT_EQ(segmented_choice(0), 0u);
  EXPECT_EQ(segmented_choice(1), 0u);
  EXPECT_EQ(segmented_choice(2), 1u);
  EXPECT_EQ(segmented_choice(3), 2u);
  EXPECT_EQ(segmented_choice(4), 2u);
  EXPECT_EQ(segmented_choice(5), 3u);
  EXPECT_EQ(segmented_choice(16), 4u);
  EXPECT_EQ(segmented_choice(17), 5u);
  EXPECT_EQ(segmented_choice(2048), 5u);
  EXPECT_EQ(segmented_choice(2049), 6u);
  static_assert(choice<0>::lanes == 1 && choice<2>::lanes == 4 && choice<4>::lanes == 16 && choice<5>::lanes == 32);
  static_assert(std::is_same_v<choice<6>, p::block_per_segment>);
  // Offsets: the host knows no length, so a warp per segment.
  const int dummy[2] = {};
  EXPECT_EQ(reduce::detail::segmented_choice_of(reduce::segments::offsets(dummy, dummy + 1, 1)), 5u);
  EXPECT_EQ(reduce::detail::segmented_choice_of(reduce::segments::rows(10, 3, 3)), 2u);
}

TEST(SegmentedHost, TheMatrixHoldsEveryValidKernelOnce) {
  using all = reduce::matrix::segmented_all;
  // Lane groups (6 of them) and the column walk: 2 scalar Loads x 3 block sizes, one BlockFinish; a block per
  // segment: 4 Loads x 3 BlockFinishes x 3 block sizes.
  EXPECT_EQ(mp::mp_size<all>::value, 6u * 2 * 3 + 4 * 3 * 3 + 2 * 3);
  EXPECT_EQ((mp::mp_size<mp::mp_unique<all>>::value), mp::mp_size<all>::value);
  mp::mp_for_each<mp::mp_transform<mp::mp_identity, all>>([](auto c) {
    using C = typename decltype(c)::type;
    EXPECT_TRUE(C::valid::value) << C::name();
  });
  static_assert(!p::segmented_validity<p::warp_per_segment, p::vector<4>, p::shuffle, 256>::value);
  static_assert(!p::segmented_validity<p::warp_per_segment, p::scalar<4>, p::unrolled, 256>::value);
  static_assert(p::segmented_validity<p::block_per_segment, p::vector<4>, p::unrolled, 256>::value);
  static_assert(!p::segmented_validity<p::block_per_segment, p::vector<4>, p::none, 256>::value);
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

}  // namespace
