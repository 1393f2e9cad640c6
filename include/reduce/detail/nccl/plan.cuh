// One rank's share of a reduction over shards: its place in the communicator, the checks, and the layout of its
// storage. Nothing here launches or communicates; a failed check leaves nothing written.
//
// Storage, in one block (the caller's temporary storage or a workspace's scratch region):
//
//   [ head: the combine's bytes (combine/*.cuh) ][ the local pass's zeroed bytes ][ the local pass's scratch bytes ]
//
// The local pass is the one-GPU engine (partials.cuh), which reports its own need and then runs on the regions
// placed here.
#pragma once
#include <nccl.h>

#include <algorithm>
#include <cstdint>
#include <type_traits>

#include "../../nccl_window.cuh"
#include "../../workspace.cuh"
#include "../partials.cuh"
#include "nccl_types.cuh"

namespace reduce::detail::nccl {

// Whether a config folds one partial per tile (policy::reproducible<G> and any grid<..., per_tile>). The tuned
// default never does.
template <class Cfg, class = void>
struct folds_per_tile : std::false_type {};
template <class Cfg>
struct folds_per_tile<Cfg, std::enable_if_t<!is_tuned<Cfg>::value>>
    : std::is_same<typename Cfg::grid::combine, policy::per_tile> {};

// A transform that takes the element's index (argmin/argmax): each rank adds its shard's offset in the
// concatenation, so that indices are global and the result is the one-GPU result.
template <class Tr, class T>
inline constexpr bool takes_index_v =
    !std::is_same_v<Tr, no_transform> && std::is_invocable_v<const Tr&, const T&, std::uint64_t>;
template <class Tr>
struct shifted_index {
  Tr tr;
  std::uint64_t offset;
  template <class T>
  __host__ __device__ auto operator()(const T& x, std::uint64_t i) const {
    return tr(x, i + offset);
  }
};
template <class T, class Tr>
auto global_indices(Tr tr, std::uint64_t offset) {
  if constexpr (takes_index_v<Tr, T>)
    return shifted_index<Tr>{tr, offset};
  else
    return tr;
}

template <class Acc>
struct plan {
  int rank = 0, nranks = 1, device = 0, root = -1;
  const std::uint64_t* lengths = nullptr;           // every rank's shard length, or null
  const reduce::nccl::window* win = nullptr;        // the caller's window, or null
  std::uint64_t offset = 0;                         // this shard's first element in the concatenation (lengths known)
  std::uint64_t tiles_before = 0, tiles_total = 0;  // a reproducible Grid's tiles (tile_gather)
  storage_need local;                               // the local pass's own storage (none for tile_gather)
  std::size_t head_bytes = 0;
  Acc* head = nullptr;
  storage_regions placed;  // the local pass's regions

  bool receives() const { return root < 0 || rank == root; }
  std::size_t total_bytes() const {
    return std::max(storage_alignment, align_up(head_bytes) + align_up(local.zeroed) + align_up(local.scratch));
  }
  // Places the head and the local pass's scratch in one block (zeroed: temporary storage's own, or a workspace's).
  void carve(void* scratch_block, void* zeroed_block) {
    head = static_cast<Acc*>(scratch_block);
    char* p = static_cast<char*>(scratch_block) + align_up(head_bytes);
    if (zeroed_block) {
      placed.zeroed = zeroed_block;
    } else {
      placed.zeroed = p;
      p += align_up(local.zeroed);
    }
    placed.scratch = p;
  }
};

// The local pass of the combines that keep one partial: the shard reduced by the one-GPU engine into slot (the
// whole pass, or its first pass, or the launches after it).
template <class Cfg, bool KeepsZeroed, run_step Step, class T, class Acc, class Tr, class Op>
status shard_into(const plan<Acc>& p, Acc* slot, const T* d_shard, std::uint64_t n, Tr tr, Op op, cudaStream_t stream) {
  return partials::into_slot<Cfg, KeepsZeroed, Step>(p.placed, d_shard, slot, n, global_indices<T>(tr, p.offset), op,
                                                     stream);
}

// ---- checks ---------------------------------------------------------------------------------------------------

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
// device, NCCL enqueues on the stream).
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
// The shard and the output live on the communicator's device (or are managed): the engine's checks (checks.cuh)
// with the device given.
template <class T, class Acc>
status check_data(const plan<Acc>& p, const T* d_shard, std::uint64_t n, const Acc* d_out) {
  if (n > 0)
    if (status s = check_device_span(d_shard, n, sizeof(T),
                                     {"reduce::nccl: shard pointer is null and n > 0",
                                      "reduce::nccl: the shard is host memory; copy it to the communicator's device",
                                      "reduce::nccl: the shard is on another device than the communicator",
                                      "reduce::nccl: n elements run past the end of the shard's allocation"},
                                     p.device))
      return s;
  if (!d_out && !p.receives()) return {};
  return check_device_pointer(
      d_out,
      {"reduce::nccl: output pointer is null", "reduce::nccl: output pointer is host memory; pass a device allocation",
       "reduce::nccl: the output is on another device than the communicator"},
      p.device);
}
// The rank's storage is on the communicator's device: the caller's temporary storage, or the memory a workspace
// already holds (one grown by an earlier call on another GPU would otherwise be reused there). A workspace that
// holds nothing yet grows on the rank's stream, so on its device.
template <class Acc>
status check_storage(const plan<Acc>& p, const workspace* ws, const void* d_temp, std::size_t temp_bytes) {
  if (!ws) return check_temp(d_temp, temp_bytes, p.total_bytes(), p.device);
  if (!ws->zeroed()) return {};
  return check_device_pointer(ws->zeroed(),
                              {"", "reduce::nccl: the workspace holds host memory",
                               "reduce::nccl: the workspace holds memory on another device than the communicator; use "
                               "one workspace per device"},
                              p.device);
}
// Places the rank's regions; check_storage passed first.
template <class Acc>
status place(plan<Acc>& p, workspace* ws, void* d_temp, cudaStream_t stream) {
  if (!ws) {
    p.carve(d_temp, nullptr);
    return {};
  }
  if (status s = ws->reserve(p.local.zeroed, align_up(p.head_bytes) + align_up(p.local.scratch), stream)) return s;
  p.carve(ws->scratch(), ws->zeroed());
  return {};
}

}  // namespace reduce::detail::nccl
