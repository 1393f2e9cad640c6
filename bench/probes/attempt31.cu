// Probes 38 and 39 of attempt 31 (docs/perf-attempts-31.md), outside the CMake build; the harness is pairing.cuh:
//   nvcc -O3 -arch=sm_90 -std=c++17 -Iinclude -Ipolicies -DPROBE=38 -DVARIANT='"r38"' bench/probes/attempt31.cu
// PROBE=38: int32 sums on a reduce::workspace, paired with CUB: at the powers of two 2^11..2^23, the sizes halfway
// between them (2^(k+0.5)) and just past the one-tile steps at 4096 and 8192, the kernel the exact table (tuned on raw
// storage, where the atomic grid presets the output) runs there beside the one the new table for integer sums on a
// workspace runs, and the default itself; where tune.py's picks differ from their neighbours' by a few hundredths
// (2^17..2^19), the four atomic kernels it chose between. PROBE=39: at the odd powers of two where a table's pick
// read 4-14% behind the fastest kernel of its run by own time (runs 162/163, 168/169), the pick beside the kernels
// that read ahead there on both GPUs. PROBE=40: the default, raw and on a workspace, at the sizes whose kernel
// probes 38 and 39 moved, against the tables the build has (VARIANT names them; builds alternated). Three rounds each
// (40: one per build), so that a difference repeats.
#include <cmath>
#include <cstdint>
#include "pairing.cuh"

namespace t = reduce::tuning;
namespace mp = boost::mp11;

// Calls f(mp_identity<C>) with Table's kernel for n.
template <class Table, class F>
void with_entry(size_t n, F f) {
  using configs = typename Table::configs;
  mp::mp_with_index<mp::mp_size<configs>::value>(reduce::detail::table_entry<Table>(n),
                                                 [&](auto i) { f(mp::mp_identity<mp::mp_at_c<configs, i>>{}); });
}

template <class Load, class Finish, class Grid, int Block>
using cfg = p::config<Load, Finish, p::sequential, Grid, Block>;
using v4 = p::vector<4>;
using s4 = p::scalar<4>;
using s4b = p::scalar<4, p::blocked>;

// The first config is the table's pick at 2^lg; all run on `how`, three rounds by the caller.
template <class T, class... C>
void contest(data<T>& d, int lg, storage how) {
  (row<C>(C::name().c_str(), d, lg, 0, how), ...);
}

int main() {
  pairing_setup();
#if PROBE == 40
  data<float> f(18);
  data<double> x(16);
  data<std::int32_t> i(16);
  const storage raw = storage::raw, ws = storage::workspace;
  for (size_t n : {4352, 5792, 8192, 92681, 131072, 185363}) {
    row_n<D>("default", f, n, 0, raw);
    if (n <= 8192) row_n<D>("default-workspace", f, n, 0, ws);
  }
  for (size_t n : {4352, 5792, 8192, 16385, 23170, 32768}) {
    row_n<D>("default", x, n, 0, raw);
    row_n<D>("default-workspace", x, n, 0, ws);
  }
  for (size_t n : {4352, 5792, 8192, 16385, 23170, 32768}) {
    row_n<D>("default", i, n, 0, raw);
    row_n<D>("default-workspace", i, n, 0, ws);
  }
#elif PROBE == 39
  data<float> f(19);
  data<double> x(15);
  data<std::int32_t> i(17);
  const storage raw = storage::raw, ws = storage::workspace;
  for (int round = 0; round < 3; ++round) {
    std::printf("round %d\n", round);
    contest<float, cfg<v4, p::shuffle, p::cluster<>, 1024>, cfg<v4, p::shuffle, p::multipass, 512>>(f, 13, raw);
    contest<float, cfg<v4, p::shuffle, p::cluster<>, 1024>, cfg<v4, p::shuffle, p::cluster<>, 512>,
            cfg<v4, p::unrolled, p::cluster<>, 512>>(f, 17, raw);
    contest<float, cfg<v4, p::shuffle, p::multipass, 256>, cfg<v4, p::shuffle, p::cooperative<>, 512>,
            cfg<s4, p::shuffle, p::multipass, 256>>(f, 19, raw);
    contest<float, cfg<v4, p::shuffle, p::polled<>, 256>, cfg<v4, p::shuffle, p::cluster<>, 512>>(f, 17, ws);
    contest<double, cfg<s4, p::shuffle, p::cluster<>, 256>, cfg<v4, p::shuffle, p::cluster<>, 1024>,
            cfg<s4, p::shuffle, p::cluster<>, 128>>(x, 13, raw);
    contest<double, cfg<v4, p::shuffle, p::cluster<>, 512>, cfg<s4, p::shuffle, p::cluster<>, 256>,
            cfg<v4, p::unrolled, p::cluster<>, 256>, cfg<v4, p::shuffle, p::cluster<>, 256>>(x, 15, raw);
    contest<std::int32_t, cfg<s4, p::shuffle, p::cluster<>, 256>, cfg<v4, p::shuffle, p::cluster<>, 128>,
            cfg<s4b, p::none, p::atomic, 256>>(i, 15, raw);
    contest<std::int32_t, cfg<s4b, p::shuffle, p::atomic, 256>, cfg<v4, p::shuffle, p::atomic, 128>,
            cfg<v4, p::shuffle, p::cluster<>, 512>>(i, 17, raw);
  }
#else
  data<std::int32_t> d(23);
  std::vector<size_t> sizes = {4352, 8704};
  for (int lg = 11; lg <= 23; ++lg) sizes.push_back(size_t(1) << lg);
  for (int lg = 12; lg <= 21; ++lg) sizes.push_back(size_t(std::floor(std::ldexp(1.41421356237, lg))));
  std::sort(sizes.begin(), sizes.end());
  for (int round = 0; round < 3; ++round) {
    std::printf("round %d\n", round);
    for (size_t n : sizes) {
      std::string before;
      with_entry<t::sm90_exact<4>>(n, [&](auto c) {
        using C = typename decltype(c)::type;
        before = C::name();
        row_n<C>(("exact: " + C::name()).c_str(), d, n);
      });
      with_entry<t::sm90_exact_workspace<4>>(n, [&](auto c) {
        using C = typename decltype(c)::type;
        if (C::name() != before) row_n<C>(("exact-workspace: " + C::name()).c_str(), d, n);
      });
      row_n<D>("default-workspace", d, n);
      if (n < (size_t(1) << 17) || n > (size_t(1) << 19)) continue;
      row_n<atomic<p::scalar<4>, 256>>("scalar4-striped/shuffle/atomic/b256", d, n);
      row_n<atomic<p::scalar<4>, 128>>("scalar4-striped/shuffle/atomic/b128", d, n);
      row_n<atomic<p::vector<1>, 256>>("vec1/shuffle/atomic/b256", d, n);
    }
  }
#endif
}
