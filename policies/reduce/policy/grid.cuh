// Grid policies: how the blocks of a launch cover the input (the Walk) and how their results become one value (the
// Combine). A Grid is one of each, grid<Walk, Combine>; the named Grids below are the classic pairs. The parts carry
// only what the validity rules need (config.cuh); each Combine's implementation is one file in
// include/reduce/detail/grid/.
#pragma once
#include <string>

namespace reduce::policy {

// ---- Walks: where the blocks walk -----------------------------------------------------------------------------------

// A block per tile (a tile: Block threads x the Load's items), each reading exactly its own tile: the loads are issued
// with no loop around them. The grid grows with n.
struct tile_per_block {
  static constexpr bool one_tile = true;
  static constexpr int cluster = 0;  // not launched as a cluster
  static std::string name() { return "tiles"; }
};

// A fixed grid of Blocks blocks (0: as many as the device holds at once, SM count x occupancy, at most one per tile)
// walking the tiles with a grid-stride loop: few blocks, so few results to combine.
template <int Blocks = 0>
struct fixed_grid {
  static_assert(Blocks >= 0, "reduce: fixed_grid<Blocks>: Blocks is a block count, or 0 for the device's capacity");
  static constexpr bool one_tile = false;
  static constexpr int cluster = 0;
  static constexpr int blocks = Blocks;
  static std::string name() { return Blocks ? "fixed" + std::to_string(Blocks) : "fixed"; }
};

// One thread block cluster of Blocks blocks (Hopper, sm_90) walking the input with a grid-stride loop: the blocks of a
// cluster can read each other's shared memory. At most 16 SMs read, which bounds its bandwidth: for mid sizes.
template <int Blocks = 16>
struct one_cluster {
  static_assert(Blocks >= 2 && Blocks <= 16,
                "reduce: one_cluster<Blocks>: a cluster has 2..16 blocks (over 8 is Hopper's non-portable size)");
  static constexpr bool one_tile = false;
  static constexpr int cluster = Blocks;
  static constexpr int blocks = Blocks;
  static std::string name() { return "cluster" + std::to_string(Blocks); }
};

// ---- Combines: how the block results become one value -----------------------------------------------------------
// What the validity rules read of a Combine, at the values most Combines have: a Combine derives from it and restates
// only what differs. thread_results: also takes one result per thread (BlockFinish none). fixed_grid_only /
// cluster_only: the Walk it needs. The storage each needs is in its implementation file.
struct combine_tag {
  static constexpr bool thread_results = false, fixed_grid_only = false, cluster_only = false;
};

// Each block stores its result; the library launches again over the results until one is left (a walk of one tile per
// block folds them pass by pass, a fixed grid's few results are folded by one block). Deterministic.
struct relaunch : combine_tag {
  static constexpr bool thread_results = true;
  static std::string name() { return "relaunch"; }
};
// Each block (or thread) combines its result into the output with a native atomic: one launch after a preset of the
// output. Only for ops and accumulators with a native atomic; the order of arrival decides float roundings.
struct native_atomic : combine_tag {
  static constexpr bool thread_results = true;
  static std::string name() { return "atomic"; }
};
// Each block stores its result and takes an arrival ticket; the last block to arrive folds the results in block order.
// One launch after a 4-byte memset; deterministic for a given grid.
struct last_block : combine_tag {
  static std::string name() { return "lastblock"; }
};
// Each block takes a ticket on entry and publishes its result beside a ready mark in one store; the block with the
// last ticket polls the marks and folds in block order. Its storage must read zero at entry and is left so: on a
// reduce::workspace one launch and nothing else, on raw storage a memset first. Deterministic for a given grid.
struct ready_marks : combine_tag {
  static std::string name() { return "polled"; }
};
// A cooperative launch (every block resident): blocks clear their slots and arrive on the launch's grid barrier on
// entry, publish with ready marks; the last block waits on the barrier and folds in block order. One launch on any
// storage, nothing to reset; deterministic for a given grid. Needs a fixed grid of at most the resident capacity.
struct grid_barrier : combine_tag {
  static constexpr bool fixed_grid_only = true;
  static std::string name() { return "barrier"; }
};
// One result per tile, whichever block walked it, then passes of one tile per block fold them: the roundings depend
// only on n, the input's address modulo 16 and the Load, BlockFinish and Block, so the result is bitwise the same for
// any grid size and any GPU, and equal to multipass's.
struct per_tile : combine_tag {
  static constexpr bool fixed_grid_only = true;
  static std::string name() { return "pertile"; }
};
// The blocks of one cluster write their results into block 0's shared memory (distributed shared memory), which folds
// them in block order: one launch, nothing in global memory but the output. Deterministic.
struct distributed_shared : combine_tag {
  static constexpr bool cluster_only = true;
  static std::string name() { return "dsmem"; }
};

// ---- Grids ---------------------------------------------------------------------------------------------------------

template <class Walk, class Combine>
struct grid;

namespace detail_names {
inline std::string sized(const char* name, int blocks) { return blocks ? name + std::to_string(blocks) : name; }
// The classic pairs keep their classic names; any other pair is named by its parts.
template <class Walk, class Combine>
struct grid_name {
  static std::string get() { return Walk::name() + "-" + Combine::name(); }
};
template <>
struct grid_name<tile_per_block, relaunch> {
  static std::string get() { return "multipass"; }
};
template <>
struct grid_name<tile_per_block, native_atomic> {
  static std::string get() { return "atomic"; }
};
template <int G>
struct grid_name<fixed_grid<G>, relaunch> {
  static std::string get() { return sized("gridstride", G); }
};
template <int G>
struct grid_name<fixed_grid<G>, last_block> {
  static std::string get() { return sized("singlepass", G); }
};
template <int G>
struct grid_name<fixed_grid<G>, ready_marks> {
  static std::string get() { return sized("polled", G); }
};
template <int G>
struct grid_name<fixed_grid<G>, grid_barrier> {
  static std::string get() { return sized("coop", G); }
};
template <int G>
struct grid_name<fixed_grid<G>, per_tile> {
  static std::string get() { return sized("reproducible", G); }
};
template <int C>
struct grid_name<one_cluster<C>, distributed_shared> {
  static std::string get() { return sized("cluster", C); }
};
}  // namespace detail_names

template <class Walk, class Combine>
struct grid {
  using walk = Walk;
  using combine = Combine;
  static std::string name() { return detail_names::grid_name<Walk, Combine>::get(); }
};

// The classic Grids.
using multipass = grid<tile_per_block, relaunch>;  // launch again over the partials until one is left
template <int Blocks = 0>
using gridstride = grid<fixed_grid<Blocks>, relaunch>;  // a fixed grid, then one block folds its partials
using atomic = grid<tile_per_block, native_atomic>;     // block results combined with native atomics
template <int Blocks = 0>
using single_pass = grid<fixed_grid<Blocks>, last_block>;  // one launch; the last block to arrive folds
template <int Blocks = 0>
using polled = grid<fixed_grid<Blocks>, ready_marks>;  // one launch; the last ticket polls ready marks
template <int Blocks = 0>
using cooperative = grid<fixed_grid<Blocks>, grid_barrier>;  // one cooperative launch, a grid barrier
template <int Blocks = 16>
using cluster = grid<one_cluster<Blocks>, distributed_shared>;  // one cluster folds through shared memory
template <int Blocks = 0>
using reproducible = grid<fixed_grid<Blocks>, per_tile>;  // bitwise the same for any grid and GPU

}  // namespace reduce::policy
