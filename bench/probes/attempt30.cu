// Probes 33 and 34 of attempt 30 (docs/perf-attempts-30.md), outside the CMake build; the harness is pairing.cuh:
//   nvcc -O3 -arch=sm_90 -std=c++17 -Iinclude -Ipolicies -DPROBE=33 -DVARIANT='"r33"' bench/probes/attempt30.cu
// PROBE=33: polled vec8 b256 (32 KiB tiles from 256 threads) beside the workspace table's polled vec4 kernels at
// 2^20..2^22 floats and 2^20..2^21 doubles, where probe 25 read it 0.16-0.29 us ahead of vec4 b256 at 2^21 (float)
// and 0-0.19 at 2^20 (double, H100), but never beside vec4 b512, the table's pick at 2^21 since attempt 29d.
// PROBE=34: the default for double and int32 sums at the odd powers 2^11..2^25, on a workspace and on raw storage,
// against the tables the build has (VARIANT names them: before or after they held the odd sizes). Five rounds for 33,
// three for 34, so that a difference repeats. PROBE=35: at each boundary a table puts at its range kernel's one tile
// (bench/tune.py's next_cost_step), that kernel and the next range's just past the tile and at the old boundary
// 2^(k+0.5), where the tables ran the first one over two tiles before attempt 30. PROBE=36: the same for a Grid
// cluster kernel's one pass (16 tiles): its range's sizes past it have a block walk two tiles. PROBE=37: the default
// at the sizes whose kernel probe 36 moved, against the tables the build has (VARIANT names them). Three rounds.
#include <cstdint>
#include "pairing.cuh"

// Elements in one tile of Cfg for T (aligned input): the library's tile units, 16-byte vectors for a vector Load.
template <class Cfg, class T, class A = reduce::detail::agent<typename Cfg::load, Cfg::block>>
constexpr size_t one_tile = size_t(A::tile_units) * (A::template vectors_of<T> ? reduce::detail::vec16<T>::size : 1);

// Probes 35 and 36: at each boundary of Table past a step in its range kernel's cost (probe 35: one tile, where the
// tables end such a range now; probe 36, Pass: a Grid cluster kernel's one pass, every block of the cluster on one
// tile, short of the range's end), that kernel and the next range's just past the step and at the boundary the tables
// had before (probe 35: 2^(k+0.5), or √2 tiles).
template <bool Pass, class Table, class T>
void step_boundaries(data<T>& d, storage how) {
  using configs = typename Table::configs;
  boost::mp11::mp_for_each<boost::mp11::mp_iota_c<boost::mp11::mp_size<configs>::value - 1>>([&](auto i) {
    using here = boost::mp11::mp_at_c<configs, i>;
    using next = boost::mp11::mp_at_c<configs, i + 1>;
    size_t step = one_tile<here, T>, end = size_t(double(step) * 1.41421356);
    if constexpr (Pass) {
      if constexpr (here::grid::kind != reduce::policy::epilogue::cluster) return;
      step *= here::grid::grid_size;
      end = Table::up_to[i];
      if (step <= (i == 0 ? 0 : Table::up_to[i - 1]) || step >= end) return;
    } else if (Table::up_to[i] != step) {
      return;
    }
    const std::string what = Pass ? " (one pass)" : " (one tile)";
    for (size_t n : {step + step / 16, end}) {
      row_n<here>((here::name() + what).c_str(), d, n, 0, how);
      row_n<next>((next::name() + " (next)").c_str(), d, n, 0, how);
    }
  });
}

int main() {
  pairing_setup();
#if PROBE == 33
  data<float> f(22);
  data<double> d(21);
  for (int round = 0; round < 5; ++round) {
    std::printf("round %d\n", round);
    for (int lg : {20, 21, 22}) {
      row<D>("default-workspace", f, lg);
      row<polled<p::vector<4>, 256>>("vec4/shuffle/polled/b256", f, lg);
      row<polled<p::vector<4>, 512>>("vec4/shuffle/polled/b512", f, lg);
      row<polled<p::vector<8>, 256>>("vec8/shuffle/polled/b256", f, lg);
    }
    for (int lg : {20, 21}) {
      row<D>("default-workspace", d, lg);
      row<polled<p::vector<8>, 256>>("vec8/shuffle/polled/b256", d, lg);
    }
  }
#elif PROBE == 35 || PROBE == 36
  namespace t = reduce::tuning;
  constexpr bool pass = PROBE == 36;
  data<float> f(19);
  data<double> d(19);
  data<std::int32_t> i(19);
  for (int round = 0; round < 3; ++round) {
    std::printf("round %d\n", round);
    step_boundaries<pass, t::sm90<4>>(f, storage::raw);
    step_boundaries<pass, t::sm90_workspace<4>>(f, storage::workspace);
    step_boundaries<pass, t::sm90<8>>(d, storage::raw);
    step_boundaries<pass, t::sm90_workspace<8>>(d, storage::workspace);
    step_boundaries<pass, t::sm90_exact<4>>(i, storage::raw);
    step_boundaries<pass, t::sm90_exact<4>>(i, storage::workspace);
  }
#elif PROBE == 37
  data<float> f(19);
  data<double> d(19);
  data<std::int32_t> i(16);
  for (int round = 0; round < 3; ++round) {
    std::printf("round %d\n", round);
    for (size_t n : {69632, 92681, 278528, 370727}) {
      row_n<D>("default", f, n, 0, storage::raw);
      row_n<D>("default-workspace", f, n);
    }
    for (size_t n : {17408, 23170, 40000, 46340, 139264, 185363}) {
      row_n<D>("default", d, n, 0, storage::raw);
      row_n<D>("default-workspace", d, n);
    }
    for (size_t n : {40000, 46340}) {
      row_n<D>("default", i, n, 0, storage::raw);
      row_n<D>("default-workspace", i, n);
    }
  }
#else
  data<double> d(25);
  data<std::int32_t> i(25);
  for (int round = 0; round < 3; ++round) {
    std::printf("round %d\n", round);
    for (int lg = 11; lg <= 25; lg += 2) {
      row<D>("default-workspace", d, lg);
      row<D>("default", d, lg, 0, storage::raw);
      row<D>("default-workspace", i, lg);
      row<D>("default", i, lg, 0, storage::raw);
    }
  }
#endif
}
