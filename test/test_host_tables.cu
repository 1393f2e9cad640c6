// Host-side tests of the tuned default's tables (no GPU needed; these run in CI): their shape, that every entry is a
// kernel of the matrix, and which tables may hold which Grids.
#include <reduce/binned.cuh>

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
  expect_well_formed_table<reduce::tuning::sm90_wide<4>>();
  expect_well_formed_table<reduce::tuning::sm90_binned<4>>();
  expect_well_formed_table<reduce::tuning::sm90_binned<8>>();
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
  // Binned sums (accumulators that take elements) read their own tables, by the element's bytes, on any storage.
  static_assert(std::is_same_v<tuned_table<float, reduce::binned<float>, reduce::sum>, t::sm90_binned<4>>);
  static_assert(std::is_same_v<tuned_table<__half, reduce::binned<float>, reduce::sum, true>, t::sm90_binned<4>>);
  static_assert(std::is_same_v<tuned_table<double, reduce::binned<double>, reduce::sum>, t::sm90_binned<8>>);
  static_assert(std::is_same_v<tuned_table<float, reduce::binned<double>, reduce::sum, true>, t::sm90_binned<4>>);
  EXPECT_FALSE(has_atomic_grid<t::sm90_binned<4>>());
  EXPECT_FALSE(has_atomic_grid<t::sm90_binned<8>>());
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

// The tables are read by bytes (detail/tuned.cuh): 1-, 2- and 4-byte elements read the 4-byte tables with n counted
// in 4-byte units, rounded up; 8-byte and wider elements the 8-byte ones in 8-byte units. A miscount would run the
// kernel tuned for a size 4x off (int8) or pick no table at all.
struct sixteen_bytes {
  double a, b;
};
TEST(Tuning, TableCountIsTheBytesInTheTablesUnits) {
  using reduce::detail::table_count;
  using reduce::detail::table_element_bytes;
  static_assert(table_element_bytes<std::int8_t> == 4 && table_element_bytes<__half> == 4);
  static_assert(table_element_bytes<float> == 4 && table_element_bytes<double> == 8);
  static_assert(table_element_bytes<sixteen_bytes> == 8);
  EXPECT_EQ(table_count<std::int8_t>(4097), 1025u);  // ceil(4097 / 4)
  EXPECT_EQ(table_count<std::int8_t>(4096), 1024u);
  EXPECT_EQ(table_count<std::uint8_t>(1), 1u);  // a partial unit counts as one
  EXPECT_EQ(table_count<std::int8_t>(0), 0u);
  EXPECT_EQ(table_count<std::int16_t>(3), 2u);  // 6 bytes: ceil(6 / 4)
  EXPECT_EQ(table_count<__half>(8), 4u);
  EXPECT_EQ(table_count<__nv_bfloat16>(9), 5u);
  for (std::uint64_t n : {std::uint64_t(1), std::uint64_t(4097), std::uint64_t(123456789), std::uint64_t(1) << 40}) {
    EXPECT_EQ(table_count<float>(n), n);
    EXPECT_EQ(table_count<std::int32_t>(n), n);
    EXPECT_EQ(table_count<double>(n), n);
    EXPECT_EQ(table_count<std::int64_t>(n), n);
    EXPECT_EQ(table_count<sixteen_bytes>(n), 2 * n);  // two 8-byte units each
  }
  // No overflow where n * sizeof(T) would wrap: computed as ceil(n * t / b) without forming n * t.
  const std::uint64_t big = (std::uint64_t(1) << 63) + 3, top = ~std::uint64_t(0);
  EXPECT_EQ(table_count<std::int8_t>(big), (std::uint64_t(1) << 61) + 1);
  EXPECT_EQ(table_count<std::int8_t>(top), std::uint64_t(1) << 62);         // ceil((2^64 - 1) / 4)
  EXPECT_EQ(table_count<std::int16_t>(big), (std::uint64_t(1) << 62) + 2);  // ceil((2^64 + 6) / 4)
  EXPECT_EQ(table_count<std::int16_t>(top), (std::uint64_t(1) << 63));      // ceil((2^65 - 2) / 4)
  EXPECT_EQ(table_count<float>(top), top);
  EXPECT_EQ(table_count<double>(top), top);
  static_assert(table_count<std::int8_t>(4097) == 1025);  // usable at compile time
}

struct negate_byte {
  __host__ __device__ int operator()(std::int8_t x) const { return -x; }
};
// Only a packed fold (8- and 16-bit integer sums, no transform) is counted by bytes everywhere; any other narrow
// element costs about a float's instructions per element, and where its byte count lands on a one-cluster row it reads
// the row of its element count (an int8 min at 2^20 runs 2^20 floats' multipass, not 2^18 floats' cluster).
TEST(Tuning, NarrowElementsWithoutAPackedFoldLeaveTheClusterRowsByElements) {
  using reduce::detail::counted_by_bytes;
  using reduce::detail::no_transform;
  using reduce::detail::tuned_entry;
  using table = reduce::tuning::sm90<4>;
  static_assert(counted_by_bytes<std::int8_t, int, reduce::sum, no_transform>);
  static_assert(counted_by_bytes<std::uint16_t, unsigned, reduce::sum, no_transform>);
  static_assert(counted_by_bytes<float, float, reduce::min, no_transform>);  // 4 bytes and wider: always bytes
  static_assert(!counted_by_bytes<std::int8_t, std::int8_t, reduce::min, no_transform>);
  static_assert(!counted_by_bytes<std::int8_t, int, reduce::max, no_transform>);
  static_assert(!counted_by_bytes<__half, float, reduce::sum, no_transform>);
  static_assert(!counted_by_bytes<std::int8_t, int, reduce::sum, negate_byte>);  // a transform: one op per element
  const auto clusters = reduce::detail::one_cluster_rows<table::configs>::value;
  for (std::uint64_t n : {std::uint64_t(1000), std::uint64_t(1) << 16, std::uint64_t(1) << 20, std::uint64_t(1) << 24,
                          std::uint64_t(1) << 28}) {
    const std::size_t bytes = tuned_entry<table, std::int8_t, true>(n),
                      mixed = tuned_entry<table, std::int8_t, false>(n);
    EXPECT_EQ(bytes, reduce::detail::table_entry<table>(n / 4)) << n;
    EXPECT_GE(mixed, bytes) << n;                        // only ever a larger row
    if (!clusters[bytes]) EXPECT_EQ(mixed, bytes) << n;  // whole-GPU rows stay by bytes
  }
  EXPECT_TRUE(clusters[(tuned_entry<table, std::int8_t, true>(1 << 20))]);  // 2^18 floats: the one-cluster row
  EXPECT_FALSE(clusters[(tuned_entry<table, std::int8_t, false>(1 << 20))]);
  EXPECT_EQ((tuned_entry<table, std::int8_t, false>(std::uint64_t(1) << 28)),
            (tuned_entry<table, std::int8_t, true>(std::uint64_t(1) << 28)));  // whole-GPU rows: bytes
}

// Which table a call reads: the element's size class decides the table's bytes; the op and accumulator whether it is
// the exact table (order-free integer ops with a native atomic), the wide one (an accumulator wider than 4 bytes and
// than the element: float into double, argmin's pair; tuning/sm90_wide.cuh) or the deterministic one.
TEST(Tuning, TableByElementBytes) {
  using reduce::detail::tuned_table;
  namespace t = reduce::tuning;
  static_assert(std::is_same_v<tuned_table<std::int8_t, std::int32_t, reduce::sum>, t::sm90_exact<4>>);
  static_assert(std::is_same_v<tuned_table<std::uint16_t, std::uint64_t, reduce::sum>, t::sm90_exact<4>>);
  static_assert(std::is_same_v<tuned_table<std::int8_t, std::int8_t, reduce::min>, t::sm90<4>>);  // no int8 atomic
  static_assert(std::is_same_v<tuned_table<__half, float, reduce::sum>, t::sm90<4>>);
  static_assert(std::is_same_v<tuned_table<__half, __half, reduce::max>, t::sm90<4>>);
  static_assert(std::is_same_v<tuned_table<float, double, reduce::sum>, t::sm90_wide<4>>);  // float elements: 4 bytes
  static_assert(std::is_same_v<tuned_table<double, double, reduce::sum>, t::sm90<8>>);
  static_assert(std::is_same_v<tuned_table<std::int8_t, std::int32_t, reduce::sum, true>, t::sm90_exact_workspace<4>>);
  static_assert(std::is_same_v<tuned_table<__half, float, reduce::sum, true>, t::sm90_workspace<4>>);
  static_assert(std::is_same_v<tuned_table<float, reduce::indexed<float>, reduce::argmin_op>, t::sm90_wide<4>>);
  static_assert(std::is_same_v<tuned_table<double, reduce::indexed<double>, reduce::argmin_op>, t::sm90<8>>);
  // So 4k bytes read the kernel that k floats read, at every row boundary of the 4-byte table (and one past it).
  using table = t::sm90<4>;
  for (std::uint64_t k : table::up_to) {
    if (k > (std::uint64_t(1) << 60)) continue;  // the open-ended last row
    for (std::uint64_t m : {k, k + 1}) {
      EXPECT_EQ(reduce::detail::table_entry<table>(reduce::detail::table_count<std::int8_t>(4 * m)),
                reduce::detail::table_entry<table>(reduce::detail::table_count<float>(m)))
          << "int8 n=" << 4 * m;
      EXPECT_EQ(reduce::detail::table_entry<table>(reduce::detail::table_count<__half>(2 * m)),
                reduce::detail::table_entry<table>(m))
          << "half n=" << 2 * m;
    }
  }
}

// sm90_wide<4> is written by hand from paired runs of the three accumulators it serves (its header): few rows, since
// each is a kernel or two in every program that reduces into a wide accumulator (docs/tuning.md, Build cost), and
// above one cluster's range grid-stride walks only (a tile-per-block walk starves of resident warps there).
TEST(Tuning, WideTableIsShortAndGridStrideAboveTheClusterRows) {
  using wide = reduce::tuning::sm90_wide<4>;
  constexpr std::size_t rows = boost::mp11::mp_size<wide::configs>::value;
  static_assert(rows <= 5, "each row of sm90_wide<4> adds kernels to every argmin: keep it at five rows or fewer");
  boost::mp11::mp_for_each<boost::mp11::mp_iota_c<rows>>([](auto I) {
    using C = boost::mp11::mp_at_c<wide::configs, decltype(I)::value>;
    constexpr bool one_tile = std::is_same_v<typename C::grid::walk, reduce::policy::tile_per_block>;
    if (wide::up_to[I] > 262144u) EXPECT_FALSE(one_tile) << "row " << I << " " << C::name();
  });
}
