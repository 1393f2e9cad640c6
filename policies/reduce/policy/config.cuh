// A kernel configuration: one policy per axis plus the block size.
#pragma once
#include <string>
#include <type_traits>

#include "block_finish.cuh"
#include "grid.cuh"
#include "indexing.cuh"
#include "load.cuh"

namespace reduce::policy {

template <class Load, class Finish, class Indexing, class Grid, int Block>
struct config {
  static_assert(Block >= 32 && Block <= 1024 && (Block & (Block - 1)) == 0,
                "reduce: config<..., Block>: Block must be a power of two in 32..1024");
  static_assert(!std::is_same_v<Finish, none> || Load::items == 1 ||
                    std::is_same_v<typename Load::arrangement, blocked>,
                "reduce: BlockFinish none writes one partial per thread, so its Load must be blocked (or 1 item)");
  static_assert(!std::is_same_v<Finish, none> || std::is_same_v<Grid, multipass> || std::is_same_v<Grid, atomic>,
                "reduce: BlockFinish none leaves one partial per thread; use it with Grid multipass or atomic");
  static_assert(!std::is_same_v<Finish, none> || !std::is_same_v<Grid, multipass> || Load::items > 1 ||
                    Load::vectorized,
                "reduce: BlockFinish none with multipass needs more than one item per thread, or no pass would shrink "
                "the input; use scalar<2 or more, blocked> or a vector Load");
  using load = Load;
  using finish = Finish;
  using indexing = Indexing;
  using grid = Grid;
  static constexpr int block = Block;

  // Indexing is named only where it changes the code (the shared-memory tree).
  static std::string name() {
    std::string f = Finish::name();
    if constexpr (std::is_same_v<Finish, tree>) f += "-" + Indexing::name();
    return Load::name() + "/" + f + "/" + Grid::name() + "/b" + std::to_string(Block);
  }
};

}  // namespace reduce::policy
