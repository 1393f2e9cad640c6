// Indexing axis: the three addressings of the shared-memory tree at every block size.
#include "common.cuh"

namespace p = reduce::policy;
namespace mp = boost::mp11;

template <class I, class B>
using tree_cfg = p::config<p::scalar<1>, p::tree<I>, p::multipass, B::value>;
using configs = mp::mp_product<
    tree_cfg, mp::mp_list<p::interleaved_modulo, p::interleaved_strided, p::sequential>,
    mp::mp_list<mp::mp_int<32>, mp::mp_int<64>, mp::mp_int<128>, mp::mp_int<256>, mp::mp_int<512>, mp::mp_int<1024>>>;

template <class C>
class Indexing : public ::testing::Test {};
TYPED_TEST_SUITE(Indexing, test::gtest_types<configs>, test::config_name);

TYPED_TEST(Indexing, ExactAroundTheBlockSize) {
  REQUIRE_GPU();
  constexpr std::uint64_t b = TypeParam::block;
  for (std::uint64_t n : {std::uint64_t(2), b - 1, b, b + 1, 1000 * b + 7}) test::expect_exact_sum<TypeParam>(n, n % 4);
}

// max is not sum: a tree that drops or repeats a slot would still often give the right sum of zeros, never the max.
TYPED_TEST(Indexing, MaxFindsTheOnlyLargeValue) {
  REQUIRE_GPU();
  constexpr std::uint64_t b = TypeParam::block;
  for (std::uint64_t at : {std::uint64_t(0), b / 2 + 1, b - 1}) {
    std::vector<int> h(b, -7);
    h[at] = 42;
    EXPECT_EQ((test::run_device<TypeParam, int>(h, 0, reduce::max{})), 42) << "slot " << at;
  }
}
