// column_walk's path for a dense matrix no wider than a 16-byte vector (ld == columns, the columns dividing the
// vector's V elements, the input 16-byte aligned): the matrix is one contiguous array, each of its vectors holding
// V / columns whole rows, so it is read as a flat array, every load a full 16 bytes (the column walk would give a
// lane one column of 4 or 8 bytes a row). Block b takes a contiguous run of the vectors, its threads striped over
// the run, K vectors in flight a thread. A thread keeps V accumulators, one per place in the vector: place e of
// vector g is element g * V + e, row (g * V + e) / columns, column e % columns (columns divide V). At the end the
// thread folds places e, e + columns, ... into place e % columns (place order), the warp's lanes meet through
// shuffles and the block's warps in warp order per column, and the block writes its result per column; the column
// walk then folds the blocks' results, a matrix of blocks rows. The elements past the last whole vector (fewer than
// V) go to the last block's first thread, after its vectors. Every order is fixed by the shape and the grid (the
// kernel's occupancy on the GPU's SM count): bitwise the same on every run of a call on one GPU.
// H100, 2026-11-28, 2^27 x 2 floats: 355 µs; torch.sum(dim=0) 355 and CUB 3.5.0 through a transposed iterator 75922
// in the same run; the column walk's vectors took 412 in the run before.
#pragma once
#include <cuda_runtime.h>

#include "../vector.cuh"
#include "../warp_reduce.cuh"
#include "segments.cuh"

namespace reduce::detail {

// The flat view: count vectors (whole ones; tail elements after them), `columns` (a power of two dividing V), each
// block `span` vectors (the last block fewer), a multiple of the block's threads.
struct packed_columns {
  std::uint64_t vectors, span;
  unsigned columns, log2_columns, tail;
};

// Whether a call takes the flat path: Vec Loads, the input aligned, the matrix dense and no wider than a vector.
template <class T>
inline bool packs(const T* in, const column_segments& segs) {
  constexpr std::uint64_t V = 16 / sizeof(T);
  return reinterpret_cast<std::uintptr_t>(in) % 16 == 0 && segs.one_matrix() && segs.ld == segs.count &&
         segs.count <= V && V % segs.count == 0 && segs.rows > 0;
}

template <class Cfg, class T, class Acc, class Op, class Tr>
__global__ void __launch_bounds__(Cfg::block)
    packed_column_kernel(const T* in, packed_columns p, Acc* out, Op op, Tr tr) {
  constexpr int K = Cfg::load::items, V = int(16 / sizeof(T)), W = Cfg::block / 32;
  __shared__ alignas(Acc) unsigned char raw[W * sizeof(Acc)];  // raw bytes: Acc may have initialisers
  Acc* const parts = reinterpret_cast<Acc*>(raw);
  const vec16<T>* const vin = reinterpret_cast<const vec16<T>*>(in);
  const std::uint64_t v0 = std::uint64_t(blockIdx.x) * p.span;
  const std::uint64_t v1 = p.vectors - v0 < p.span ? p.vectors : v0 + p.span;
  auto row = [&](std::uint64_t i) { return i >> p.log2_columns; };  // element i's row
  Acc acc[V];
#pragma unroll
  for (int e = 0; e < V; ++e) acc[e] = op.template identity<Acc>();
  for (std::uint64_t g = v0 + threadIdx.x; g < v1; g += std::uint64_t(Cfg::block) * K) {
    vec16<T> x[K];
#pragma unroll
    for (int k = 0; k < K; ++k)
      if (g + k * Cfg::block < v1) x[k] = vin[g + k * Cfg::block];
#pragma unroll
    for (int k = 0; k < K; ++k)
      if (g + k * Cfg::block < v1)
#pragma unroll
        for (int e = 0; e < V; ++e)
          acc[e] = op(acc[e], transformed<Acc>(tr, x[k].v[e], row((g + k * Cfg::block) * V + e)));
  }
  if (blockIdx.x == gridDim.x - 1 && threadIdx.x == 0)
    for (unsigned e = 0; e < p.tail; ++e) {
      const std::uint64_t i = p.vectors * V + e;
      acc[e] = op(acc[e], transformed<Acc>(tr, in[i], row(i)));
    }
#pragma unroll
  for (int c = 0; c < V; ++c)  // compile-time indices only: a register array indexed at run time would go to memory
#pragma unroll
    for (int e = c + 1; e < V; ++e)
      if (c < int(p.columns) && (e & (p.columns - 1)) == unsigned(c)) acc[c] = op(acc[c], acc[e]);
  const unsigned lane = threadIdx.x % 32, w = threadIdx.x / 32;
#pragma unroll
  for (int c = 0; c < V; ++c) {
    if (c >= int(p.columns)) break;  // the same in every thread
    const Acc v = warp_reduce<32>(acc[c], op);
    if (lane == 0) parts[w] = v;
    __syncthreads();
    if (threadIdx.x == 0) {
      Acc r = parts[0];
      for (int i = 1; i < W; ++i) r = op(r, parts[i]);
      store_words(out + std::uint64_t(blockIdx.x) * p.columns + c, r);
    }
    __syncthreads();  // parts is reused by the next column
  }
}

// The flat view of a call that packs, for `blocks` blocks at most (each but the last at least four steps of K vectors a
// thread, where there are that many).
template <class Cfg, class T>
packed_columns packed_view(const column_segments& segs, std::uint64_t blocks) {
  constexpr std::uint64_t V = 16 / sizeof(T), step = std::uint64_t(Cfg::block) * Cfg::load::items;
  const std::uint64_t n = segs.rows * segs.count, vectors = n / V;
  std::uint64_t b = vectors / (4 * step);
  b = b < 1 ? 1 : b > blocks ? blocks : b;
  const std::uint64_t span = ((vectors + b - 1) / b + Cfg::block - 1) / Cfg::block * Cfg::block;
  unsigned log2 = 0;
  while ((1ull << log2) < segs.count) ++log2;
  return {vectors, span ? span : Cfg::block, unsigned(segs.count), log2, unsigned(n % V)};
}
inline std::uint64_t packed_blocks(const packed_columns& p) {
  const std::uint64_t b = (p.vectors + p.span - 1) / p.span;
  return b < 1 ? 1 : b;
}

}  // namespace reduce::detail
