// The agent: each thread folds its share of the input into one accumulator, following a Load policy.
// A block walks tiles first, first + stride, ... (exactly one for a tile_per_block walk, a grid-stride loop for the
// others). In every tile every load of a thread is issued before the first is used. Offsets are of type I: 32-bit
// where the input fits (index32_limit), else 64-bit.
#pragma once
#include <cstdint>
#include <cuda/std/type_traits>
#include <reduce/policy/load.cuh>

#include "transform.cuh"
#include "vector.cuh"
#include "vector_fold.cuh"

namespace reduce::detail {

// Inputs of up to this many elements run kernels with 32-bit offsets (fewer registers, cheaper address arithmetic);
// longer ones get a 64-bit instantiation. Every offset a kernel forms stays below count + one tile < 2^32.
inline constexpr std::uint64_t index32_limit = (std::uint64_t(1) << 31) - 1;
__host__ __device__ constexpr bool fits_32bit_offsets(std::uint64_t n) { return n <= index32_limit; }

template <class Load, int Block>
struct agent {
  static constexpr int items = Load::items;
  static constexpr bool is_blocked = cuda::std::is_same_v<typename Load::arrangement, policy::blocked>;

  // Offset, within a tile of units, of this thread's j-th unit.
  template <class I>
  __device__ static I offset(unsigned tid, int j) {
    return is_blocked ? I(tid) * items + j : tid + I(j) * Block;
  }

  // A vector Load reads 16-byte vectors of T where the one vector rule allows (detail/vector.cuh: the size divides 16
  // bytes and equals the alignment); other elements (a 12-byte struct, a struct of two floats at 4-byte alignment, a
  // 32-byte partial of a fused argmin/argmax in a later pass) are read one by one, with the same items and arrangement.
  template <class T>
  static constexpr bool vectors_of = loads_vectors_v<Load, T>;
  // Elements added one at a time (takes_elements<Acc>); not partials of Acc itself, which a later pass folds with the
  // op.
  template <class T, class Acc>
  static constexpr bool adds_elements = takes_elements<Acc>::value && !cuda::std::is_same_v<T, Acc>;
  // Bytes of T one thread's loads of a tile bring in: what its registers hold in flight during the walk.
  template <class T>
  static constexpr int bytes_per_thread = (vectors_of<T> ? 16 : int(sizeof(T))) * items;

  // Units (elements, or 16-byte vectors for a vector Load) of the tiled body of n elements at `in`.
  template <class T>
  __host__ __device__ static std::uint64_t units(const T* in, std::uint64_t n) {
    if constexpr (vectors_of<T>) return split_for_vectors(in, n).vectors;
    return n;
  }
  static constexpr std::uint64_t tile_units = std::uint64_t(Block) * items;
  // Tiles over n elements at `in` (at least 1).
  template <class I, class T>
  __device__ static I tiles(const T* in, I n) {
    const I u = I(units(in, n));
    return u == 0 ? I(1) : u / I(tile_units) + (u % I(tile_units) != 0);
  }

  // Folds `count` units of U (each turned into Acc by read(unit, unit index)) from tiles first, first+stride, ...
  // Full tiles and the last, partial one take the same path: a thread's units past the end load nothing and fold as
  // the identity, so one copy of the loop body serves every tile (a second copy for the last tile is more code for
  // the instruction cache to fetch before the first load, which small inputs pay in full). Every load is issued before
  // the first is used. OneTile: the launch gives each block exactly tile `first` (a tile_per_block walk, or one block
  // over one tile), so the body runs once with no loop test before its loads.
  template <class Acc, bool OneTile, bool InOrder, class I, class U, class Read, class Op>
  __device__ static Acc walk_units(const U* in, I count, I first, I stride, Read read, Op op) {
    Acc acc = op.template identity<Acc>();
    const unsigned tid = threadIdx.x;
    constexpr I tile = I(tile_units);
    const I tiles = count / tile + (count % tile != 0);
    for (I t = first; OneTile || t < tiles; t += stride) {
      const U* base = in + t * tile;
      const I left = count - t * tile;  // at least a tile but in the last (0 in a one-tile launch with no unit)
      U u[items];
#pragma unroll
      for (int j = 0; j < items; ++j)
        if (offset<I>(tid, j) < left) u[j] = base[offset<I>(tid, j)];
      Acc a[items];
#pragma unroll
      for (int j = 0; j < items; ++j) {
        const I i = offset<I>(tid, j);
        a[j] = i < left ? read(u[j], t * tile + i) : op.template identity<Acc>();
      }
      acc = op(acc, fold(a, fold_combine<InOrder>(op)));  // the op in full here: acc may still be the identity
      if constexpr (OneTile) break;
    }
    return acc;
  }

  // The walk of an accumulator that takes elements (takes_elements<Acc>: its result does not depend on their order):
  // read(unit, unit index, out) writes a unit's PerUnit elements, as the accumulator's value type, to out, and they
  // are added to the thread's accumulator. A thread's whole share of a tile is added in one call (one test of the
  // window for all its elements); only a partial last tile adds unit by unit. The additions are a long dependent
  // chain, so a grid-stride walk issues the next tile's loads before adding this tile's elements: each warp keeps
  // loads in flight while it adds.
  template <class Acc, bool OneTile, int PerUnit, class I, class U, class Read, class Op>
  __device__ static Acc add_units(const U* in, I count, I first, I stride, Read read, Op op) {
    using E = value_type_of_t<Acc>;
    Acc acc = op.template identity<Acc>();
    const unsigned tid = threadIdx.x;
    constexpr I tile = I(tile_units);
    const I tiles = count / tile + (count % tile != 0);
    const auto load = [&](I t, U(&u)[items]) {
      const I left = count - t * tile;
#pragma unroll
      for (int j = 0; j < items; ++j)
        if (offset<I>(tid, j) < left) u[j] = in[t * tile + offset<I>(tid, j)];
    };
    U u[items];
    if (OneTile || first < tiles) load(first, u);
    for (I t = first; OneTile || t < tiles; t += stride) {
      U next[items];
      if (!OneTile && t + stride < tiles) load(t + stride, next);
      const I left = count - t * tile;
      if (offset<I>(tid, items - 1) < left) {
        E v[items * PerUnit];
#pragma unroll
        for (int j = 0; j < items; ++j) read(u[j], t * tile + offset<I>(tid, j), v + j * PerUnit);
        acc.add(v);
      } else {
#pragma unroll
        for (int j = 0; j < items; ++j)
          if (offset<I>(tid, j) < left) {
            E w[PerUnit];
            read(u[j], t * tile + offset<I>(tid, j), w);
            acc.add(w);
          }
      }
      if constexpr (OneTile) {
        break;
      } else {
#pragma unroll
        for (int j = 0; j < items; ++j) u[j] = next[j];
      }
    }
    return acc;
  }

  // This thread's partial over n elements at `in`, each element transformed by `tr` (detail/transform.cuh). OneTile:
  // as walk_units.
  template <class Acc, bool OneTile, class I, class T, class Op, class Tr>
  __device__ static Acc walk(const T* in, I n, I first, I stride, Op op, Tr tr) {
    if constexpr (vectors_of<T>) {
      using V = vec16<T>;
      const vector_split<I> sp = split_for_vectors(in, n);
      const I head = I(sp.head), tail = I(sp.tail);
      // Head and tail (under 16 bytes each) go to thread 0 of the block that owns tile 0: it always owns an output,
      // also with BlockFinish none. For elements of 4 bytes or more (at most 3 + 3, held in registers) their loads
      // are issued before the body's, so an unaligned input pays no extra memory round trip after the body; they are
      // still folded after the body, in element order. In a one-tile walk the loads are predicated, with no branch
      // before the body's loads (a branch there delays them); in a grid-stride walk a branch keeps them out of the
      // loop's registers (predicated there, they raise the loop's register count and some kernels spill).
      const bool edges = first == 0 && threadIdx.x == 0;
      constexpr int early = sizeof(T) >= 4 ? V::size - 1 : 0;
      T edge[2 * early + 1];
      if (OneTile || edges) {
#pragma unroll
        for (int k = 0; k < early; ++k) {
          if (edges && I(k) < head) edge[k] = in[k];
          if (edges && I(k) < tail) edge[early + k] = in[n - tail + k];
        }
      }
      const V* body = reinterpret_cast<const V*>(in + sp.head);
      Acc acc = [&] {
        if constexpr (adds_elements<T, Acc>)
          return add_units<Acc, OneTile, V::size>(
              body, I(sp.vectors), first, stride,
              [tr, head](const V& x, I unit, value_type_of_t<Acc>* out) {
                transformed_elements(x.v, I(head + unit * V::size), tr, out);
              },
              op);
        else
          return walk_units<Acc, OneTile, positional<Tr>::value>(
              body, I(sp.vectors), first, stride,
              [op, tr, head](const V& x, I unit) { return vector_fold<Acc>(x, I(head + unit * V::size), op, tr); }, op);
      }();
      if (edges) {
        if constexpr (early > 0) {
#pragma unroll
          for (int k = 0; k < early; ++k)
            if (I(k) < head) acc = op(acc, transformed<Acc>(tr, edge[k], I(k)));
#pragma unroll
          for (int k = 0; k < early; ++k)
            if (I(k) < tail) acc = op(acc, transformed<Acc>(tr, edge[early + k], n - tail + I(k)));
        } else {
          for (I i = 0; i < head; ++i) acc = op(acc, transformed<Acc>(tr, in[i], i));
          for (I i = n - tail; i < n; ++i) acc = op(acc, transformed<Acc>(tr, in[i], i));
        }
      }
      return acc;
    } else if constexpr (adds_elements<T, Acc>) {
      return add_units<Acc, OneTile, 1>(
          in, n, first, stride,
          [tr](const T& x, I i, value_type_of_t<Acc>* out) { *out = transformed<value_type_of_t<Acc>>(tr, x, i); }, op);
    } else {
      return walk_units<Acc, OneTile, positional<Tr>::value>(
          in, n, first, stride, [tr](const T& x, I i) { return transformed<Acc>(tr, x, i); }, op);
    }
  }
};

}  // namespace reduce::detail
