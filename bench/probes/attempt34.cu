// Probe 47 of attempt 34 (docs/perf-attempts-34.md), outside the CMake build; the harness is pairing.cuh:
//   nvcc -O3 -arch=sm_90 -std=c++17 -Iinclude -Ipolicies -DPROBE=47 -DVARIANT='"base"' bench/probes/attempt34.cu
// PROBE=47: one paired round of the default on a workspace, float at 2^17..2^24 and double at 2^19..2^22, for builds
// against the library and against a copy with attempt34-warp-fold.patch applied (-DWARP_FOLD=8: one warp of the
// poller waits for every slot, 8 per lane at a time, and folds them with no block reduction; -DHYBRID as well: only
// where the grid is 256 blocks or fewer), run alternately.
// PROBE=48: one paired round, float at 2^18..2^24: the default on a workspace and on raw storage, and Grid polled
// (vec4, b256 and b512) on raw storage and on a workspace, for builds against the library (raw storage: a memset before
// the launch) and against a copy with attempt34-clear-kernel.patch applied (a one-block kernel clears the storage and
// the reduction follows it programmatically; thread 0 waits for it before its ticket), run alternately.
// PROBE=50 is PROBE=48 run with PAIRING_SAMPLES set (every sample printed, in call order).
// PROBE=51: CUB's two launch states, 60 pairs at 2^12..2^24, plain and with each sample primed by a programmatic
// launch. PROBE=49: whether where the temporary storage lies sets the launch state probe 48 found: CUB, the raw default
// and the default on a workspace at 2^19, 2^21 and 2^22, each with 8 fresh placements of its storage.
#include "pairing.cuh"

using v4 = p::vector<4>;

__global__ void empty_k() {}

int main() {
  pairing_setup();
#if PROBE == 47
  data<float> f(24);
  data<double> d(22);
  for (int lg = 17; lg <= 24; ++lg) row<D>("default-workspace", f, lg);
  for (int lg = 19; lg <= 22; ++lg) row<D>("default-workspace", d, lg);
#elif PROBE == 49
  // Where the temporary storage lies: at each n, 8 placements, each a fresh allocation (after a spacer, all kept) of
  // CUB's temporary storage, of the raw default's and of a workspace; 40 timed calls of each, interleaved.
  data<float> f(22);
  for (int lg : {19, 21, 22}) {
    const size_t n = size_t(1) << lg;
    for (int k = 0; k < 8; ++k) {
      void *spacer, *tmp, *raw;
      CK(cudaMalloc(&spacer, (size_t(k) << 20) + 4096 * (k + 1)));
      CK(cudaMalloc(&tmp, f.cub_bytes));
      size_t raw_bytes = 0;
      CK(reduce::device_reduce<D>(nullptr, raw_bytes, f.in, f.out, n));
      CK(cudaMalloc(&raw, raw_bytes));
      auto* ws = new reduce::workspace;  // kept, so that the next placement's allocations are new ones
      std::vector<double> c, r, w;
      int wrong = 0;
      for (int i = 0; i < 41; ++i) {
        const double a = timed([&] { CK(cub::DeviceReduce::Sum(tmp, f.cub_bytes, f.in, f.out, n)); });
        const double b = timed([&] { CK(reduce::device_reduce<D>(raw, raw_bytes, f.in, f.out, n)); });
        float h;
        CK(cudaMemcpy(&h, f.out, sizeof h, cudaMemcpyDeviceToHost));
        wrong += double(h) != f.exact(0, n);
        const double e = timed([&] { CK(reduce::device_reduce<D>(*ws, f.in, f.out, n)); });
        CK(cudaMemcpy(&h, f.out, sizeof h, cudaMemcpyDeviceToHost));
        wrong += double(h) != f.exact(0, n);
        if (i) c.push_back(a), r.push_back(b), w.push_back(e);
      }
      std::printf("2^%d placement %d: cub_tmp %p raw %p | CUB %.2f us, raw default %.2f, workspace default %.2f %s\n",
                  lg, k, tmp, raw, median(c), median(r), median(w), wrong ? "WRONG" : "ok");
    }
  }
#elif PROBE == 51
  // CUB's two launch states: the default (on a workspace and on raw storage) and CUB paired as the harness pairs them,
  // at 2^12..2^24, plain and with every sample primed (after the flush, before the idle wait) by an empty kernel and
  // an empty programmatic launch after it. Every sample printed, in call order.
  data<float> f(24);
  auto prime = [] {
    empty_k<<<1, 1> > >();
    cudaLaunchConfig_t c{};
    c.gridDim = dim3(1), c.blockDim = dim3(1);
    cudaLaunchAttribute a[1];
    a[0].id = cudaLaunchAttributeProgrammaticStreamSerialization;
    a[0].val.programmaticStreamSerializationAllowed = 1;
    c.attrs = a, c.numAttrs = 1;
    CK(cudaLaunchKernelEx(&c, empty_k));
  };
  for (int primed = 0; primed < 2; ++primed)
    for (int raw_storage = 0; raw_storage < 2; ++raw_storage)
      for (int lg = 12; lg <= 24; ++lg) {
        const size_t n = size_t(1) << lg;
        size_t raw_bytes = 0;
        void* raw = nullptr;
        CK(reduce::device_reduce<D>(nullptr, raw_bytes, f.in, f.out, n));
        CK(cudaMalloc(&raw, std::max<size_t>(raw_bytes, 16)));
        auto ours = [&] {
          if (raw_storage)
            CK(reduce::device_reduce<D>(raw, raw_bytes, f.in, f.out, n));
          else
            CK(reduce::device_reduce<D>(f.ws, f.in, f.out, n));
        };
        auto cub_call = [&] { CK(cub::DeviceReduce::Sum(f.cub_tmp, f.cub_bytes, f.in, f.out, n)); };
        auto before = [&] {
          if (primed) prime();
        };
        std::vector<double> a, b;
        int wrong = 0;
        for (int i = 0; i < 61; ++i) {
          double x, y;
          if (i % 2) {
            x = timed(ours, before);
            float h;
            CK(cudaMemcpy(&h, f.out, sizeof h, cudaMemcpyDeviceToHost));
            wrong += double(h) != f.exact(0, n);
            y = timed(cub_call, before);
          } else {
            y = timed(cub_call, before), x = timed(ours, before);
            float h;
            CK(cudaMemcpy(&h, f.out, sizeof h, cudaMemcpyDeviceToHost));
            wrong += double(h) != f.exact(0, n);
          }
          if (i) a.push_back(x), b.push_back(y);
        }
        CK(cudaFree(raw));
        std::printf("%s %s 2^%d %s\n  ours:", primed ? "primed" : "plain", raw_storage ? "raw" : "workspace", lg,
                    wrong ? "WRONG" : "ok");
        for (double x : a) std::printf(" %.2f", x);
        std::printf("\n  CUB: ");
        for (double y : b) std::printf(" %.2f", y);
        std::printf("\n");
      }
#else
  data<float> f(24);
  for (int lg = 18; lg <= 24; ++lg) {
    row<D>("default-workspace", f, lg);
    row<D>("default-raw", f, lg, 0, storage::raw);
    row<polled<v4, 256> >("vec4-striped/shuffle/polled/b256-raw", f, lg, 0, storage::raw);
    row<polled<v4, 512> >("vec4-striped/shuffle/polled/b512-raw", f, lg, 0, storage::raw);
    row<polled<v4, 256> >("vec4-striped/shuffle/polled/b256", f, lg);
    row<polled<v4, 512> >("vec4-striped/shuffle/polled/b512", f, lg);
  }
#endif
}
