// Segmented reductions (many reductions at once: segments given by offsets, segments of one size, the rows or the
// columns of a matrix): how segments map to the GPU, and the configuration that pairs a mapping with the one-array
// axes. One result per segment; a segment with no element gives the op's identity.
#pragma once
#include <string>
#include <type_traits>

#include "block_finish.cuh"
#include "load.cuh"

namespace reduce::policy {

// What the dispatch and the matrix read of a Map, at the values most Maps have: a Map derives from it and restates
// only what differs. lanes: the lanes of a group (0: no lane groups); uses_block_finish: whether the config's
// BlockFinish runs (else the Map takes shuffle alone); columns_only: reduces the columns of a matrix and nothing else;
// strided_only: takes segments at a fixed stride (one size, rows), not offsets; reads_iterators: hands its transform
// each segment's first position (detail::at_segment), which an input given as an iterator needs to read its elements.
struct map_traits {
  static constexpr int lanes = 0;
  static constexpr bool uses_block_finish = false;
  static constexpr bool columns_only = false;
  static constexpr bool strided_only = false;
  static constexpr bool reads_iterators = false;
};

// A group of Lanes consecutive lanes of a warp per segment (1: a thread per segment; 32: a warp). Lane j of a group
// reads the segment's elements j, j + Lanes, ...: with segments of about Lanes elements laid end to end, a warp's
// loads are one contiguous run. The group's values meet through warp shuffles. Its Load is scalar<K> (a unit: one
// element) or vector<K> (a unit: 16 bytes, the head and tail of a segment off that alignment read as scalars); a
// group takes K segments at a time, so that even segments of one unit keep K loads a lane in flight.
template <int Lanes>
struct lanes_per_segment : map_traits {
  static_assert(Lanes >= 1 && Lanes <= 32 && (Lanes & (Lanes - 1)) == 0,
                "reduce: lanes_per_segment<Lanes>: Lanes must be a power of two in 1..32");
  static constexpr int lanes = Lanes;
  static std::string name() { return Lanes == 1 ? "thread" : Lanes == 32 ? "warp" : "lanes" + std::to_string(Lanes); }
};
using thread_per_segment = lanes_per_segment<1>;
using warp_per_segment = lanes_per_segment<32>;

// A block per segment: the one-array engine's walk over the segment (the Load, vector loads with any alignment) and
// its block reduction (the BlockFinish). For segments of thousands of elements and more.
struct block_per_segment : map_traits {
  static constexpr bool uses_block_finish = true;
  static constexpr bool reads_iterators = true;
  static std::string name() { return "block"; }
};

// Whole segments staged through shared memory, a tile at a time: a block reads a run of consecutive segments as one
// contiguous range with its Load (scalar<K>: Block * K elements a tile; vector<K>: Block * K 16-byte vectors, the
// range's head and tail up to 16-byte boundaries as scalars), every load issued before any is stored; then each
// thread folds a segment from shared memory and stores its result, adjacent threads adjacent outputs. For segments of
// a few elements, which lane groups read a few bytes a load. Segments at a fixed stride only (one size, rows: a
// tile's range follows from its first segment); a segment longer than a tile is read by the whole block instead.
struct staged_tile : map_traits {
  static constexpr bool strided_only = true;
  static std::string name() { return "staged"; }
};

// Segments sorted by length on the device, for lengths the host does not know (offsets). A first pass gives each warp
// up to two batches of 32 consecutive segments (fewer where there are few segments): where all are tiny each lane
// folds its own, else the short ones go to lane groups about as wide as the batch's typical segment, any much longer
// than its group takes in a few steps to the whole warp one at a time, and the long ones (over 2^12 elements) are
// split into parts (up to 256 of up to 2^15 elements, their bounds a function of its length) and listed. A second pass
// walks each part with a block (the one-array engine's walk: the Load, vector loads included, and the BlockFinish);
// the block that finishes a segment's last part folds its parts with the BlockFinish. Scratch: up to 2^18 parts
// (about 8 MB for float). The bits of a result are the same on every run of the same call on any GPU (its path and
// order follow from the segment count and from the lengths and layout of the segment and of its warp's other segments),
// though they may differ from another mapping's. The one exception: a call whose long segments outgrow the scratch
// (more than 2^18 parts in all); the surplus, picked by the order of atomics, is read by whole warps in the first pass:
// every result is still right, but float sums of long segments may differ run to run.
struct by_length : map_traits {
  static constexpr bool uses_block_finish = true;
  static std::string name() { return "bylength"; }
};

// Each segment's tiles dealt to P blocks (block p: tiles p, p + P, ..., with the agent and the BlockFinish, as
// block_per_segment), P from the segment count so that a few long segments fill the GPU; the last block of a segment
// to finish folds the blocks' results in a fixed order. For a few segments of millions of elements.
struct parts_per_segment : map_traits {
  static constexpr bool uses_block_finish = true;
  static std::string name() { return "parts"; }
};

// The columns of a row-major matrix: adjacent lanes own adjacent columns (one each for a scalar Load, a 16-byte vector
// of them for a vector Load), so each load of a warp is a run of one row; a block's warps stand side by side over
// columns or take interleaved rows, and a block takes a chunk of the rows of its columns. Blocks that share columns
// leave partial results, folded in row order by a second pass of the same walk.
struct column_walk : map_traits {
  static constexpr bool columns_only = true;
  static std::string name() { return "columns"; }
};

// Which segmented configurations are kernels the library builds, clause by clause (as validity for the one-array
// configs): a Map that does not use the BlockFinish takes one (shuffle), so that the matrix holds no two names for
// the same code.
template <class Map, class Load, class Finish, int Block>
struct segmented_validity {
  static constexpr bool block_size = Block >= 32 && Block <= 1024 && (Block & (Block - 1)) == 0;
  static constexpr bool finish_used = Map::uses_block_finish || std::is_same_v<Finish, shuffle>;
  static constexpr bool thread_finish = !std::is_same_v<Finish, none>;
  static constexpr bool value = block_size && finish_used && thread_finish;
};

template <class Map, class Load, class Finish, int Block>
struct segmented_config {
  using valid = segmented_validity<Map, Load, Finish, Block>;
  static_assert(valid::block_size, "reduce: segmented_config<..., Block>: Block must be a power of two in 32..1024");
  static_assert(valid::finish_used,
                "reduce: this segment mapping does not use a BlockFinish (its groups meet through warp shuffles): "
                "name policy::shuffle");
  static_assert(valid::thread_finish,
                "reduce: a segmented reduction keeps one result per segment: BlockFinish none does not apply");
  using map = Map;
  using load = Load;
  using finish = Finish;
  static constexpr int block = valid::block_size ? Block : 32;
  static std::string name() {
    return Map::name() + "/" + Load::name() + (Map::uses_block_finish ? "/" + Finish::name() : std::string()) + "/b" +
           std::to_string(Block);
  }
};

// The segmented default (reduce::default_segmented_config): a choice per call by the kind of segments and, where the
// host knows it (one size, rows, columns), the segment length; detail/segment/tuned.cuh.
struct segmented_tuned {
  static std::string name() { return "default"; }
};

}  // namespace reduce::policy
