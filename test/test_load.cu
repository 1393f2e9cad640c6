// Load axis: items per thread 1..64, striped and blocked, scalar and 16-byte vectors, every alignment and tail.
#include "common.cuh"

namespace p = reduce::policy;
namespace mp = boost::mp11;

template <class L>
using with_load = p::config<L, p::shuffle, p::single_pass<>, 128>;
using loads =
    mp::mp_list<p::scalar<1>, p::scalar<3>, p::scalar<8>, p::scalar<64>, p::scalar<5, p::blocked>,
                p::scalar<64, p::blocked>, p::vector<1>, p::vector<3>, p::vector<8>, p::vector<2, p::blocked>>;
using configs = mp::mp_transform<with_load, loads>;

template <class C>
class Load : public ::testing::Test {};
TYPED_TEST_SUITE(Load, test::gtest_types<configs>, test::config_name);

TYPED_TEST(Load, ExactForEverySizeAndOffset) {
  REQUIRE_GPU();
  for (std::uint64_t n : {0, 1, 2, 3, 4, 5, 7, 15, 16, 17, 1000, 128 * 64 + 1, 1 << 20})
    for (unsigned offset = 0; offset < 4; ++offset) test::expect_exact_sum<TypeParam>(n, offset);
}

// 16-byte vectors hold 2 doubles, 4 int32, 2 int64: head and tail peeling for every misalignment of each.
template <class T>
void every_alignment() {
  using C = with_load<p::vector<2>>;
  for (std::uint64_t n : {1, 2, 3, 9, 1001})
    for (unsigned offset = 0; offset < 16 / sizeof(T) + 1; ++offset) {
      const auto ints = test::random_vector<std::int64_t>(n, -1000, 1000, n + offset);
      const std::vector<T> h(ints.begin(), ints.end());  // integer values: every sum exact, also in double
      EXPECT_EQ((test::run_device<C, T>(h, offset, reduce::sum{})), test::reference<T>(h, reduce::sum{}))
          << "n=" << n << " offset=" << offset;
    }
}
TEST(VectorLoad, EveryAlignmentDouble) {
  REQUIRE_GPU();
  every_alignment<double>();
}
TEST(VectorLoad, EveryAlignmentInt32) {
  REQUIRE_GPU();
  every_alignment<std::int32_t>();
}
TEST(VectorLoad, EveryAlignmentUint64) {
  REQUIRE_GPU();
  every_alignment<std::uint64_t>();
}
