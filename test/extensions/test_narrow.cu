// Narrow input types with a wider accumulator, on two representative kernels of every Grid policy: half and
// bfloat16 into float (within the rounding bound of any summation order), 8- and 16-bit integers into 32/64-bit
// (exact), at every size around the block boundaries and at input offsets 0..3 (16-byte vectors carry 8 or 16 of
// these elements, so the scalar head is up to 15 elements long).
#include "ext_common.cuh"

namespace {

template <class C>
class Narrow : public ::testing::Test {};
TYPED_TEST_SUITE(Narrow, test::gtest_types<ext::all_configs>, test::config_name);

template <class C, class Acc, class T>
Acc device_sum(const std::vector<T>& h, unsigned offset) {
  return ext::run<Acc>(h, offset, [](void* temp, std::size_t& bytes, const T* in, Acc* out, std::uint64_t n) {
    return reduce::device_reduce<C>(temp, bytes, in, out, n);
  });
}

// The elements are exact in float, so the float reference bound of test::expect_sum_close applies unchanged.
template <class C, class T>
void check_float_sums(std::uint64_t n, unsigned offset) {
  const auto h = ext::random_narrow<T>(n, -1, 1, n * 4 + offset);
  test::expect_sum_close(device_sum<C, float>(h, offset), ext::widened(h));
}

template <class C, class T, class Acc>
void check_exact_sums(std::uint64_t n, unsigned offset, double lo, double hi) {
  const auto h = ext::random_narrow<T>(n, lo, hi, n * 8 + offset);
  std::int64_t exact = 0;
  for (T x : h) exact += x;
  ASSERT_EQ((device_sum<C, Acc>(h, offset)), Acc(exact))  // unsigned results wrap like the device: modulo 2^32
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
      ASSERT_EQ((device_sum<TypeParam, float>(ints, offset)), float(exact)) << TypeParam::name() << " n=" << n;
    }
}

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

}  // namespace
