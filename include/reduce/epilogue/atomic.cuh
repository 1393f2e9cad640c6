// Epilogue atomic (Grid atomic): each block's result, or with BlockFinish none each thread's, is combined into the
// output with a native atomic, once the identity fill before the launch has landed; on a tally word (zeroed storage,
// 32-bit integer sums) it is a counted add whose last arrival writes the output (detail/atomic.cuh).
#pragma once
#include "../detail/atomic.cuh"

namespace reduce::detail {

template <>
struct block_epilogue<policy::epilogue::atomic> {
  template <class Acc>
  __device__ explicit block_epilogue(const grid_args<Acc>&) {}

  // One of `arrivals` results.
  template <class Op, class Acc>
  __device__ static void combine(Acc* out, const Acc& v, const grid_args<Acc>& g, std::uint64_t arrivals) {
    if constexpr (tally_combine<Op, Acc>) {
      if (g.tally) return tally_add(g.tally, v, arrivals, out);
    }
    wait_for_previous_grid();  // the identity fill
    atomic_combine<Op, Acc>::apply(out, v);
  }

  template <class Cfg, class T, class BlockReduce, class Acc, class Op>
  __device__ void hand_on(typename BlockReduce::TempStorage&, const Acc& v, Acc* out, Op, const grid_args<Acc>& g) {
    if (threadIdx.x == 0) combine<Op>(out, v, g, gridDim.x);
  }

  template <class Acc, class Op>
  __device__ void hand_on_thread(std::uint64_t, const Acc& partial, Acc* out, Op, const grid_args<Acc>& g) {
    combine<Op>(out, partial, g, g.outputs);
  }
};

}  // namespace reduce::detail
