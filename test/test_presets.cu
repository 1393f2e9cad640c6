// Every kernel of every seed journey and sweep computes the right sum (the bench times exactly these).
#include "common.cuh"
#include <reduce/presets.cuh>

namespace mp = boost::mp11;
namespace ps = reduce::presets;

template <class J>
using steps_of = typename J::steps;
using configs = mp::mp_unique<
    mp::mp_append<mp::mp_flatten<mp::mp_transform<steps_of, ps::journeys>>, ps::lecture_sweep, ps::tuning_sweep>>;

template <class C>
class Preset : public ::testing::Test {};
TYPED_TEST_SUITE(Preset, test::gtest_types<configs>, test::config_name);

TYPED_TEST(Preset, Exact) {
  REQUIRE_GPU();
  for (std::uint64_t n : {std::uint64_t(TypeParam::block) + 1, std::uint64_t(1000003)})
    test::expect_exact_sum<TypeParam>(n, 1);
}
