// Probe 52 of attempt 35 (docs/perf-attempts-35.md), outside the CMake build; the harness is pairing.cuh:
//   nvcc -O3 -arch=sm_90 -std=c++17 -Iinclude -Ipolicies -DPROBE=52 -DVARIANT='"p52"' bench/probes/attempt35.cu
// PROBE=52: the fixed cost of a timed call, as the bench times it (L2 flushed by a read, 20 us idle, CUDA events):
// empty kernels of 1 to 528 blocks; an empty kernel with 16 KiB of static shared memory, with the driver's carveout
// and with each end of it preferred; one load per thread of a cold input (one block, then 256 blocks); beside them
// the default on a workspace paired with CUB, and the default's polled kernels with each carveout preferred.
// PROBE=53: the combine's cost. The default's polled kernels (vec4, b256 at 2^20, b512 at 2^22 and 2^24) against the
// same walk with no combine: Grid gridstride's kernel launched alone on the same grid (min(resident, tiles) blocks),
// each block storing its result (the partials summed on the host and checked); both timed alone, and the default
// paired with CUB.
// PROBE=54: the same at 8 MiB: float 2^21 and double 2^20 (vec4 b512, 256 blocks of one 32 KiB tile each).
// PROBE=55: one paired round of the default on a workspace, double at 2^19..2^22 and float at 2^20 and 2^22 (whose
// kernels the patch leaves identical), for builds against the library and against a copy with
// attempt35-repoll-words.patch applied (the poller reloads a slot's later words with the one it spins on), run
// alternately.
// PROBE=56: where polled's combine goes: the default on a workspace (float 2^20, 2^22, 2^24; double 2^20) paired with
// CUB, and store only on the same grids, for builds against the library and against a copy with
// attempt35-combine-parts.patch applied and -DREDUCE_PROBE_POLL=1 (the poller polls and folds but skips the block
// reduction) or 2 (the last ticket stores its own value: no poll, no fold), run alternately. Variants 1 and 2 give
// wrong sums by design; the rows say so.
// PROBE=57: one paired round of the default on a workspace, float 2^18..2^24 and double 2^20..2^21, for builds against
// the library and against a copy with attempt35-warps-fold.patch applied (as few warps as hold every slot in one
// batch poll and fold, each reduces with shuffles and thread 0 folds the warps' results: no block reduction), run
// alternately.
#include "pairing.cuh"

using v4 = p::vector<4>;

__global__ void empty_k() {}

// 16 KiB of static shared memory that the compiler keeps: written, and read back under a test that never holds.
__global__ void shared_k(unsigned* sink) {
  __shared__ int s[4096];
  for (int i = threadIdx.x; i < 4096; i += blockDim.x) s[i] = i;
  __syncthreads();
  if (s[(threadIdx.x * 7) & 4095] < 0) *sink = 1;
}

// Every thread loads one 16-byte word of a cold input; the result is stored only under a test that never holds.
__global__ void touch_k(const uint4* in, unsigned* sink) {
  const uint4 w = in[blockIdx.x * blockDim.x + threadIdx.x];
  if ((w.x ^ w.w) == 0x9e3779b9u) *sink = w.x;
}

// Grid gridstride's kernel launched alone on Cfg's fixed grid (min(resident, tiles) blocks): the walk with no combine,
// each block storing its result; the partials are summed on the host and checked.
template <class Cfg, class T>
void store_only(data<T>& d, int lg) {
  namespace r = reduce::detail;
  const size_t n = size_t(1) << lg;
  unsigned blocks = 0;
  CK((r::fixed_grid_blocks<Cfg, T, T, reduce::sum, r::no_transform>(d.in, n, blocks)));
  static T* partials = nullptr;
  if (!partials) CK(cudaMalloc(&partials, 4096 * sizeof(double)));
  auto call = [&] { CK(r::launch<Cfg>(blocks, d.in, n, partials, reduce::sum{}, r::grid_args<T>{}, cudaStream_t(0))); };
  call();
  std::vector<T> h(blocks);
  CK(cudaMemcpy(h.data(), partials, blocks * sizeof(T), cudaMemcpyDeviceToHost));
  double s = 0;
  for (T x : h) s += x;
  const std::string name = Cfg::name() + " store only, " + std::to_string(blocks) + " blocks, " +
                           (sizeof(T) == 8 ? "double" : "float") + " 2^" + std::to_string(lg) +
                           (s == d.exact(0, n) ? " ok" : " WRONG");
  solo(name.c_str(), call);
}

// Cfg called on a workspace, timed alone.
template <class Cfg, class T>
void alone(data<T>& d, int lg) {
  const size_t n = size_t(1) << lg;
  const std::string name =
      Cfg::name() + " on a workspace, " + (sizeof(T) == 8 ? "double" : "float") + " 2^" + std::to_string(lg);
  solo(name.c_str(), [&] { CK(reduce::device_reduce<Cfg>(d.ws, d.in, d.out, n)); });
}

// The same walk with and without the combine: Grid gridstride's kernel alone (store only), then the default's polled
// kernel on a workspace, both vec4 with Block threads, so both get the same grid.
template <int Block, class T>
void with_and_without_combine(data<T>& d, int lg) {
  store_only<shuffled<p::vector<4>, p::gridstride<>, Block>>(d, lg);
  alone<polled<p::vector<4>, Block>>(d, lg);
}

template <class Cfg>
void set_carveout(int percent) {
  namespace d = reduce::detail;
  CK(cudaFuncSetAttribute(d::reduce_kernel<Cfg, float, float, reduce::sum, std::uint32_t, d::no_transform>,
                          cudaFuncAttributePreferredSharedMemoryCarveout, percent));
}

int main() {
  pairing_setup();
#if PROBE == 52
  data<float> f(22);
  in_rounds(3, [&] {
    solo("empty 1x32", [] { empty_k<<<1, 32>>>(); });
    solo("empty 132x256", [] { empty_k<<<132, 256>>>(); });
    solo("empty 256x256", [] { empty_k<<<256, 256>>>(); });
    solo("empty 132x512", [] { empty_k<<<132, 512>>>(); });
    solo("empty 264x512", [] { empty_k<<<264, 512>>>(); });
    solo("empty 396x256", [] { empty_k<<<396, 256>>>(); });
    solo("empty 792x256", [] { empty_k<<<792, 256>>>(); });
    solo("empty 396x512", [] { empty_k<<<396, 512>>>(); });
    solo("empty 528x512", [] { empty_k<<<528, 512>>>(); });
    for (int carveout : {-1, 0, 100}) {
      CK(cudaFuncSetAttribute(shared_k, cudaFuncAttributePreferredSharedMemoryCarveout, carveout));
      const std::string name = "shared 16KiB 1x256 carveout " + std::to_string(carveout);
      solo(name.c_str(), [] { shared_k<<<1, 256>>>(sink); });
    }
    const auto* words = reinterpret_cast<const uint4*>(f.in);
    solo("touch 1x256 (4 KiB)", [&] { touch_k<<<1, 256>>>(words, sink); });
    solo("touch 256x256 (1 MiB)", [&] { touch_k<<<256, 256>>>(words, sink); });
    row<D>("default-workspace", f, 10);
    row<D>("default-workspace", f, 20);
    row<D>("default-workspace", f, 22);
    for (int carveout : {-1, 0, 100}) {
      set_carveout<polled<v4, 256>>(carveout);
      set_carveout<polled<v4, 512>>(carveout);
      const std::string c = " carveout " + std::to_string(carveout);
      row<polled<v4, 256>>(("vec4-striped/shuffle/polled/b256" + c).c_str(), f, 20);
      row<polled<v4, 512>>(("vec4-striped/shuffle/polled/b512" + c).c_str(), f, 22);
    }
    set_carveout<polled<v4, 256>>(-1);
    set_carveout<polled<v4, 512>>(-1);
  });
#elif PROBE == 53 || PROBE == 54
  data<float> f(24);
  const auto* words = reinterpret_cast<const uint4*>(f.in);
#if PROBE == 53
  in_rounds(3, [&] {
    solo("empty 1x32", [] { empty_k<<<1, 32>>>(); });
    solo("touch 1x256 (4 KiB)", [&] { touch_k<<<1, 256>>>(words, sink); });
    with_and_without_combine<256>(f, 20);
    with_and_without_combine<512>(f, 22);
    with_and_without_combine<512>(f, 24);
    for (int lg : {20, 22, 24}) row<D>("default-workspace", f, lg);
  });
#else
  data<double> d(20);
  in_rounds(3, [&] {
    solo("empty 256x512", [] { empty_k<<<256, 512>>>(); });
    solo("touch 1x256 (4 KiB)", [&] { touch_k<<<1, 256>>>(words, sink); });
    with_and_without_combine<512>(f, 21);
    with_and_without_combine<512>(d, 20);
    row<D>("default-workspace", f, 21);
    row<D>("default-workspace", d, 20);
  });
#endif
#elif PROBE == 55
  data<float> f(22);
  data<double> d(22);
  for (int lg = 19; lg <= 22; ++lg) row<D>("default-workspace", d, lg);
  for (int lg : {20, 22}) row<D>("default-workspace", f, lg);
#elif PROBE == 56
  data<float> f(24);
  data<double> d(20);
  for (int lg : {20, 22, 24}) row<D>("default-workspace", f, lg);
  row<D>("default-workspace", d, 20);
  store_only<shuffled<v4, p::gridstride<>, 256>>(f, 20);
  store_only<shuffled<v4, p::gridstride<>, 512>>(f, 22);
  store_only<shuffled<v4, p::gridstride<>, 512>>(f, 24);
  store_only<shuffled<v4, p::gridstride<>, 512>>(d, 20);
#elif PROBE == 57
  data<float> f(24);
  data<double> d(21);
  for (int lg = 18; lg <= 24; ++lg) row<D>("default-workspace", f, lg);
  for (int lg : {20, 21}) row<D>("default-workspace", d, lg);
#endif
}
