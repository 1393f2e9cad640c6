// The three phases of one rank's share, each enqueued on the rank's stream, none waiting on the host:
//
//   local      the one-GPU path over the shard: one partial into the head (the entry path, detail::run), or with
//              tile_gather one partial per tile at the rank's place among all ranks' tiles (the first pass of
//              per_tile alone, the same kernel the one-GPU reproducible run launches first)
//   exchange   NCCL: the all-reduce / reduce of the partial, the all-gather of the partials, or one broadcast per
//              rank of its tiles, in one NCCL group (nothing for the window combine)
//   finish     on each rank that receives the result: the fold of the gathered partials in rank order, or the
//              one-GPU path's later passes over the gathered tiles (relaunch::fold_passes); with a window, on every
//              rank, the kernel that meets the others and folds their partials (window.cuh)
//
// One process driving several GPUs runs every rank's local phase, then every exchange inside one NCCL group (NCCL
// needs the collectives of all its communicators issued together), then every finish. A finish cannot sit inside the
// caller's group: a group defers the collectives to ncclGroupEnd, and the fold would be enqueued before them.
#pragma once
#include <nccl.h>

#include "fold.cuh"
#include "plan.cuh"

namespace reduce::detail::nccl {

template <class Cfg, bool KeepsZeroed, class T, class Acc, class Tr, class Op>
status local_phase(const plan<Acc>& p, const T* d_shard, std::uint64_t n, Tr tr, Op op, cudaStream_t stream) {
  const auto global = global_indices<T>(tr, p.offset);
  using G = decltype(global);
  if constexpr (folds_per_tile<Cfg>::value) {
    if (p.kind == combine_kind::tile_gather) {
      if (n == 0) return {};  // an empty shard has no tiles
      const call<Cfg, T, Acc, Op, G> c{d_shard, n, p.head + p.tiles_before, op, global, stream};
      unsigned blocks = 0;
      if (status s = call<Cfg, T, Acc, Op, G>::walk::blocks(c, blocks)) return s;
      if (cudaError_t e = c.launch(blocks, c.out, combine_args<Cfg, Acc>{}))
        return {e, "reduce::nccl: a kernel launch failed"};
      return {};
    }
  }
  Acc* partial = p.kind == combine_kind::window_fold
                     ? reinterpret_cast<Acc*>(static_cast<unsigned char*>(p.win->base) + p.win->partial_offset)
                 : p.kind == combine_kind::rank_gather ? p.head + p.rank
                                                       : p.head;
  return run<Cfg>(placed_storage<KeepsZeroed>{p.local_zeroed, p.local_scratch}, d_shard, partial, n, global, op,
                  stream);
}

template <class Cfg, class T, class Acc, class Op>
status exchange_phase(const plan<Acc>& p, Acc* d_out, ncclComm_t comm, cudaStream_t stream) {
  switch (p.kind) {
    case combine_kind::nccl_collective:
      if constexpr (has_nccl_op<Op, Acc>()) {
        if (p.root < 0)
          return nccl_failed(ncclAllReduce(p.head, d_out, 1, nccl_type<Acc>(), nccl_op<Op>(), comm, stream),
                             "reduce::nccl: ncclAllReduce failed (NCCL_DEBUG=WARN says why)");
        return nccl_failed(ncclReduce(p.head, d_out, 1, nccl_type<Acc>(), nccl_op<Op>(), p.root, comm, stream),
                           "reduce::nccl: ncclReduce failed (NCCL_DEBUG=WARN says why)");
      }
      return {cudaErrorInvalidValue, "reduce::nccl: internal: no NCCL reduction for this op"};
    case combine_kind::rank_gather:  // in place: rank r's partial already sits at head[r]
      return nccl_failed(ncclAllGather(p.head + p.rank, p.head, sizeof(Acc), ncclUint8, comm, stream),
                         "reduce::nccl: ncclAllGather failed (NCCL_DEBUG=WARN says why)");
    case combine_kind::tile_gather:
      if constexpr (folds_per_tile<Cfg>::value) {
        // Shards of different lengths: one broadcast per rank (an all-gather needs equal counts), grouped so that
        // NCCL runs them as one operation.
        if (status s = nccl_failed(ncclGroupStart(), "reduce::nccl: ncclGroupStart failed")) return s;
        std::uint64_t before = 0;
        ncclResult_t r = ncclSuccess;
        for (int rank = 0; rank < p.nranks && r == ncclSuccess; ++rank) {
          const std::uint64_t tiles = tiles_of<Cfg, T>(p.lengths[rank]);
          if (tiles)
            r = ncclBroadcast(p.head + before, p.head + before, tiles * sizeof(Acc), ncclUint8, rank, comm, stream);
          before += tiles;
        }
        const ncclResult_t end = ncclGroupEnd();
        return nccl_failed(r != ncclSuccess ? r : end, "reduce::nccl: ncclBroadcast of the tile partials failed");
      }
      break;
    case combine_kind::window_fold:  // the fold kernel itself meets the other ranks
      break;
  }
  return {};
}

template <class Cfg, class Acc, class Op>
status finish_phase(const plan<Acc>& p, Acc* d_out, Op op, cudaStream_t stream) {
  if (p.kind == combine_kind::window_fold) {
    if constexpr (sizeof(Acc) <= reduce::nccl::window::slot_bytes) {  // larger: refused by size(), never compiled
      if (cudaError_t e = launch_fold_window(*p.win, p.receives(), d_out, op, stream))
        return {e, "reduce::nccl: a kernel launch failed"};
    }
    return {};
  }
  if (!p.receives()) return {};
  cudaError_t e = cudaSuccess;
  if (p.kind == combine_kind::rank_gather) {
    e = launch_fold(p.head, p.nranks, d_out, op, stream);
  } else if (p.kind == combine_kind::tile_gather) {
    if constexpr (folds_per_tile<Cfg>::value) {
      using pass = combine_strategy<policy::relaunch>;
      const std::uint64_t tiles = p.tiles_total;
      if (tiles == 0)  // every shard empty: the identity, as for n = 0 on one GPU
        e = launch_fold(p.head, 0, d_out, op, stream);
      else if (tiles == 1)
        e = cudaMemcpyAsync(d_out, p.head, sizeof(Acc), cudaMemcpyDeviceToDevice, stream);
      else if (!(e = launch_after_collective(stream)))
        e = pass::fold_passes<Cfg>(p.head, pass::first_buffer_bytes<Cfg, Acc>(tiles), tiles, d_out, op, stream);
    }
  }
  if (e) return {e, "reduce::nccl: a kernel launch failed"};
  return {};
}

}  // namespace reduce::detail::nccl
