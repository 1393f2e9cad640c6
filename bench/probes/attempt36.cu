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

template <int ILP, bool Hint>
__global__ void read_k(const uint4* in, size_t words, unsigned* sink) {
  const size_t stride = size_t(gridDim.x) * blockDim.x;
  size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x;
  unsigned x = 0;
  for (; i + (ILP - 1) * stride < words; i += ILP * stride) {
    uint4 w[ILP];
#pragma unroll
    for (int k = 0; k < ILP; ++k) w[k] = load16<Hint>(in + i + k * stride);
#pragma unroll
    for (int k = 0; k < ILP; ++k) x ^= w[k].x ^ w[k].y ^ w[k].z ^ w[k].w;
  }
  for (; i < words; i += stride) {
    const uint4 w = load16<Hint>(in + i);
    x ^= w.x ^ w.y ^ w.z ^ w.w;
  }
  if (x == 0x9e3779b9u) *sink = x;
}

// The bare read of 2^lg floats with ILP loads in flight per thread, per_sm blocks of Block threads a SM.
template <int ILP, bool Hint>
void bare_read(const float* in, int lg, int per_sm, int block) {
  int sms = 0;
  CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  const size_t words = (size_t(1) << lg) / 4;
  const std::string name = std::string("read ") + (Hint ? "nc.L2::256B" : "plain") + " ilp" + std::to_string(ILP) +
                           " " + std::to_string(per_sm) + "x" + std::to_string(block) + "/SM 2^" + std::to_string(lg);
  solo(
      name.c_str(),
      [&] { read_k<ILP, Hint><<<sms * per_sm, block>>>(reinterpret_cast<const uint4*>(in), words, sink); },
      4.0 * words * 4);
}

int main() {
  pairing_setup();
#if PROBE == 58
  data<float> f(24);
  data<double> d(20);
  for (int lg : {20, 21, 22, 23, 24}) rows(f, lg);
  rows(d, 20);
#elif PROBE == 59
  data<float> f(30);
  in_rounds(3, [&] {
    for (int lg : {28, 30}) {
      const size_t n = size_t(1) << lg;
      const std::string at = " 2^" + std::to_string(lg);
      solo(("cub" + at).c_str(), [&] { CK(cub::DeviceReduce::Sum(f.cub_tmp, f.cub_bytes, f.in, f.out, n)); }, 4.0 * n);
      solo(("default-workspace" + at).c_str(),
           [&] { CK(reduce::device_reduce<reduce::default_config>(f.ws, f.in, f.out, n)); }, 4.0 * n);
      row<reduce::default_config>("default-workspace", f, lg);
    }
    for (auto [per_sm, block] : {std::pair{8, 256}, {4, 512}, {2, 1024}, {4, 256}, {2, 512}, {1, 1024}}) {
      bare_read<4, false>(f.in, 30, per_sm, block);
      bare_read<8, false>(f.in, 30, per_sm, block);
      bare_read<4, true>(f.in, 30, per_sm, block);
      bare_read<8, true>(f.in, 30, per_sm, block);
    }
  });
#endif
}
