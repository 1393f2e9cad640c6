// Combine rank_gather: any op and accumulator (a custom op, bitwise ops, argmin/argmax pairs, compensated and binned
// sums, half/bf16 and 16-bit accumulators, min/max of float and double, whose NCCL forms do not propagate NaN as
// reduce::min/max do). The partials are all-gathered as bytes and folded in rank order by one thread on each GPU that
// receives the result (fold.cuh): every rank gets the same bits, and a run repeats bitwise.
#pragma once
#include "../fold.cuh"
#include "../plan.cuh"

namespace reduce::detail::nccl {

struct rank_gather {
  template <class Cfg, class Acc, class Op>
  static constexpr bool fits = true;
  static constexpr bool takes(bool /*lengths_known*/, bool /*window_given*/) { return true; }
  static constexpr bool engine_storage = true;

  template <class Cfg, class T, class Acc>
  static status head(plan<Acc>& p, const T*, std::uint64_t) {
    p.head_bytes = std::size_t(p.nranks) * sizeof(Acc);  // every rank's partial, in rank order
    return {};
  }
  template <class Cfg, bool KeepsZeroed, run_step Step, class T, class Acc, class Tr, class Op>
  static status local(const plan<Acc>& p, const T* d_shard, std::uint64_t n, Tr tr, Op op, cudaStream_t stream) {
    return shard_into<Cfg, KeepsZeroed, Step>(p, p.head + p.rank, d_shard, n, tr, op, stream);
  }
  template <class Cfg, class T, class Acc, class Op>
  static status exchange(const plan<Acc>& p, Acc*, ncclComm_t comm, cudaStream_t stream) {
    return nccl_failed(ncclAllGather(p.head + p.rank, p.head, sizeof(Acc), ncclUint8, comm, stream),  // in place
                       "reduce::nccl: ncclAllGather failed (NCCL_DEBUG=WARN says why)");
  }
  template <class Cfg, class Acc, class Op>
  static status finish(const plan<Acc>& p, Acc* d_out, Op op, cudaStream_t stream) {
    if (!p.receives()) return {};
    if (cudaError_t e = launch_fold(p.head, p.nranks, d_out, op, stream))
      return {e, "reduce::nccl: a kernel launch failed"};
    return {};
  }
};

}  // namespace reduce::detail::nccl
