// Combine tile_gather: a reproducible Grid (Combine per_tile) with every rank's shard length known on the host. Each
// rank writes one partial per tile at its place among all ranks' tiles (the Grid's first pass alone), the tiles are
// broadcast in rank order, and the Grid's own later passes fold them on each rank that receives the result: the
// one-GPU reproducible result, bit for bit, where the shards fall on its tiles (docs/multi_gpu.md).
#pragma once
#include "../fold.cuh"
#include "../plan.cuh"

namespace reduce::detail::nccl {

struct tile_gather {
  template <class Cfg, class Acc, class Op>
  static constexpr bool fits = folds_per_tile<Cfg>::value;
  static constexpr bool takes(bool lengths_known, bool /*window_given*/) { return lengths_known; }
  static constexpr bool engine_storage = false;  // the first pass writes the head directly

  // Every rank's tiles, and the later passes' buffers after them.
  template <class Cfg, class T, class Acc>
  static status head(plan<Acc>& p, const T* d_shard, std::uint64_t n) {
    if (n > 0 && reinterpret_cast<std::uintptr_t>(d_shard) % storage_alignment)
      return {cudaErrorInvalidValue,
              "reduce::nccl: a reproducible Grid with lengths needs 16-byte aligned shards "
              "(cudaMalloc's are), so that every rank agrees on every shard's tiles"};
    p.tiles_before = p.tiles_total = 0;
    for (int r = 0; r < p.nranks; ++r) {
      const std::uint64_t t = partials::tiles<Cfg, T>(p.lengths[r]);
      if (r < p.rank) p.tiles_before += t;
      p.tiles_total += t;
    }
    p.head_bytes = partials::results_bytes<Cfg, Acc>(p.tiles_total);
    return {};
  }
  template <class Cfg, bool, run_step Step, class T, class Acc, class Tr, class Op>
  static status local(const plan<Acc>& p, const T* d_shard, std::uint64_t n, Tr tr, Op op, cudaStream_t stream) {
    if constexpr (Step == run_step::rest) return {};  // one launch: the Grid's first pass alone
    return partials::tile_results<Cfg>(d_shard, n, p.head + p.tiles_before, global_indices<T>(tr, p.offset), op,
                                       stream);
  }
  // Shards of different lengths: one broadcast per rank (an all-gather needs equal counts), grouped so that NCCL
  // runs them as one operation.
  template <class Cfg, class T, class Acc, class Op>
  static status exchange(const plan<Acc>& p, Acc*, ncclComm_t comm, cudaStream_t stream) {
    if (status s = nccl_failed(ncclGroupStart(), "reduce::nccl: ncclGroupStart failed")) return s;
    std::uint64_t before = 0;
    ncclResult_t r = ncclSuccess;
    for (int rank = 0; rank < p.nranks && r == ncclSuccess; ++rank) {
      const std::uint64_t tiles = partials::tiles<Cfg, T>(p.lengths[rank]);
      if (tiles)
        r = ncclBroadcast(p.head + before, p.head + before, tiles * sizeof(Acc), ncclUint8, rank, comm, stream);
      before += tiles;
    }
    const ncclResult_t end = ncclGroupEnd();
    return nccl_failed(r != ncclSuccess ? r : end, "reduce::nccl: ncclBroadcast of the tile partials failed");
  }
  template <class Cfg, class Acc, class Op>
  static status finish(const plan<Acc>& p, Acc* d_out, Op op, cudaStream_t stream) {
    if (!p.receives()) return {};
    const std::uint64_t tiles = p.tiles_total;
    cudaError_t e = cudaSuccess;
    if (tiles == 0)  // every shard empty: the identity, as for n = 0 on one GPU
      e = launch_fold(p.head, 0, d_out, op, stream);
    else if (tiles == 1)
      e = cudaMemcpyAsync(d_out, p.head, sizeof(Acc), cudaMemcpyDeviceToDevice, stream);
    else if (!(e = launch_after_collective(stream)))
      e = partials::fold<Cfg>(p.head, tiles, tiles, d_out, op, stream);
    if (e) return {e, "reduce::nccl: a kernel launch failed"};
    return {};
  }
};

}  // namespace reduce::detail::nccl
