// Map column_walk: the columns of a row-major matrix, or of several side by side (a middle axis: segments.cuh). A lane
// owns a unit of adjacent columns: one column for a scalar Load, a 16-byte vector of them for a vector Load (where the
// matrix and its leading dimension keep every row's vectors aligned; else scalars). A warp covers cw adjacent units
// (cw: the unit count rounded up to a power of two, at most 32) and 32 / cw rows at a time, so each of its loads is one
// run of a row (or of 32 / cw adjacent rows where the matrix is narrow). A block's warps stand `side` by side over
// columns and the rest stacked over rows, each lane K loads in flight per step (K: the Load's items): K rows of its
// unit, or, where a lane has fewer than K rows (a wide, shallow matrix), one row of K column tiles. The lanes of one
// column meet through warp shuffles, stacked warps through shared memory in warp order. Where the rows are split into
// several chunks (so that narrow matrices still fill the GPU), each chunk stores one result per column and a second
// pass of the same walk folds those chunk results, a matrix of chunks rows. Every combine is in an order fixed by the
// call (the shape, the input's alignment and leading dimension, which pick the unit) and the device (its SM count and
// the kernel's occupancy): bitwise the same on every run of the same call on the same GPU. A dense, 16-byte aligned
// matrix whose columns divide a vector's elements is read flat by vector Loads instead (packed_columns.cuh).
#pragma once
#include <cuda_runtime.h>

#include "../per_device.cuh"
#include "../storage.cuh"
#include "../vector.cuh"
#include "../warp_reduce.cuh"
#include "packed_columns.cuh"
#include "segments.cuh"

namespace reduce::detail {

__host__ __device__ inline unsigned columns_per_warp(std::uint64_t columns) {
  unsigned cw = 1;
  while (cw < 32 && cw < columns) cw *= 2;
  return cw;
}

// The shape of a launch over a rows x units matrix (units: a lane's columns), for blocks of `block` threads whose
// lanes load `items` at a time, on a GPU that holds `resident` such blocks at once. Warps go side by side while the
// blocks still fill a wave without splitting rows (fewer shared-memory meetings, longer runs per lane), and while
// stacked warps would get fewer than `items` rows each (they would idle). The rows are then split into chunks for at
// most two waves of blocks, rounded down (a partial last wave would idle most of the GPU for a block's time), each
// chunk at least four steps deep, at most 65535 (the grid's y), and none empty: chunk k holds rows [k * chunk_rows,
// min(rows, (k + 1) * chunk_rows)).
struct column_plan {
  std::uint64_t chunks, chunk_rows;
  unsigned side;
  bool wide;
};
inline column_plan plan_columns(std::uint64_t rows, std::uint64_t units, unsigned block, unsigned items,
                                std::uint64_t resident, bool split_rows = true) {
  const unsigned warps = block / 32, cw = columns_per_warp(units);
  const std::uint64_t warp_units = (units + cw - 1) / cw;
  auto step = [&](unsigned side) { return std::uint64_t(warps / side) * (32 / cw); };
  unsigned side = 1;
  while (side < warps && ((warp_units + 2 * side - 1) / (2 * side) >= resident || step(side) * items > rows)) side *= 2;
  // A matrix of no columns still plans one column of blocks: nothing here divides by zero whatever the shape.
  const std::uint64_t col_blocks = warp_units ? (warp_units + side - 1) / side : 1, depth = step(side) * items * 4;
  std::uint64_t k = split_rows ? 2 * resident / col_blocks : 1;
  if (k > rows / depth) k = rows / depth;
  k = k < 1 ? 1 : k > 65535 ? 65535 : k;
  const std::uint64_t chunk_rows = (rows + k - 1) / k;
  if (rows) k = (rows + chunk_rows - 1) / chunk_rows;  // k chunks of chunk_rows can leave the last ones empty
  const std::uint64_t lane_rows = (chunk_rows + step(side) - 1) / step(side);
  return {k, chunk_rows, side, side == warps && lane_rows < items && col_blocks > 1};
}

// Vec: 16-byte units (the element tiles 16 bytes and is aligned to its size); U column tiles a lane, K / U rows of each
// per step.
template <bool Vec, int U, class Cfg, class T, class Acc, class Op, class Tr>
__device__ void column_walk(const T* in, const column_segments& segs, Acc* out, Op op, const Tr& tr, Acc* parts) {
  constexpr int K = Cfg::load::items, R = K / U, W = Cfg::block / 32, V = Vec ? int(16 / sizeof(T)) : 1;
  using unit = cuda::std::conditional_t<Vec, vec16<T>, T>;
  const std::uint64_t units = (segs.count + V - 1) / V;
  const unsigned cw = columns_per_warp(units), lane = threadIdx.x % 32, w = threadIdx.x / 32;
  const unsigned stacked = W / segs.side, group = w % segs.side, slot = w / segs.side;
  const std::uint64_t span = std::uint64_t(segs.side) * cw, tile = span * U, step = std::uint64_t(stacked) * (32 / cw);
  const std::uint64_t tiles = (units + tile - 1) / tile, r0 = std::uint64_t(blockIdx.y) * segs.chunk_rows;
  const std::uint64_t r1 = r0 >= segs.rows ? r0 : segs.rows - r0 < segs.chunk_rows ? segs.rows : r0 + segs.chunk_rows;
  for (std::uint64_t t = blockIdx.x; t < tiles; t += gridDim.x) {
    const std::uint64_t c = (t * tile + group * cw + lane % cw) * V;  // the lane's first column; tile u at + u*span*V
    Acc acc[U][V];
#pragma unroll
    for (int u = 0; u < U; ++u)
#pragma unroll
      for (int e = 0; e < V; ++e) acc[u][e] = op.template identity<Acc>();
    std::uint64_t start[U];  // each unit's first element (a middle axis: in its own matrix), once per tile
#pragma unroll
    for (int u = 0; u < U; ++u) start[u] = segs.start(c + u * span * V);
    for (std::uint64_t r = r0 + slot * (32 / cw) + lane / cw; r < r1; r += step * R) {
      unit x[R][U];
#pragma unroll
      for (int i = 0; i < R; ++i)
#pragma unroll
        for (int u = 0; u < U; ++u) {
          const std::uint64_t col = c + u * span * V;
          if (r + i * step >= r1 || col >= segs.count) continue;
          const T* p = in + (r + i * step) * segs.ld + start[u];
          if constexpr (Vec) {
            if (col + V <= segs.count) {
              x[i][u] = *reinterpret_cast<const unit*>(p);
            } else {  // the last unit of a row, partly past the matrix's columns
#pragma unroll
              for (int e = 0; e < V; ++e)
                if (col + e < segs.count) x[i][u].v[e] = p[e];
            }
          } else {
            x[i][u] = *p;
          }
        }
#pragma unroll
      for (int i = 0; i < R; ++i)
#pragma unroll
        for (int u = 0; u < U; ++u)
#pragma unroll
          for (int e = 0; e < V; ++e) {
            if (r + i * step >= r1 || c + u * span * V + e >= segs.count) continue;
            if constexpr (Vec)
              acc[u][e] = op(acc[u][e], transformed<Acc>(tr, x[i][u].v[e], r + i * step));
            else
              acc[u][e] = op(acc[u][e], transformed<Acc>(tr, x[i][u], r + i * step));
          }
    }
#pragma unroll
    for (int u = 0; u < U; ++u)
#pragma unroll
      for (int e = 0; e < V; ++e) {
        for (unsigned offset = cw; offset < 32; offset *= 2)
          acc[u][e] = op(acc[u][e], shfl_down(acc[u][e], int(offset)));
        const std::uint64_t col = c + u * span * V + e;
        const bool owner = lane < cw && col < segs.count;
        Acc* const dst = out + std::uint64_t(blockIdx.y) * segs.count + col;
        if (stacked == 1) {
          if (owner) store_words(dst, acc[u][e]);
          continue;
        }
        if (lane < cw) parts[w * 32 + lane] = acc[u][e];
        __syncthreads();
        if (slot == 0 && owner) {
          Acc v = parts[group * 32 + lane];
          for (unsigned i = 1; i < stacked; ++i) v = op(v, parts[(i * segs.side + group) * 32 + lane]);
          store_words(dst, v);
        }
        __syncthreads();  // parts is reused by the next column
      }
  }
}

// One kernel per shape of walk: a single kernel holding both the wide and the narrow walk would take the registers of
// the wider, and the narrow walk's occupancy with them.
template <bool Vec, int U, class Cfg, class T, class Acc, class Op, class Tr>
__global__ void __launch_bounds__(Cfg::block) column_kernel(const T* in, column_segments segs, Acc* out, Op op, Tr tr) {
  __shared__ alignas(Acc) unsigned char raw[Cfg::block * sizeof(Acc)];  // raw bytes: Acc may have initialisers
  column_walk<Vec, U, Cfg>(in, segs, out, op, tr, reinterpret_cast<Acc*>(raw));
}

template <>
struct segment_map<policy::column_walk> {
  // 16-byte units where the Load asks for vectors and the one vector rule allows (detail/vector.cuh).
  template <class Cfg, class T>
  static constexpr bool vectors = loads_vectors_v<typename Cfg::load, T>;

  // A walk's launch: the columns a lane owns (a vector's where every row's vectors are aligned, else one) and the plan.
  struct shape {
    std::uint64_t unit, units;
    column_plan plan;
  };
  template <class T>
  static constexpr std::uint64_t vector_columns = vector_loadable_v<T> ? 16 / sizeof(T) : 1;
  // The narrow walk's blocks an SM holds (the wide walk runs unsplit: its occupancy does not enter the plan).
  template <bool Vec, class Cfg, class T, class Acc, class Op, class Tr>
  static cudaError_t per_sm(int& blocks) {
    const cudaError_t e = blocks_per_sm<boost::mp11::mp_list<boost::mp11::mp_bool<Vec>, Cfg, T, Acc, Op, Tr>>(
        column_kernel<Vec, 1, Cfg, T, Acc, Op, Tr>, Cfg::block, blocks);
    blocks = std::max(blocks, 1);
    return e;
  }
  template <class Cfg, class T, class Acc, class Op, class Tr>
  static cudaError_t shape_of(const T* in, const column_segments& segs, bool split_rows, shape& s) {
    constexpr bool vec = vectors<Cfg, T>;
    // Every row's vectors aligned, and none across two matrices of a middle axis.
    constexpr std::uint64_t V = vector_columns<T>;
    const bool aligned = reinterpret_cast<std::uintptr_t>(in) % 16 == 0 && segs.ld % V == 0 &&
                         (segs.one_matrix() || (segs.inner % V == 0 && segs.outer_stride % V == 0));
    s.unit = vec && aligned ? vector_columns<T> : 1;
    s.units = (segs.count + s.unit - 1) / s.unit;
    int sms = 0, blocks = 0;
    if (cudaError_t e = sm_count(sms)) return e;
    if (cudaError_t e =
            s.unit > 1 ? per_sm<vec, Cfg, T, Acc, Op, Tr>(blocks) : per_sm<false, Cfg, T, Acc, Op, Tr>(blocks))
      return e;
    s.plan = plan_columns(segs.rows, s.units, Cfg::block, Cfg::load::items, std::uint64_t(sms) * blocks, split_rows);
    return cudaSuccess;
  }

  // The scratch holds the chunks' results. Its size depends on the shape only, not on what decides the plan at run
  // time (the input's alignment, which picks the unit, and the kernel's occupancy): the most chunks any unit of 1 to
  // 16 columns at any occupancy would split the rows into.
  template <class Cfg, class Acc>
  static cudaError_t storage(const column_segments& segs, std::size_t& bytes) {
    bytes = 0;
    if (segs.count == 0 || segs.rows == 0) return cudaSuccess;  // no column, or columns of no row: one pass at most
    int sms = 0;
    if (cudaError_t e = sm_count(sms)) return e;
    std::uint64_t chunks = 1;
    for (std::uint64_t unit = 1; unit <= 16; unit *= 2)
      for (std::uint64_t per_sm = 1; per_sm <= 2048 / Cfg::block; ++per_sm) {
        const column_plan p = plan_columns(segs.rows, (segs.count + unit - 1) / unit, Cfg::block, Cfg::load::items,
                                           std::uint64_t(sms) * per_sm);
        if (p.chunks > chunks) chunks = p.chunks;
      }
    if (segs.ld == segs.count && segs.count <= 16) {  // the flat path of a dense matrix no wider than a vector
      const std::uint64_t flat = 2 * std::uint64_t(sms) * (2048 / Cfg::block);
      if (flat > chunks) chunks = flat;
    }
    bytes = chunks > 1 ? std::size_t(chunks * segs.count * sizeof(Acc)) : 0;
    return cudaSuccess;
  }

  // One launch over the matrix with its shape (chunks of rows along the grid's y).
  template <class Cfg, class T, class Acc, class Op, class Tr>
  static cudaError_t launch(const T* in, column_segments segs, const shape& s, Acc* out, Op op, Tr tr,
                            cudaStream_t stream) {
    constexpr int K = Cfg::load::items;
    const column_plan& p = s.plan;
    const std::uint64_t tile = std::uint64_t(p.side) * columns_per_warp(s.units) * (p.wide ? K : 1);
    segs.chunk_rows = p.chunk_rows;
    segs.side = p.side;
    const dim3 grid(capped_blocks((s.units + tile - 1) / tile), unsigned(p.chunks));
    auto go = [&](auto vec, auto u) {
      column_kernel<decltype(vec)::value, decltype(u)::value, Cfg>
          <<<grid, Cfg::block, 0, stream>>>(in, segs, out, op, tr);
    };
    auto shaped = [&](auto vec) {
      if (p.wide)
        go(vec, cuda::std::integral_constant<int, K>{});
      else
        go(vec, cuda::std::integral_constant<int, 1>{});
    };
    if constexpr (vectors<Cfg, T>)
      if (s.unit > 1) {
        shaped(cuda::std::true_type{});
        return cudaGetLastError();
      }
    shaped(cuda::std::false_type{});
    return cudaGetLastError();
  }

  // The chunks' results (a matrix of chunks rows and segs.count columns), walked in one chunk.
  template <class Cfg, class Acc, class Op>
  static cudaError_t fold(const Acc* first, std::uint64_t chunks, std::uint64_t columns, Acc* out, Op op,
                          cudaStream_t stream) {
    const column_segments fold{chunks, columns, columns};
    shape f{};
    if (cudaError_t e = shape_of<Cfg, Acc, Acc, Op, no_transform>(first, fold, false, f)) return e;
    return launch<Cfg>(first, fold, f, out, op, no_transform{}, stream);
  }

  // A dense matrix no wider than a vector, read flat (packed_columns.cuh): at most two waves of blocks.
  template <class Cfg, class T, class Acc, class Op, class Tr>
  static cudaError_t run_packed(const T* in, const column_segments& segs, Acc* out, Op op, Tr tr, void* scratch,
                                cudaStream_t stream) {
    int sms = 0, per = 0;
    if (cudaError_t e = sm_count(sms)) return e;
    if (cudaError_t e = blocks_per_sm<boost::mp11::mp_list<packed_columns, Cfg, T, Acc, Op, Tr>>(
            packed_column_kernel<Cfg, T, Acc, Op, Tr>, Cfg::block, per))
      return e;
    const packed_columns p = packed_view<Cfg, T>(segs, 2 * std::uint64_t(sms) * std::max(per, 1));
    const std::uint64_t blocks = packed_blocks(p);
    Acc* first = blocks > 1 ? static_cast<Acc*>(scratch) : out;
    packed_column_kernel<Cfg><<<unsigned(blocks), Cfg::block, 0, stream>>>(in, p, first, op, tr);
    if (cudaError_t e = cudaGetLastError()) return e;
    return blocks > 1 ? fold<Cfg>(first, blocks, segs.count, out, op, stream) : cudaSuccess;
  }

  template <class Cfg, class T, class Acc, class Op, class Tr>
  static cudaError_t run(const T* in, column_segments segs, Acc* out, Op op, Tr tr, void* scratch,
                         cudaStream_t stream) {
    if (segs.count == 0) return cudaSuccess;
    if constexpr (vectors<Cfg, T>)
      if (packs(in, segs)) return run_packed<Cfg>(in, segs, out, op, tr, scratch, stream);
    shape s{};
    if (cudaError_t e = shape_of<Cfg, T, Acc, Op, Tr>(in, segs, true, s)) return e;
    Acc* first = s.plan.chunks > 1 ? static_cast<Acc*>(scratch) : out;
    if (cudaError_t e = launch<Cfg>(in, segs, s, first, op, tr, stream)) return e;
    return s.plan.chunks > 1 ? fold<Cfg>(first, s.plan.chunks, segs.count, out, op, stream) : cudaSuccess;
  }
};

}  // namespace reduce::detail
