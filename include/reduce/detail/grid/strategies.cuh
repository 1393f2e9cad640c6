// The Grid strategies: one file per Walk (walk_strategy<W>) and one per Combine (combine_strategy<C>), listed here.
// The kernel, the launcher and the entry path read these contracts; none of them names a particular Grid. A new
// strategy is its policy tag (policies/reduce/policy/grid.cuh), one file beside these, and one line below.
//
// walk_strategy<W>, host side (device side: the tag's one_tile and cluster traits, read by the kernel and launcher):
//   static status blocks(const call&, unsigned& blocks)                the grid of the call's first pass
//   static cudaError_t max_results(const call&, std::uint64_t& most)   the most results a first pass can leave
//
// combine_strategy<C>, deriving from combine_defaults (launch.cuh), which holds the three traits at the values most
// Combines have; a strategy restates only those that differ:
//   co_resident                    the launch must be cooperative (every block resident at once): read by the launcher
//                                  and by fixed_grid's block count (at most the resident blocks)
//   zeroed                         whether it asks for zeroed storage: never, always, or where free (zeroed_use); the
//                                  entry path reads the bytes storage() asks for, the bench reads this to run a kernel
//                                  on a workspace where its storage must come zeroed
//   result_per_tile                the kernel hands on a result per tile walked, not one per block
//   template <class Acc> struct args                     the kernel parameter: what the epilogue needs; a Combine that
//                                  takes thread results (the tag's thread_results) has a member `outputs`, the count
//                                  of threads over the grid that own a result, which the kernel reads
//   template <class Cfg, class T, class Acc> struct epilogue   the device side (kernel.cuh states its contract)
//   static cudaError_t storage(const call&, bool zeroed_kept, storage_need&)   the bytes it needs (zeroed_kept: the
//                                  storage is a workspace, whose zeroed region costs nothing per call)
//   static status run(const call&, storage_regions)      its first pass, on storage of that size (zeroed bytes already
//                                  zero); an input of one tile never gets here (the entry path's one-block shortcut)
//   static status complete(const call&, storage_regions) its launches after the first pass, if any (default: none);
//                                  the entry path calls it right after run(), or later for a caller that starts
//                                  several GPUs' first passes first
#pragma once
#include "fixed_grid.cuh"
#include "one_cluster.cuh"
#include "tile_per_block.cuh"

#include "distributed_shared.cuh"
#include "grid_barrier.cuh"
#include "last_block.cuh"
#include "native_atomic.cuh"
#include "per_tile.cuh"
#include "ready_marks.cuh"
#include "relaunch.cuh"
