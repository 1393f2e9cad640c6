// Accumulators of 1 and 2 bytes: int8 and uint8 min, max, bitwise ops and sums (which wrap modulo 2^8) into an output
// of the same type, int16 and uint16 likewise, and __half / __nv_bfloat16 min and max into a 16-bit output. Their
// warp shuffles move the value in the low bytes of a word, and the last block reads the partials byte by byte
// (detail/warp_reduce.cuh, detail/grid/last_block.cuh). Every result is exact (integer ops; min and max select an
// element), so each is compared bit for bit with a host fold, under the default and one kernel of three Grids with
// three different block finishes (shuffle, unrolled shared memory, shared-memory tree), at sizes from one element
// to many blocks and at every byte offset of a 16-byte vector (so every head and tail length runs).
#include <cstring>

#include "ext_common.cuh"

namespace {

namespace mp = boost::mp11;
namespace p = reduce::policy;

using configs = mp::mp_list<reduce::default_config,  //
                            p::config<p::vector<4>, p::shuffle, p::single_pass<>, 256>,
                            p::config<p::vector<2>, p::unrolled, p::multipass, 512>,
                            p::config<p::scalar<4>, p::tree<p::interleaved_modulo>, p::gridstride<>, 128>>;

template <class C>
class NarrowAccumulators : public ::testing::Test {};
TYPED_TEST_SUITE(NarrowAccumulators, test::gtest_types<test::part<configs>>, test::config_name);

std::vector<std::uint64_t> sizes() {
  if (test::small_only()) return {255, 40000};
  return {1, 2, 31, 255, 257, 4099, 99991, (1u << 20) + 3};
}
// Every byte offset of a 16-byte vector for the small sizes; three for the large ones (the run time stays short).
std::vector<unsigned> offsets(std::uint64_t n, std::size_t element_bytes) {
  std::vector<unsigned> r;
  for (unsigned bytes = 0; bytes < 16; bytes += unsigned(element_bytes))
    if (n <= 4099 || bytes == 0 || bytes == 6 || bytes == 14) r.push_back(bytes / unsigned(element_bytes));
  return r;
}

// Exact comparison of bits (for the 16-bit floats too: min and max return one of the elements).
template <class C, class T, class Op>
void expect_exact(const std::vector<T>& h, unsigned offset, Op op, const char* data) {
  const T got = test::run_device<C, T>(h, offset, op), want = test::reference<T>(h, op);
  EXPECT_EQ(test::bits_of(got), test::bits_of(want))  // the bits of the result and of the host fold's
      << C::name() << " " << reduce::type_name<T>() << " " << Op::name() << " on " << data << " n=" << h.size()
      << " offset=" << offset;
}

// Random values in [lo, hi], and the unique minimum `least` and maximum `most` at two random positions (a lost
// element that holds one of them shows; with all values random, min would be the type's lowest many times over).
template <class T>
std::vector<T> with_unique_extremes(std::uint64_t n, double lo, double hi, T least, T most, std::uint64_t seed) {
  auto h = ext::random_narrow<T>(n, lo, hi, seed);
  std::mt19937_64 rng(seed ^ 0x5eed);
  const std::uint64_t at_min = rng() % n, at_max = n > 1 ? (at_min + 1 + rng() % (n - 1)) % n : at_min;
  h[at_min] = least;
  if (n > 1) h[at_max] = most;
  return h;
}

// Data where every element counts for a bitwise op: for bit_and, all bits set but one cleared bit in a few random
// elements (each cleared bit at its own position, the top bit kept); for bit_or its complement; for bit_xor full-range
// random bits (xor of random words: any lost or doubled element flips the result with probability 1 - 2^-bits).
template <class T>
std::vector<T> for_bitwise(std::uint64_t n, bool and_op, std::uint64_t seed) {
  using U = std::make_unsigned_t<T>;
  std::mt19937_64 rng(seed);
  std::vector<T> h(n, and_op ? T(U(~U(0))) : T(0));
  for (unsigned b = 0; b + 1 < 8 * sizeof(T); ++b) {
    const U bit = U(U(1) << b);
    h[rng() % n] ^= T(bit);  // and: clears bit b there; or: sets it (two bits may land on one element)
  }
  if (!and_op) h[rng() % n] |= T(U(U(1) << (8 * sizeof(T) - 1)));  // or: not all zero even for n = 1
  return h;
}

template <class C, class T>
void check_integers(std::uint64_t n, double lo, double hi) {
  for (unsigned offset : offsets(n, sizeof(T))) {
    const std::uint64_t seed = n * 16 + offset + sizeof(T);
    const auto extremes = with_unique_extremes<T>(n, lo + 1, hi - 1, T(lo), T(hi), seed);  // the type's extremes
    expect_exact<C>(extremes, offset, reduce::min{}, "unique extremes");
    expect_exact<C>(extremes, offset, reduce::max{}, "unique extremes");
    expect_exact<C>(for_bitwise<T>(n, true, seed), offset, reduce::bit_and{}, "one cleared bit each");
    expect_exact<C>(for_bitwise<T>(n, false, seed), offset, reduce::bit_or{}, "one set bit each");
    const auto bits = test::random_bits<T>(n, seed);
    expect_exact<C>(bits, offset, reduce::bit_xor{}, "random bits");
    expect_exact<C>(bits, offset, reduce::sum{}, "random bits");  // wraps modulo 2^(8 sizeof(T)), as the host fold
  }
}

template <class C, class T>
void check_floats(std::uint64_t n) {
  for (unsigned offset : offsets(n, sizeof(T))) {
    // Values in [-900, 900) rounded to T (bf16 keeps 8 bits: at most 900 in magnitude still), the unique extremes
    // -1000 and 1000 (exact in both types).
    const auto h = with_unique_extremes<T>(n, -900, 900, T(-1000.0f), T(1000.0f), n * 16 + offset);
    expect_exact<C>(h, offset, reduce::min{}, "unique extremes");
    expect_exact<C>(h, offset, reduce::max{}, "unique extremes");
  }
}

TYPED_TEST(NarrowAccumulators, Int8AndUint8IntoTheirOwnType) {
  REQUIRE_GPU();
  for (std::uint64_t n : sizes()) {
    check_integers<TypeParam, std::int8_t>(n, -128, 127);
    check_integers<TypeParam, std::uint8_t>(n, 0, 255);
  }
}

TYPED_TEST(NarrowAccumulators, Int16AndUint16IntoTheirOwnType) {
  REQUIRE_GPU();
  for (std::uint64_t n : sizes()) {
    check_integers<TypeParam, std::int16_t>(n, -32768, 32767);
    check_integers<TypeParam, std::uint16_t>(n, 0, 65535);
  }
}

TYPED_TEST(NarrowAccumulators, HalfAndBfloat16MinMaxIntoTheirOwnType) {
  REQUIRE_GPU();
  for (std::uint64_t n : sizes()) {
    check_floats<TypeParam, __half>(n);
    check_floats<TypeParam, __nv_bfloat16>(n);
  }
}

// Sums that wrap: 127 + 127 + ... into int8, and 255s into uint8, whose exact value modulo 2^8 the host knows in closed
// form; and the 16-bit equivalents. A 16-bit accumulator here is not a widened one: the result is the low bits.
TYPED_TEST(NarrowAccumulators, NarrowSumsWrapModuloTheirWidth) {
  REQUIRE_GPU();
  for (std::uint64_t n : {std::uint64_t(3), std::uint64_t(4099), std::uint64_t(99991)})
    for (unsigned offset : {0u, 5u}) {
      EXPECT_EQ((test::run_device<TypeParam, std::int8_t>(std::vector<std::int8_t>(n, 127), offset, reduce::sum{})),
                std::int8_t(std::uint8_t(127 * n % 256)))
          << TypeParam::name() << " n=" << n;
      EXPECT_EQ((test::run_device<TypeParam, std::uint8_t>(std::vector<std::uint8_t>(n, 255), offset, reduce::sum{})),
                std::uint8_t(255 * n % 256))
          << TypeParam::name() << " n=" << n;
      EXPECT_EQ(
          (test::run_device<TypeParam, std::int16_t>(std::vector<std::int16_t>(n, -32768), offset, reduce::sum{})),
          std::int16_t(std::uint16_t(32768 * n % 65536)))
          << TypeParam::name() << " n=" << n;
    }
}

}  // namespace
