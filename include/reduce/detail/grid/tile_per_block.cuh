// Walk tile_per_block: a block per tile, each reading exactly its own tile, so the grid grows with n.
#pragma once
#include "../launch.cuh"

namespace reduce::detail {

template <>
struct walk_strategy<policy::tile_per_block> {
  // The grid of the call's first pass.
  template <class Call>
  static status blocks(const Call& c, unsigned& blocks) {
    blocks = unsigned(c.shape.blocks());
    return {};
  }
  // The most results a first pass over n elements leaves (a block's each, or a thread's with BlockFinish none).
  template <class Call>
  static cudaError_t max_results(const Call& c, std::uint64_t& results) {
    results = c.bound.outputs;
    return cudaSuccess;
  }
};

}  // namespace reduce::detail
