// One rank's share of a reduction over shards: the checks, the rank's place in the communicator, and the layout of
// its storage. Nothing here launches or communicates; a failed check leaves nothing written.
//
// Storage, in one block (the caller's temporary storage or a workspace's scratch region):
//
//   [ head: the partial slot (nccl_collective), nranks partials (rank_gather), or every rank's tile partials and the
//     second buffer of the one-GPU passes (tile_gather) ][ the local pass's zeroed bytes ][ its scratch bytes ]
//
// The local pass is the one-GPU entry path (detail::run) handed the regions through placed_storage; its size comes
// from the same entry path asked through need_probe, so both see the same tuned config and the same need.
#pragma once
#include <nccl.h>

#include <algorithm>
#include <cstdint>

#include "../dispatch.cuh"
#include "combine_rule.cuh"
#include "window.cuh"

namespace reduce::detail::nccl {

// The local pass's storage need, as the entry path reports it (its query), and the regions it then runs on.
template <bool KeepsZeroed>
struct need_probe {
  storage_need* need;
  static constexpr bool keeps_zeroed = KeepsZeroed;
  static constexpr bool is_query() { return true; }
  void report(storage_need n) const { *need = n; }
  template <class T, class Acc>
  status take(storage_need, const T*, Acc*, std::uint64_t, cudaStream_t, storage_regions&) const {
    return {cudaErrorInvalidValue, "reduce::nccl: internal: a size query cannot run"};
  }
};
template <bool KeepsZeroed>
struct placed_storage {
  void* zeroed;
  void* scratch;
  static constexpr bool keeps_zeroed = KeepsZeroed;
  static constexpr bool is_query() { return false; }
  void report(storage_need) const {}
  template <class T, class Acc>
  status take(storage_need need, const T*, Acc*, std::uint64_t, cudaStream_t, storage_regions& r) const {
    r.zeroed = need.zeroed ? zeroed : nullptr;  // the entry path zeroes it per call unless KeepsZeroed
    r.scratch = scratch;
    return {};
  }
};

// Tiles of a shard of n elements at a 16-byte aligned address under Cfg: what every rank computes for every other.
template <class Cfg, class T>
std::uint64_t tiles_of(std::uint64_t n) {
  return n == 0 ? 0 : tiling<Cfg>::of(static_cast<const T*>(nullptr), n).tiles;
}

template <class Acc>
struct plan {
  combine_kind kind = combine_kind::rank_gather;
  int rank = 0, nranks = 1, device = 0, root = -1;
  const std::uint64_t* lengths = nullptr;     // every rank's shard length, or null
  const reduce::nccl::window* win = nullptr;  // the caller's window, or null
  std::uint64_t offset = 0;                   // this shard's first element in the concatenation (lengths known)
  std::uint64_t tiles_before = 0, tiles_total = 0;
  storage_need local;
  std::size_t head_bytes = 0;
  Acc* head = nullptr;
  void* local_zeroed = nullptr;
  void* local_scratch = nullptr;

  bool receives() const { return root < 0 || rank == root; }
  std::size_t total_bytes() const {
    return std::max(storage_alignment, align_up(head_bytes) + align_up(local.zeroed) + align_up(local.scratch));
  }
  // Places the head and the local pass's scratch in one block (zeroed: temporary storage's own, or a workspace's).
  void carve(void* scratch_block, void* zeroed_block) {
    head = static_cast<Acc*>(scratch_block);
    char* p = static_cast<char*>(scratch_block) + align_up(head_bytes);
    if (zeroed_block) {
      local_zeroed = zeroed_block;
    } else {
      local_zeroed = p;
      p += align_up(local.zeroed);
    }
    local_scratch = p;
  }
};

// The checks that need no GPU and no communicator. Order: the shard, the root, the output, the communicator. A size
// query (query) checks only the communicator, which it needs, as the one-GPU query checks no pointer.
template <class T, class Acc>
status check_call(const T* d_shard, std::uint64_t n, const Acc* d_out, ncclComm_t comm, int root, bool query) {
  if (!query && n > 0 && d_shard == nullptr)
    return {cudaErrorInvalidValue, "reduce::nccl: shard pointer is null and n > 0"};
  if (root < -1)  // only -1 means every rank: another negative root on one rank would pick a different collective
    return {cudaErrorInvalidValue,
            "reduce::nccl: root is not a rank of the communicator (0 <= root < nranks) nor every_rank (-1)"};
  if (!query && root < 0 && d_out == nullptr)
    return {cudaErrorInvalidValue, "reduce::nccl: output pointer is null; every rank of an all-reduce needs one"};
  if (comm == nullptr)
    return {cudaErrorInvalidValue, "reduce::nccl: the communicator is null; pass an initialised ncclComm_t"};
  return {};
}

// The rank's place: communicator size, rank and device; the root; the shard lengths, if given, against n.
template <class Acc>
status describe(plan<Acc>& p, ncclComm_t comm, int root, const std::uint64_t* lengths, std::uint64_t n,
                const Acc* d_out, bool query, const reduce::nccl::window* win = nullptr) {
  if (win && (win->comm != comm || !win->ready))
    return {cudaErrorInvalidValue,
            "reduce::nccl: the window is not a ready window of this communicator: make one per communicator with "
            "create_windows"};
  p.win = win;
  if (status s = nccl_failed(ncclCommCount(comm, &p.nranks), "reduce::nccl: ncclCommCount failed")) return s;
  if (status s = nccl_failed(ncclCommUserRank(comm, &p.rank), "reduce::nccl: ncclCommUserRank failed")) return s;
  if (status s = nccl_failed(ncclCommCuDevice(comm, &p.device), "reduce::nccl: ncclCommCuDevice failed")) return s;
  if (root >= p.nranks)
    return {cudaErrorInvalidValue, "reduce::nccl: root is not a rank of the communicator (0 <= root < nranks)"};
  p.root = root;  // every_rank (-1) or a rank: check_call refused any other negative value
  if (!query && p.receives() && d_out == nullptr)
    return {cudaErrorInvalidValue, "reduce::nccl: output pointer is null on the root, which receives the result"};
  p.lengths = lengths;
  if (lengths) {
    if (lengths[p.rank] != n)
      return {cudaErrorInvalidValue,
              "reduce::nccl: lengths[rank] differs from this rank's n; pass every rank's "
              "shard length, in rank order, the same array on every rank"};
    for (int r = 0; r < p.rank; ++r) p.offset += lengths[r];
  }
  return {};
}

// The device rules: the current device and the stream are the communicator's (kernels launch on the current
// device, NCCL enqueues on the stream); the shard and the output live there (or are managed).
// One attribute query per pointer: each is a driver call, and the multi-device form makes them for every GPU before
// its first launch.
inline status check_on_device(const void* p, int device, bool required, const char* null_message,
                              const char* host_message, const char* other_message) {
  if (!p) return required ? status{cudaErrorInvalidValue, null_message} : status{};
  cudaPointerAttributes a{};
  if (cudaError_t e = cudaPointerGetAttributes(&a, p)) return {e, "reduce::nccl: cudaPointerGetAttributes failed"};
  if (a.type != cudaMemoryTypeDevice && a.type != cudaMemoryTypeManaged) return {cudaErrorInvalidValue, host_message};
  if (a.type == cudaMemoryTypeDevice && a.device != device) return {cudaErrorInvalidValue, other_message};
  return {};
}
inline status check_devices(int device, cudaStream_t stream) {
  int current = 0, on = 0;
  if (cudaError_t e = cudaGetDevice(&current)) return {e, "reduce::nccl: cudaGetDevice failed"};
  if (current != device)
    return {cudaErrorInvalidValue,
            "reduce::nccl: the current device is not the communicator's: call "
            "cudaSetDevice(its device) first (ncclCommCuDevice says which)"};
  // A stream being captured cannot be asked its device: cudaStreamGetDevice returns cudaErrorStreamCaptureUnsupported
  // in every capture mode, relaxed included. There the check is left to the launch, which fails on a stream of another
  // device and invalidates the capture.
  cudaStreamCaptureStatus capturing = cudaStreamCaptureStatusNone;
  if (cudaError_t e = cudaStreamIsCapturing(stream, &capturing))
    return {e, "reduce::nccl: cudaStreamIsCapturing failed"};
  if (capturing != cudaStreamCaptureStatusNone) return {};
  if (cudaError_t e = cudaStreamGetDevice(stream, &on)) return {e, "reduce::nccl: cudaStreamGetDevice failed"};
  if (on != device)
    return {cudaErrorInvalidValue, "reduce::nccl: the stream and the communicator are on different devices"};
  return {};
}
template <class T, class Acc>
status check_data(const plan<Acc>& p, const T* d_shard, std::uint64_t n, const Acc* d_out) {
  if (n > 0) {
    if (status s = check_on_device(d_shard, p.device, true, "reduce::nccl: shard pointer is null and n > 0",
                                   "reduce::nccl: the shard is host memory; copy it to the communicator's device",
                                   "reduce::nccl: the shard is on another device than the communicator"))
      return s;
    if (n > ~std::uint64_t(0) / sizeof(T) || !fits_allocation(d_shard, n * sizeof(T)))
      return {cudaErrorInvalidValue, "reduce::nccl: n elements run past the end of the shard's allocation"};
  }
  return check_on_device(d_out, p.device, p.receives(), "reduce::nccl: output pointer is null",
                         "reduce::nccl: output pointer is host memory; pass a device allocation",
                         "reduce::nccl: the output is on another device than the communicator");
}
inline status check_temp(const void* d_temp, std::size_t temp_bytes, std::size_t needed, int device) {
  if (reinterpret_cast<std::uintptr_t>(d_temp) % storage_alignment)
    return {cudaErrorInvalidValue, "reduce::nccl: temporary storage must be 16-byte aligned (cudaMalloc's is)"};
  if (temp_bytes < needed)
    return {cudaErrorInvalidValue,
            "reduce::nccl: temporary storage is smaller than this call needs: query with the same config, types, op, "
            "root and lengths as the run"};
  if (status s = check_on_device(d_temp, device, true, "reduce::nccl: temporary storage pointer is null",
                                 "reduce::nccl: temporary storage is host memory; pass a device allocation",
                                 "reduce::nccl: temporary storage is on another device than the communicator"))
    return s;
  if (!fits_allocation(d_temp, needed))
    return {cudaErrorInvalidValue, "reduce::nccl: temporary storage runs past the end of its allocation"};
  return {};
}

// The combine and the bytes of every region. KeepsZeroed: the storage is a workspace (the tuned default reads other
// tables there, and the local pass's zeroed bytes come from the workspace's zeroed region).
template <class Cfg, bool KeepsZeroed, class T, class Acc, class Tr, class Op>
status size(plan<Acc>& p, const T* d_shard, std::uint64_t n, Tr tr, Op op, cudaStream_t stream) {
  using pass = combine_strategy<policy::relaunch>;
  p.kind = combine_of<Cfg, Acc, Op>(p.lengths != nullptr, p.win != nullptr);
  if constexpr (takes_index_v<Tr, T>)
    if (!p.lengths)
      return {cudaErrorInvalidValue,
              "reduce::nccl: a transform that takes the element's index (argmin, argmax) "
              "needs every rank's shard length, for the global index: pass lengths"};
  switch (p.kind) {
    case combine_kind::nccl_collective:
      p.head_bytes = sizeof(Acc);
      break;
    case combine_kind::rank_gather:
      p.head_bytes = std::size_t(p.nranks) * sizeof(Acc);
      break;
    case combine_kind::window_fold:  // the partial goes into the window
      if (sizeof(Acc) > reduce::nccl::window::slot_bytes)
        return {cudaErrorInvalidValue,
                "reduce::nccl: the accumulator is larger than a window's slot (1024 bytes): pass no window"};
      p.head_bytes = 0;
      break;
    case combine_kind::tile_gather:
      if constexpr (folds_per_tile<Cfg>::value) {
        if (n > 0 && reinterpret_cast<std::uintptr_t>(d_shard) % storage_alignment)
          return {cudaErrorInvalidValue,
                  "reduce::nccl: a reproducible Grid with lengths needs 16-byte aligned shards "
                  "(cudaMalloc's are), so that every rank agrees on every shard's tiles"};
        p.tiles_before = p.tiles_total = 0;
        for (int r = 0; r < p.nranks; ++r) {
          const std::uint64_t t = tiles_of<Cfg, T>(p.lengths[r]);
          if (r < p.rank) p.tiles_before += t;
          p.tiles_total += t;
        }
        p.head_bytes = std::max(pass::passes_bytes<Cfg, Acc>(p.tiles_total),
                                align_up(std::max<std::uint64_t>(p.tiles_total, 1) * sizeof(Acc)));
        return {};  // the first pass writes the head directly: no local storage
      }
      break;
  }
  return run<Cfg>(need_probe<KeepsZeroed>{&p.local}, d_shard, p.head, n, global_indices<T>(tr, p.offset), op, stream);
}

}  // namespace reduce::detail::nccl
