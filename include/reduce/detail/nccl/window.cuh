// The window combine: the partials meet through NCCL's device API instead of a host-launched collective.
//
// A window is a small buffer on each rank's GPU, allocated by NCCL (ncclMemAlloc) and registered as a symmetric
// window, so that every GPU of the communicator can load from every other's over NVLink or PCIe peer access (NCCL's
// "load/store accessible" team), plus a device communicator with one barrier over that team. Each rank's local pass
// writes its partial into its own window; then one kernel per rank, of one warp:
//
//   1. waits for the local pass (a programmatic launch: only its launch latency overlaps the local pass);
//   2. publishes the partial in one of two slots, chosen by the parity of a call counter the kernel keeps in the
//      window (every rank makes the same calls, so every rank's counter is the same);
//   3. meets every rank at the barrier (release: its own slot; acquire: everyone's);
//   4. on the ranks that receive the result, loads every rank's slot, one rank per lane so that the loads over the
//      links overlap, and folds them in rank order on one lane (the same bits on every rank and in every run, as the
//      gather-and-fold combine gives).
//
// Two slots make one barrier per call enough: a rank writes a slot again two calls later, after the barrier of the
// call between, which no rank reaches before its loads of this call are done. Everything stays on the GPUs: no
// host-launched collective, no NVLink multicast (the barrier is the LSA one, not the multimem one). Creating windows
// is a collective of the communicator.
#pragma once
#include <nccl.h>
#include <nccl_device.h>

#include <boost/mp11.hpp>
#include <cstdint>

#include "../kernel.cuh"
#include "../launch.cuh"
#include "../words.cuh"
#include "combine_rule.cuh"

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

}  // namespace reduce::nccl

namespace reduce::detail::nccl {

template <class Acc, class Op>
__global__ void __launch_bounds__(32)
    fold_window(ncclDevComm dev, ncclWindow_t win, unsigned char* base, bool receives, Acc* out, Op op) {
  using w = reduce::nccl::window;
  const unsigned lane = threadIdx.x;
  wait_for_previous_grid();  // this rank's local pass has written its partial
  auto* counter = reinterpret_cast<unsigned long long*>(base + w::counter_offset);
  const unsigned long long call = *counter;
  const std::size_t slot = (call & 1) * w::slot_bytes;
  // Published through NCCL's mapping of this rank's window, the address its own lane loads from below: the same
  // memory written through one address and read through another would be unordered without a proxy fence.
  if (lane == 0)
    store_words(static_cast<Acc*>(ncclGetLocalPointer(win, slot)),
                load_cg(reinterpret_cast<const Acc*>(base + w::partial_offset)));
  ncclLsaBarrierSession<ncclCoopCta> barrier(ncclCoopCta(), dev, ncclTeamTagLsa(), 0);
  barrier.sync(ncclCoopCta(), cuda::memory_order_acq_rel);
  if (receives) {
    // Peer memory is read through L2 (load_cg): the barrier orders the writes, no L1 line may hold an old value.
    // LSA ranks are the communicator's ranks here: create_windows refused a communicator wider than its LSA team.
    __shared__ alignas(Acc) unsigned char raw[32 * sizeof(Acc)];
    Acc* got = reinterpret_cast<Acc*>(raw);
    Acc acc;
    for (int first = 0; first < dev.lsaSize; first += 32) {
      if (first + int(lane) < dev.lsaSize)
        got[lane] = load_cg(static_cast<const Acc*>(ncclGetLsaPointer(win, slot, first + int(lane))));
      __syncwarp();
      if (lane == 0) {
        const int count = dev.lsaSize - first < 32 ? dev.lsaSize - first : 32;
        if (first == 0) acc = got[0];
        for (int i = first == 0 ? 1 : 0; i < count; ++i) acc = op(acc, got[i]);
      }
      __syncwarp();  // got[] is read before the next ranks' loads overwrite it
    }
    if (lane == 0) store_words(out, acc);
  }
  if (lane == 0) *counter = call + 1;  // after the barrier: every lane has read the counter
}

struct window_tag;  // keys the image query of fold_window

// Enqueued after the local pass on every rank (the barrier needs them all); only receivers write out.
template <class Acc, class Op>
cudaError_t launch_fold_window(const reduce::nccl::window& w, bool receives, Acc* out, Op op, cudaStream_t stream) {
  cudaLaunchConfig_t config{};
  config.gridDim = dim3(1);
  config.blockDim = dim3(32);
  config.stream = stream;
  cudaLaunchAttribute attribute[1];
  attribute[0].id = cudaLaunchAttributeProgrammaticStreamSerialization;
  bool hopper = false;  // the wait for the local pass is compiled only into Hopper images (launch.cuh)
  if (cudaError_t e = hopper_image<boost::mp11::mp_list<window_tag, Acc, Op>>(fold_window<Acc, Op>, hopper)) return e;
  attribute[0].val.programmaticStreamSerializationAllowed = hopper ? 1 : 0;
  config.attrs = attribute;
  config.numAttrs = 1;
  return cudaLaunchKernelEx(&config, fold_window<Acc, Op>, w.dev, w.handle, static_cast<unsigned char*>(w.base),
                            receives, out, op);
}

}  // namespace reduce::detail::nccl

namespace reduce::nccl {

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
