// Host-side tests of the tuned default's tables (no GPU needed; these run in CI): their shape, that every entry is a
// kernel of the matrix, and which tables may hold which Grids.
#include "common.cuh"

namespace p = reduce::policy;

// The tuned default's tables: ranges in increasing order, the last open-ended, every entry a config of the matrix
// (so the matrix tests cover every kernel the default can pick), and the lookup takes the first range reaching n.
template <class Table>
void expect_well_formed_table() {
  constexpr std::size_t entries = boost::mp11::mp_size<typename Table::configs>::value;
  for (std::size_t i = 1; i < entries; ++i) EXPECT_LT(Table::up_to[i - 1], Table::up_to[i]);
  EXPECT_EQ(Table::up_to[entries - 1], ~std::uint64_t(0));
  boost::mp11::mp_for_each<boost::mp11::mp_transform<boost::mp11::mp_identity, typename Table::configs>>([](auto id) {
    using C = typename decltype(id)::type;
    EXPECT_TRUE((boost::mp11::mp_contains<reduce::matrix::all, C>::value)) << C::name();
  });
  EXPECT_EQ(reduce::detail::table_entry<Table>(0), 0u);
  for (std::size_t i = 0; i + 1 < entries; ++i) {
    EXPECT_EQ(reduce::detail::table_entry<Table>(Table::up_to[i]), i);
    EXPECT_EQ(reduce::detail::table_entry<Table>(Table::up_to[i] + 1), i + 1);
  }
}

TEST(Tuning, TablesAreOrderedAndFromTheMatrix) {
  expect_well_formed_table<reduce::tuning::sm90<4>>();
  expect_well_formed_table<reduce::tuning::sm90<8>>();
  expect_well_formed_table<reduce::tuning::sm90_exact<4>>();
  expect_well_formed_table<reduce::tuning::sm90_exact_workspace<4>>();
  expect_well_formed_table<reduce::tuning::sm90_exact<8>>();
  expect_well_formed_table<reduce::tuning::sm90_workspace<4>>();
  expect_well_formed_table<reduce::tuning::sm90_workspace<8>>();
  EXPECT_EQ(reduce::default_config::name(), "default");
}

// The atomic grid appears only in the exact tables, and only order-free (integer accumulator, native atomic) calls
// read them: floating-point sums, products and user ops get a deterministic table.
template <class C>
using grid_is_atomic = std::is_same<typename C::grid, reduce::policy::atomic>;
template <class Table>
constexpr bool has_atomic_grid() {
  return boost::mp11::mp_any_of<typename Table::configs, grid_is_atomic>::value;
}
struct user_plus {
  __host__ __device__ int operator()(int a, int b) const { return a + b; }
};
TEST(Tuning, AtomicGridOnlyWhereEveryOrderGivesTheSameBits) {
  using reduce::detail::tuned_table;
  namespace t = reduce::tuning;
  static_assert(std::is_same_v<tuned_table<int, int, reduce::sum>, t::sm90_exact<4>>);
  static_assert(std::is_same_v<tuned_table<unsigned, unsigned, reduce::bit_xor>, t::sm90_exact<4>>);
  static_assert(std::is_same_v<tuned_table<std::int64_t, std::int64_t, reduce::max>, t::sm90_exact<8>>);
  static_assert(std::is_same_v<tuned_table<float, float, reduce::sum>, t::sm90<4>>);
  static_assert(std::is_same_v<tuned_table<double, double, reduce::sum>, t::sm90<8>>);
  static_assert(std::is_same_v<tuned_table<int, int, reduce::product>, t::sm90<4>>);
  static_assert(std::is_same_v<tuned_table<int, float, reduce::sum>, t::sm90<4>>);  // float accumulator of ints
  using user = decltype(reduce::make_op(user_plus{}, 0));
  static_assert(std::is_same_v<tuned_table<int, int, user>, t::sm90<4>>);
  // on a reduce::workspace: the workspace tables; order-free calls keep an exact one (the atomic grid led polled),
  // their own where the atomic grid adds into a tally word with no preset (32-bit integer sums), else sm90_exact
  static_assert(std::is_same_v<tuned_table<int, int, reduce::sum, true>, t::sm90_exact_workspace<4>>);
  static_assert(std::is_same_v<tuned_table<unsigned, unsigned, reduce::sum, true>, t::sm90_exact_workspace<4>>);
  static_assert(std::is_same_v<tuned_table<int, int, reduce::max, true>, t::sm90_exact<4>>);
  static_assert(std::is_same_v<tuned_table<std::int64_t, std::int64_t, reduce::sum, true>, t::sm90_exact<8>>);
  static_assert(std::is_same_v<tuned_table<float, float, reduce::sum, true>, t::sm90_workspace<4>>);
  static_assert(std::is_same_v<tuned_table<double, double, reduce::sum, true>, t::sm90_workspace<8>>);
  static_assert(std::is_same_v<tuned_table<int, int, reduce::product, true>, t::sm90_workspace<4>>);
  EXPECT_TRUE(has_atomic_grid<t::sm90_exact<4>>());
  EXPECT_TRUE(has_atomic_grid<t::sm90_exact_workspace<4>>());
  EXPECT_FALSE(has_atomic_grid<t::sm90<4>>());
  EXPECT_FALSE(has_atomic_grid<t::sm90<8>>());
  EXPECT_TRUE(has_atomic_grid<t::sm90_exact<8>>());
  EXPECT_FALSE(has_atomic_grid<t::sm90_workspace<4>>());
  EXPECT_FALSE(has_atomic_grid<t::sm90_workspace<8>>());
}

// Grid polled appears only in the workspace tables: on raw temporary storage it would pay a memset per call.
template <class C>
using grid_is_polled = std::is_same<typename C::grid::combine, reduce::policy::ready_marks>;
template <class Table>
constexpr bool has_polled_grid() {
  return boost::mp11::mp_any_of<typename Table::configs, grid_is_polled>::value;
}
TEST(Tuning, PolledGridOnlyInTheWorkspaceTables) {
  namespace t = reduce::tuning;
  EXPECT_FALSE(has_polled_grid<t::sm90<4>>());
  EXPECT_FALSE(has_polled_grid<t::sm90<8>>());
  EXPECT_FALSE(has_polled_grid<t::sm90_exact<4>>());
  EXPECT_TRUE(has_polled_grid<t::sm90_workspace<4>>());
  EXPECT_TRUE(has_polled_grid<t::sm90_workspace<8>>());
}
