// The middle axis (segments::middle: an (outer, reduced, inner) view, segment/columns.cuh) under the default and the
// column walk's scalar and vector Loads: [B, K, D] shapes from 1 to thousands on each side (D of 1: the rows path;
// D of 2, 3, 4, 5, 8: vectors straddling matrices refused for scalars; zeros), a strided view (a slice of a larger
// tensor), argmin along the axis, and merge_axes's plans run as calls. Integers against a host reference exactly.
#include <gtest/gtest.h>

#include <array>
#include <reduce/axes.cuh>
#include <reduce/segmented.cuh>

#include "../common.cuh"

namespace {

namespace p = reduce::policy;
using scalar_walk = p::segmented_config<p::column_walk, p::scalar<4>, p::shuffle, 256>;
using vector_walk = p::segmented_config<p::column_walk, p::vector<4>, p::shuffle, 256>;

// Sums over k of in[o * os + k * rs + i], for each (o, i), on the host.
std::vector<long long> host_middle(const std::vector<int>& h, std::uint64_t B, std::uint64_t K, std::uint64_t D,
                                   std::uint64_t rs, std::uint64_t os) {
  std::vector<long long> r(B * D, 0);
  for (std::uint64_t o = 0; o < B; ++o)
    for (std::uint64_t k = 0; k < K; ++k)
      for (std::uint64_t i = 0; i < D; ++i) r[o * D + i] += h[o * os + k * rs + i];
  return r;
}

template <class Cfg>
void check_shape(std::uint64_t B, std::uint64_t K, std::uint64_t D, std::uint64_t pad, const char* what) {
  // A slice [B, K, D] of a [B, K + pad, D + pad] tensor where pad > 0: reduced_stride D + pad, outer_stride its matrix.
  const std::uint64_t rs = D + pad, os = (K + pad) * rs, n = B * os + 16;
  const auto h = test::random_vector<int>(n, -1000, 1000, B * 131 + K * 7 + D + pad);
  test::device_buffer<int> in(n);
  test::device_buffer<long long> out(std::max<std::uint64_t>(B * D, 1));
  CUDA_OK(cudaMemcpy(in.base, h.data(), n * sizeof(int), cudaMemcpyHostToDevice));
  CUDA_OK(cudaMemset(out.base, 0xA5, std::max<std::uint64_t>(B * D, 1) * sizeof(long long)));
  const auto segs = pad ? reduce::segments::middle(B, K, D, rs, os) : reduce::segments::middle(B, K, D);
  test::two_phase([&](void* t, std::size_t& b) {
    return reduce::device_segmented_reduce<Cfg>({t, b}, in.base, out.base, segs, reduce::sum{});
  });
  std::vector<long long> got(B * D);
  if (B * D) CUDA_OK(cudaMemcpy(got.data(), out.base, B * D * sizeof(long long), cudaMemcpyDeviceToHost));
  const auto want = host_middle(h, B, K, D, rs, os);
  for (std::uint64_t r = 0; r < B * D; ++r)
    ASSERT_EQ(got[r], want[r]) << what << " [" << B << ", " << K << ", " << D << "] pad " << pad << " result " << r;
}

std::vector<std::array<std::uint64_t, 3>> shapes() {
  if (test::small_only()) return {{3, 5, 7}, {2, 300, 4}, {5, 1, 64}};
  return {{1, 1, 1},    {4, 5, 6},     {3, 1000, 1},  {1000, 3, 1},  {7, 333, 2},  {5, 77, 3}, {64, 64, 4},
          {9, 1000, 5}, {3, 4096, 8},  {2, 10, 1000}, {1000, 2, 33}, {16, 1, 512}, {0, 5, 5},  {5, 0, 5},
          {5, 5, 0},    {2, 65537, 3}, {4096, 4, 4},  {1, 500, 40},  {300, 300, 9}};
}

TEST(SegmentedMiddle, DefaultAndBothWalksAgainstTheHost) {
  REQUIRE_GPU();
  for (const auto& s : shapes())
    for (std::uint64_t pad : {0, 3}) {
      check_shape<reduce::default_segmented_config>(s[0], s[1], s[2], pad, "default");
      check_shape<scalar_walk>(s[0], s[1], s[2], pad, "scalar walk");
      check_shape<vector_walk>(s[0], s[1], s[2], pad, "vector walk");
    }
}

// Argmin along the middle axis: the first smallest element of each (o, i), its index the position along the axis.
TEST(SegmentedMiddle, ArgminAlongTheAxis) {
  REQUIRE_GPU();
  const std::uint64_t B = 6, K = test::small_only() ? 50 : 999, D = 12;
  const auto h = test::random_vector<int>(B * K * D, -50, 50, 3);
  test::device_buffer<int> in(h.size());
  CUDA_OK(cudaMemcpy(in.base, h.data(), h.size() * sizeof(int), cudaMemcpyHostToDevice));
  test::device_buffer<reduce::indexed<int>> out(B * D);
  reduce::workspace ws;
  ASSERT_EQ(reduce::device_segmented_argmin(ws, in.base, out.base, reduce::segments::middle(B, K, D)), cudaSuccess);
  std::vector<reduce::indexed<int>> got(B * D);
  CUDA_OK(cudaMemcpy(got.data(), out.base, B * D * sizeof(got[0]), cudaMemcpyDeviceToHost));
  for (std::uint64_t o = 0; o < B; ++o)
    for (std::uint64_t i = 0; i < D; ++i) {
      std::uint64_t best = 0;
      for (std::uint64_t k = 1; k < K; ++k)
        if (h[(o * K + k) * D + i] < h[(o * K + best) * D + i]) best = k;
      ASSERT_EQ(got[o * D + i].index, best) << o << ", " << i;
      ASSERT_EQ(got[o * D + i].value, h[(o * K + best) * D + i]) << o << ", " << i;
    }
}

// merge_axes's plan for a 4-d tensor, run as the call it names: the same sums as the host's over the axes.
TEST(SegmentedMiddle, MergedAxesRunAsOneCall) {
  REQUIRE_GPU();
  const std::int64_t shape[4] = {3, 4, 50, 6}, strides[4] = {1200, 300, 6, 1};
  const bool red[4] = {false, true, true, false};  // [3, 200, 6] over the middle
  const reduce::axes_plan plan = reduce::merge_axes(4, shape, strides, red);
  ASSERT_EQ(plan.kind, reduce::axes_plan::middle);
  const auto h = test::random_vector<int>(3600, -1000, 1000, 4);
  test::device_buffer<int> in(h.size());
  test::device_buffer<long long> out(18);
  CUDA_OK(cudaMemcpy(in.base, h.data(), h.size() * sizeof(int), cudaMemcpyHostToDevice));
  const auto segs =
      reduce::segments::middle(plan.outer, plan.reduced, plan.inner, plan.reduced_stride, plan.outer_stride);
  test::two_phase([&](void* t, std::size_t& b) {
    return reduce::device_segmented_reduce({t, b}, in.base, out.base, segs, reduce::sum{});
  });
  std::vector<long long> got(18);
  CUDA_OK(cudaMemcpy(got.data(), out.base, 18 * sizeof(long long), cudaMemcpyDeviceToHost));
  for (int a = 0; a < 3; ++a)
    for (int d = 0; d < 6; ++d) {
      long long want = 0;
      for (int b = 0; b < 4; ++b)
        for (int c = 0; c < 50; ++c) want += h[a * 1200 + b * 300 + c * 6 + d];
      ASSERT_EQ(got[a * 6 + d], want) << a << ", " << d;
    }
}

}  // namespace
