// Block-level reduction: one specialization per BlockFinish policy, all with the same contract:
//   block_reduce<Finish, Block, Acc> r(temp);   // temp: a __shared__ TempStorage
//   Acc v = r.reduce(partial, op);                        // every thread calls; result valid in thread 0
// A TempStorage may be reused after a __syncthreads().
#pragma once
#include <reduce/policy/block_finish.cuh>

namespace reduce::detail {

template <class Finish, int Block, class Acc>
struct block_reduce;  // defined in specializations/

// The block reduction of a config for accumulator Acc.
template <class Cfg, class Acc>
using block_reduce_for = block_reduce<typename Cfg::finish, Cfg::block, Acc>;

}  // namespace reduce::detail

#include "specializations/serial.cuh"
#include "specializations/shuffle.cuh"
#include "specializations/tree.cuh"
#include "specializations/unrolled.cuh"
