// reduce::workspace: device memory that reductions keep between calls, and the entry points that use it in place of
// caller-provided temporary storage.
//
//   reduce::workspace ws;                                                       // nothing allocated yet
//   reduce::device_reduce<reduce::default_config>(ws, d_in, d_out, n, op, stream);  // grows on first use
//
// Its first region reads zero before and after every call: Grid polled needs its ticket word and slots at zero on
// entry and leaves them so, and so does Grid atomic's tally word for sums of 32-bit integers, which makes such a call
// on a workspace one launch and nothing else (on raw temporary storage each pays a memset per call). The second region
// is scratch for the other Grid policies. It grows on demand in stream order (cudaMallocAsync, a memset of the zeroed
// region, cudaFreeAsync of the old block, on the call's stream): the host never waits. Calls on one workspace must not
// overlap, like calls on one temporary storage: one stream, or streams ordered by events. Growing is refused while the
// stream is being captured (grow it with reserve, or with one call of the same size, before capturing). Destroy it
// before the last stream it was used on.
#pragma once
#include <cuda_runtime.h>

#include <algorithm>
#include <utility>

#include "dispatch.cuh"

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

namespace detail {

// Grids that need no per-call preparation of storage reading zero at entry, and leave it at zero: polled (its tickets
// and slots) and atomic on sums of 32-bit integers (its tally word). They run on the zeroed region, the others on
// scratch.
template <class Grid, class Op, class Acc>
inline constexpr bool runs_on_zeroed = Grid::kind == policy::epilogue::polled ||
                                       (Grid::kind == policy::epilogue::atomic && tally_combine<Op, Acc>);

// One fixed config on a workspace.
template <class Cfg, class T, class Acc, class Tr, class Op>
status run_config(workspace& ws, const T* d_in, Acc* d_out, std::uint64_t n, Tr transform, Op op, cudaStream_t stream) {
  using dispatch = grid_dispatch<typename Cfg::grid>;
  constexpr bool zeroed = runs_on_zeroed<typename Cfg::grid, Op, Acc>;
  if (status s = check_io(d_in, d_out, n)) return s;
  std::size_t needed = 0;
  cudaError_t e;
  if constexpr (zeroed)
    e = dispatch::template temp_bytes<Cfg, T, Acc, Op, Tr>(n, needed, true);
  else
    e = dispatch::template temp_bytes<Cfg, T, Acc, Op, Tr>(n, needed);
  if (e) return {e, "reduce: device query failed"};
  if (status s = zeroed ? ws.reserve(needed, 0, stream) : ws.reserve(0, needed, stream)) return s;
  e = one_tile_or<Cfg>(d_in, n, d_out, op, transform, stream, [&] {
    if constexpr (zeroed)
      return dispatch::template run<Cfg>(ws.zeroed(), d_in, n, d_out, op, transform, stream, true);
    else
      return dispatch::template run<Cfg>(ws.scratch(), d_in, n, d_out, op, transform, stream);
  });
  if (e) return {e, "reduce: a kernel launch failed"};
  return {};
}

}  // namespace detail

// As the two-phase entry points, with ws in place of temporary storage (no size query).
template <class Cfg, class T, class Acc, class Tr, class Op = sum>
status device_transform_reduce_status(workspace& ws, const T* d_in, Acc* d_out, std::uint64_t n, Tr transform,
                                      Op op = {}, cudaStream_t stream = 0) {
  if constexpr (detail::is_tuned<Cfg>::value) {
    return detail::with_tuned_config<Cfg, T, Acc, Op, true>(n, [&](auto config) {
      return detail::run_config<typename decltype(config)::type>(ws, d_in, d_out, n, transform, op, stream);
    });
  } else {
    return detail::run_config<Cfg>(ws, d_in, d_out, n, transform, op, stream);
  }
}

template <class Cfg, class T, class Acc, class Op = sum>
status device_reduce_status(workspace& ws, const T* d_in, Acc* d_out, std::uint64_t n, Op op = {},
                            cudaStream_t stream = 0) {
  return device_transform_reduce_status<Cfg>(ws, d_in, d_out, n, detail::no_transform{}, op, stream);
}

template <class Cfg, class T, class Acc, class Op = sum>
cudaError_t device_reduce(workspace& ws, const T* d_in, Acc* d_out, std::uint64_t n, Op op = {},
                          cudaStream_t stream = 0) {
  return device_reduce_status<Cfg>(ws, d_in, d_out, n, op, stream).code;
}

}  // namespace reduce
