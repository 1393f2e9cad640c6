// Map by_length's kernels and its host side: the three launches of segment_map<by_length>::run (by_length.cuh
// describes the passes).
#pragma once
#include <boost/mp11.hpp>

#include "../launch.cuh"
#include "by_length.cuh"

namespace reduce::detail {

// The warp pass is latency-bound on short segments, so occupancy buys speed: 4 blocks of 256 threads an SM (64
// registers) where elements take 4 bytes or less; 8-byte elements keep their registers, which 64 would spill (H100,
// 2026-11-28, A/B of the two, no CUB: offsets of 1 float, 2^28 elements, 1737 µs against 1772; argmin of floats, k =
// 256, 2^26: 174 against 218; doubles, k = 4, 2^26: 462 against 312).
template <class Cfg, class T>
constexpr int warp_pass_min_blocks = sizeof(T) <= 4 ? 1024 / Cfg::block : 1;

template <class Cfg, class T, class Acc, class Op, class Tr, class Segs>
__global__ void __launch_bounds__(Cfg::block, (warp_pass_min_blocks<Cfg, T>))
    by_length_warp_kernel(const T* in, Segs segs, Acc* out, Op op, Tr tr, long_list l, warp_step ws) {
  segment_map<policy::by_length>::warp_pass<Cfg>(in, segs, out, op, tr, l, ws);
}
template <class Cfg, class T, class Acc, class Op, class Tr, class Segs>
__global__ void __launch_bounds__(Cfg::block)
    by_length_long_kernel(const T* in, Segs segs, Acc* results, Op op, Tr tr, long_list l) {
  segment_map<policy::by_length>::long_pass<Cfg>(in, segs, results, op, tr, l);
}
template <class Cfg, class Acc, class Op, class Segs>
__global__ void __launch_bounds__(Cfg::block)
    by_length_fold_kernel(Segs segs, const Acc* results, Acc* out, Op op, long_list l) {
  segment_map<policy::by_length>::fold_pass(segs, results, out, op, l);
}

// The three launches, stream-ordered (no host synchronisation: a graph may capture them); the long pass's grid fills
// the GPU about once (the slots in use are known on the device only). The second and third follow the one before
// programmatically (each is scheduled while the one before drains, and waits for it before reading) where their image
// has the wait (hopper_image: an image compiled for an older architecture starts after the one before has finished).
// H100, 2026-11-28, A/B (CUB 3.5.0's hinted call over the same array in the same runs): 2^24 floats in segments of
// 2^12, 2^13, 2^16: 33.9, 36.6, 34.0 µs against 35.8, 37.8, 35.8 (CUB 25.3, 25.7, 26.7); 2^28 of 2^16: 361.9 against
// 364.3 (CUB 348.2).
struct by_length_long_pass;  // keys of hopper_image's cache, one per kernel
struct by_length_fold_pass;
template <class Cfg, class T, class Acc, class Op, class Tr, class Segs>
cudaError_t segment_map<policy::by_length>::run(const T* in, const Segs& segs, Acc* out, Op op, Tr tr, void* scratch,
                                                cudaStream_t stream) {
  if (segs.count == 0) return cudaSuccess;
  const long_list l = list_for(segs.count, scratch);
  Acc* results = reinterpret_cast<Acc*>(static_cast<unsigned char*>(scratch) + l.results_at());
  int sms = 0;
  if (cudaError_t e = per_device_value(
          sms, [](int dev, int& v) { return cudaDeviceGetAttribute(&v, cudaDevAttrMultiProcessorCount, dev); }))
    return e;
  // Every query before the first launch: a failed one leaves nothing half done.
  const auto long_kernel = by_length_long_kernel<Cfg, T, Acc, Op, Tr, Segs>;
  const auto fold_kernel = by_length_fold_kernel<Cfg, Acc, Op, Segs>;
  bool long_waits = false, fold_waits = false;
  if (cudaError_t e =
          hopper_image<boost::mp11::mp_list<by_length_long_pass, Cfg, T, Acc, Op, Tr, Segs>>(long_kernel, long_waits))
    return e;
  if (cudaError_t e =
          hopper_image<boost::mp11::mp_list<by_length_fold_pass, Cfg, Acc, Op, Segs>>(fold_kernel, fold_waits))
    return e;
  if (cudaError_t e = cudaMemsetAsync(scratch, 0, 16, stream)) return e;  // the two counters
  const warp_step ws = warp_step_for(segs.count);
  const std::uint64_t per_block = std::uint64_t(Cfg::block / 32) * ws.width * ws.batches;
  by_length_warp_kernel<Cfg><<<capped_blocks((segs.count + per_block - 1) / per_block), Cfg::block, 0, stream>>>(
      in, segs, out, op, tr, l, ws);
  if (cudaError_t e = cudaGetLastError()) return e;
  cudaLaunchAttribute attribute{};
  attribute.id = cudaLaunchAttributeProgrammaticStreamSerialization;
  cudaLaunchConfig_t config{};
  config.blockDim = dim3(Cfg::block);
  config.stream = stream;
  config.attrs = &attribute;
  config.numAttrs = 1;
  const std::uint64_t wave = std::uint64_t(sms) * (2048 / Cfg::block);
  config.gridDim = dim3(unsigned(wave < l.max_slots ? wave : l.max_slots));
  attribute.val.programmaticStreamSerializationAllowed = long_waits;
  if (cudaError_t e = cudaLaunchKernelEx(&config, long_kernel, in, segs, results, op, tr, l)) return e;
  config.gridDim = dim3(unsigned((l.max_entries + Cfg::block - 1) / Cfg::block));
  attribute.val.programmaticStreamSerializationAllowed = fold_waits;
  return cudaLaunchKernelEx(&config, fold_kernel, segs, results, out, op, l);
}

}  // namespace reduce::detail
