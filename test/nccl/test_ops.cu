// Every op and several types, one process driving 2-4 GPUs (ncclCommInitAll), against one GPU's reduction of the
// same data: over even, uneven and empty shards, to every rank and to a root. Integers, min/max, bitwise, custom and
// argmin/argmax results are exact; float sums are held to a bound justified below.
#include <cmath>

#include "drive.cuh"

namespace {
using namespace ntest;

// Checks every pattern, to every rank and to root k-1. exact: bitwise equal to one GPU; otherwise close(got) decides.
template <class Cfg, class Acc, class T, class Op, class Close, class Tr = reduce::detail::no_transform>
void check_op(const std::vector<T>& all, Op op, Close close, Tr tr = {}) {
  world& w = shared_world();
  ASSERT_GE(w.k, 2) << "ncclCommInitAll failed";
  const Acc want = one_gpu<Cfg, Acc>(all, op, tr);
  for (const std::string& pattern : patterns()) {
    const auto parts = split(all, layout(pattern, w.k, all.size()));
    for (int root : {reduce::nccl::every_rank, w.k - 1}) {
      const std::vector<Acc> got = on_gpus<Cfg, Acc>(w, parts, root, op, tr).at(0);
      for (int r = 0; r < w.k; ++r) {
        if (root >= 0 && r != root) continue;
        close(got[r], want, pattern + " rank " + std::to_string(r) + " root " + std::to_string(root));
        if (root < 0) EXPECT_TRUE(same_bits(got[r], got[0])) << pattern << ": ranks disagree";
      }
    }
  }
}

template <class Acc>
auto exact() {
  return [](const Acc& got, const Acc& want, const std::string& where) {
    EXPECT_TRUE(same_bits(got, want)) << where << ": " << +got << " vs one GPU " << +want;
  };
}

const std::uint64_t N = (1u << 20) + 12345;  // several tiles on every rank, and a ragged end

TEST(NcclOps, IntegerSums) {
  REQUIRE_GPUS();
  check_op<cfg, std::int32_t>(ntest::random_data<std::int8_t>(N, 1, -128, 127), reduce::sum{}, exact<std::int32_t>());
  check_op<cfg, std::int32_t>(ntest::random_data<std::int32_t>(N, 2, -1e9, 1e9), reduce::sum{}, exact<std::int32_t>());
  check_op<cfg, std::int64_t>(ntest::random_data<std::int64_t>(N, 3, -1e15, 1e15), reduce::sum{},
                              exact<std::int64_t>());
}

TEST(NcclOps, IntegerProductMinMax) {
  REQUIRE_GPUS();
  auto odd = ntest::random_data<std::int32_t>(N, 4, -1e6, 1e6);
  for (auto& x : odd) x |= 1;  // odd factors: the product (mod 2^32) never becomes 0
  check_op<cfg, std::int32_t>(odd, reduce::product{}, exact<std::int32_t>());
  const auto v = ntest::random_data<std::int64_t>(N, 5, -1e15, 1e15);
  check_op<cfg, std::int64_t>(v, reduce::min{}, exact<std::int64_t>());
  check_op<cfg, std::int64_t>(v, reduce::max{}, exact<std::int64_t>());
}

TEST(NcclOps, Bitwise) {
  REQUIRE_GPUS();
  auto v = ntest::random_data<std::uint32_t>(N, 6, 0, 4294967295.0);
  for (auto& x : v) x |= 0x80000001u;  // and: two bits survive
  check_op<cfg, std::uint32_t>(v, reduce::bit_and{}, exact<std::uint32_t>());
  check_op<cfg, std::uint32_t>(ntest::random_data<std::uint32_t>(N, 7, 0, 1 << 20), reduce::bit_or{},
                               exact<std::uint32_t>());
  check_op<cfg, std::int64_t>(ntest::random_data<std::int64_t>(N, 8, -1e15, 1e15), reduce::bit_xor{},
                              exact<std::int64_t>());
}

// Float sums: the one-GPU result and the multi-GPU one each differ from the exact sum s by at most about d·u·Σ|x|,
// d the longest chain of roundings (a thread's grid-stride run, under n / (blocks x threads) + log2 of the block and
// grid folds, + the GPU count: far under 200 here), u = 2^-24. 200·u = 1.2e-5: both are held to 1.2e-5·Σ|x| of the
// exact (long double) sum.
template <class T>
void float_sum(std::uint64_t seed) {
  const auto v = ntest::random_data<T>(N, seed);
  long double s = 0, abs = 0;
  for (T x : v) s += float(x), abs += std::fabs(float(x));
  const double tol = 1.2e-5 * double(abs);
  check_op<cfg, float>(v, reduce::sum{},
                       [&](float got, float, const std::string& where) { EXPECT_NEAR(got, double(s), tol) << where; });
}
TEST(NcclOps, FloatSum) {
  REQUIRE_GPUS();
  float_sum<float>(9);
}
TEST(NcclOps, HalfIntoFloatSum) {
  REQUIRE_GPUS();
  float_sum<__half>(10);
}
TEST(NcclOps, DoubleSumAndFloatProduct) {
  REQUIRE_GPUS();
  const auto d = ntest::random_data<double>(N, 11);
  long double s = 0, abs = 0;
  for (double x : d) s += x, abs += std::fabs(x);
  check_op<cfg, double>(d, reduce::sum{}, [&](double got, double, const std::string& where) {
    EXPECT_NEAR(got, double(s), 1e-13 * double(abs)) << where;  // the same bound with u = 2^-53
  });
  // Factors in [1, 1.001]: the product of these 2^16 is near e^33, below 1e15 and well inside float's range; each of
  // its n - 1 multiplications rounds by at most u = 2^-24 relative, so it is within (n - 1)u (first order) of the exact
  // product, in any order. Every factor above 1 makes each shard's product far from 1: a combine that dropped or
  // repeated a rank's partial would be off by that factor, far outside the bound (checked below for every layout).
  const auto f = ntest::random_data<float>(1u << 16, 12, 1.0, 1.001);
  long double p = 1;
  for (float x : f) p *= x;
  const double bound = double(f.size() - 1) * 0x1p-24;
  ASSERT_GE(shared_world().k, 2) << "ncclCommInitAll failed";
  for (const std::string& pattern : patterns())
    for (const auto& part : split(f, layout(pattern, shared_world().k, f.size()))) {
      long double q = 1;
      for (float x : part) q *= x;
      if (!part.empty()) EXPECT_GT(double(q), 1 + 100 * bound) << pattern << ": a shard's product near 1";
    }
  check_op<cfg, float>(f, reduce::product{}, [&](float got, float, const std::string& where) {
    EXPECT_NEAR(got, double(p), bound * double(p)) << where;
  });
}

// Floating min/max go through the gather (NCCL's do not propagate NaN): exact, and NaN anywhere wins.
TEST(NcclOps, FloatMinMaxAndNaN) {
  REQUIRE_GPUS();
  auto v = ntest::random_data<float>(N, 13);
  check_op<cfg, float>(v, reduce::min{}, exact<float>());
  check_op<cfg, double>(v, reduce::max{}, exact<double>());
  v[N / 2 + 17] = NAN;
  check_op<cfg, float>(v, reduce::min{}, [](float got, float, const std::string& where) {
    EXPECT_TRUE(std::isnan(got)) << where << ": min over data with a NaN gave " << got;
  });
}

// A custom op: the largest magnitude, as a functor struct.
struct largest_magnitude {
  __host__ __device__ float operator()(float a, float b) const { return fabsf(a) < fabsf(b) ? b : a; }
};
TEST(NcclOps, CustomOp) {
  REQUIRE_GPUS();
  check_op<cfg, float>(ntest::random_data<float>(N, 14), reduce::make_op(largest_magnitude{}, 0.0f), exact<float>());
}

// Every shard empty (a total of 0): the op's identity on every rank that receives the result, as n = 0 gives on one
// GPU, through NCCL (sum), the rank-order gather (a custom op) and the tile gather (a reproducible Grid).
template <class Cfg, class Op>
void empty_gives_identity(Op op, float identity, const char* what) {
  world& w = shared_world();
  ASSERT_GE(w.k, 2);
  const std::vector<std::vector<float>> parts(w.k);
  for (int root : {reduce::nccl::every_rank, w.k - 1}) {
    const std::vector<float> got = on_gpus<Cfg, float>(w, parts, root, op).at(0);
    for (int r = 0; r < w.k; ++r)
      if (root < 0 || r == root)
        EXPECT_TRUE(same_bits(got[r], identity)) << what << " rank " << r << " root " << root << ": " << got[r];
  }
}
TEST(NcclOps, AllShardsEmptyGiveTheIdentity) {
  REQUIRE_GPUS();
  empty_gives_identity<cfg>(reduce::sum{}, 0.0f, "sum");
  empty_gives_identity<cfg>(reduce::make_op(largest_magnitude{}, 0.0f), 0.0f, "custom op");
  empty_gives_identity<repro>(reduce::sum{}, 0.0f, "reproducible sum");
}

TEST(NcclOps, ArgMinArgMax) {
  REQUIRE_GPUS();
  auto v = ntest::random_data<float>(N, 15);
  v[N - 5] = -2.0f;  // the minimum on the last rank
  v[N - 9] = -2.0f;  // and an earlier tie: the first occurrence wins
  auto same = [](const reduce::indexed<float>& got, const reduce::indexed<float>& want, const std::string& where) {
    EXPECT_EQ(got.index, want.index) << where;
    EXPECT_EQ(got.value, want.value) << where;
  };
  check_op<cfg, reduce::indexed<float>>(v, reduce::argmin_op{}, same, reduce::detail::to_indexed<float>{});
  check_op<cfg, reduce::indexed<float>>(v, reduce::argmax_op{}, same, reduce::detail::to_indexed<float>{});
}

// Compensated sums: each partial carries its error; the rank-order fold is TwoSum too. Within 2u|s| + 4·u²·n·Σ|x|.
TEST(NcclOps, CompensatedSum) {
  REQUIRE_GPUS();
  const auto v = ntest::random_data<float>(N, 16);
  long double s = 0, abs = 0;
  for (float x : v) s += x, abs += std::fabs(x);
  const double u = std::ldexp(1.0, -24);
  check_op<cfg, reduce::compensated<float>>(
      v, reduce::sum{}, [&](const reduce::compensated<float>& got, const auto&, const std::string& where) {
        EXPECT_NEAR(double(got.hi) + double(got.lo), double(s), 2 * u * std::fabs(double(s)) + 4 * u * u * N * abs)
            << where;
      });
}

}  // namespace
