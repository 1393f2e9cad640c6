// Combine nccl_reduction: op and accumulator are one of NCCL's reductions on one of its types (sum and product of 8-,
// 32- and 64-bit integers, float and double; min and max of those integers). Each rank's one partial is all-reduced
// (or reduced to the root) by NCCL itself, straight into d_out. Integer sums and products wrap modulo 2^k in any order,
// so they are exact; float and double sums round in NCCL's order (every rank gets the same bits).
#pragma once
#include "../plan.cuh"

namespace reduce::detail::nccl {

struct nccl_reduction {
  // Not for a reproducible Grid: NCCL's order of additions is its own.
  template <class Cfg, class Acc, class Op>
  static constexpr bool fits = has_nccl_op<Op, Acc>() && !folds_per_tile<Cfg>::value;
  static constexpr bool takes(bool /*lengths_known*/, bool /*window_given*/) { return true; }
  static constexpr bool engine_storage = true;

  template <class Cfg, class T, class Acc>
  static status head(plan<Acc>& p, const T*, std::uint64_t) {
    p.head_bytes = sizeof(Acc);  // the partial
    return {};
  }
  template <class Cfg, bool KeepsZeroed, run_step Step, class T, class Acc, class Tr, class Op>
  static status local(const plan<Acc>& p, const T* d_shard, std::uint64_t n, Tr tr, Op op, cudaStream_t stream) {
    return shard_into<Cfg, KeepsZeroed, Step>(p, p.head, d_shard, n, tr, op, stream);
  }
  template <class Cfg, class T, class Acc, class Op>
  static status exchange(const plan<Acc>& p, Acc* d_out, ncclComm_t comm, cudaStream_t stream) {
    if (p.root < 0)
      return nccl_failed(ncclAllReduce(p.head, d_out, 1, nccl_type<Acc>(), nccl_op<Op>(), comm, stream),
                         "reduce::nccl: ncclAllReduce failed (NCCL_DEBUG=WARN says why)");
    return nccl_failed(ncclReduce(p.head, d_out, 1, nccl_type<Acc>(), nccl_op<Op>(), p.root, comm, stream),
                       "reduce::nccl: ncclReduce failed (NCCL_DEBUG=WARN says why)");
  }
  template <class Cfg, class Acc, class Op>
  static status finish(const plan<Acc>&, Acc*, Op, cudaStream_t) {
    return {};  // NCCL wrote d_out
  }
};

}  // namespace reduce::detail::nccl
