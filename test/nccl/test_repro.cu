// Same bits: a reproducible Grid over shards that fall on its tiles gives the one-GPU reproducible result bit for
// bit; any other layout and any other config repeat their own bits run after run, on every rank.
#include "drive.cuh"

namespace {
using namespace ntest;

const std::uint64_t tile = reduce::nccl::tile_elements<repro, float>();

// Shards on tile boundaries: rank r holds (r + 2) tiles, the last rank a ragged run of whole 16-byte vectors.
std::vector<std::uint64_t> on_tiles(int k, bool first_empty) {
  std::vector<std::uint64_t> len(k);
  for (int r = 0; r < k; ++r) len[r] = (r + 2) * tile;
  len[k - 1] = 3 * tile + 1000;  // 1000 floats: a multiple of 4, so no tail element outside the vectors
  if (first_empty) len[0] = 0;
  return len;
}

template <class Acc, class Op, class Tr = reduce::detail::no_transform>
void equals_one_gpu(const std::vector<float>& all, const std::vector<std::uint64_t>& len, Op op, Tr tr = {}) {
  world& w = shared_world();
  ASSERT_GE(w.k, 2);
  const Acc want = one_gpu<repro, Acc>(all, op, tr);
  const auto parts = split(all, len);
  for (bool on_workspace : {false, true})
    for (int root : {reduce::nccl::every_rank, 0}) {
      const auto runs = on_gpus<repro, Acc>(w, parts, root, op, tr, on_workspace, 2);
      for (const auto& got : runs)
        for (int r = 0; r < w.k; ++r)
          if (root < 0 || r == root)
            EXPECT_TRUE(same_bits(got[r], want)) << "rank " << r << " root " << root << " workspace " << on_workspace;
    }
}

std::vector<float> concatenated(const std::vector<std::uint64_t>& len, std::uint64_t seed) {
  std::uint64_t total = 0;
  for (auto n : len) total += n;
  return ntest::random_data<float>(total, seed);
}

TEST(NcclReproducible, SumEqualsOneGpuOnTiles) {
  REQUIRE_GPUS();
  for (bool first_empty : {false, true}) {
    const auto len = on_tiles(test_gpus(), first_empty);
    equals_one_gpu<float>(concatenated(len, 21), len, reduce::sum{});
  }
}

TEST(NcclReproducible, EverythingOnOneRankEqualsOneGpu) {
  REQUIRE_GPUS();
  const auto len = layout("one", test_gpus(), 5 * tile + 777);  // ragged: a tail outside the vectors too
  equals_one_gpu<float>(concatenated(len, 22), len, reduce::sum{});
}

TEST(NcclReproducible, ExactlyOneTileEqualsOneGpu) {  // one tile partial in all: copied to the output, no pass
  REQUIRE_GPUS();
  const auto len = layout("one", test_gpus(), tile);
  equals_one_gpu<float>(concatenated(len, 25), len, reduce::sum{});
}

TEST(NcclReproducible, ArgMinAndCompensatedEqualOneGpuOnTiles) {
  REQUIRE_GPUS();
  const auto len = on_tiles(test_gpus(), false);
  const auto all = concatenated(len, 23);
  equals_one_gpu<reduce::indexed<float>>(all, len, reduce::argmin_op{}, reduce::detail::to_indexed<float>{});
  equals_one_gpu<reduce::compensated<float>>(all, len, reduce::sum{});
}

// Any layout: the same bits on every rank and in every run, for the reproducible Grid (tiles gathered), the NCCL
// all-reduce of float partials, and the rank-order gather of a custom op.
template <class Cfg, class Op>
void repeats(Op op) {
  world& w = shared_world();
  ASSERT_GE(w.k, 2);
  const auto all = ntest::random_data<float>((1u << 22) + 4321, 24);
  for (const char* pattern : {"uneven", "first_empty"}) {
    const auto runs = on_gpus<Cfg, float>(w, split(all, layout(pattern, w.k, all.size())), -1, op, {}, false, 4);
    for (const auto& got : runs)
      for (int r = 0; r < w.k; ++r) EXPECT_TRUE(same_bits(got[r], runs[0][0])) << pattern << " rank " << r;
  }
}
struct gathered_sum {  // a sum the library cannot hand to NCCL: it goes through the gather
  __host__ __device__ float operator()(float a, float b) const { return a + b; }
};
TEST(NcclDeterminism, RunsRepeatBitwise) {
  REQUIRE_GPUS();
  repeats<repro>(reduce::sum{});
  repeats<cfg>(reduce::sum{});
  repeats<cfg>(reduce::make_op(gathered_sum{}, 0.0f));
}

}  // namespace
