// Grid policies: how the block results of one launch become one value.
#pragma once
#include <string>

namespace reduce::policy {

// How a block hands on its result; the kernel's epilogue is chosen by this.
enum class epilogue { store, atomic, last_block, grid_barrier, per_tile, cluster, polled };

// One tile per block; launch again over the partials until one value is left (log passes).
struct multipass {
  static constexpr epilogue kind = epilogue::store;
  static constexpr int grid_size = 0;
  static std::string name() { return "multipass"; }
};
// Fixed grid (Grid blocks; 0 = SM count x occupancy) with a grid-stride loop, then one single-block pass.
template <int Grid = 0>
struct gridstride {
  static_assert(Grid >= 0, "reduce: gridstride<Grid>: Grid is a block count, or 0 for the device's resident capacity");
  static constexpr epilogue kind = epilogue::store;
  static constexpr int grid_size = Grid;
  static std::string name() { return Grid ? "gridstride" + std::to_string(Grid) : "gridstride"; }
};
// One tile per block; block results are combined with a native atomic into the output (set to the identity
// first, in stream order). Not deterministic for floating point.
struct atomic {
  static constexpr epilogue kind = epilogue::atomic;
  static constexpr int grid_size = 0;
  static std::string name() { return "atomic"; }
};
// Fixed grid with a grid-stride loop; the last block to finish combines all partials in block order (one launch,
// deterministic for a given grid).
template <int Grid = 0>
struct single_pass {
  static_assert(Grid >= 0, "reduce: single_pass<Grid>: Grid is a block count, or 0 for the device's resident capacity");
  static constexpr epilogue kind = epilogue::last_block;
  static constexpr int grid_size = Grid;
  static std::string name() { return Grid ? "singlepass" + std::to_string(Grid) : "singlepass"; }
};

// Fixed grid with a grid-stride loop; each block takes a ticket on entry and stores its result beside a ready mark
// (one 8-byte store per 4 bytes, no fence); the block with the last ticket polls the marks and folds the results in
// block order, then clears them. One launch, deterministic for a given grid. The marks must read zero at entry: a
// reduce::workspace keeps them so between calls (no per-call work); raw temporary storage is zeroed per call.
template <int Grid = 0>
struct polled {
  static_assert(Grid >= 0, "reduce: polled<Grid>: Grid is a block count, or 0 for the device's resident capacity");
  static constexpr epilogue kind = epilogue::polled;
  static constexpr int grid_size = Grid;
  static std::string name() { return Grid ? "polled" + std::to_string(Grid) : "polled"; }
};

// A cooperative launch (every block resident at once) of a fixed grid (Grid blocks, at most the resident capacity;
// 0 = that capacity) with a grid-stride loop. Each block clears its slot and arrives on the grid barrier the driver
// prepares for every cooperative launch on entry, then publishes its result with a ready mark (as polled does); only
// the last block waits on the barrier, then polls the marks and folds in block order. One launch on any storage,
// nothing to reset, deterministic for a given grid. Where the device has no cooperative launch it runs as
// single_pass<Grid>.
template <int Grid = 0>
struct cooperative {
  static_assert(Grid >= 0, "reduce: cooperative<Grid>: Grid is a block count, or 0 for the device's resident capacity");
  static constexpr epilogue kind = epilogue::grid_barrier;
  static constexpr int grid_size = Grid;
  static std::string name() { return Grid ? "coop" + std::to_string(Grid) : "coop"; }
};

// One thread block cluster of Blocks blocks (Hopper, sm_90): the blocks walk the input with a grid-stride loop and
// fold their results in block order through distributed shared memory into block 0. One launch, no memset, no
// temporary storage read or written: for inputs a few SMs can stream (up to about 1 MB, docs/perf-notes.md).
// Deterministic. Where the device cannot run such a cluster it runs as single_pass<> with the same kernel shape.
template <int Blocks = 16>
struct cluster {
  static_assert(Blocks >= 2 && Blocks <= 16,
                "reduce: cluster<Blocks>: a cluster has 2..16 blocks (over 8 is Hopper's non-portable size)");
  static constexpr epilogue kind = epilogue::cluster;
  static constexpr int grid_size = Blocks;
  static std::string name() { return "cluster" + std::to_string(Blocks); }
};

// Reproducible: a fixed grid (Grid blocks; 0 = SM count x occupancy) walks the tiles, storing one partial per tile,
// then passes as in multipass fold them. The tiles, and so every rounding, depend only on n, the input's address
// modulo 16 and the rest of the config: the result is bitwise the same for any Grid, on any GPU, and equal to
// multipass with the same Load, BlockFinish, Indexing and Block.
template <int Grid = 0>
struct reproducible {
  static_assert(Grid >= 0,
                "reduce: reproducible<Grid>: Grid is a block count, or 0 for the device's resident capacity");
  static constexpr epilogue kind = epilogue::per_tile;
  static constexpr int grid_size = Grid;
  static std::string name() { return Grid ? "reproducible" + std::to_string(Grid) : "reproducible"; }
};

}  // namespace reduce::policy
