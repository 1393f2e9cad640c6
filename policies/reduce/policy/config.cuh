// A kernel configuration: a Load, a BlockFinish, a Grid and the block size; and the one place that says which
// combinations are valid (validity), read by config's static_asserts and by the kernel matrix's filter alike.
#pragma once
#include <string>
#include <type_traits>

#include "block_finish.cuh"
#include "grid.cuh"
#include "load.cuh"

namespace reduce::policy {

// Whether config<Load, Finish, Grid, Block> is a kernel the library builds, clause by clause; `value` holds when every
// clause does. It reads the template arguments only, so asking never instantiates a config.
template <class Load, class Finish, class Grid, int Block>
struct validity {
  using walk = typename Grid::walk;
  using combine = typename Grid::combine;
  static constexpr bool thread_results = std::is_same_v<Finish, none>;

  // The block reduction and the tiles assume a whole number of warps, halving down to one.
  static constexpr bool block_size = Block >= 32 && Block <= 1024 && (Block & (Block - 1)) == 0;
  // BlockFinish none: thread i's result must be a run of the input (its own contiguous items), so that results in
  // thread order are the input's order.
  static constexpr bool thread_results_arrangement =
      !thread_results || Load::items == 1 || std::is_same_v<typename Load::arrangement, blocked>;
  // BlockFinish none: a result per thread needs a Combine that takes them, over one tile per block (a fixed grid's
  // results would not shrink from pass to pass).
  static constexpr bool thread_results_grid = !thread_results || (combine::thread_results && walk::one_tile);
  // BlockFinish none with relaunch: each pass must leave fewer values than it read.
  static constexpr bool thread_results_shrink =
      !thread_results || !std::is_same_v<combine, relaunch> || Load::items > 1 || Load::vectorized;
  // Walks and Combines that need each other.
  static constexpr bool fixed_grid_pairing = !combine::fixed_grid_only || (!walk::one_tile && walk::cluster == 0);
  static constexpr bool cluster_pairing = combine::cluster_only == (walk::cluster > 0);

  static constexpr bool value = block_size && thread_results_arrangement && thread_results_grid &&
                                thread_results_shrink && fixed_grid_pairing && cluster_pairing;
};

template <class Load, class Finish, class Grid, int Block>
struct config {
  using valid = validity<Load, Finish, Grid, Block>;
  static_assert(valid::block_size, "reduce: config<..., Block>: Block must be a power of two in 32..1024");
  static_assert(valid::thread_results_arrangement,
                "reduce: BlockFinish none writes one result per thread, so its Load must be blocked (or 1 item): use "
                "scalar<K, blocked> or vector<K, blocked>");
  static_assert(valid::thread_results_grid,
                "reduce: BlockFinish none leaves one result per thread; use it with Grid multipass or atomic");
  static_assert(valid::thread_results_shrink,
                "reduce: BlockFinish none with multipass needs more than one item per thread, or no pass would shrink "
                "the input; use scalar<2 or more, blocked> or a vector Load");
  static_assert(
      valid::fixed_grid_pairing,
      "reduce: this Combine (grid_barrier or per_tile) needs a fixed grid: use grid<fixed_grid<Blocks>, ...>, "
      "or the named Grids cooperative<> and reproducible<>");
  static_assert(valid::cluster_pairing,
                "reduce: one_cluster and distributed_shared go together: use the named Grid cluster<Blocks>");

  using load = Load;
  using finish = Finish;
  using grid = Grid;
  // An invalid block size has been reported above; a valid stand-in keeps the compiler from reporting it again
  // through every kernel that uses it.
  static constexpr int block = valid::block_size ? Block : 32;

  static std::string name() {
    return Load::name() + "/" + Finish::name() + "/" + Grid::name() + "/b" + std::to_string(Block);
  }
};

// The default configuration (reduce::default_config): not one kernel but a lookup, per call, in the tuning tables of
// the device's architecture; Fallback runs where no table exists. It behaves like a config in every entry point.
template <class Fallback>
struct tuned {
  using fallback = Fallback;
  static std::string name() { return "default"; }
};

}  // namespace reduce::policy
