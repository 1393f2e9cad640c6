// merge_axes (include/reduce/axes.cuh): every way a strided N-d array's reduced axes map to one segmented call, or to
// several. Each case also checked against brute force: for every kept index, the set of element offsets the plan's
// call reads (o * outer_stride + k * reduced_stride + i, result at o * inner + i) equals the set the array's own
// indexing gives, in the kept axes' row-major order.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <reduce/axes.cuh>
#include <set>
#include <string>
#include <tuple>
#include <vector>

namespace {

using shape_t = std::vector<std::int64_t>;

// For each result (kept axes row-major), the sorted element offsets it reduces, by the array's indexing.
std::vector<std::vector<std::int64_t>> by_indexing(const shape_t& shape, const shape_t& strides,
                                                   const std::vector<bool>& red) {
  std::int64_t results = 1, total = 1;
  for (std::size_t a = 0; a < shape.size(); ++a) {
    total *= shape[a];
    if (!red[a]) results *= shape[a];
  }
  std::vector<std::vector<std::int64_t>> out(std::size_t(std::max<std::int64_t>(results, 0)));
  for (std::int64_t e = 0; e < total; ++e) {  // e: the row-major index over the whole shape
    std::int64_t rest = e, offset = 0, result = 0, scale = 1;
    for (int a = int(shape.size()) - 1; a >= 0; --a) {
      const std::int64_t i = rest % shape[a];
      rest /= shape[a];
      offset += i * strides[a];
      if (!red[a]) result += i * scale, scale *= shape[a];
    }
    out[std::size_t(result)].push_back(offset);
  }
  for (auto& v : out) std::sort(v.begin(), v.end());
  return out;
}

std::vector<std::vector<std::int64_t>> by_plan(const reduce::axes_plan& p) {
  std::vector<std::vector<std::int64_t>> out(p.outer * p.inner);
  for (std::uint64_t o = 0; o < p.outer; ++o)
    for (std::uint64_t i = 0; i < p.inner; ++i)
      for (std::uint64_t k = 0; k < p.reduced; ++k)
        out[o * p.inner + i].push_back(std::int64_t(o * p.outer_stride + k * p.reduced_stride + i));
  for (auto& v : out) std::sort(v.begin(), v.end());
  return out;
}

reduce::axes_plan plan_of(const shape_t& shape, const shape_t& strides, const std::vector<bool>& red) {
  std::unique_ptr<bool[]> r(new bool[red.size() + 1]);
  for (std::size_t a = 0; a < red.size(); ++a) r[a] = red[a];
  return reduce::merge_axes(int(shape.size()), shape.data(), strides.data(), r.get());
}

shape_t contiguous(const shape_t& shape) {
  shape_t s(shape.size());
  std::int64_t k = 1;
  for (int a = int(shape.size()) - 1; a >= 0; --a) s[a] = k, k *= shape[a];
  return s;
}

TEST(Axes, TheThreeFormsOfAContiguousTensor) {
  using P = reduce::axes_plan;
  struct expected {
    shape_t shape;
    std::vector<bool> reduced;
    P::kind_t kind;
    std::uint64_t outer, reduced_extent, inner, reduced_stride, outer_stride;
    const char* what;
  };
  const expected cases[] = {
      {{4, 5, 6}, {false, true, false}, P::middle, 4, 5, 6, 6, 30, "[B, K, D] over K: the middle axis"},
      {{4, 5, 6}, {true, true, true}, P::whole, 1, 120, 1, 1, 0, "every axis: one array"},
      {{4, 5, 6}, {false, true, true}, P::middle, 4, 30, 1, 1, 30, "the last two: rows (inner 1, contiguous)"},
      {{4, 5, 6}, {true, true, false}, P::middle, 1, 20, 6, 6, 0, "the first two: columns (outer 1)"},
      {{2, 3, 4, 5}, {false, true, false, false}, P::middle, 2, 3, 20, 20, 60, "NCHW over C: [N, C, H * W]"},
      {{4, 1, 5}, {false, true, true}, P::middle, 4, 5, 1, 1, 5, "size-1 axes drop out: rows of 5"},
  };
  for (const expected& e : cases) {
    const P p = plan_of(e.shape, contiguous(e.shape), e.reduced);
    EXPECT_EQ(p.kind, e.kind) << e.what;
    EXPECT_EQ(std::make_tuple(p.outer, p.reduced, p.inner, p.reduced_stride, p.outer_stride),
              std::make_tuple(e.outer, e.reduced_extent, e.inner, e.reduced_stride, e.outer_stride))
        << e.what;
  }
  // Axes 0 and 2 of three: not one run. A negative stride: refused.
  EXPECT_EQ(plan_of({4, 5, 6}, contiguous({4, 5, 6}), {true, false, true}).kind, P::several);
  EXPECT_EQ(plan_of({4, 5}, {-5, 1}, {true, false}).kind, P::several);
}

// Random shapes, strides (contiguous, transposed, sliced, broadcast) and axis sets: wherever the plan is one call, it
// reads exactly what the array's indexing says, result by result.
TEST(Axes, RandomShapesAgainstIndexing) {
  std::mt19937 rng(5);
  int one_call = 0;
  for (int t = 0; t < 4000; ++t) {
    const int ndim = 1 + int(rng() % 5);
    shape_t shape(ndim);
    for (auto& s : shape) s = std::int64_t(rng() % 5);  // 0..4, zeros included
    shape_t strides = contiguous(shape);
    const unsigned how = rng() % 4;
    if (how == 1 && ndim > 1) std::swap(strides[0], strides[ndim - 1]);  // transposed
    if (how == 2)
      for (auto& s : strides) s *= 1 + std::int64_t(rng() % 2);  // sliced
    if (how == 3) strides[rng() % ndim] = 0;                     // broadcast
    std::vector<bool> red(ndim);
    for (int a = 0; a < ndim; ++a) red[a] = rng() % 2;
    const reduce::axes_plan p = plan_of(shape, strides, red);
    if (p.kind == reduce::axes_plan::several) continue;
    ++one_call;
    const auto want = by_indexing(shape, strides, red);
    auto got = by_plan(p);
    // An array with a zero in its shape reads nothing: only the result count and emptiness are compared.
    bool empty = false;
    for (auto s : shape) empty = empty || s == 0;
    std::string desc;
    for (int a = 0; a < ndim; ++a)
      desc += std::to_string(shape[a]) + "/" + std::to_string(strides[a]) + (red[a] ? "r " : "k ");
    ASSERT_EQ(got.size(), want.size()) << "case " << t << ": " << desc;
    for (std::size_t r = 0; r < got.size(); ++r) {
      if (empty) {
        ASSERT_TRUE(got[r].empty() && want[r].empty()) << "case " << t;
      } else {
        ASSERT_EQ(got[r], want[r]) << "case " << t << " result " << r;
      }
    }
  }
  EXPECT_GT(one_call, 1000);
}

}  // namespace
