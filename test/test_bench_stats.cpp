// Host test of the bench's sample statistics (bench/src/stats.hpp): median(), which every row reports, and
// lower_mode(), which the report uses for CUB's faster launch state in paired rows: two levels give the lower one's
// median; one level, a few outliers, levels closer than 5% of the median or fewer than 10 samples give the median.
#include <gtest/gtest.h>

#include <vector>

#include "stats.hpp"

// The LowerMode tests compare against the bench's own median(), which Median.OddEvenAndEmpty checks on its own.
using reduce_bench::median;

TEST(Median, OddEvenAndEmpty) {
  EXPECT_DOUBLE_EQ(reduce_bench::median({3.0, 1.0, 2.0}), 2.0);
  EXPECT_DOUBLE_EQ(reduce_bench::median({4.0, 1.0, 3.0, 2.0}), 2.5);
  EXPECT_DOUBLE_EQ(reduce_bench::median({7.5}), 7.5);
  EXPECT_DOUBLE_EQ(reduce_bench::median({}), 0.0);
}

TEST(LowerMode, TwoLevelsInAlternationGiveTheLowerLevelsMedian) {
  // As CUB's samples at 2^19 on an H100: two slow, two fast, ... about 7.3 and 8.2 µs, with some jitter.
  std::vector<double> all, fast;
  for (int i = 0; i < 40; ++i) {
    const bool slow = (i / 2) % 2 == 0;
    const double x = (slow ? 8.2 : 7.3) + 0.03 * (i % 5);
    all.push_back(x);
    if (!slow) fast.push_back(x);
  }
  EXPECT_DOUBLE_EQ(reduce_bench::lower_mode(all), median(fast));
  // Unbalanced, 30% fast: still the fast level, where the median is the slow one.
  std::vector<double> mostly_slow(fast.begin(), fast.begin() + 6);
  for (int i = 0; i < 14; ++i) mostly_slow.push_back(8.2 + 0.01 * i);
  EXPECT_DOUBLE_EQ(reduce_bench::lower_mode(mostly_slow), median({fast.begin(), fast.begin() + 6}));
  EXPECT_GT(median(mostly_slow), 8.0);
}

TEST(LowerMode, OneLevelGivesTheMedian) {
  std::vector<double> v;
  for (int i = 0; i < 25; ++i) v.push_back(5.47 + 0.02 * ((i * 7) % 25));  // 5.47-5.95, evenly
  EXPECT_DOUBLE_EQ(reduce_bench::lower_mode(v), median(v));
}

TEST(LowerMode, FewOutliersLevelsCloserThanFivePercentAndSmallSamplesGiveTheMedian) {
  std::vector<double> outliers(38, 10.2);
  outliers.push_back(11.4), outliers.push_back(11.5);  // 2 of 40: under 10%
  EXPECT_DOUBLE_EQ(reduce_bench::lower_mode(outliers), median(outliers));
  std::vector<double> close;
  for (int i = 0; i < 20; ++i) close.push_back(i % 2 ? 7.30 : 7.60);  // 4% of the median apart
  EXPECT_DOUBLE_EQ(reduce_bench::lower_mode(close), median(close));
  const std::vector<double> small{7.3, 8.2, 7.3, 8.2, 7.3, 8.2, 7.3, 8.2, 7.3};
  EXPECT_DOUBLE_EQ(reduce_bench::lower_mode(small), median(small));
  EXPECT_DOUBLE_EQ(reduce_bench::lower_mode({}), 0.0);
}
