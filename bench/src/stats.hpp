// The bench's sample statistics: the median every row reports, and lower_mode() for a paired row's samples on two
// levels. CUB launches its two kernels with plain launches, and in the bench's
// alternation the second launch is about 1 µs slower in every other pair of CUB calls, so CUB's samples lie half on
// each of two levels and their median may fall on either. lower_mode() is the median of the lower level where the
// samples split into two, else the median of them all. Two levels: the split of the sorted samples with the least
// squared distance to the two parts' means (1-D 2-means), where each part holds at least 10% of the samples and the
// two parts' medians lie at least 5% of the whole median apart.
#pragma once
#include <algorithm>
#include <cstddef>
#include <vector>

namespace reduce_bench {

// Of v[0, n), sorted ascending; 0 for none.
inline double median_of_sorted(const double* v, std::size_t n) {
  if (n == 0) return 0;
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

inline double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return median_of_sorted(v.data(), v.size());
}

inline double lower_mode(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  const double all = median_of_sorted(v.data(), n);
  if (n < 10) return all;
  std::vector<double> sum(n + 1, 0), sq(n + 1, 0);  // prefix sums of values and squares
  for (std::size_t i = 0; i < n; ++i) sum[i + 1] = sum[i] + v[i], sq[i + 1] = sq[i] + v[i] * v[i];
  auto sse = [&](std::size_t a, std::size_t b) {  // of v[a, b)
    const double s = sum[b] - sum[a];
    return (sq[b] - sq[a]) - s * s / double(b - a);
  };
  std::size_t best = 1;
  double best_cost = sse(0, 1) + sse(1, n);
  for (std::size_t k = 2; k < n; ++k)
    if (const double c = sse(0, k) + sse(k, n); c < best_cost) best = k, best_cost = c;
  const std::size_t minimum = (n + 9) / 10;  // 10%, rounded up
  if (best < minimum || n - best < minimum) return all;
  const double lower = median_of_sorted(v.data(), best), upper = median_of_sorted(v.data() + best, n - best);
  return upper - lower >= 0.05 * all ? lower : all;
}

}  // namespace reduce_bench
