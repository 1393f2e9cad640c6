// The default configuration: not one kernel but a table lookup. For each call it picks, by the device's architecture
// and the one its kernels were compiled for, the bytes read (the element's size class and n), the kind of op and the
// storage, a kernel of the matrix measured to be the fastest there (tuning/sm90*.cuh), and runs it. A given (GPU
// architecture, build, T, op, n) always runs the same kernel, and the atomic grid is picked only where every order of
// combining gives the same bits, so results repeat bitwise like any fixed config.
#pragma once
#include <cuda_runtime.h>

#include <boost/mp11.hpp>
#include <reduce/policy/config.cuh>

#include "atomic.cuh"
#include "launch.cuh"
#include "per_device.cuh"
#include "tuning/sm90_binned.cuh"
#include "tuning/sm90_exact.cuh"
#include "tuning/sm90_wide.cuh"
#include "vector_fold.cuh"

namespace reduce::detail {

template <class C>
struct is_tuned : std::false_type {};
template <class F>
struct is_tuned<policy::tuned<F>> : std::true_type {};

// Compute capability major of the current device, cached per device (0 when it cannot be read).
inline int device_major() {
  int major = 0;
  const cudaError_t e = per_device_value(
      major, [](int dev, int& m) { return cudaDeviceGetAttribute(&m, cudaDevAttrComputeCapabilityMajor, dev); });
  return e == cudaSuccess ? major : 0;
}

// Index into table::configs for n: the first entry whose range reaches n.
template <class Table>
std::size_t table_entry(std::uint64_t n) {
  std::size_t i = 0;
  while (i + 1 < boost::mp11::mp_size<typename Table::configs>::value && n > Table::up_to[i]) ++i;
  return i;
}

// Integer accumulators under an op with a native atomic: integer sums, min, max and bitwise ops are associative and
// commutative bit for bit, so the atomic grid gives the same result on every run.
template <class Acc, class Op>
inline constexpr bool order_free = cuda::std::is_integral_v<Acc>&& atomic_combine<Op, Acc>::supported;

// The tables are measured per element size class, and a call reads the one of its class with n counted in that
// class's elements of the same bytes. What decides a kernel's speed is the bytes it streams: a vector Load's tile is a
// number of bytes whatever the element, and no element costs more per byte than the class's own (8- and 16-bit integer
// sums are packed, two or four to an instruction: detail/vector_fold.cuh; a 16-bit float costs a conversion and an
// add, as a float costs an add). So 1-, 2- and 4-byte elements read the 4-byte tables (2^28 int8 as 2^26 floats), and
// elements of 8 bytes or more the 8-byte ones. An accumulator wider than 4 bytes and than the element (float into
// double, compensated<float>, the 16-byte pair of argmin) changes what a thread holds, not the bytes read, but with
// it the Grid that streams best: its own table (tuning/sm90_wide.cuh) where the op is not order-free. Elements of 8
// bytes with a wider accumulator (argmin of doubles, compensated<double>) keep the 8-byte tables: not yet measured.
template <class T, class Acc>
inline constexpr bool wide_accumulator = sizeof(T) <= 4 && sizeof(Acc) > 4 && sizeof(Acc) > sizeof(T);
template <class T>
inline constexpr int table_element_bytes = sizeof(T) <= 4 ? 4 : 8;
template <class T>
constexpr std::uint64_t table_count(std::uint64_t n) {
  constexpr std::uint64_t b = table_element_bytes<T>, t = sizeof(T);
  return n / b * t + ((n % b) * t + b - 1) / b;  // ceil(n * t / b), without overflow
}

// Bytes decide everywhere only where a narrow element costs no more instructions per byte than a float: its fold
// packed (8- and 16-bit integer sums). Any other narrow element (a byte's min, a half's sum: a conversion and an op
// per element) costs per element about what a float does, up to four times a float's instructions per byte. A
// whole-GPU kernel still streams bytes, but a one-cluster kernel (16 of the GPU's SMs) runs out of instructions first:
// where the byte count lands on a one-cluster row, such an element reads the row of its element count instead.
// H100, 2026-11-26: int8 min at 2^20 8.96 us on the cluster row of 2^18 floats (CUB 7.46), 6.37 us on the multipass
// row of 2^20 (CUB 7.52); at 2^28 the byte count's row stays (cooperative 102.0 us, CUB 95.7; multipass 108.4).
template <class T, class Acc, class Op, class Tr>
inline constexpr bool counted_by_bytes = sizeof(T) >= 4 || packed_sum<T, Acc, Op, Tr>;
template <class Configs>
struct one_cluster_rows;
template <template <class...> class L, class... C>
struct one_cluster_rows<L<C...>> {
  static constexpr bool value[] = {(C::grid::walk::cluster > 0)...};
};
template <class Table, class T, bool by_bytes>
std::size_t tuned_entry(std::uint64_t n) {
  const std::size_t i = table_entry<Table>(table_count<T>(n));
  if constexpr (by_bytes) {
    return i;
  } else {
    return one_cluster_rows<typename Table::configs>::value[i] ? table_entry<Table>(n) : i;
  }
}

// The table the tuned default reads for elements of T reduced with op into Acc; on_workspace: a call on a
// reduce::workspace, whose zeroed storage lets the ready_marks combine run with no memset and the atomic combine sum
// 32-bit integers into a tally word with no preset of the output (their own tables; other order-free calls preset the
// output on any storage, so they keep the exact one). Wide accumulators, and accumulators that take elements
// (binned: a dozen instructions an element, tuning/sm90_binned.cuh), read their table on any storage.
template <class T, class Acc, class Op, bool on_workspace = false, int B = table_element_bytes<T>>
using tuned_table = cuda::std::conditional_t<
    order_free<Acc, Op>,
    cuda::std::conditional_t<on_workspace && tally_combine<Op, Acc>, tuning::sm90_exact_workspace<B>,
                             tuning::sm90_exact<B>>,
    cuda::std::conditional_t<
        takes_elements<Acc>::value, tuning::sm90_binned<B>,
        cuda::std::conditional_t<wide_accumulator<T, Acc>, tuning::sm90_wide<B>,
                                 cuda::std::conditional_t<on_workspace, tuning::sm90_workspace<B>, tuning::sm90<B>>>>>;

// Whether row I of a table (or the fallback, after the last row) can be handed more than index32_limit elements: the
// last row and the fallback can, and a row whose bound reaches past index32_limit / 4. A bound counts the table's
// units (table_count), at most 4 elements a unit (bytes in 4-byte units), or elements where a one-cluster row is read
// by element count. Every other row's kernels are instantiated with 32-bit offsets only (launch.cuh, Wide).
template <class Table, std::size_t I>
inline constexpr bool wide_row =
    I + 1 >= boost::mp11::mp_size<typename Table::configs>::value || Table::up_to[I] > index32_limit / 4;

// Elements that a call on row I of a table (I > 0) has more than: its units, table_count(n), or its element count (a
// one-cluster row read by elements, tuned_entry) exceed the bound of row I - 1, so n exceeds that bound or that bound
// in elements (units * table_element_bytes / sizeof(T), fewer where an element is wider than a unit). Row 0 and the
// fallback (which also takes a call of any n on an image older than Hopper) have no such bound: 0.
template <class Table, class T, std::size_t I>
inline constexpr std::uint64_t row_least_n = [] {
  if constexpr (I == 0 || I >= boost::mp11::mp_size<typename Table::configs>::value) {
    return std::uint64_t(0);
  } else {
    constexpr std::uint64_t u = Table::up_to[I - 1], b = table_element_bytes<T>, t = sizeof(T);
    return t <= b ? u : u / t * b;
  }
}();

// Calls f(mp_identity<C>{}, bool_constant<Wide>{}, integral_constant<Least>{}) with the config the tuned default Cfg
// picks for n elements of T (transformed by Tr, op into Acc), whether its range of n reaches past index32_limit, and
// the count its range of n lies above (row_least_n), and returns its result.
template <class Cfg, class T, class Acc, class Op, class Tr, bool on_workspace = false, class F>
auto with_tuned_config(std::uint64_t n, F&& f) {
  using table = tuned_table<T, Acc, Op, on_workspace>;
  using choices = boost::mp11::mp_push_back<typename table::configs, typename Cfg::fallback>;
  constexpr std::size_t count = boost::mp11::mp_size<choices>::value;
  constexpr bool by_bytes = counted_by_bytes<T, Acc, Op, Tr>;
  const std::size_t i = device_major() == 9 ? tuned_entry<table, T, by_bytes>(n) : count - 1;
  return boost::mp11::mp_with_index<count>(i, [&](auto I) {
    using picked = boost::mp11::mp_at_c<choices, decltype(I)::value>;
    using wide = std::bool_constant<wide_row<table, decltype(I)::value>>;  // the fallback is the last choice
    using least = std::integral_constant<std::uint64_t, row_least_n<table, T, decltype(I)::value>>;
    using fallback_least = std::integral_constant<std::uint64_t, 0>;
    // The tables were measured with Hopper code (clusters, programmatic launch): a binary built for an older
    // architecture runs the fallback on a Hopper GPU too (launch.cuh, hopper_image).
    if constexpr (decltype(I)::value + 1 < count) {
      bool hopper = false;
      if (cudaError_t e = hopper_image<picked, T, Acc, Op, std::uint32_t, Tr>(hopper))
        return decltype(f(boost::mp11::mp_identity<picked>{}, wide{}, least{})){e, "reduce: device query failed"};
      if (!hopper) return f(boost::mp11::mp_identity<typename Cfg::fallback>{}, wide{}, fallback_least{});
    }
    return f(boost::mp11::mp_identity<picked>{}, wide{}, least{});
  });
}

}  // namespace reduce::detail
