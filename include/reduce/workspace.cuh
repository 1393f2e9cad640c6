// reduce::workspace: device memory that reductions keep between calls, in place of caller-provided temporary storage.
//
//   reduce::workspace ws;                                                       // nothing allocated yet
//   reduce::device_reduce<reduce::default_config>(ws, d_in, d_out, n, op, stream);  // grows on first use
//
// Its first region reads zero before and after every call: a Grid whose storage must start zeroed (polled's tickets
// and ready marks; atomic's tally word for sums of 32-bit integers) leaves it zero, so such a call on a workspace is
// one launch and nothing else, where on raw temporary storage each call pays a memset first. The second region is
// scratch for the rest. It grows on demand in stream order (cudaMallocAsync, a memset of the zeroed region,
// cudaFreeAsync of the old block, on the call's stream): the host never waits. Calls on one workspace must not overlap,
// like calls on one temporary storage: one stream, or streams ordered by events. Growing is refused while the stream
// is being captured (grow it with reserve, or with one call of the same size, before capturing). Destroy it before the
// last stream it was used on.
#pragma once
#include <cuda_runtime.h>

#include <algorithm>
#include <utility>

#include "detail/storage.cuh"
#include "status.cuh"

namespace reduce {

class workspace {
 public:
  workspace() = default;
  workspace(const workspace&) = delete;
  workspace& operator=(const workspace&) = delete;
  workspace(workspace&& o) noexcept { swap(o); }
  workspace& operator=(workspace&& o) noexcept {
    workspace(std::move(o)).swap(*this);
    return *this;
  }
  ~workspace() {
    if (base_) cudaFreeAsync(base_, stream_);
  }

  cudaStream_t last_stream() const { return stream_; }  // the last call's stream: the destructor frees there
  std::size_t zeroed_bytes() const { return zeroed_; }
  std::size_t scratch_bytes() const { return scratch_; }
  void* zeroed() const { return base_; }
  void* scratch() const { return static_cast<char*>(base_) + zeroed_; }

  // Makes both regions at least this large, in stream's order. On failure nothing changes.
  status reserve(std::size_t zeroed_bytes, std::size_t scratch_bytes, cudaStream_t stream = 0) {
    stream_ = stream;  // every call passes here: the last one's stream orders the free after its work
    const std::size_t z = std::max(zeroed_, detail::align_up(zeroed_bytes));
    const std::size_t s = std::max(scratch_, detail::align_up(scratch_bytes));
    if (base_ && z == zeroed_ && s == scratch_) return {};
    cudaStreamCaptureStatus capture = cudaStreamCaptureStatusNone;
    if (cudaError_t e = cudaStreamIsCapturing(stream, &capture)) return {e, "reduce: cudaStreamIsCapturing failed"};
    if (capture != cudaStreamCaptureStatusNone)
      return {cudaErrorStreamCaptureUnsupported,
              "reduce: the workspace must grow, which it cannot do while its stream is being captured; call "
              "reserve, or run the call once, before capturing"};
    void* p = nullptr;
    if (cudaError_t e = cudaMallocAsync(&p, std::max<std::size_t>(z + s, 16), stream))
      return {e, "reduce: cudaMallocAsync failed while growing the workspace"};
    if (cudaError_t e = cudaMemsetAsync(p, 0, z, stream)) {
      cudaFreeAsync(p, stream);
      return {e, "reduce: cudaMemsetAsync failed while growing the workspace"};
    }
    if (base_) cudaFreeAsync(base_, stream);
    base_ = p;
    zeroed_ = z;
    scratch_ = s;
    return {};
  }

 private:
  void swap(workspace& o) noexcept {
    std::swap(stream_, o.stream_);
    std::swap(base_, o.base_);
    std::swap(zeroed_, o.zeroed_);
    std::swap(scratch_, o.scratch_);
  }
  cudaStream_t stream_ = 0;
  void* base_ = nullptr;
  std::size_t zeroed_ = 0, scratch_ = 0;
};

}  // namespace reduce
