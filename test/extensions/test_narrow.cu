// Narrow input types with a wider accumulator, on two representative kernels of every Grid policy: half and
// bfloat16 into float (within the rounding bound of any summation order), 8- and 16-bit integers into 32/64-bit
// (exact), at every size around the block boundaries and at input offsets 0..3 (16-byte vectors carry 8 or 16 of
// these elements, so the scalar head is up to 15 elements long). And the packed integer sums (__dp4a / __dp2a) at
// their edge values, every byte offset of a vector, and sizes past 2^32 in the sum.
#include "ext_common.cuh"

namespace {

template <class C>
class Narrow : public ::testing::Test {};
TYPED_TEST_SUITE(Narrow, test::gtest_types<test::part<ext::all_configs>>, test::config_name);

// The elements are exact in float, so the float reference bound of test::expect_sum_close applies unchanged.
template <class C, class T>
void check_float_sums(std::uint64_t n, unsigned offset) {
  const auto h = ext::random_narrow<T>(n, -1, 1, n * 4 + offset);
  test::expect_sum_close(ext::device_sum<C, float>(h, offset), ext::widened(h));
}

template <class C, class T, class Acc>
void check_exact_sums(std::uint64_t n, unsigned offset, double lo, double hi) {
  const auto h = ext::random_narrow<T>(n, lo, hi, n * 8 + offset);
  std::int64_t exact = 0;
  for (T x : h) exact += x;
  ASSERT_EQ((ext::device_sum<C, Acc>(h, offset)), Acc(exact))  // unsigned results wrap like the device: modulo 2^32
      << C::name() << " " << reduce::type_name<T>() << " -> " << reduce::type_name<Acc>() << " n=" << n
      << " offset=" << offset;
}

TYPED_TEST(Narrow, HalfAndBfloat16IntoFloat) {
  REQUIRE_GPU();
  ext::for_sizes_and_offsets(test::block_of<TypeParam>, [](std::uint64_t n, unsigned offset) {
    check_float_sums<TypeParam, __half>(n, offset);
    check_float_sums<TypeParam, __nv_bfloat16>(n, offset);
  });
}

TYPED_TEST(Narrow, SmallIntegersExact) {
  REQUIRE_GPU();
  ext::for_sizes_and_offsets(test::block_of<TypeParam>, [](std::uint64_t n, unsigned offset) {
    check_exact_sums<TypeParam, std::int8_t, std::int32_t>(n, offset, -128, 127);
    check_exact_sums<TypeParam, std::uint8_t, std::uint32_t>(n, offset, 0, 255);
    check_exact_sums<TypeParam, std::int16_t, std::int32_t>(n, offset, -32768, 32767);
  });
}

// A 64-bit accumulator for bytes, and an integer-valued half input whose float sum is exact in any order: the
// device must return it bit for bit (a lost or doubled element cannot hide in a tolerance).
TYPED_TEST(Narrow, WiderAccumulatorsAndExactHalfSums) {
  REQUIRE_GPU();
  for (std::uint64_t n : {std::uint64_t(test::block_of<TypeParam> + 1), std::uint64_t(99991)})
    for (unsigned offset : {1u, 3u}) {
      check_exact_sums<TypeParam, std::int8_t, std::int64_t>(n, offset, -128, 127);
      const auto h = ext::random_narrow<__half>(n, -3, 3, n);  // uniform reals, rounded to integers below
      std::vector<__half> ints(h.size());
      long long exact = 0;
      for (std::size_t i = 0; i < h.size(); ++i) {
        const float v = std::nearbyint(float(h[i]));
        ints[i] = __float2half(v);
        exact += (long long)v;
      }
      ASSERT_EQ((ext::device_sum<TypeParam, float>(ints, offset)), float(exact)) << TypeParam::name() << " n=" << n;
    }
}

// Packed sums (detail/vector_fold.cuh): 8- and 16-bit integers summed into an integral accumulator of 4 or 8 bytes add
// each 16-byte vector with __dp4a / __dp2a_lo. The result must be the element-wise sum, modulo 2^32 for a 32-bit
// accumulator (integer addition is associative modulo 2^k, so any order gives these bits), under the default (whose
// exact table has the atomic Grid for 32-bit accumulators) and one kernel of each Grid family that folds vectors, a
// scalar Load beside them (no packing: the same answer by another road).
namespace p = reduce::policy;
using packed_configs = boost::mp11::mp_list<reduce::default_config,  //
                                            p::config<p::vector<4>, p::shuffle, p::single_pass<>, 256>,
                                            p::config<p::vector<2>, p::unrolled, p::multipass, 512>,
                                            p::config<p::vector<1>, p::shuffle, p::gridstride<>, 128>,
                                            p::config<p::scalar<4>, p::shuffle, p::gridstride<>, 256>,
                                            p::config<p::vector<4>, p::tree<p::sequential>, p::atomic, 256>>;
template <class C>
class PackedSums : public ::testing::Test {};
TYPED_TEST_SUITE(PackedSums, test::gtest_types<test::part<packed_configs>>, test::config_name);

// Cfg's sum of n elements at d_in (already on the device) into a poisoned Acc: ext::run with no host data to copy,
// for its poisoned output and two-phase call.
template <class C, class Acc, class T>
Acc sum_at(const T* d_in, std::uint64_t n) {
  return ext::run<Acc>(std::vector<T>{}, 0, [&](void* temp, std::size_t& bytes, const T*, Acc* out, std::uint64_t) {
    return reduce::device_reduce<C>({temp, bytes}, d_in, out, n);
  });
}

// The data patterns: the type's lowest everywhere, its max everywhere (the largest vector sums, of either sign), a
// random mix of only those two, and full-range random bits. (All lowest of an unsigned type is all zero: skipped.)
enum class pattern { lowest, highest, extremes_mix, random_bits };
template <class T>
std::vector<T> make(pattern k, std::size_t n, std::uint64_t seed) {
  const T lo = std::numeric_limits<T>::lowest(), hi = std::numeric_limits<T>::max();
  if (k == pattern::lowest) return std::vector<T>(n, lo);
  if (k == pattern::highest) return std::vector<T>(n, hi);
  auto h = test::random_bits<T>(n, seed);
  if (k == pattern::extremes_mix)
    for (T& x : h) x = (x & 1) ? hi : lo;
  return h;
}

// Uploads n + 15 elements once and sums the n from element `offset` for every offset that starts at a byte 0..15 of
// a 16-byte vector (a misaligned head of every length, and a tail of every length), against the sum modulo 2^(8
// sizeof(Acc)), folded in 64 bits on the host (no signed overflow there).
template <class C, class T, class Acc>
void check_packed(pattern k, std::uint64_t n, bool all_offsets) {
  if (k == pattern::lowest && std::is_unsigned_v<T>) return;
  const unsigned per_vector = 16 / sizeof(T);
  const auto h = make<T>(k, n + per_vector - 1, n * 4 + unsigned(k));
  test::device_buffer<T> d(h.size());
  ASSERT_EQ(cudaMemcpy(d.base, h.data(), h.size() * sizeof(T), cudaMemcpyHostToDevice), cudaSuccess);
  for (unsigned offset = 0; offset < per_vector; ++offset) {
    if (!all_offsets && offset != 0 && offset != 1 && offset != per_vector - 1) continue;
    std::uint64_t wrapped = 0;
    for (std::uint64_t i = offset; i < offset + n; ++i) wrapped += std::uint64_t(std::int64_t(h[i]));
    ASSERT_EQ((sum_at<C, Acc>(d.base + offset, n)), Acc(wrapped))
        << C::name() << " " << reduce::type_name<T>() << " -> " << reduce::type_name<Acc>() << " pattern " << int(k)
        << " n=" << n << " offset=" << offset << " (bytes " << offset * sizeof(T) << ")";
  }
}

template <class C, class T, class Acc>
void check_packed_sizes() {
  std::vector<std::uint64_t> ns = {1, 15, 16, 17, 255, 4096 + 3, 100003, (1u << 20) + 7};
  if (test::small_only()) ns = {17, 40000};
  for (pattern k : {pattern::lowest, pattern::highest, pattern::extremes_mix, pattern::random_bits})
    for (std::uint64_t n : ns) check_packed<C, T, Acc>(k, n, n <= 100003);
}

TYPED_TEST(PackedSums, BytesInto32And64Bits) {
  REQUIRE_GPU();
  check_packed_sizes<TypeParam, std::int8_t, std::int32_t>();
  check_packed_sizes<TypeParam, std::uint8_t, std::uint32_t>();
  check_packed_sizes<TypeParam, std::uint8_t, std::int32_t>();  // unsigned bytes into a signed accumulator
  check_packed_sizes<TypeParam, std::int8_t, std::int64_t>();
  check_packed_sizes<TypeParam, std::uint8_t, std::uint64_t>();
}

TYPED_TEST(PackedSums, ShortsInto32And64Bits) {
  REQUIRE_GPU();
  check_packed_sizes<TypeParam, std::int16_t, std::int32_t>();  // 2^20 x -32768 already wraps 2^32
  check_packed_sizes<TypeParam, std::uint16_t, std::uint32_t>();
  check_packed_sizes<TypeParam, std::int16_t, std::int64_t>();
  check_packed_sizes<TypeParam, std::uint16_t, std::uint64_t>();
}

// Past 2^32: 2^27 + 5 bytes of 255 sum to 255 (2^27 + 5) > 2^32 (the uint32 result wraps), of -128 to
// -128 (2^27 + 5) < -2^31 (the int32 one wraps); 2^26 + 5 shorts of 65535 likewise. 128 MiB each, at offsets of 0, 1
// and 15 (int8) or 14 (int16) bytes.
TYPED_TEST(PackedSums, LargeSumsWrapModulo2To32) {
  REQUIRE_GPU();
  if (test::small_only()) GTEST_SKIP() << "REDUCE_TEST_SMALL: large sizes skipped";
  const std::uint64_t bytes_n = (std::uint64_t(1) << 27) + 5, shorts_n = (std::uint64_t(1) << 26) + 5;
  check_packed<TypeParam, std::uint8_t, std::uint32_t>(pattern::highest, bytes_n, false);
  check_packed<TypeParam, std::int8_t, std::int32_t>(pattern::lowest, bytes_n, false);
  check_packed<TypeParam, std::int8_t, std::int32_t>(pattern::random_bits, bytes_n, false);
  check_packed<TypeParam, std::uint16_t, std::uint32_t>(pattern::highest, shorts_n, false);
  check_packed<TypeParam, std::int16_t, std::int64_t>(pattern::extremes_mix, shorts_n, false);
}

#if REDUCE_TEST_FIRST_PART
// The convenience API picks the wider accumulator by itself.
TEST(NarrowConvenience, DefaultAccumulators) {
  REQUIRE_GPU();
  const std::size_t n = 100003;
  const auto bytes = ext::random_narrow<std::uint8_t>(n, 0, 255, 5);
  const auto halves = ext::random_narrow<__half>(n, -1, 1, 6);
  test::device_buffer<std::uint8_t> d_bytes(n);
  test::device_buffer<__half> d_halves(n);
  CUDA_OK(cudaMemcpy(d_bytes.base, bytes.data(), n, cudaMemcpyHostToDevice));
  CUDA_OK(cudaMemcpy(d_halves.base, halves.data(), n * sizeof(__half), cudaMemcpyHostToDevice));
  std::uint32_t exact = 0;
  for (auto b : bytes) exact += b;
  EXPECT_EQ(reduce::reduce(d_bytes.base, n), exact);  // uint32, not a wrapped uint8
  test::expect_sum_close(reduce::reduce(d_halves.base, n), ext::widened(halves));
  const std::vector<float> f = ext::widened(halves);
  EXPECT_EQ(reduce::reduce(d_halves.base, n, reduce::max{}), *std::max_element(f.begin(), f.end()));  // in float
}
#endif

}  // namespace
