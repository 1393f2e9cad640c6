// Reductions over data sharded across GPUs, through NCCL. Each rank holds a shard (its own pointer and length, which
// may differ between ranks and may be zero); the result is the reduction of the concatenation of the shards in rank
// order, delivered on every rank (all_ranks) or on one root (to_root). Include this header only where NCCL is: it is
// not part of <reduce/reduce.cuh>. Link libnccl. docs/multi_gpu.md has the whole story.
//
// One process (or thread) per GPU, the caller's initialised communicator, the current device the communicator's:
//
//   std::size_t bytes = 0;
//   reduce::nccl::device_reduce<Cfg>({nullptr, bytes}, d_shard, d_out, n, reduce::nccl::all_ranks(comm));   // size
//   reduce::nccl::device_reduce<Cfg>({d_temp, bytes}, d_shard, d_out, n, reduce::nccl::all_ranks(comm), op, stream);
//   (or on a reduce::workspace, as every one-GPU call: the storage is the first argument, storage.cuh)
//
// One process driving several GPUs (communicators from ncclCommInitAll): one call for every rank,
//
//   std::vector<reduce::nccl::shard<float, float>> s = ...;   // comm, d_in, n, d_out, stream, storage: one per GPU
//   reduce::nccl::device_reduce<Cfg>(s.data(), int(s.size()), reduce::nccl::every_rank, op);  // query, then run
//
// The operations are the one-GPU layer's: device_reduce, device_transform_reduce, device_argmin, device_argmax and
// device_argminmax (with the caller's comparison too), each returning a reduce::status. Stream-ordered: nothing
// waits on the host. Each rank reduces its shard with the one-GPU path into one partial (one
// per tile for a reproducible Grid), then NCCL combines the partials (detail/nccl/combine_rule.cuh says how). Bad
// arguments return an error with a message and launch nothing; as with any collective, a rank that returns early
// leaves the others waiting in NCCL. The library never asks NCCL for NVLink SHARP (NVLS) nor creates multicast
// objects; NCCL_NVLS_ENABLE=0 keeps NCCL itself from doing so.
#pragma once
#include <nccl.h>

#include "argminmax.cuh"
#include "detail/nccl/drive.cuh"
#include "detail/nccl/window.cuh"
#include "device_reduce.cuh"
#include "nccl_window.cuh"
#include "storage.cuh"

namespace reduce::nccl {

inline constexpr int every_rank = -1;

// Which ranks receive the result, over which communicator. lengths (optional, a host array of nranks counts, the
// same on every rank, read during the call only): every rank's shard length. With it a reproducible Grid returns the
// one-GPU result where the shards fall on its tiles, and index-returning reductions (argmin/argmax) give indices in
// the concatenation; without it the former folds one partial per rank and the latter are refused. Every rank passes
// the same root, lengths on all ranks or on none, and the same Cfg, Acc and Op: they choose the collectives, and
// NCCL matches collectives across ranks by their order alone. win (optional, this rank's window from
// create_windows, passed on every rank or on none): the partials are combined by one kernel over NCCL's device API
// instead of a host-launched collective (nccl_window.cuh; how: detail/nccl/window.cuh), folded in rank order.
struct collective {
  ncclComm_t comm = nullptr;
  int root = every_rank;
  const std::uint64_t* lengths = nullptr;
  const window* win = nullptr;
};
inline collective all_ranks(ncclComm_t comm, const std::uint64_t* lengths = nullptr, const window* win = nullptr) {
  return {comm, every_rank, lengths, win};
}
inline collective to_root(int root, ncclComm_t comm, const std::uint64_t* lengths = nullptr,
                          const window* win = nullptr) {
  return {comm, root, lengths, win};
}

// Elements per tile of Cfg for T. A reproducible Grid's result over shards (lengths known) equals its one-GPU result
// over the 16-byte aligned concatenation when every shard pointer is 16-byte aligned (checked), every non-empty
// shard but the last non-empty one is a whole number of tiles, and, for a vector Load, the last non-empty shard's
// bytes are a multiple of 16 or it is the only non-empty shard (docs/multi_gpu.md, "Reproducible mode").
template <class Cfg, class T>
constexpr std::uint64_t tile_elements() {
  using agent_t = detail::agent<typename Cfg::load, Cfg::block>;
  return agent_t::tile_units * (agent_t::template vectors_of<T> ? 16 / sizeof(T) : 1);
}

// ---- one rank per call ------------------------------------------------------------------------------------------

template <class Cfg = default_config, class Storage = temp_storage, class T, class Acc, class Tr, class Op = sum,
          reduce::detail::if_storage<Storage> = 0>
status device_transform_reduce(Storage&& s, const T* d_shard, Acc* d_out, std::uint64_t n, collective c, Tr transform,
                               Op op = {}, cudaStream_t stream = 0) {
  const detail::nccl::rank_storage r = detail::nccl::storage_of(s);
  return detail::nccl::run_rank<Cfg>(r.d_temp, r.temp_bytes, r.ws, d_shard, d_out, n, c.comm, c.root, c.lengths, c.win,
                                     transform, op, stream);
}
template <class Cfg = default_config, class Storage = temp_storage, class T, class Acc, class Op = sum,
          reduce::detail::if_storage<Storage> = 0>
status device_reduce(Storage&& s, const T* d_shard, Acc* d_out, std::uint64_t n, collective c, Op op = {},
                     cudaStream_t stream = 0) {
  return device_transform_reduce<Cfg>(s, d_shard, d_out, n, c, detail::no_transform{}, op, stream);
}

// Argmin / argmax / both over the concatenation: the index is the element's place in it (c.lengths required). Each
// also takes the caller's comparison, less(x, y), before the stream.
template <class Cfg = default_config, class Storage = temp_storage, class T, reduce::detail::if_storage<Storage> = 0>
status device_argmin(Storage&& s, const T* d_shard, indexed<T>* d_out, std::uint64_t n, collective c,
                     cudaStream_t stream = 0) {
  return device_transform_reduce<Cfg>(s, d_shard, d_out, n, c, reduce::detail::to_indexed<T>{}, argmin_op{}, stream);
}
template <class Cfg = default_config, class Storage = temp_storage, class T, class Less,
          reduce::detail::if_comparison<Less, const T*> = 0, reduce::detail::if_storage<Storage> = 0>
status device_argmin(Storage&& s, const T* d_shard, indexed<T>* d_out, std::uint64_t n, collective c, Less less,
                     cudaStream_t stream = 0) {
  return device_transform_reduce<Cfg>(s, d_shard, d_out, n, c, reduce::detail::to_indexed<T>{}, argmin_by<Less>{less},
                                      stream);
}
template <class Cfg = default_config, class Storage = temp_storage, class T, reduce::detail::if_storage<Storage> = 0>
status device_argmax(Storage&& s, const T* d_shard, indexed<T>* d_out, std::uint64_t n, collective c,
                     cudaStream_t stream = 0) {
  return device_transform_reduce<Cfg>(s, d_shard, d_out, n, c, reduce::detail::to_indexed<T>{}, argmax_op{}, stream);
}
template <class Cfg = default_config, class Storage = temp_storage, class T, class Less,
          reduce::detail::if_comparison<Less, const T*> = 0, reduce::detail::if_storage<Storage> = 0>
status device_argmax(Storage&& s, const T* d_shard, indexed<T>* d_out, std::uint64_t n, collective c, Less less,
                     cudaStream_t stream = 0) {
  return device_transform_reduce<Cfg>(s, d_shard, d_out, n, c, reduce::detail::to_indexed<T>{}, argmax_by<Less>{less},
                                      stream);
}
template <class Cfg = default_config, class Storage = temp_storage, class T, reduce::detail::if_storage<Storage> = 0>
status device_argminmax(Storage&& s, const T* d_shard, extrema<T>* d_out, std::uint64_t n, collective c,
                        cudaStream_t stream = 0) {
  return device_transform_reduce<Cfg>(s, d_shard, d_out, n, c, reduce::detail::to_extrema<T>{}, argminmax_op{}, stream);
}
template <class Cfg = default_config, class Storage = temp_storage, class T, class Less,
          reduce::detail::if_comparison<Less, const T*> = 0, reduce::detail::if_storage<Storage> = 0>
status device_argminmax(Storage&& s, const T* d_shard, extrema<T>* d_out, std::uint64_t n, collective c, Less less,
                        cudaStream_t stream = 0) {
  return device_transform_reduce<Cfg>(s, d_shard, d_out, n, c, reduce::detail::to_extrema<T>{},
                                      argminmax_by<Less>{less}, stream);
}

// ---- every rank from one call (one process driving several GPUs) ------------------------------------------------

// One GPU's part. Storage: d_temp (with temp_bytes), or ws; with every shard's d_temp and ws null the call is the
// size query and writes each temp_bytes. d_out may be null on a rank that is not the root of a to-root reduction.
template <class T, class Acc>
struct shard {
  ncclComm_t comm = nullptr;  // this GPU's communicator; its device runs this shard's work
  const T* d_in = nullptr;
  std::uint64_t n = 0;
  Acc* d_out = nullptr;
  cudaStream_t stream = 0;  // a stream of the communicator's device
  void* d_temp = nullptr;
  std::size_t temp_bytes = 0;
  workspace* ws = nullptr;
  const window* win = nullptr;  // this GPU's window (create_windows), on every shard or on none
};

// root: every_rank, or the rank that receives the result. Sets each shard's device in turn and restores the
// caller's current device. Do not call it inside the caller's ncclGroupStart/End: it groups its collectives itself.
template <class Cfg = default_config, class T, class Acc, class Tr, class Op = sum>
status device_transform_reduce(shard<T, Acc>* shards, int count, int root, Tr transform, Op op = {}) {
  return detail::nccl::run_devices<Cfg>(shards, count, root, transform, op);
}
template <class Cfg = default_config, class T, class Acc, class Op = sum>
status device_reduce(shard<T, Acc>* shards, int count, int root = every_rank, Op op = {}) {
  return device_transform_reduce<Cfg>(shards, count, root, detail::no_transform{}, op);
}

}  // namespace reduce::nccl

#include "deprecated/nccl.cuh"
