// The two ways to drive the phases (phases.cuh): one rank per call (a process or a thread per GPU, the caller's
// communicator), or every rank of a communicator from one call (one process driving several GPUs, communicators from
// ncclCommInitAll). Both check everything before anything is launched.
#pragma once
#include <nccl.h>

#include <vector>

#include "../../workspace.cuh"
#include "phases.cuh"

namespace reduce::detail::nccl {

// Plans the rank's storage on the caller's temporary storage (ws == nullptr) or on a workspace, and places it.
template <class Cfg, class T, class Acc, class Tr, class Op>
status size_rank(plan<Acc>& p, workspace* ws, const T* d_shard, std::uint64_t n, Tr tr, Op op, cudaStream_t stream) {
  if (ws) return size<Cfg, true>(p, d_shard, n, tr, op, stream);
  return size<Cfg, false>(p, d_shard, n, tr, op, stream);
}
// The rank's storage is on the communicator's device: the caller's temporary storage, or the memory a workspace
// already holds (one grown by an earlier call on another GPU would otherwise be reused there). A workspace that
// holds nothing yet grows on the rank's stream, so on its device.
template <class Acc>
status check_storage(const plan<Acc>& p, const workspace* ws, const void* d_temp, std::size_t temp_bytes) {
  if (!ws) return check_temp(d_temp, temp_bytes, p.total_bytes(), p.device);
  return check_on_device(ws->zeroed(), p.device, false, "", "reduce::nccl: the workspace holds host memory",
                         "reduce::nccl: the workspace holds memory on another device than the communicator; use one "
                         "workspace per device");
}
// Places the rank's regions; check_storage passed first.
template <class Acc>
status place_rank(plan<Acc>& p, workspace* ws, void* d_temp, cudaStream_t stream) {
  if (!ws) {
    p.carve(d_temp, nullptr);
    return {};
  }
  if (status s = ws->reserve(p.local.zeroed, align_up(p.head_bytes) + align_up(p.local.scratch), stream)) return s;
  p.carve(ws->scratch(), ws->zeroed());
  return {};
}
template <class Cfg, class T, class Acc, class Tr, class Op>
status local_rank(const plan<Acc>& p, bool on_workspace, const T* d_shard, std::uint64_t n, Tr tr, Op op,
                  cudaStream_t stream) {
  if (on_workspace) return local_phase<Cfg, true>(p, d_shard, n, tr, op, stream);
  return local_phase<Cfg, false>(p, d_shard, n, tr, op, stream);
}

// One rank. d_temp == nullptr and ws == nullptr: the size query (temp_bytes), nothing runs.
template <class Cfg, class T, class Acc, class Tr, class Op>
status run_rank(void* d_temp, std::size_t& temp_bytes, workspace* ws, const T* d_shard, Acc* d_out, std::uint64_t n,
                ncclComm_t comm, int root, const std::uint64_t* lengths, const reduce::nccl::window* win, Tr tr, Op op,
                cudaStream_t stream) {
  const bool query = !ws && d_temp == nullptr;
  if (status s = check_call(d_shard, n, d_out, comm, root, query)) return s;
  plan<Acc> p;
  if (status s = describe(p, comm, root, lengths, n, d_out, query, win)) return s;
  if (status s = check_devices(p.device, stream)) return s;
  if (status s = size_rank<Cfg>(p, ws, d_shard, n, tr, op, stream)) return s;
  if (query) {
    temp_bytes = p.total_bytes();
    return {};
  }
  if (status s = check_data(p, d_shard, n, d_out)) return s;
  if (status s = check_storage(p, ws, d_temp, temp_bytes)) return s;
  if (status s = place_rank(p, ws, d_temp, stream)) return s;
  if (status s = local_rank<Cfg>(p, ws != nullptr, d_shard, n, tr, op, stream)) return s;
  if (status s = exchange_phase<Cfg, T, Acc, Op>(p, d_out, comm, stream)) return s;
  return finish_phase<Cfg>(p, d_out, op, stream);
}

// Restores the caller's current device when the multi-device call returns.
struct device_guard {
  int device = -1;
  device_guard() { cudaGetDevice(&device); }
  ~device_guard() {
    if (device >= 0) cudaSetDevice(device);
  }
};

// Every rank from one call. Shard i may be any rank; each rank must appear once. Every shard's length is known here,
// so a reproducible Grid always gathers tiles, and argmin/argmax need no lengths from the caller.
template <class Cfg, class Shard, class Tr, class Op>
status run_devices(Shard* shards, int count, int root, Tr tr, Op op) {
  using Acc = std::remove_pointer_t<decltype(shards->d_out)>;
  if (shards == nullptr || count < 1)
    return {cudaErrorInvalidValue, "reduce::nccl: no shards: pass an array of count >= 1 shards, one per rank"};
  bool query = true;
  for (int i = 0; i < count; ++i) query = query && !shards[i].ws && shards[i].d_temp == nullptr;
  std::vector<std::uint64_t> lengths(count);
  std::vector<int> seen(count, 0);
  for (int i = 0; i < count; ++i) {
    const Shard& s = shards[i];
    if (status e = check_call(s.d_in, s.n, s.d_out, s.comm, root, query)) return e;
    int nranks = 0, rank = 0;
    if (status e = nccl_failed(ncclCommCount(s.comm, &nranks), "reduce::nccl: ncclCommCount failed")) return e;
    if (status e = nccl_failed(ncclCommUserRank(s.comm, &rank), "reduce::nccl: ncclCommUserRank failed")) return e;
    if (nranks != count || seen[rank]++)
      return {cudaErrorInvalidValue,
              "reduce::nccl: the shards must be one per rank of one communicator "
              "(ncclCommInitAll's), each rank once"};
    lengths[rank] = s.n;
    if ((s.win != nullptr) != (shards[0].win != nullptr))
      return {cudaErrorInvalidValue, "reduce::nccl: pass a window on every shard or on none"};
  }
  device_guard guard;
  std::vector<plan<Acc>> plans(count);
  for (int i = 0; i < count; ++i) {
    Shard& s = shards[i];
    plan<Acc>& p = plans[i];
    if (status e = describe(p, s.comm, root, lengths.data(), s.n, s.d_out, query, s.win)) return e;
    if (cudaError_t e = cudaSetDevice(p.device)) return {e, "reduce::nccl: cudaSetDevice failed"};
    if (status e = check_devices(p.device, s.stream)) return e;
    if (status e = size_rank<Cfg>(p, s.ws, s.d_in, s.n, tr, op, s.stream)) return e;
    if (query) s.temp_bytes = p.total_bytes();
  }
  if (query) return {};
  for (int i = 0; i < count; ++i) {  // every check before any workspace grows
    const Shard& s = shards[i];
    if (cudaError_t e = cudaSetDevice(plans[i].device)) return {e, "reduce::nccl: cudaSetDevice failed"};
    if (status e = check_data(plans[i], s.d_in, s.n, s.d_out)) return e;
    if (status e = check_storage(plans[i], s.ws, s.d_temp, s.temp_bytes)) return e;
  }
  for (int i = 0; i < count; ++i) {
    Shard& s = shards[i];
    if (cudaError_t e = cudaSetDevice(plans[i].device)) return {e, "reduce::nccl: cudaSetDevice failed"};
    if (status e = place_rank(plans[i], s.ws, s.d_temp, s.stream)) return e;
  }
  for (int i = 0; i < count; ++i) {
    Shard& s = shards[i];
    if (cudaError_t e = cudaSetDevice(plans[i].device)) return {e, "reduce::nccl: cudaSetDevice failed"};
    if (status e = local_rank<Cfg>(plans[i], s.ws != nullptr, s.d_in, s.n, tr, op, s.stream)) return e;
  }
  if (status e = nccl_failed(ncclGroupStart(), "reduce::nccl: ncclGroupStart failed")) return e;
  status exchanged;
  for (int i = 0; i < count && !exchanged; ++i) {
    using T = std::remove_cv_t<std::remove_pointer_t<decltype(shards->d_in)>>;
    exchanged = exchange_phase<Cfg, T, Acc, Op>(plans[i], shards[i].d_out, shards[i].comm, shards[i].stream);
  }
  const status ended = nccl_failed(ncclGroupEnd(), "reduce::nccl: ncclGroupEnd failed");
  if (exchanged) return exchanged;  // the specific error first: it names the call that failed
  if (ended) return ended;
  for (int i = 0; i < count; ++i) {
    if (cudaError_t e = cudaSetDevice(plans[i].device)) return {e, "reduce::nccl: cudaSetDevice failed"};
    if (status e = finish_phase<Cfg>(plans[i], shards[i].d_out, op, shards[i].stream)) return e;
  }
  return {};
}

}  // namespace reduce::detail::nccl
