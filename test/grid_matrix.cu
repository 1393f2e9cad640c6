// One shard of the kernel matrix (REDUCE_TEST_SHARD of REDUCE_TEST_SHARDS, set by CMake): every kernel of the shard on
// random data, and every op and type on two representative kernels of each Grid the shard holds. Compiled once per
// shard, so the instantiations spread over translation units and a Grid added to matrix::grids needs no change here.
#include "common.cuh"

namespace {  // this source is compiled once per shard: keep its symbols apart

namespace p = reduce::policy;
namespace mp = boost::mp11;
using kernels = reduce::matrix::shard<reduce::matrix::all, REDUCE_TEST_SHARD, REDUCE_TEST_SHARDS>;
using grids = reduce::matrix::shard<reduce::matrix::grids, REDUCE_TEST_SHARD, REDUCE_TEST_SHARDS>;

// ---- every kernel of the shard ------------------------------------------------------------------------------------
template <class C>
class Matrix : public ::testing::Test {};
TYPED_TEST_SUITE(Matrix, test::gtest_types<kernels>, test::config_name);

TYPED_TEST(Matrix, SumIsExactOnIntegerValuedFloats) {
  REQUIRE_GPU();
  for (std::uint64_t n : test::standard_sizes(TypeParam::block))
    for (unsigned offset : {0u, 1u, 2u, 3u}) {
      if (n > 2'000'000 && (offset == 1 || offset == 2)) continue;  // the largest size: aligned and +3 only
      test::expect_exact_sum<TypeParam>(n, offset);
    }
}

// Real-valued data: the rounding error stays within the bound of any summation order.
TYPED_TEST(Matrix, SumOfRealsWithinRoundingBound) {
  REQUIRE_GPU();
  for (std::uint64_t n : {std::uint64_t(TypeParam::block) + 1, std::uint64_t(99991)}) {
    const auto h = test::random_vector<float>(n, -1, 1, n);
    test::expect_sum_close(test::run_device<TypeParam, float>(h, 1, reduce::sum{}), h);
  }
}

// ---- every op and type on representative kernels of each Grid of the shard ---------------------------------------
template <class G, class T>
struct grid_case {
  using grid = G;
  using type = T;
};
template <class Case>
class OpsAndTypes : public ::testing::Test {};
using value_types = mp::mp_list<std::int32_t, std::uint32_t, std::int64_t, std::uint64_t, float, double>;
// A shard with no Grid (more shards than Grids) keeps one placeholder case, which skips.
template <int Shard>  // a template: a shard with Grids never instantiates it
struct no_grid_in {
  static std::string name() { return "none" + std::to_string(Shard); }
};
using no_grid = no_grid_in<REDUCE_TEST_SHARD>;
using cases =
    mp::mp_if<mp::mp_empty<grids>, mp::mp_list<grid_case<no_grid, int>>, mp::mp_product<grid_case, grids, value_types>>;
struct case_name {  // suite names carry the Grid, unique across the shards
  template <class Case>
  static std::string GetName(int) {
    using T = typename Case::type;
    const char* t = std::is_same_v<T, float>    ? "float"
                    : std::is_same_v<T, double> ? "double"
                    : std::is_signed_v<T>       ? "int"
                                                : "uint";
    return Case::grid::name() + "_" + t + std::to_string(8 * sizeof(T));
  }
};
TYPED_TEST_SUITE(OpsAndTypes, test::gtest_types<cases>, case_name);

template <class G>
using representatives = mp::mp_list<p::config<p::vector<4>, p::shuffle, G, 256>,
                                    p::config<p::scalar<1>, p::tree<p::interleaved_modulo>, G, 128>>;
template <class G>
inline constexpr bool native_atomic = std::is_same_v<typename G::combine, p::native_atomic>;

template <class C, class Acc, class T, class Op>
void check_op(const std::vector<T>& h, unsigned offset, Op op) {
  if constexpr (native_atomic<typename C::grid> && !reduce::detail::atomic_combine<Op, Acc>::supported) {
    return;  // no native atomic: rejected at compile time (test_host.cu proves the trait), nothing to run
  } else {
    const Acc got = test::run_device<C, Acc>(h, offset, op);
    if constexpr (std::is_floating_point_v<Acc> && std::is_same_v<Op, reduce::sum>) {
      test::expect_sum_close(got, h);
    } else if constexpr (std::is_floating_point_v<Acc> && std::is_same_v<Op, reduce::product>) {
      const Acc ref = test::reference<Acc>(h, op);  // relative error of n-1 roundings
      EXPECT_NEAR(got, ref, std::fabs(ref) * h.size() * std::numeric_limits<Acc>::epsilon()) << C::name();
    } else {
      EXPECT_EQ(got, test::reference<Acc>(h, op)) << C::name() << " " << Op::name() << " n=" << h.size();
    }
  }
}

TYPED_TEST(OpsAndTypes, EveryOp) {
  REQUIRE_GPU();
  using T = typename TypeParam::type;
  using G = typename TypeParam::grid;
  if constexpr (std::is_same_v<G, no_grid>) {
    GTEST_SKIP() << "no Grid in this shard";
  } else {
    mp::mp_for_each<mp::mp_transform<mp::mp_identity, representatives<G>>>([](auto id) {
      using C = typename decltype(id)::type;
      for (std::uint64_t n :
           {std::uint64_t(0), std::uint64_t(1), std::uint64_t(33), std::uint64_t(C::block + 1), std::uint64_t(99991)}) {
        const unsigned offset = n % 4;
        const bool is_signed = std::is_signed_v<T>;
        check_op<C, T>(test::random_vector<T>(n, is_signed ? -1000 : 0, 1000, n + 1), offset, reduce::sum{});
        check_op<C, T>(test::random_vector<T>(n, is_signed ? -1e6 : 0, 1e6, n + 2), offset, reduce::min{});
        check_op<C, T>(test::random_vector<T>(n, is_signed ? -1e6 : 0, 1e6, n + 3), offset, reduce::max{});
        if constexpr (std::is_floating_point_v<T>) {
          check_op<C, T>(test::random_vector<T>(n, 0.999, 1.001, n + 4), offset, reduce::product{});
        } else {
          // Signed: +-1 only (no overflow). Unsigned: 1 or 3, wrapping modulo 2^k, which is still associative.
          auto h = is_signed ? test::random_vector<T>(n, -1, 1, n + 4) : test::random_vector<T>(n, 1, 2, n + 4);
          for (auto& x : h) x = is_signed ? (x == 0 ? T(1) : x) : T(2 * x - 1);
          check_op<C, T>(h, offset, reduce::product{});
          check_op<C, T>(test::random_bits<T>(n, n + 5), offset, reduce::bit_and{});
          check_op<C, T>(test::random_bits<T>(n, n + 6), offset, reduce::bit_or{});
          check_op<C, T>(test::random_bits<T>(n, n + 7), offset, reduce::bit_xor{});
        }
      }
    });
  }
}

// A wider accumulator (the output pointer's type), and a user's functor with its identity. A template, so a shard whose
// Grids are all atomic (which never use it) does not instantiate it and warn that it is unused.
template <class I = int>
struct abs_max {
  __host__ __device__ I operator()(I a, I b) const {
    a = a < 0 ? -a : a;
    b = b < 0 ? -b : b;
    return a > b ? a : b;
  }
};

TYPED_TEST(OpsAndTypes, WideAccumulatorAndCustomOp) {
  REQUIRE_GPU();
  using T = typename TypeParam::type;
  using G = typename TypeParam::grid;
  if constexpr (std::is_same_v<G, no_grid>) {
    GTEST_SKIP() << "no Grid in this shard";
  } else if constexpr (std::is_same_v<T, std::int32_t>) {
    using C = mp::mp_front<representatives<G>>;
    const auto h = test::random_vector<T>(99991, 2e9, 2.1e9, 1);  // overflows int32, not int64
    EXPECT_EQ((test::run_device<C, std::int64_t>(h, 1, reduce::sum{})),
              (test::reference<std::int64_t>(h, reduce::sum{})));
    if constexpr (!native_atomic<G>) {  // a user functor has no atomic: rejected at compile time
      const auto v = test::random_vector<int>(99991, -1e6, 1e6, 9);
      const auto op = reduce::make_op(abs_max<>{}, 0);
      EXPECT_EQ((test::run_device<C, int>(v, 1, op)), test::reference<int>(v, op));
    }
  } else if constexpr (std::is_same_v<T, std::uint32_t>) {
    using C = mp::mp_front<representatives<G>>;
    const auto h = test::random_vector<T>(99991, 4e9, 4.2e9, 2);
    EXPECT_EQ((test::run_device<C, std::uint64_t>(h, 2, reduce::sum{})),
              (test::reference<std::uint64_t>(h, reduce::sum{})));
  } else if constexpr (std::is_same_v<T, float>) {
    using C = mp::mp_front<representatives<G>>;
    const auto h = test::random_vector<T>(99991, -1, 1, 3);
    test::expect_sum_close(test::run_device<C, double>(h, 3, reduce::sum{}), h);
  }
}

}  // namespace
