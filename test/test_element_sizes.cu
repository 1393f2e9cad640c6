// Elements of sizes that do not divide 16 bytes, and larger than 16 (3-byte uchar3, a 24-byte struct, ulonglong4 of
// 32 bytes, 64 bytes of 16 ints): reduced element by element, as accumulators of their own type through every
// Combine family, on random data, exactly (integer members) against a host fold; and argmin and argmax over a user's
// type with `<`.
#include <gtest/gtest.h>

#include <reduce/reduce.cuh>

#include "common.cuh"

namespace {

using multipass =
    reduce::policy::config<reduce::policy::vector<4>, reduce::policy::shuffle, reduce::policy::multipass, 256>;
using threads = reduce::policy::config<reduce::policy::vector<1>, reduce::policy::none, reduce::policy::multipass, 128>;

template <int N, class E>
struct words {
  E w[N];
};
// Members added one by one (wrapping), each its own sum: associative and commutative, identity all zeros.
struct add_members {
  template <class S>
  __host__ __device__ S operator()(const S& a, const S& b) const {
    S r;
    for (unsigned i = 0; i < sizeof(a.w) / sizeof(a.w[0]); ++i) r.w[i] = decltype(+a.w[0])(a.w[i] + b.w[i]);
    return r;
  }
};
struct add_uchar3 {
  __host__ __device__ uchar3 operator()(uchar3 a, uchar3 b) const {
    return make_uchar3(a.x + b.x, a.y + b.y, a.z + b.z);
  }
};

template <class S>
std::vector<S> random_structs(std::size_t n, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<S> v(n);
  for (auto& s : v)
    for (auto& w : s.w) w = decltype(+w)(rng());
  return v;
}

std::vector<std::uint64_t> sizes() {
  if (test::small_only()) return {0, 1, 255, 40000};
  return {0, 1, 2, 255, 257, 1025, 99991, (1u << 20) + 3};
}

template <class S, class Cfg>
void structs_exact() {
  for (std::uint64_t n : sizes())
    for (unsigned offset : {0u, 1u}) {
      const auto h = random_structs<S>(n, n * 3 + offset);
      S want{};
      for (const S& x : h) want = add_members{}(want, x);
      const S got = test::run_device<Cfg, S>(h, offset, reduce::make_op(add_members{}, S{}));
      EXPECT_EQ(0, std::memcmp(&got, &want, sizeof(S))) << sizeof(S) << " bytes, n=" << n << " offset " << offset;
    }
}

TEST(ElementSizes, StructsOf24And32And64BytesExact) {
  REQUIRE_GPU();
  using s24 = words<6, unsigned>;
  using s32 = words<4, unsigned long long>;  // ulonglong4's layout
  using s64 = words<16, int>;
  structs_exact<s24, reduce::default_config>();
  structs_exact<s24, multipass>();
  structs_exact<s32, reduce::default_config>();
  structs_exact<s32, threads>();
  structs_exact<s64, reduce::default_config>();
  structs_exact<s64, multipass>();
}

TEST(ElementSizes, ThreeByteElementsExact) {
  REQUIRE_GPU();
  for (std::uint64_t n : sizes())
    for (unsigned offset : {0u, 1u, 2u}) {
      std::mt19937_64 rng(n + offset);
      std::vector<uchar3> h(n);
      uchar3 want = make_uchar3(7, 8, 9);  // an initial value: the op has no identity
      for (auto& x : h) {
        x = make_uchar3(rng(), rng(), rng());
        want = add_uchar3{}(want, x);
      }
      test::device_buffer<uchar3> in(n + offset);
      if (n) CUDA_OK(cudaMemcpy(in.base + offset, h.data(), n * sizeof(uchar3), cudaMemcpyHostToDevice));
      const uchar3 got = reduce::reduce(in.base + offset, n, reduce::with_init(add_uchar3{}, make_uchar3(7, 8, 9)));
      EXPECT_EQ(got.x, want.x) << "n=" << n << " offset " << offset;
      EXPECT_EQ(got.y, want.y);
      EXPECT_EQ(got.z, want.z);
    }
}

// A user's type with `<` and no numeric_limits: argmin and argmax of it, ties to the first occurrence.
struct version {
  int major, minor;
  __host__ __device__ bool operator<(const version& o) const {
    return major != o.major ? major < o.major : minor < o.minor;
  }
};

TEST(ElementSizes, ArgminArgmaxOfAUsersTypeWithLess) {
  REQUIRE_GPU();
  for (std::uint64_t n : sizes()) {
    std::mt19937_64 rng(n + 17);
    std::vector<version> h(n);
    for (auto& v : h) v = {int(rng() % 7) - 3, int(rng() % 5)};  // many ties
    test::device_buffer<version> in(n);
    if (n) CUDA_OK(cudaMemcpy(in.base, h.data(), n * sizeof(version), cudaMemcpyHostToDevice));
    const auto lo = reduce::argmin(in.base, n), hi = reduce::argmax(in.base, n);
    if (n == 0) {
      EXPECT_EQ(lo.index, reduce::no_index);
      EXPECT_EQ(hi.index, reduce::no_index);
      continue;
    }
    std::uint64_t want_lo = 0, want_hi = 0;
    for (std::uint64_t i = 1; i < n; ++i) {
      if (h[i] < h[want_lo]) want_lo = i;
      if (h[want_hi] < h[i]) want_hi = i;
    }
    EXPECT_EQ(lo.index, want_lo) << "n=" << n;
    EXPECT_EQ(hi.index, want_hi) << "n=" << n;
    EXPECT_EQ(lo.value.major, h[want_lo].major);
    EXPECT_EQ(hi.value.minor, h[want_hi].minor);
  }
}

}  // namespace
