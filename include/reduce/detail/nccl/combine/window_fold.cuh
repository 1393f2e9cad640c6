// Combine window_fold: the caller passed a window (reduce/nccl_window.cuh) and the combine is not a tile gather. Each
// rank's partial goes into its window and one kernel per rank meets the others over NCCL's device API and folds
// every rank's partial in rank order (../window.cuh): the same bits as rank_gather, without a host-launched
// collective.
#pragma once
#include "../plan.cuh"
#include "../window.cuh"

namespace reduce::detail::nccl {

struct window_fold {
  template <class Cfg, class Acc, class Op>
  static constexpr bool fits = true;
  static constexpr bool takes(bool /*lengths_known*/, bool window_given) { return window_given; }
  static constexpr bool engine_storage = true;

  template <class Cfg, class T, class Acc>
  static status head(plan<Acc>& p, const T*, std::uint64_t) {
    if (sizeof(Acc) > reduce::nccl::window::slot_bytes)
      return {cudaErrorInvalidValue,
              "reduce::nccl: the accumulator is larger than a window's slot (1024 bytes): pass no window"};
    p.head_bytes = 0;  // the partial goes into the window
    return {};
  }
  template <class Acc>
  static Acc* partial(const plan<Acc>& p) {
    return reinterpret_cast<Acc*>(static_cast<unsigned char*>(p.win->base) + reduce::nccl::window::partial_offset);
  }
  template <class Cfg, bool KeepsZeroed, run_step Step, class T, class Acc, class Tr, class Op>
  static status local(const plan<Acc>& p, const T* d_shard, std::uint64_t n, Tr tr, Op op, cudaStream_t stream) {
    return shard_into<Cfg, KeepsZeroed, Step>(p, partial(p), d_shard, n, tr, op, stream);
  }
  template <class Cfg, class T, class Acc, class Op>
  static status exchange(const plan<Acc>&, Acc*, ncclComm_t, cudaStream_t) {
    return {};  // the fold kernel itself meets the other ranks
  }
  template <class Cfg, class Acc, class Op>
  static status finish(const plan<Acc>& p, Acc* d_out, Op op, cudaStream_t stream) {
    if constexpr (sizeof(Acc) <= reduce::nccl::window::slot_bytes) {  // larger: refused by head(), never compiled
      if (cudaError_t e = launch_fold_window(*p.win, p.receives(), d_out, op, stream))
        return {e, "reduce::nccl: a kernel launch failed"};
    }
    return {};
  }
};

}  // namespace reduce::detail::nccl
