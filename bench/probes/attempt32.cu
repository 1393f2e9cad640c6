// Probes 41 and 42 of attempt 32 (docs/perf-attempts-32.md), outside the CMake build; the harness is pairing.cuh:
//   nvcc -O3 -arch=sm_90 -std=c++17 -Iinclude -Ipolicies -DPROBE=41 -DVARIANT='"r41"' bench/probes/attempt32.cu
// PROBE=41: int64 sums on raw temporary storage, paired with CUB, three rounds: at 2^10..2^17 and the sizes halfway
// between (2^(k+0.5)) from 2^14, the kernel sm90_exact<8> runs there (the double table's, pinned at 2^10..2^16) beside
// the atomic kernels runs 188/189 read closest to it, so that a lead repeats or does not. PROBE=42: float sums on a
// workspace at 2^20.5..2^21.5, the one odd size attempt 31 left unprobed: the pick (polled vec4 b512) beside polled
// vec4 b256 (the pick below 2^20.5, which run 162's H100 read ahead at 2^21), vec8 b256 and multipass vec4 b128.
#include <cstdint>
#include "pairing.cuh"

namespace mp = boost::mp11;

int main() {
  pairing_setup();
#if PROBE == 42
  data<float> f(22);
  in_rounds(3, [&] {
    for (size_t n : {1482911, 1763488, 2097152, 2228224, 2965820}) {
      row_n<D>("default-workspace", f, n);
      row_n<shuffled<p::vector<4>, p::polled<>, 512>>("vec4-striped/shuffle/polled/b512", f, n);
      row_n<shuffled<p::vector<4>, p::polled<>, 256>>("vec4-striped/shuffle/polled/b256", f, n);
      row_n<shuffled<p::vector<8>, p::polled<>, 256>>("vec8-striped/shuffle/polled/b256", f, n);
      row_n<shuffled<p::vector<4>, p::multipass, 128>>("vec4-striped/shuffle/multipass/b128", f, n);
    }
  });
#else
  data<std::int64_t> d(17);
  const storage raw = storage::raw;
  in_rounds(3, [&] {
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
  });
#endif
}
