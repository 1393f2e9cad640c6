// What the stand-alone bench programs (bench/nccl, bench/segmented) share: a CUDA call checked (a failure prints the
// call and exits 1), and the L2 flush before every sample, by reading a buffer of at least twice the L2 (a memset
// would leave dirty lines whose write-back the next kernel pays).
#pragma once
#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>

#define BENCH_CHECK(expr)                                                                         \
  do {                                                                                            \
    const cudaError_t e_ = (expr);                                                                \
    if (e_ != cudaSuccess) {                                                                      \
      std::fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #expr, cudaGetErrorString(e_)); \
      std::exit(1);                                                                               \
    }                                                                                             \
  } while (0)

namespace bench_common {

// Reads the whole buffer; `never` is a value the XOR of the words never takes, so the load is not optimised away.
static __global__ void flush_read(const uint4* p, std::size_t words, unsigned never, unsigned* sink) {
  unsigned acc = 0;
  for (std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x; i < words;
       i += std::size_t(gridDim.x) * blockDim.x)
    acc ^= p[i].x ^ p[i].y ^ p[i].z ^ p[i].w;
  if (acc == never) *sink = acc;
}

}  // namespace bench_common
