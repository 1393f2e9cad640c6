// Map column_walk: the columns of a row-major matrix. A warp covers cw adjacent columns (cw: the column count rounded
// up to a power of two, at most 32) and 32 / cw rows at a time, so each of its loads is one run of a row (or of
// 32 / cw adjacent rows where the matrix is narrow and dense); the block's warps take interleaved rows of the block's
// chunk of rows, K rows a lane in flight per step (K: the scalar Load's items). The lanes of one column meet through
// warp shuffles, the warps through shared memory in warp order. Where the rows are split into several chunks (so that
// narrow matrices still fill the GPU), each chunk stores one result per column and a second pass of the same walk
// folds those chunk results, a matrix of chunks rows. Every combine is in an order fixed by the shape and the device's
// SM count: bitwise the same on every run.
#pragma once
#include <cuda_runtime.h>

#include "../per_device.cuh"
#include "../storage.cuh"
#include "../warp_reduce.cuh"
#include "segments.cuh"

namespace reduce::detail {

__host__ __device__ inline unsigned columns_per_warp(std::uint64_t columns) {
  unsigned cw = 1;
  while (cw < 32 && cw < columns) cw *= 2;
  return cw;
}

template <>
struct segment_map<policy::column_walk> {
  template <class Cfg, class T, class Acc, class Op, class Tr>
  __device__ static void reduce(const T* in, const column_segments& segs, Acc* out, Op op, const Tr& tr) {
    constexpr int K = Cfg::load::items, W = Cfg::block / 32;
    __shared__ alignas(Acc) unsigned char raw[W * 32 * sizeof(Acc)];  // raw bytes: Acc may have initialisers
    Acc* parts = reinterpret_cast<Acc*>(raw);
    const unsigned cw = columns_per_warp(segs.count), lane = threadIdx.x % 32, w = threadIdx.x / 32;
    const std::uint64_t col_blocks = (segs.count + cw - 1) / cw, step = std::uint64_t(W) * (32 / cw);
    const std::uint64_t r0 = std::uint64_t(blockIdx.y) * segs.chunk_rows;
    const std::uint64_t r1 = segs.rows - r0 < segs.chunk_rows ? segs.rows : r0 + segs.chunk_rows;
    for (std::uint64_t cb = blockIdx.x; cb < col_blocks; cb += gridDim.x) {
      const std::uint64_t c = cb * cw + lane % cw;
      Acc acc = op.template identity<Acc>();
      if (c < segs.count) {
        for (std::uint64_t r = r0 + w * (32 / cw) + lane / cw; r < r1; r += step * K) {
          T x[K];
#pragma unroll
          for (int k = 0; k < K; ++k)
            if (r + k * step < r1) x[k] = in[(r + k * step) * segs.ld + c];
#pragma unroll
          for (int k = 0; k < K; ++k)
            if (r + k * step < r1) acc = op(acc, transformed<Acc>(tr, x[k], r + k * step));
        }
      }
      for (unsigned offset = cw; offset < 32; offset *= 2) acc = op(acc, shfl_down(acc, int(offset)));
      if (lane < cw) parts[w * 32 + lane] = acc;
      __syncthreads();
      if (w == 0 && lane < cw && c < segs.count) {
        Acc v = parts[lane];
        for (int i = 1; i < W; ++i) v = op(v, parts[i * 32 + lane]);
        store_words(out + std::uint64_t(blockIdx.y) * segs.count + c, v);
      }
      __syncthreads();  // parts is reused by the next column block
    }
  }

  // The split of the rows: enough chunks that the blocks fill the GPU about twice, each chunk at least four steps of
  // the walk deep, at most 65535 (the grid's y).
  template <class Cfg>
  static cudaError_t chunks(const column_segments& segs, std::uint64_t& chunks) {
    int sms = 0;
    if (cudaError_t e = per_device_value(
            sms, [](int dev, int& v) { return cudaDeviceGetAttribute(&v, cudaDevAttrMultiProcessorCount, dev); }))
      return e;
    const std::uint64_t cw = columns_per_warp(segs.count), col_blocks = (segs.count + cw - 1) / cw;
    const std::uint64_t wanted = 2 * std::uint64_t(sms) * (2048 / Cfg::block);
    const std::uint64_t depth = std::uint64_t(Cfg::block / 32) * (32 / cw) * Cfg::load::items * 4;
    std::uint64_t k = (wanted + col_blocks - 1) / col_blocks;
    const std::uint64_t deepest = (segs.rows + depth - 1) / depth;
    if (k > deepest) k = deepest;
    chunks = k < 1 ? 1 : k > 65535 ? 65535 : k;
    return cudaSuccess;
  }
  template <class Cfg, class Acc>
  static cudaError_t storage(const column_segments& segs, std::size_t& bytes) {
    std::uint64_t k = 1;
    if (cudaError_t e = chunks<Cfg>(segs, k)) return e;
    bytes = k > 1 ? std::size_t(k * segs.count * sizeof(Acc)) : 0;
    return cudaSuccess;
  }

  template <class Cfg, class T, class Acc, class Op, class Tr>
  static cudaError_t run(const T* in, column_segments segs, Acc* out, Op op, Tr tr, void* scratch,
                         cudaStream_t stream) {
    if (segs.count == 0) return cudaSuccess;
    std::uint64_t k = 1;
    if (cudaError_t e = chunks<Cfg>(segs, k)) return e;
    const std::uint64_t cw = columns_per_warp(segs.count);
    const dim3 grid(capped_blocks((segs.count + cw - 1) / cw), unsigned(k));
    segs.chunk_rows = (segs.rows + k - 1) / k;
    Acc* first = k > 1 ? static_cast<Acc*>(scratch) : out;
    segmented_kernel<Cfg, T, Acc, Op, Tr, column_segments><<<grid, Cfg::block, 0, stream>>>(in, segs, first, op, tr);
    if (cudaError_t e = cudaGetLastError()) return e;
    if (k == 1) return cudaSuccess;
    // The chunks' results: a matrix of k rows and segs.count columns, walked again.
    const column_segments fold{k, segs.count, segs.count};
    segmented_kernel<Cfg, Acc, Acc, Op, no_transform, column_segments>
        <<<dim3(grid.x, 1), Cfg::block, 0, stream>>>(first, fold, out, op, no_transform{});
    return cudaGetLastError();
  }
};

}  // namespace reduce::detail
