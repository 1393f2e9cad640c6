// BlockFinish axis: every block stage at every block size 32..1024 (the matrix holds 128..512 only).
#include "common.cuh"

namespace p = reduce::policy;
namespace mp = boost::mp11;

template <class F, class B>
using staged = p::config<p::scalar<2>, F, p::multipass, B::value>;
template <class B>
using per_thread = p::config<p::scalar<2, p::blocked>, p::none, p::multipass, B::value>;
using block_sizes =
    mp::mp_list<mp::mp_int<32>, mp::mp_int<64>, mp::mp_int<128>, mp::mp_int<256>, mp::mp_int<512>, mp::mp_int<1024>>;
using finishes = mp::mp_list<p::serial, p::tree<>, p::unrolled_last_warp, p::unrolled, p::shuffle>;
using configs = mp::mp_append<mp::mp_product<staged, finishes, block_sizes>, mp::mp_transform<per_thread, block_sizes>>;

template <class C>
class BlockFinish : public ::testing::Test {};
TYPED_TEST_SUITE(BlockFinish, test::gtest_types<configs>, test::config_name);

TYPED_TEST(BlockFinish, ExactAroundTheBlockSize) {
  REQUIRE_GPU();
  constexpr std::uint64_t b = TypeParam::block;
  for (std::uint64_t n : {std::uint64_t(1), b - 1, b, 2 * b + 1, 37 * b + 5, std::uint64_t(200003)})
    test::expect_exact_sum<TypeParam>(n, n % 4);
}
