// Argmin and argmax compare values alone where a thread's elements arrive in index order (the first pass's fold,
// vector_fold.cuh); everywhere else ties must still go to the smaller index. These inputs put the first occurrence
// where only a later pass or a full combine can find it: in a block whose result is not the leftmost operand of the
// later pass (a grid-stride walk's block covers tiles b, b + G, ...; block 0 folds the input's tail into its result),
// and in a ready-made array of (index, value) pairs stored in reverse order.
#include <reduce/argminmax.cuh>

#include "../common.cuh"

namespace {

namespace p = reduce::policy;

template <class C>
void expect_first(std::vector<float> h, std::uint64_t want_min, std::uint64_t want_max, const std::string& where) {
  test::device_buffer<float> in(h.size());
  test::device_buffer<reduce::indexed<float>> out(2);
  test::device_buffer<reduce::extrema<float>> both(1);
  CUDA_OK(cudaMemcpy(in.base, h.data(), h.size() * sizeof(float), cudaMemcpyHostToDevice));
  const std::uint64_t n = h.size();
  std::size_t bytes = 0, most = 0;
  CUDA_OK(reduce::device_argmin<C>({nullptr, bytes}, in.base, out.base, n));
  most = bytes;
  CUDA_OK(reduce::device_argminmax<C>({nullptr, bytes}, in.base, both.base, n));
  most = std::max(most, bytes);
  test::device_buffer<unsigned char> temp(most);
  bytes = most;
  CUDA_OK(reduce::device_argmin<C>({temp.base, bytes}, in.base, out.base, n));
  bytes = most;
  CUDA_OK(reduce::device_argmax<C>({temp.base, bytes}, in.base, out.base + 1, n));
  bytes = most;
  CUDA_OK(reduce::device_argminmax<C>({temp.base, bytes}, in.base, both.base, n));
  reduce::indexed<float> got[2];
  reduce::extrema<float> fused;
  CUDA_OK(cudaMemcpy(got, out.base, sizeof got, cudaMemcpyDeviceToHost));
  CUDA_OK(cudaMemcpy(&fused, both.base, sizeof fused, cudaMemcpyDeviceToHost));
  EXPECT_EQ(got[0].index, want_min) << where << " argmin";
  EXPECT_EQ(got[1].index, want_max) << where << " argmax";
  EXPECT_EQ(fused.min.index, want_min) << where << " fused min";
  EXPECT_EQ(fused.max.index, want_max) << where << " fused max";
}

// Multipass over blocked loads: the minimum at 5000 and again at the tail (8192), which block 0 folds into its result.
TEST(ArgOrder, TailFoldedByBlockZeroDoesNotWinATie) {
  REQUIRE_GPU();
  using C = p::config<p::vector<4, p::blocked>, p::shuffle, p::multipass, 256>;
  std::vector<float> h(8193, 1.f);
  h[5000] = h[8192] = 0.f;
  h[6000] = h[8191] = 2.f;
  expect_first<C>(h, 5000, 6000, "multipass vec4-blocked n=8193");
}

// A fixed grid of 1024 blocks over 2048 tiles: block 0 walks tiles 0 and 1024, block 256 tiles 256 and 1280. The
// extreme in tile 256 comes first in the input, though the later pass meets block 0's (from tile 1024) first.
TEST(ArgOrder, GridStrideBlocksDoNotWinATieByTheirPlace) {
  REQUIRE_GPU();
  using C = p::config<p::scalar<4>, p::shuffle, p::gridstride<1024>, 256>;
  const std::uint64_t tile = 4 * 256;
  std::vector<float> h(2048 * tile, 1.f);
  h[256 * tile] = h[1024 * tile] = 0.f;
  h[256 * tile + 1] = h[1024 * tile + 1] = 2.f;
  expect_first<C>(h, 256 * tile, 256 * tile + 1, "gridstride<1024> scalar4 b256");
}

// Pairs made elsewhere, stored with their indices descending: every value equal, so the smallest index (stored last)
// must win, under the default and a single-pass kernel.
template <class C>
void reversed_pairs() {
  const std::uint64_t n = (1u << 20) + 5;
  std::vector<reduce::indexed<float>> h(n);
  for (std::uint64_t i = 0; i < n; ++i) h[i] = {n - 1 - i, 3.f};
  test::device_buffer<reduce::indexed<float>> in(n), out(1);
  CUDA_OK(cudaMemcpy(in.base, h.data(), n * sizeof h[0], cudaMemcpyHostToDevice));
  std::size_t bytes = 0;
  CUDA_OK(reduce::device_reduce<C>({nullptr, bytes}, in.base, out.base, n, reduce::argmin_op{}));
  test::device_buffer<unsigned char> temp(bytes);
  CUDA_OK(reduce::device_reduce<C>({temp.base, bytes}, in.base, out.base, n, reduce::argmin_op{}));
  reduce::indexed<float> got;
  CUDA_OK(cudaMemcpy(&got, out.base, sizeof got, cudaMemcpyDeviceToHost));
  EXPECT_EQ(got.index, 0u) << C::name();
}
TEST(ArgOrder, PairsInAnyOrderTieToTheSmallestIndex) {
  REQUIRE_GPU();
  reversed_pairs<reduce::default_config>();
  reversed_pairs<p::config<p::vector<4>, p::shuffle, p::single_pass<>, 256>>();
}

}  // namespace
