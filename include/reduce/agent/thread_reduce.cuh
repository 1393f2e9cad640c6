// The agent: each thread folds its share of the input into one accumulator, following a Load policy.
// A block walks tiles first_tile, first_tile + tile_stride, ... (one tile for multipass and atomic grids,
// a grid-stride loop for the others). Full tiles load without bounds checks; every load of a thread is issued
// before the first is used.
#pragma once
#include <cstdint>
#include <cuda/std/type_traits>
#include <reduce/policy/load.cuh>

#include "../detail/vector.cuh"

namespace reduce::detail {

// Pairwise fold of a thread's registers: short dependency chains, and a log-depth rounding error.
template <int N, class Acc, class Op>
__device__ __forceinline__ Acc fold(const Acc (&v)[N], Op op) {
  if constexpr (N == 1) {
    return v[0];
  } else {
    Acc r[(N + 1) / 2];
#pragma unroll
    for (int i = 0; i < N / 2; ++i) r[i] = op(v[2 * i], v[2 * i + 1]);
    if constexpr (N % 2) r[N / 2] = v[N - 1];
    return fold(r, op);
  }
}

template <class Load, int Block>
struct agent {
  static constexpr int items = Load::items;
  static constexpr bool is_blocked = cuda::std::is_same_v<typename Load::arrangement, policy::blocked>;

  // Offset, within a tile of units, of this thread's j-th unit.
  __device__ static std::uint64_t offset(unsigned tid, int j) {
    return is_blocked ? std::uint64_t(tid) * items + j : tid + std::uint64_t(j) * Block;
  }

  // Units (elements, or 16-byte vectors for a vector Load) of the tiled body of n elements at `in`.
  template <class T>
  __host__ __device__ static std::uint64_t units(const T* in, std::uint64_t n) {
    if constexpr (Load::vectorized) return split_for_vectors(in, n).vectors;
    return n;
  }
  static constexpr std::uint64_t tile_units = std::uint64_t(Block) * items;

  // Folds `units` units of U (each converted by `read` to Acc) from tiles first, first+stride, ...
  template <class Acc, class U, class Read, class Op>
  __device__ static Acc walk_units(const U* in, std::uint64_t count, std::uint64_t first, std::uint64_t stride,
                                   Read read, Op op) {
    Acc acc = op.template identity<Acc>();
    const unsigned tid = threadIdx.x;
    for (std::uint64_t t = first; t * tile_units < count; t += stride) {
      const U* base = in + t * tile_units;
      if ((t + 1) * tile_units <= count) {
        U u[items];
#pragma unroll
        for (int j = 0; j < items; ++j) u[j] = base[offset(tid, j)];
        Acc a[items];
#pragma unroll
        for (int j = 0; j < items; ++j) a[j] = read(u[j]);
        acc = op(acc, fold(a, op));
      } else {
        const std::uint64_t left = count - t * tile_units;
#pragma unroll
        for (int j = 0; j < items; ++j) {
          const std::uint64_t i = offset(tid, j);
          if (i < left) acc = op(acc, read(base[i]));
        }
      }
    }
    return acc;
  }

  // This thread's partial over n elements at `in`.
  template <class Acc, class T, class Op>
  __device__ static Acc walk(const T* in, std::uint64_t n, std::uint64_t first, std::uint64_t stride, Op op) {
    if constexpr (Load::vectorized) {
      using V = vec16<T>;
      const vector_split sp = split_for_vectors(in, n);
      Acc acc = walk_units<Acc>(
          reinterpret_cast<const V*>(in + sp.head), sp.vectors, first, stride,
          [op](const V& x) {
            Acc e[V::size];
#pragma unroll
            for (int k = 0; k < V::size; ++k) e[k] = Acc(x.v[k]);
            return fold(e, op);
          },
          op);
      // Head and tail (under 16 bytes each) go to thread 0 of the block that owns tile 0: it always owns an
      // output, also with BlockFinish none.
      if (first == 0 && threadIdx.x == 0) {
        for (unsigned i = 0; i < sp.head; ++i) acc = op(acc, Acc(in[i]));
        for (unsigned i = 0; i < sp.tail; ++i) acc = op(acc, Acc(in[n - sp.tail + i]));
      }
      return acc;
    } else {
      return walk_units<Acc>(
          in, n, first, stride, [](const T& x) { return Acc(x); }, op);
    }
  }
};

}  // namespace reduce::detail
