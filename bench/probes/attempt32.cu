// Probe 41 of attempt 32 (docs/perf-attempts-32.md), outside the CMake build; the harness is pairing.cuh:
//   nvcc -O3 -arch=sm_90 -std=c++17 -Iinclude -Ipolicies -DVARIANT='"r41"' bench/probes/attempt32.cu
// int64 sums on raw temporary storage, paired with CUB, three rounds: at 2^10..2^17 and the sizes halfway between
// (2^(k+0.5)) from 2^14, the kernel sm90_exact<8> runs there (the double table's, pinned at 2^10..2^16) beside the
// atomic kernels runs 188/189 read closest to it, so that a lead repeats or does not.
#include <cstdint>
#include "pairing.cuh"

namespace mp = boost::mp11;

template <class Load, int Block>
using atomic = p::config<Load, p::shuffle, p::sequential, p::atomic, Block>;

int main() {
  pairing_setup();
  data<std::int64_t> d(17);
  const storage raw = storage::raw;
  for (int round = 0; round < 3; ++round) {
    std::printf("round %d\n", round);
    for (size_t n : {1024, 2048, 4096, 8192, 16384, 23170, 32768, 46340, 65536, 92681, 131072}) {
      using configs = reduce::tuning::sm90_exact<8>::configs;
      mp::mp_with_index<mp::mp_size<configs>::value>(reduce::detail::table_entry<reduce::tuning::sm90_exact<8>>(n),
                                                     [&](auto i) {
                                                       using C = mp::mp_at_c<configs, i>;
                                                       row_n<C>(("pick: " + C::name()).c_str(), d, n, 0, raw);
                                                     });
      row_n<atomic<p::scalar<4>, 128>>("scalar4-striped/shuffle/atomic/b128", d, n, 0, raw);
      row_n<atomic<p::scalar<4>, 256>>("scalar4-striped/shuffle/atomic/b256", d, n, 0, raw);
      row_n<atomic<p::scalar<4, p::blocked>, 256>>("scalar4-blocked/shuffle/atomic/b256", d, n, 0, raw);
      row_n<atomic<p::vector<4>, 256>>("vec4-striped/shuffle/atomic/b256", d, n, 0, raw);
    }
  }
}
