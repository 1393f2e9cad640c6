// Probes 27-32 of attempt 29 (docs/perf-attempts-29.md), outside the CMake build; the harness is pairing.cuh:
//   nvcc -O3 -arch=sm_90 -std=c++17 -Iinclude -Ipolicies -DPROBE=27 -DVARIANT='"r27"' bench/probes/attempt29.cu
// PROBE=27: what a cold instruction fetch costs after the L2 flush. The flush evicts the kernels' code with the data,
// so each timed call fetches its code from DRAM as it runs; the polled kernel's fold runs only in the last block, after
// the walk, and its lines are fetched then, on the critical path. Each row is sampled twice: as the bench samples it,
// and with the same call run on a twin input just after the flush (its code in L2 and the SMs' instruction caches, the
// timed input still in DRAM). CUB gets the same treatment. PROBE=28: Grid cooperative with its arrival on entry and
// polled slots, built against the library before and after the change (VARIANT names the build), beside the default
// on a workspace. PROBE=29: where the new cooperative kernel's time over polled goes, from builds against copies of
// the library with one step of its epilogue removed or moved (VARIANT names the build; docs/perf-attempts-29.md),
// beside the default on a workspace and on raw storage. PROBE=30: the default on a workspace at 2^15..2^17 (vec4
// unrolled cluster b256) against scalar4 polled b128, which run 152's paired rows read 4.8% faster at 2^16. PROBE=31:
// the tables' odd boundaries (see boundaries()). PROBE=32: the default at the odd powers 2^11..2^25, on a workspace and
// on raw storage, with the tables measured there. Five rounds (three for 29..32), so that a difference repeats.
#include "pairing.cuh"

// Probe 31: at each odd boundary 2^s of a table (a range that ends at 2^s, halfway in log2 between two measured sizes),
// the kernel the table runs there beside the next range's kernel.
template <class Table>
void boundaries(data<float>& f, storage how) {
  using configs = typename Table::configs;
  boost::mp11::mp_for_each<boost::mp11::mp_iota_c<boost::mp11::mp_size<configs>::value - 1>>([&](auto i) {
    using here = boost::mp11::mp_at_c<configs, i>;
    using next = boost::mp11::mp_at_c<configs, i + 1>;
    const int lg = 63 - __builtin_clzll(Table::up_to[i]);
    if (lg > 25) return;
    row<here>((here::name() + " (table)").c_str(), f, lg, 0, how);
    row<next>((next::name() + " (next)").c_str(), f, lg, 0, how);
  });
}

template <class Load, int Block>
using coop = p::config<Load, p::shuffle, p::sequential, p::cooperative<>, Block>;

int main() {
  pairing_setup();
#if PROBE == 32
  data<float> f(25);
  for (int round = 0; round < 3; ++round) {
    std::printf("round %d\n", round);
    for (int lg = 11; lg <= 25; lg += 2) {
      row<D>("default-workspace", f, lg);
      row<D>("default", f, lg, 0, storage::raw);
    }
  }
#elif PROBE == 31
  data<float> f(25);
  for (int round = 0; round < 3; ++round) {
    std::printf("round %d\n", round);
    boundaries<reduce::tuning::sm90_workspace<4>>(f, storage::workspace);
    boundaries<reduce::tuning::sm90<4>>(f, storage::raw);
  }
#elif PROBE == 30
  data<float> f(18);
  using cluster_unrolled256 = p::config<p::vector<4>, p::unrolled, p::sequential, p::cluster<>, 256>;
  using polled_scalar4_128 = p::config<p::scalar<4>, p::shuffle, p::sequential, p::polled<>, 128>;
  for (int round = 0; round < 3; ++round) {
    std::printf("round %d\n", round);
    for (int lg : {15, 16, 17}) {
      row<D>("default-workspace", f, lg);
      row<cluster_unrolled256>("vec4/unrolled/cluster16/b256", f, lg);
      row<polled_scalar4_128>("scalar4/shuffle/polled/b128", f, lg);
    }
  }
#elif PROBE == 29
  data<float> f(24);
  for (int round = 0; round < 3; ++round) {
    std::printf("round %d\n", round);
    for (int lg : {18, 20, 22, 24}) {
      row<D>("default-workspace", f, lg);
      row<D>("default", f, lg, 0, storage::raw);
      row<coop<p::vector<4>, 256>>("vec4/shuffle/coop/b256", f, lg, 0, storage::raw);
      row<coop<p::vector<4>, 512>>("vec4/shuffle/coop/b512", f, lg, 0, storage::raw);
    }
  }
#elif PROBE == 28
  data<float> f(24);
  data<double> d(22);
  for (int round = 0; round < 5; ++round) {
    std::printf("round %d\n", round);
    for (int lg : {16, 18, 20, 22, 24}) {
      row<D>("default-workspace", f, lg);
      row<coop<p::vector<4>, 256>>("vec4/shuffle/coop/b256", f, lg);
      row<coop<p::vector<4>, 512>>("vec4/shuffle/coop/b512", f, lg);
    }
    for (int lg : {20, 22}) {
      row<D>("default-workspace", d, lg);
      row<coop<p::vector<4>, 512>>("vec4/shuffle/coop/b512", d, lg);
    }
  }
#else
  data<float> f(24, true);
  using multipass512 = p::config<p::vector<4>, p::shuffle, p::sequential, p::multipass, 512>;
  for (int round = 0; round < 5; ++round) {
    std::printf("round %d\n", round);
    for (int lg : {12, 16, 20, 22, 24})
      for (bool warm : {false, true}) {
        const storage how = warm ? storage::warm_code : storage::workspace;
        row<D>("default-workspace", f, lg, 0, how);
        if (lg >= 20) row<multipass512>("vec4/shuffle/multipass/b512", f, lg, 0, how);
      }
  }
#endif
}
