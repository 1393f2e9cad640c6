// A multi-device call captured once into one CUDA graph, then launched as often as wanted (one process driving
// several GPUs). The call itself issues every GPU's work from one host thread, a few microseconds a launch, so a small
// reduction is bound by the host; one graph launch issues the work of every GPU at once. Measured on 4 H200s
// (docs/results/nccl-h200x4): a float sum of 2^24 elements took 66.6 us as a graph launch against 114.1 us called in
// turn, where CUB and a group of ncclAllReduce took 66.3 us captured the same way and 117.6 us in turn; from 2^28 on
// the GPUs are busy longer than the host takes to reach them, and the graph gains little.
//
//   reduce::nccl::graph g;
//   g.capture(shards.data(), count);   // once: records the call with these shards
//   for (...) {                        // every step: refill the inputs (stream-ordered), then
//     g.launch();                      // reduce what they hold now
//   }
//
// The graph keeps the shards as they were at capture: the same pointers, lengths, streams and storage on every launch
// (temporary storage of the size query's bytes, or workspaces already grown: a workspace cannot grow during a
// capture). Keep that storage, and do not grow those workspaces with larger calls, while the graph is held: growing
// frees the memory the graph uses. What the inputs hold is read when the graph runs. A launch follows everything
// issued before it on every shard's stream, and everything issued after it on any of them follows it. The capture is
// in thread-local mode, so other threads may go on using CUDA meanwhile (NCCL's proxy thread does, during the group).
// One thread launches a graph at a time (a launch records the graph's own events). A graph moves, it does not copy.
// Destroy (or reset) the graph before the communicators.
#pragma once
#include <cuda_runtime.h>

#include <utility>
#include <vector>

#include "nccl.cuh"

namespace reduce::nccl {

class graph {
 public:
  graph() = default;
  graph(const graph&) = delete;
  graph& operator=(const graph&) = delete;
  // Moved, the executable graph and its events change owner; the graph moved from holds nothing.
  graph(graph&& o) noexcept : ranks_(std::move(o.ranks_)), exec_(std::exchange(o.exec_, nullptr)) { o.ranks_.clear(); }
  graph& operator=(graph&& o) noexcept {
    if (this != &o) {
      reset();
      ranks_ = std::move(o.ranks_);
      o.ranks_.clear();
      exec_ = std::exchange(o.exec_, nullptr);
    }
    return *this;
  }
  ~graph() { reset(); }

  // Captures the multi-device call (device_transform_reduce_status with these arguments) without running it. Any
  // graph held before is released first. Refused, with nothing held, where the call would be refused, and for the
  // size query (every shard's storage null), which launches nothing.
  template <class Cfg = default_config, class T, class Acc, class Tr, class Op = sum>
  status capture_transform(shard<T, Acc>* shards, int count, int root, Tr transform, Op op = {}) {
    reset();
    if (shards == nullptr || count < 1)
      return {cudaErrorInvalidValue, "reduce::nccl: graph::capture needs one shard per GPU (count >= 1)"};
    std::vector<int> devices(count);
    std::vector<cudaStream_t> streams(count);
    for (int i = 0; i < count; ++i) {
      if (!shards[i].d_temp && !shards[i].ws)
        return {cudaErrorInvalidValue,
                "reduce::nccl: graph::capture needs every shard's storage (temporary storage of the size query's "
                "bytes, or a workspace grown by one call): a size query launches nothing to capture"};
      if (shards[i].comm == nullptr)
        return {cudaErrorInvalidValue, "reduce::nccl: the communicator is null; pass an initialised ncclComm_t"};
      if (ncclCommCuDevice(shards[i].comm, &devices[i]) != ncclSuccess)
        return {cudaErrorInvalidValue, "reduce::nccl: ncclCommCuDevice failed"};
      streams[i] = shards[i].stream;
    }
    return capture_streams(devices.data(), streams.data(), count,
                           [&] { return detail::nccl::run_devices<Cfg>(shards, count, root, transform, op); });
  }
  template <class Cfg = default_config, class T, class Acc, class Op = sum>
  status capture(shard<T, Acc>* shards, int count, int root = every_rank, Op op = {}) {
    return capture_transform<Cfg>(shards, count, root, detail::no_transform{}, op);
  }

  // Captures whatever issue() (returning a reduce::status) enqueues on these streams, stream i on device i: the
  // building block of capture, open to any work of one process over several GPUs (the bench captures CUB and a group
  // of ncclAllReduce with it). Launches are joined to every stream as for the call.
  template <class Issue>
  status capture_streams(const int* devices, const cudaStream_t* streams, int count, Issue&& issue) {
    reset();
    if (devices == nullptr || streams == nullptr || count < 1)
      return {cudaErrorInvalidValue, "reduce::nccl: graph::capture needs one stream per GPU (count >= 1)"};
    int caller = 0;
    if (cudaError_t e = cudaGetDevice(&caller)) return {e, "reduce::nccl: cudaGetDevice failed"};
    status s = make_ranks(devices, streams, count);
    if (!s) s = check_streams();
    if (!s) s = record(issue);
    cudaSetDevice(caller);
    if (s) reset();
    return s;
  }

  // Launches the captured call: after what every shard's stream holds, before what any of them is given next.
  status launch() {
    if (!exec_) return {cudaErrorInvalidValue, "reduce::nccl: the graph holds no call: capture one first"};
    int caller = 0;
    if (cudaError_t e = cudaGetDevice(&caller)) return {e, "reduce::nccl: cudaGetDevice failed"};
    status s = join_into_first();
    if (!s)
      if (cudaError_t e = cudaGraphLaunch(exec_, ranks_[0].stream)) s = {e, "reduce::nccl: cudaGraphLaunch failed"};
    if (!s) s = fork_from_first();
    cudaSetDevice(caller);
    return s;
  }

  bool ready() const { return exec_ != nullptr; }

  // Releases the graph and its events; the graph holds nothing after.
  void reset() {
    if (exec_) cudaGraphExecDestroy(exec_);
    exec_ = nullptr;
    for (const rank& r : ranks_)
      if (r.event) cudaEventDestroy(r.event);
    ranks_.clear();
  }

 private:
  // A shard's device and stream, and an event on that device: rank 0's marks the first stream's point that the others
  // wait for, each other rank's marks its stream's point that the first stream waits for.
  struct rank {
    int device = 0;
    cudaStream_t stream = nullptr;
    cudaEvent_t event = nullptr;
  };

  status make_ranks(const int* devices, const cudaStream_t* streams, int count) {
    ranks_.resize(count);
    for (int i = 0; i < count; ++i) {
      rank& r = ranks_[i];
      r.device = devices[i];
      r.stream = streams[i];
      if (cudaError_t e = cudaSetDevice(r.device)) return {e, "reduce::nccl: cudaSetDevice failed"};
      if (cudaError_t e = cudaEventCreateWithFlags(&r.event, cudaEventDisableTiming))
        return {e, "reduce::nccl: cudaEventCreateWithFlags failed"};
    }
    return {};
  }

  // Each stream is a stream of its device's (not the legacy default stream, which a capture refuses).
  status check_streams() const {
    for (const rank& r : ranks_) {
      int on = -1;
      if (r.stream == nullptr || cudaStreamGetDevice(r.stream, &on) != cudaSuccess || on != r.device)
        return {cudaErrorInvalidValue,
                "reduce::nccl: graph::capture needs each GPU's own stream, created on that GPU (not the legacy "
                "default stream, which cannot be captured)"};
    }
    return {};
  }

  // Every other stream's point into the first stream. Every stream is joined even after a failure (the first error is
  // returned): a capture ends only with every forked stream joined.
  status join_into_first() const {
    status s;
    for (std::size_t i = 1; i < ranks_.size(); ++i) {
      cudaSetDevice(ranks_[i].device);
      cudaError_t e = cudaEventRecord(ranks_[i].event, ranks_[i].stream);
      if (!e) e = cudaStreamWaitEvent(ranks_[0].stream, ranks_[i].event);
      if (e && !s)
        s = {e,
             "reduce::nccl: joining a GPU's stream into the first failed (cudaEventRecord, "
             "cudaStreamWaitEvent)"};
    }
    cudaSetDevice(ranks_[0].device);
    return s;
  }
  // The first stream's point into every other stream.
  status fork_from_first() const {
    cudaSetDevice(ranks_[0].device);
    if (cudaError_t e = cudaEventRecord(ranks_[0].event, ranks_[0].stream))
      return {e, "reduce::nccl: cudaEventRecord failed"};
    for (std::size_t i = 1; i < ranks_.size(); ++i)
      if (cudaError_t e = cudaStreamWaitEvent(ranks_[i].stream, ranks_[0].event))
        return {e, "reduce::nccl: cudaStreamWaitEvent failed"};
    return {};
  }

  // The capture: the first stream forks into every other one, issue() enqueues each GPU's work on its own stream,
  // and every stream joins the first again, so that the graph ends only when every GPU's part has.
  template <class Issue>
  status record(Issue& issue) {
    cudaSetDevice(ranks_[0].device);
    if (cudaError_t e = cudaStreamBeginCapture(ranks_[0].stream, cudaStreamCaptureModeThreadLocal))
      return {e,
              "reduce::nccl: cudaStreamBeginCapture failed (the legacy default stream cannot be captured: give "
              "each GPU a stream of its own)"};
    status s = fork_from_first();
    if (!s) s = issue();
    const status joined = join_into_first();  // even after a failure: the capture ends only with every stream joined
    if (!s) s = joined;
    cudaGraph_t g = nullptr;
    const cudaError_t end = cudaStreamEndCapture(ranks_[0].stream, &g);
    if (!s && end) s = {end, "reduce::nccl: cudaStreamEndCapture failed: the capture was invalidated"};
    cudaGraphExec_t exec = nullptr;
    if (!s) {
      if (cudaError_t e = cudaGraphInstantiate(&exec, g, 0))
        s = {e, "reduce::nccl: cudaGraphInstantiate failed"};
      else
        exec_ = exec;
    }
    if (g) cudaGraphDestroy(g);
    return s;
  }

  std::vector<rank> ranks_;
  cudaGraphExec_t exec_ = nullptr;
};

}  // namespace reduce::nccl
