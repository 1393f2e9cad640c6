// Block-level reduction: one specialization per BlockFinish policy, all with the same contract:
//   block_reduce<Finish, Indexing, Block, Acc> r(temp);   // temp: a __shared__ TempStorage
//   Acc v = r.reduce(partial, op);                        // every thread calls; result valid in thread 0
// A TempStorage may be reused after a __syncthreads().
#pragma once
#include <reduce/policy/block_finish.cuh>

namespace reduce::detail {

template <class Finish, class Indexing, int Block, class Acc>
struct block_reduce;  // defined in specializations/

}  // namespace reduce::detail

#include "specializations/serial.cuh"
#include "specializations/shuffle.cuh"
#include "specializations/tree.cuh"
#include "specializations/unrolled.cuh"
