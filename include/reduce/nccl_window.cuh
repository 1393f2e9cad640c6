// The window combine's API (reduce::nccl::window): a small buffer on each rank's GPU that every GPU of the
// communicator can load from, and a device communicator with one barrier, so that the ranks' partials meet in one
// kernel instead of a host-launched collective (how: detail/nccl/window.cuh). Create the windows once, pass each
// rank's in reduce::nccl::collective (or shard) on every call, destroy them before the communicators.
#pragma once
#include <nccl.h>
#include <nccl_device.h>

#include <cstddef>

#include "detail/nccl/nccl_types.cuh"
#include "status.cuh"

namespace reduce::nccl {

// A rank's window: create with create_windows on every rank, pass it in collective (or shard) on every call, destroy
// with destroy_windows. One call at a time per window (stream order, as for the communicator's collectives). As with a
// collective, every rank must reach the combine: a rank that returns early leaves the others waiting at the barrier.
struct window {
  ncclComm_t comm = nullptr;
  void* base = nullptr;  // this rank's buffer, window_bytes, on the communicator's device
  ncclWindow_t handle = nullptr;
  ncclDevComm dev{};
  bool ready = false;  // set by create_windows once every step succeeded
  // Layout (NCCL's granularity is larger anyway): two published slots, the local pass's partial, the call counter.
  static constexpr std::size_t window_bytes = 4096;
  static constexpr std::size_t slot_bytes = 1024;  // the largest accumulator a window combine takes
  static constexpr std::size_t partial_offset = 2 * slot_bytes, counter_offset = 3 * slot_bytes;
};

// Destroys windows made by create_windows: waits for each window's GPU to finish (a fold kernel may still read the
// peers' buffers), then releases its device communicator, registration and buffer. Every rank destroys its windows
// before its communicators. The windows are reset.
inline status destroy_windows(window* w, int count) {
  using detail::nccl::nccl_failed;
  if (w == nullptr || count < 1) return {};
  int caller = 0;
  cudaGetDevice(&caller);
  status s;
  for (int i = 0; i < count; ++i) {
    int device = 0;
    if (w[i].comm && ncclCommCuDevice(w[i].comm, &device) == ncclSuccess && cudaSetDevice(device) == cudaSuccess)
      if (cudaError_t e = cudaDeviceSynchronize(); e && !s) s = {e, "reduce::nccl: a window's GPU failed"};
  }
  const ncclResult_t start = ncclGroupStart();
  ncclResult_t r = start;
  for (int i = 0; i < count && start == ncclSuccess; ++i) {
    ncclResult_t d = ncclSuccess, u = ncclSuccess;
    if (w[i].comm && w[i].dev.nRanks > 0) d = ncclDevCommDestroy(w[i].comm, &w[i].dev);
    if (w[i].comm && w[i].handle) u = ncclCommWindowDeregister(w[i].comm, w[i].handle);
    if (r == ncclSuccess) r = d != ncclSuccess ? d : u;
  }
  const ncclResult_t end = start == ncclSuccess ? ncclGroupEnd() : ncclSuccess;
  if (!s) s = nccl_failed(r != ncclSuccess ? r : end, "reduce::nccl: destroying a window failed");
  for (int i = 0; i < count; ++i) {
    if (w[i].base) ncclMemFree(w[i].base);
    w[i] = window{};
  }
  cudaSetDevice(caller);
  return s;
}

// Creates one window per communicator: count communicators of this process (ncclCommInitAll's, or the one a process
// per GPU holds), in one NCCL group. Collective: every rank of each communicator calls it, in the same order as its
// other collectives. Needs symmetric memory (CUDA VMM; NCCL_CUMEM_ENABLE not 0), every rank of the communicator
// reachable by loads and stores (one node's GPUs with NVLink or PCIe peer access), and the libnccl the program loads
// of the same release as the nccl_device.h it was compiled with (the device API is inline code). On any
// failure every window made so far is destroyed and the windows are left empty. Leaves the current device as it was.
inline status create_windows(const ncclComm_t* comms, int count, window* out) {
  using detail::nccl::nccl_failed;
  if (comms == nullptr || out == nullptr || count < 1)
    return {cudaErrorInvalidValue, "reduce::nccl: create_windows needs count >= 1 communicators and windows"};
  int version = 0;
  if (status v = nccl_failed(ncclGetVersion(&version), "reduce::nccl: ncclGetVersion failed")) return v;
  if (version != NCCL_VERSION_CODE)  // the device API's structures change between patch releases
    return {cudaErrorNotSupported,
            "reduce::nccl: the libnccl loaded is another version than the nccl_device.h this program was compiled "
            "with; the window combine runs NCCL's device code inline, so they must be the same release"};
  int caller = 0;
  if (cudaError_t e = cudaGetDevice(&caller)) return {e, "reduce::nccl: cudaGetDevice failed"};
  for (int i = 0; i < count; ++i) out[i] = window{};
  status s;
  for (int i = 0; i < count && !s; ++i) {
    out[i].comm = comms[i];
    int device = 0;
    if ((s = nccl_failed(ncclCommCuDevice(comms[i], &device), "reduce::nccl: ncclCommCuDevice failed"))) break;
    if (cudaError_t e = cudaSetDevice(device)) s = {e, "reduce::nccl: cudaSetDevice failed"};
    if (!s) s = nccl_failed(ncclMemAlloc(&out[i].base, window::window_bytes), "reduce::nccl: ncclMemAlloc failed");
    if (!s)  // every rank's call counter starts at 0 (the slots' parity), and no byte is left unwritten
      if (cudaError_t e = cudaMemset(out[i].base, 0, window::window_bytes))
        s = {e, "reduce::nccl: clearing a window failed"};
    if (!s)  // cleared before any stream of the caller's uses it
      if (cudaError_t e = cudaDeviceSynchronize()) s = {e, "reduce::nccl: clearing a window failed"};
  }
  if (!s) s = nccl_failed(ncclGroupStart(), "reduce::nccl: ncclGroupStart failed");
  if (!s) {
    ncclResult_t r = ncclSuccess;
    for (int i = 0; i < count && r == ncclSuccess; ++i)
      r = ncclCommWindowRegister(comms[i], out[i].base, window::window_bytes, &out[i].handle, NCCL_WIN_COLL_SYMMETRIC);
    const ncclResult_t end = ncclGroupEnd();
    s = nccl_failed(r != ncclSuccess ? r : end,
                    "reduce::nccl: ncclCommWindowRegister failed (NCCL_DEBUG=WARN says why)");
    for (int i = 0; i < count && !s; ++i)
      if (out[i].handle == nullptr)
        s = {cudaErrorNotSupported,
             "reduce::nccl: no symmetric memory for the window (it needs CUDA VMM and peer access between the GPUs)"};
  }
  if (!s) s = nccl_failed(ncclGroupStart(), "reduce::nccl: ncclGroupStart failed");
  if (!s) {
#ifdef NCCL_DEV_COMM_REQUIREMENTS_INITIALIZER
    ncclDevCommRequirements reqs = NCCL_DEV_COMM_REQUIREMENTS_INITIALIZER;
#else
    ncclDevCommRequirements reqs{};
#endif
    reqs.lsaBarrierCount = 1;
    ncclResult_t r = ncclSuccess;
    for (int i = 0; i < count && r == ncclSuccess; ++i) r = ncclDevCommCreate(comms[i], &reqs, &out[i].dev);
    const ncclResult_t end = ncclGroupEnd();
    s = nccl_failed(r != ncclSuccess ? r : end, "reduce::nccl: ncclDevCommCreate failed (NCCL_DEBUG=WARN says why)");
  }
  for (int i = 0; i < count && !s; ++i)
    if (out[i].dev.lsaSize != out[i].dev.nRanks)  // the fold loads from every rank through the LSA team
      s = {cudaErrorNotSupported,
           "reduce::nccl: the window combine needs every rank load/store accessible (one node's GPUs with NVLink or "
           "PCIe peer access); use the collective combine (no window) across nodes"};
  if (s) {
    destroy_windows(out, count);
  } else {
    for (int i = 0; i < count; ++i) out[i].ready = true;
  }
  cudaSetDevice(caller);
  return s;
}

}  // namespace reduce::nccl
