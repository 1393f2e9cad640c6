// Argmin, argmax and the fused pass on two representative kernels of every Grid policy that combines partials in
// code (the atomic Grid rejects (value, index) pairs at compile time): exact value and index, the first occurrence
// among many ties, the first NaN, infinities, n = 0 (identity: no_index), at every size and input offset. And the
// default and a fixed kernel on a reduce::workspace as on temporary storage, with ties placed deep in the input.
#include <cmath>
#include <limits>

#include "ext_common.cuh"

namespace {

using reduce::extrema;
using reduce::indexed;

template <class C>
class ArgMinMax : public ::testing::Test {};
TYPED_TEST_SUITE(ArgMinMax, test::gtest_types<test::part<ext::non_atomic_configs>>, test::config_name);

// The reference: the first NaN if any, else the first element that no later one beats strictly.
template <bool Greater, class T>
indexed<T> reference(const std::vector<T>& h) {
  indexed<T> best = Greater ? reduce::argmax_op{}.identity<indexed<T>>() : reduce::argmin_op{}.identity<indexed<T>>();
  for (std::uint64_t i = 0; i < h.size(); ++i) {
    const auto x = reduce::detail::widen(h[i]), b = reduce::detail::widen(best.value);
    if (reduce::detail::nan_value(h[i])) return {i, h[i]};
    if (best.index == reduce::no_index || (Greater ? b < x : x < b)) best = {i, h[i]};
  }
  return best;
}

template <class T>
void expect_same(const indexed<T>& got, const indexed<T>& want, const std::string& what) {
  const auto g = reduce::detail::widen(got.value), w = reduce::detail::widen(want.value);
  EXPECT_EQ(got.index, want.index) << what;
  EXPECT_TRUE(g == w || (g != g && w != w)) << what << ": value " << g << ", expected " << w;
}

// Runs the three entry points on h at d_in + offset and compares each with the reference.
template <class C, class T>
void check_all(const std::vector<T>& h, unsigned offset, const std::string& data) {
  const std::string what = C::name() + " " + reduce::type_name<T>() + " " + data + " n=" + std::to_string(h.size()) +
                           " offset=" + std::to_string(offset);
  if constexpr (std::is_same_v<T, float>) {  // the separate entry points once per element type keeps builds short
    expect_same(ext::run<indexed<T>>(h, offset,
                                     [](void* t, std::size_t& b, const T* in, indexed<T>* out, std::uint64_t n) {
                                       return reduce::device_argmin<C>({t, b}, in, out, n);
                                     }),
                reference<false>(h), "argmin " + what);
    expect_same(ext::run<indexed<T>>(h, offset,
                                     [](void* t, std::size_t& b, const T* in, indexed<T>* out, std::uint64_t n) {
                                       return reduce::device_argmax<C>({t, b}, in, out, n);
                                     }),
                reference<true>(h), "argmax " + what);
  }
  {  // fused: its 32-byte partials are read one by one in later passes, whatever the Load
    const auto both =
        ext::run<extrema<T>>(h, offset, [](void* t, std::size_t& b, const T* in, extrema<T>* out, std::uint64_t n) {
          return reduce::device_argminmax<C>({t, b}, in, out, n);
        });
    expect_same(both.min, reference<false>(h), "fused min " + what);
    expect_same(both.max, reference<true>(h), "fused max " + what);
  }
}

// Integers in [-3, 3]: thousands of equal minima and maxima; only the first may be returned.
TYPED_TEST(ArgMinMax, TiesReturnTheFirstOccurrence) {
  REQUIRE_GPU();
  ext::for_sizes_and_offsets(test::block_of<TypeParam>, [](std::uint64_t n, unsigned offset) {
    const auto ints = test::random_vector<int>(n, -3, 3, n + offset);
    check_all<TypeParam>(std::vector<float>(ints.begin(), ints.end()), offset, "ties");
    check_all<TypeParam>(std::vector<std::int8_t>(ints.begin(), ints.end()), offset, "ties");
    std::vector<__half> halves(n);
    for (std::size_t i = 0; i < n; ++i) halves[i] = __float2half(float(ints[i]));
    check_all<TypeParam>(halves, offset, "ties");
  });
}

// Distinct random values, the extremes placed late (the last block and the scalar tail must be seen).
TYPED_TEST(ArgMinMax, RandomValuesWithLateExtremes) {
  REQUIRE_GPU();
  ext::for_sizes_and_offsets(test::block_of<TypeParam>, [](std::uint64_t n, unsigned offset) {
    auto h = test::random_vector<float>(n, -1e6, 1e6, 3 * n + offset);
    if (n > 2) h[n - 1] = -2e6f, h[n - 2] = 2e6f;
    check_all<TypeParam>(h, offset, "random");
  });
}

TYPED_TEST(ArgMinMax, NanPropagatesFirstNanWins) {
  REQUIRE_GPU();
  const float nan = std::numeric_limits<float>::quiet_NaN();
  for (std::uint64_t n : {std::uint64_t(1), std::uint64_t(test::block_of<TypeParam> + 1), std::uint64_t(99991)})
    for (unsigned offset : {0u, 3u}) {
      auto h = test::random_vector<float>(n, -1, 1, n);
      h[n - 1] = nan;  // a single NaN in the tail
      check_all<TypeParam>(h, offset, "one NaN");
      if (n > 10) h[n / 3] = -nan, h[n / 2] = nan;  // several: the first (whatever its sign bit) wins
      check_all<TypeParam>(h, offset, "NaNs");
    }
}

TYPED_TEST(ArgMinMax, InfinitiesAndEmptyInput) {
  REQUIRE_GPU();
  const float inf = std::numeric_limits<float>::infinity();
  for (std::uint64_t n : {std::uint64_t(1), std::uint64_t(33), std::uint64_t(99991)}) {
    check_all<TypeParam>(std::vector<float>(n, inf), 1, "all +inf");  // argmin: index 0, not the identity's
    check_all<TypeParam>(std::vector<float>(n, -inf), 2, "all -inf");
    auto h = test::random_vector<float>(n, -1, 1, n);
    h[n / 2] = -inf, h[n - 1] = inf;
    check_all<TypeParam>(h, 0, "+-inf");
  }
  // n = 0: the identity, index reduce::no_index, value +inf (argmin) / -inf (argmax); lowest/max for integers.
  check_all<TypeParam>(std::vector<float>{}, 0, "empty");
  check_all<TypeParam>(std::vector<std::int8_t>{}, 0, "empty");
}

// The default and one fixed kernel, each on temporary storage and on a reduce::workspace (the workspace overloads of
// the three entry points, plain and _status): the same pair as the reference on either storage. The default reads
// other tables on a workspace (Grid polled among them), so the two storages run different kernels.
namespace p = reduce::policy;
using storage_configs =
    boost::mp11::mp_list<reduce::default_config, p::config<p::vector<4>, p::shuffle, p::single_pass<>, 256>>;
template <class C>
class ArgOnEitherStorage : public ::testing::Test {};
TYPED_TEST_SUITE(ArgOnEitherStorage, test::gtest_types<test::part<storage_configs>>, test::config_name);

// Cfg's call on ws into a poisoned output (device memory copied from h at offset elements); the result.
template <class Acc, class T, class Call>
Acc on_workspace(reduce::workspace& ws, const std::vector<T>& h, unsigned offset, Call call) {
  test::device_buffer<T> in(h.size() + offset);
  test::device_buffer<Acc> out(1);
  const T* d_in = in.base + offset;
  if (!h.empty())
    EXPECT_EQ(cudaMemcpy(in.base + offset, h.data(), h.size() * sizeof(T), cudaMemcpyHostToDevice), cudaSuccess);
  EXPECT_EQ(cudaMemset(out.base, 0xA5, sizeof(Acc)), cudaSuccess);
  const reduce::status st = call(ws, d_in, out.base, std::uint64_t(h.size()));
  EXPECT_EQ(st.code, cudaSuccess) << (st.message ? st.message : cudaGetErrorString(st.code));
  EXPECT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  Acc r{};
  EXPECT_EQ(cudaMemcpy(&r, out.base, sizeof(Acc), cudaMemcpyDeviceToHost), cudaSuccess);
  return r;
}

// argmin, argmax (the _status forms on the workspace, the plain ones on temporary storage) and the fused pass (plain),
// on both storages, each against the reference: so the workspace results equal the temporary storage ones.
template <class C, class T>
void check_both_storages(reduce::workspace& ws, const std::vector<T>& h, unsigned offset, const std::string& data) {
  const std::string what = C::name() + " " + reduce::type_name<T>() + " " + data + " n=" + std::to_string(h.size()) +
                           " offset=" + std::to_string(offset);
  const auto want_min = reference<false>(h), want_max = reference<true>(h);
  using I = indexed<T>;
  expect_same(on_workspace<I>(ws, h, offset,
                              [](reduce::workspace& w, const T* in, I* out, std::uint64_t n) {
                                return reduce::device_argmin<C>(w, in, out, n);
                              }),
              want_min, "argmin on a workspace " + what);
  expect_same(on_workspace<I>(ws, h, offset,
                              [](reduce::workspace& w, const T* in, I* out, std::uint64_t n) {
                                return reduce::device_argmax<C>(w, in, out, n);
                              }),
              want_max, "argmax on a workspace " + what);
  const auto both =
      on_workspace<extrema<T>>(ws, h, offset, [](reduce::workspace& w, const T* in, extrema<T>* out, std::uint64_t n) {
        return reduce::status{reduce::device_argminmax<C>(w, in, out, n)};
      });
  expect_same(both.min, want_min, "fused min on a workspace " + what);
  expect_same(both.max, want_max, "fused max on a workspace " + what);
  expect_same(ext::run<I>(h, offset,
                          [](void* t, std::size_t& b, const T* in, I* out, std::uint64_t n) {
                            return reduce::device_argmin<C>({t, b}, in, out, n);
                          }),
              want_min, "argmin on temporary storage " + what);
  expect_same(ext::run<I>(h, offset,
                          [](void* t, std::size_t& b, const T* in, I* out, std::uint64_t n) {
                            return reduce::device_argmax<C>({t, b}, in, out, n);
                          }),
              want_max, "argmax on temporary storage " + what);
  const auto fused =
      ext::run<extrema<T>>(h, offset, [](void* t, std::size_t& b, const T* in, extrema<T>* out, std::uint64_t n) {
        return reduce::device_argminmax<C>({t, b}, in, out, n);
      });
  expect_same(fused.min, want_min, "fused min on temporary storage " + what);
  expect_same(fused.max, want_max, "fused max on temporary storage " + what);
}

std::vector<std::uint64_t> block_spanning_sizes() {
  if (test::small_only()) return {40000};
  return {10003, 99991, (1u << 20) + 3};
}

// Values only in {0, 1}: before a random index z > 10000 every element is the other value, at z and z + 1 (one
// thread's vector, or the next) the sought one, after them a random mix. The first occurrence is z, with equal values
// later in the same vector, in other threads and in other blocks: a combine that prefers a later index shows.
template <class T>
std::vector<T> first_at(std::uint64_t n, float sought, std::uint64_t seed, std::uint64_t& z) {
  std::mt19937_64 rng(seed);
  z = 10001 + rng() % (n - 10002);
  std::vector<T> h(n);
  for (std::uint64_t i = 0; i < n; ++i) h[i] = T(i < z ? 1 - sought : i <= z + 1 ? sought : float(rng() & 1));
  return h;
}

TYPED_TEST(ArgOnEitherStorage, TiesGiveTheFirstOccurrence) {
  REQUIRE_GPU();
  reduce::workspace ws;
  for (std::uint64_t n : block_spanning_sizes())
    for (unsigned offset : {0u, 1u, 3u, 13u}) {  // 13: odd in every element size (int8 heads of 13)
      std::uint64_t z = 0;
      const auto zeros = first_at<float>(n, 0, n + offset, z);
      ASSERT_EQ(reference<false>(zeros).index, z);  // the data is what the comment says
      check_both_storages<TypeParam>(ws, zeros, offset, "first 0 at " + std::to_string(z));
      const auto ones = first_at<std::int8_t>(n, 1, 3 * n + offset, z);
      ASSERT_EQ(reference<true>(ones).index, z);
      check_both_storages<TypeParam>(ws, ones, offset, "first 1 at " + std::to_string(z));
      const auto halves = first_at<__half>(n, 0, 5 * n + offset, z);
      check_both_storages<TypeParam>(ws, halves, offset, "first 0 at " + std::to_string(z));
    }
}

TYPED_TEST(ArgOnEitherStorage, NanInfinitiesAndEmpty) {
  REQUIRE_GPU();
  const float inf = std::numeric_limits<float>::infinity(), nan = std::numeric_limits<float>::quiet_NaN();
  reduce::workspace ws;
  std::vector<std::uint64_t> ns = block_spanning_sizes();
  ns.push_back(1);
  ns.push_back(17);
  for (std::uint64_t n : ns)
    for (unsigned offset : {0u, 3u}) {
      // All +inf: argmin is index 0 (not no_index: +inf is argmin's identity value), argmax too (all tie); all -inf
      // likewise.
      check_both_storages<TypeParam>(ws, std::vector<float>(n, inf), offset, "all +inf");
      check_both_storages<TypeParam>(ws, std::vector<float>(n, -inf), offset, "all -inf");
      // NaNs at random places, the first followed by another in the same vector and a -NaN later: the first wins.
      auto h = test::random_vector<float>(n, -1e3, 1e3, n + offset);
      std::mt19937_64 rng(n * 7 + offset);
      const std::uint64_t first = n > 2 ? rng() % (n - 2) : 0;
      h[first] = nan;
      if (first + 1 < n) h[first + 1] = nan;
      if (first + 2 < n) h[first + 2 + rng() % (n - first - 2)] = -nan;
      check_both_storages<TypeParam>(ws, h, offset, "NaN first at " + std::to_string(first));
    }
  const auto empty = reference<false>(std::vector<float>{});
  EXPECT_EQ(empty.index, reduce::no_index);
  check_both_storages<TypeParam>(ws, std::vector<float>{}, 0, "empty");  // no_index on either storage
}

#if REDUCE_TEST_FIRST_PART
TEST(ArgMinMaxConvenience, ReturnsThePair) {
  REQUIRE_GPU();
  std::vector<double> h(1000, 5.0);
  h[700] = -1, h[300] = -1, h[10] = 9, h[999] = 9;
  test::device_buffer<double> d(h.size());
  CUDA_OK(cudaMemcpy(d.base, h.data(), h.size() * sizeof(double), cudaMemcpyHostToDevice));
  EXPECT_EQ(reduce::argmin(d.base, h.size()).index, 300u);
  EXPECT_EQ(reduce::argmax(d.base, h.size()).index, 10u);
  const auto both = reduce::argminmax(d.base, h.size());
  EXPECT_EQ(both.min.value, -1.0);
  EXPECT_EQ(both.max.index, 10u);
  EXPECT_EQ(reduce::argmin(d.base, 0).index, reduce::no_index);
}
#endif

}  // namespace
