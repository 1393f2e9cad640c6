// Probe 58 of attempt 36 (docs/perf-attempts-36.md), outside the CMake build; the harness is pairing.cuh:
//   nvcc -O3 -arch=sm_90 -std=c++17 -Iinclude -Ipolicies -DPROBE=58 -DVARIANT='"p58"' bench/probes/attempt36.cu
// PROBE=58: one block per SM. Grid polled on a grid of 132 blocks (both GPUs have 132 SMs) with 64 or 128 bytes in
// flight per thread and tile (vec4 b1024, vec8 b512, vec16 b256), beside the default on a workspace, float 2^20..2^24
// and double 2^20, each paired with CUB. Built against the library and against a copy with
// attempt35-warps-fold.patch applied (as few warps as hold every slot poll and fold; on 132 blocks that is one warp
// with at most five slots a lane, so no block reduction after the last mark), run alternately.
// PROBE=59: the read ceiling at 2^30 (4 GiB): a bare streaming read (16-byte loads, ILP of them in flight per thread,
// grid-stride, the words XORed and stored only under a test that never holds), plain or with
// ld.global.nc.L1::no_allocate.L2::256B, on grids of 1 to 8 blocks a SM, timed as the bench times, with its rate and
// share of the theoretical bandwidth; beside them CUB and the default alone (with rates) and paired, at 2^28 and 2^30.
// PROBE=60: the same rows for CUB and the default, beside bare reads of 2^28 and 2^30 in three orders (see `order`):
// the thread-level stride, the default's tiles, and a contiguous slice of tiles per block, 3 x 512 and 2 x 1024 a SM.
#include "pairing.cuh"

template <class Load, int Block>
using per_sm = shuffled<Load, p::polled<132>, Block>;

template <class T>
void rows(data<T>& d, int lg) {
  row<reduce::default_config>("default-workspace", d, lg);
  row<per_sm<p::vector<4>, 1024>>("vec4 polled132 b1024", d, lg);
  row<per_sm<p::vector<8>, 512>>("vec8 polled132 b512", d, lg);
  row<per_sm<p::vector<16>, 256>>("vec16 polled132 b256", d, lg);
}

template <bool Hint>
__device__ uint4 load16(const uint4* p) {
  if constexpr (!Hint) return *p;
  uint4 w;
  asm volatile("ld.global.nc.L1::no_allocate.L2::256B.v4.u32 {%0, %1, %2, %3}, [%4];"
               : "=r"(w.x), "=r"(w.y), "=r"(w.z), "=r"(w.w)
               : "l"(p));
  return w;
}

// The order a bare read walks its input in. threads: thread-level grid stride, the ILP loads of a thread a grid's
// stride apart. tiles: the default's order, tiles of Block x ILP 16-byte words, tile t to block t % grid, each
// thread's loads a block apart within its tile. slices: the same tiles, a contiguous run of them to each block.
enum class order { threads, tiles, slices };

// At most 32 registers, so that two blocks of 1024 fit an SM in every order.
template <int ILP, bool Hint, order O>
__global__ void __launch_bounds__(1024, 2) read_k(const uint4* in, size_t words, unsigned* sink) {
  unsigned x = 0;
  auto take = [&](const uint4& w) { x ^= w.x ^ w.y ^ w.z ^ w.w; };
  size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x;  // the start of the thread-level stride over the rest
  const size_t stride = size_t(gridDim.x) * blockDim.x;
  if constexpr (O == order::threads) {
    for (; i + (ILP - 1) * stride < words; i += ILP * stride) {
      uint4 w[ILP];
#pragma unroll
      for (int k = 0; k < ILP; ++k) w[k] = load16<Hint>(in + i + k * stride);
#pragma unroll
      for (int k = 0; k < ILP; ++k) take(w[k]);
    }
  } else {
    const size_t tile = size_t(blockDim.x) * ILP, tiles = words / tile;
    const size_t per = (tiles + gridDim.x - 1) / gridDim.x;
    const size_t first = O == order::tiles ? blockIdx.x : blockIdx.x * per;
    const size_t step = O == order::tiles ? gridDim.x : 1;
    const size_t end = O == order::tiles ? tiles : (first + per < tiles ? first + per : tiles);
    for (size_t t = first; t < end; t += step) {
      uint4 w[ILP];
#pragma unroll
      for (int k = 0; k < ILP; ++k) w[k] = load16<Hint>(in + t * tile + k * blockDim.x + threadIdx.x);
#pragma unroll
      for (int k = 0; k < ILP; ++k) take(w[k]);
    }
    i += tiles * tile;
  }
  for (; i < words; i += stride) take(load16<Hint>(in + i));
  if (x == 0x9e3779b9u) *sink = x;
}

// The bare read of 2^lg floats in order O with ILP loads in flight per thread, per_sm blocks of Block threads a SM.
template <int ILP, bool Hint, order O = order::threads>
void bare_read(const float* in, int lg, int per_sm, int block) {
  int sms = 0;
  CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  const size_t words = (size_t(1) << lg) / 4;
  const char* walk = O == order::threads ? "" : O == order::tiles ? " tiles" : " slices";
  const std::string name = std::string("read ") + (Hint ? "nc.L2::256B" : "plain") + walk + " ilp" +
                           std::to_string(ILP) + " " + std::to_string(per_sm) + "x" + std::to_string(block) + "/SM 2^" +
                           std::to_string(lg);
  solo(
      name.c_str(),
      [&] { read_k<ILP, Hint, O><<<sms * per_sm, block>>>(reinterpret_cast<const uint4*>(in), words, sink); },
      4.0 * words * 4);
}

int main() {
  pairing_setup();
#if PROBE == 58
  data<float> f(24);
  data<double> d(20);
  for (int lg : {20, 21, 22, 23, 24}) rows(f, lg);
  rows(d, 20);
#elif PROBE == 59 || PROBE == 60
  data<float> f(30);
  in_rounds(3, [&] {
    for (int lg : {28, 30}) {
      const size_t n = size_t(1) << lg;
      const std::string at = " 2^" + std::to_string(lg);
      solo(("cub" + at).c_str(), [&] { CK(cub::DeviceReduce::Sum(f.cub_tmp, f.cub_bytes, f.in, f.out, n)); }, 4.0 * n);
      solo(("default-workspace" + at).c_str(),
           [&] { CK(reduce::device_reduce<reduce::default_config>(f.ws, f.in, f.out, n)); }, 4.0 * n);
      row<reduce::default_config>("default-workspace", f, lg);
      if (PROBE == 60) {
        bare_read<4, false, order::threads>(f.in, lg, 3, 512);
        bare_read<4, false, order::tiles>(f.in, lg, 3, 512);
        bare_read<4, false, order::slices>(f.in, lg, 3, 512);
        bare_read<4, false, order::tiles>(f.in, lg, 2, 1024);
        bare_read<4, false, order::slices>(f.in, lg, 2, 1024);
      }
    }
    if (PROBE == 59)
      for (auto [per_sm, block] : {std::pair{8, 256}, {4, 512}, {2, 1024}, {4, 256}, {2, 512}, {1, 1024}}) {
        bare_read<4, false>(f.in, 30, per_sm, block);
        bare_read<8, false>(f.in, 30, per_sm, block);
        bare_read<4, true>(f.in, 30, per_sm, block);
        bare_read<8, true>(f.in, 30, per_sm, block);
      }
  });
#endif
}
