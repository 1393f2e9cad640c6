// The fold of gathered partials in rank order: one thread, a handful of values. Its cost is one launch; a wider fold
// would only add a shared-memory round trip for nranks <= 8 and would change the order of the roundings.
#pragma once
#include <cuda_runtime.h>

#include "../words.cuh"

namespace reduce::detail::nccl {

// out = parts[0] op parts[1] op ... op parts[count - 1], left to right; the op's identity for count == 0. Starting
// from parts[0] rather than the identity keeps the bits of a single partial (0.0f + -0.0f would be +0.0f).
template <class Acc, class Op>
__global__ void __launch_bounds__(32) fold_in_order(const Acc* parts, int count, Acc* out, Op op) {
  if (threadIdx.x != 0) return;
  if (count == 0) {
    store_words(out, op.template identity<Acc>());
    return;
  }
  Acc acc = parts[0];
  for (int r = 1; r < count; ++r) acc = op(acc, parts[r]);
  store_words(out, acc);
}

template <class Acc, class Op>
cudaError_t launch_fold(const Acc* parts, int count, Acc* out, Op op, cudaStream_t stream) {
  cudaLaunchConfig_t config{};
  config.gridDim = dim3(1);
  config.blockDim = dim3(32);
  config.stream = stream;
  return cudaLaunchKernelEx(&config, fold_in_order<Acc, Op>, parts, count, out, op);
}

// An empty kernel in plain stream order (not programmatic) between the collective and the one-GPU passes over the
// gathered tiles. Those passes are programmatic launches (PDL): each may be scheduled while the kernel before it
// still runs, and waits in cudaGridDependencySynchronize for that grid to complete and flush before it reads. This
// launch makes the grid right before the first pass one of ours, whatever NCCL enqueues (one kernel or several,
// copies, launch attributes of its own): it starts only once everything before it in the stream has finished, so the
// first pass never overlaps the collective's kernel, only this empty one. It costs one launch per call.
template <int = 0>
__global__ void after_collective() {}

inline cudaError_t launch_after_collective(cudaStream_t stream) {
  cudaLaunchConfig_t config{};
  config.gridDim = dim3(1);
  config.blockDim = dim3(32);
  config.stream = stream;
  return cudaLaunchKernelEx(&config, after_collective<>);
}

}  // namespace reduce::detail::nccl
