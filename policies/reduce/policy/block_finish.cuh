// BlockFinish policies: how the threads of a block combine their partials into one value (in thread 0).
#pragma once
#include <string>

#include "indexing.cuh"

namespace reduce::policy {

// No block stage: every thread's partial goes straight to the Grid (needs a blocked Load, or one item a thread).
struct none {
  static std::string name() { return "none"; }
};
// Each thread stores its partial to shared memory; thread 0 sums them one by one.
struct serial {
  static std::string name() { return "serial"; }
};
// Shared-memory tree, a runtime loop with a barrier per level, addressed as Indexing says (indexing.cuh).
template <class Indexing = sequential>
struct tree {
  using indexing = Indexing;
  static std::string name() { return "tree-" + Indexing::name(); }
};
// Sequential tree down to 64 in a loop, last warp unrolled with __syncwarp (the classic reduce_4).
struct unrolled_last_warp {
  static std::string name() { return "unroll-warp"; }
};
// Sequential tree unrolled at compile time for the block size, last warp with __syncwarp (reduce_5).
struct unrolled {
  static std::string name() { return "unrolled"; }
};
// __shfl_down_sync inside each warp, one shared-memory stage, a last shuffle in warp 0 (reduce_6, CUB's way).
struct shuffle {
  static std::string name() { return "shuffle"; }
};

}  // namespace reduce::policy
