// The two ways to drive a call's ranks (rank.cuh): one rank per call (a process or a thread per GPU, the caller's
// communicator), or every rank of a communicator from one call (one process driving several GPUs, communicators from
// ncclCommInitAll). Both check everything before anything is launched or allocated.
#pragma once
#include <nccl.h>

#include <vector>

#include "../../storage.cuh"
#include "rank.cuh"

namespace reduce::detail::nccl {

template <class Cfg, class C, class T, class Acc, class Tr, class Op>
status run_share(rank_share<Cfg, C, T, Acc, Tr, Op>& r) {
  if (status s = r.local()) return s;
  if (status s = r.exchange()) return s;
  return r.finish();
}

// A call's storage as run_rank takes it: the caller's bytes, or a workspace (whose size is never reported).
struct rank_storage {
  void* d_temp;
  std::size_t& temp_bytes;
  workspace* ws;
};
inline rank_storage storage_of(const reduce::temp_storage& s) { return {s.d_temp, s.temp_bytes, nullptr}; }
inline rank_storage storage_of(workspace& ws) {
  static thread_local std::size_t unused = 0;  // never written: a call on a workspace is not a size query
  return {nullptr, unused, &ws};
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
  return with_combine<Cfg, Acc, Op>(lengths != nullptr, win != nullptr, [&](auto c) -> status {
    rank_share<Cfg, typename decltype(c)::type, T, Acc, Tr, Op> r{comm,       d_shard, n,  d_out, stream, d_temp,
                                                                  temp_bytes, ws,      tr, op,    p};
    if (status s = r.plan(query)) return s;
    if (query) {
      temp_bytes = r.temp_bytes;
      return {};
    }
    if (status s = r.check()) return s;
    if (status s = r.place_storage()) return s;
    return run_share(r);
  });
}

// Restores the caller's current device when the multi-device call returns.
struct device_guard {
  int device = -1;
  device_guard() { cudaGetDevice(&device); }
  ~device_guard() {
    if (device >= 0) cudaSetDevice(device);
  }
};

inline status set_device(int device) {
  if (cudaError_t e = cudaSetDevice(device)) return {e, "reduce::nccl: cudaSetDevice failed"};
  return {};
}

// Every rank from this thread: each step for every rank before the next step, the exchanges in one NCCL group (NCCL
// needs the collectives of all its communicators issued together when one thread issues them). Every GPU's first
// pass is launched before any GPU's later passes, so that GPU k starts k launches after GPU 0, not k whole local
// passes' worth of launches; the later passes and the group are issued while the first passes run. Issuing each GPU
// from a thread of its own measured no better (docs/multi_gpu.md, The bench, "The host"): waking a thread costs about
// what the launches it would overlap cost.
template <class Share>
status run_in_turn(std::vector<Share>& ranks) {
  for (Share& r : ranks)
    if (status s = set_device(r.p.device); s || (s = r.plan(false))) return s;
  for (Share& r : ranks)
    if (status s = set_device(r.p.device); s || (s = r.check())) return s;
  for (Share& r : ranks)
    if (status s = set_device(r.p.device); s || (s = r.place_storage())) return s;
  for (Share& r : ranks)
    if (status s = set_device(r.p.device); s || (s = r.template local<run_step::first>())) return s;
  for (Share& r : ranks)
    if (status s = set_device(r.p.device); s || (s = r.template local<run_step::rest>())) return s;
  if (status s = nccl_failed(ncclGroupStart(), "reduce::nccl: ncclGroupStart failed")) return s;
  status exchanged;
  for (std::size_t i = 0; i < ranks.size() && !exchanged; ++i) exchanged = ranks[i].exchange();
  const status ended = nccl_failed(ncclGroupEnd(), "reduce::nccl: ncclGroupEnd failed");
  if (exchanged) return exchanged;  // the specific error first: it names the call that failed
  if (ended) return ended;
  for (Share& r : ranks)
    if (status s = set_device(r.p.device); s || (s = r.finish())) return s;
  return {};
}

// Every rank from one call. Shard i may be any rank; each rank must appear once. Every shard's length is known here,
// so a reproducible Grid always gathers tiles, and argmin/argmax need no lengths from the caller.
template <class Cfg, class Shard, class Tr, class Op>
status run_devices(Shard* shards, int count, int root, Tr tr, Op op) {
  using Acc = std::remove_pointer_t<decltype(shards->d_out)>;
  using T = std::remove_cv_t<std::remove_pointer_t<decltype(shards->d_in)>>;
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
  return with_combine<Cfg, Acc, Op>(true, shards[0].win != nullptr, [&](auto c) -> status {
    using share = rank_share<Cfg, typename decltype(c)::type, T, Acc, Tr, Op>;
    std::vector<share> ranks;
    ranks.reserve(count);
    for (int i = 0; i < count; ++i) {
      Shard& s = shards[i];
      ranks.push_back(share{s.comm, s.d_in, s.n, s.d_out, s.stream, s.d_temp, s.temp_bytes, s.ws, tr, op});
      if (status e = describe(ranks[i].p, s.comm, root, lengths.data(), s.n, s.d_out, query, s.win)) return e;
    }
    if (!query) return run_in_turn(ranks);
    for (int i = 0; i < count; ++i) {
      if (status e = set_device(ranks[i].p.device); e || (e = ranks[i].plan(true))) return e;
      shards[i].temp_bytes = ranks[i].temp_bytes;
    }
    return {};
  });
}

}  // namespace reduce::detail::nccl
