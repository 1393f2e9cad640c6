// Combine relaunch: each block (or thread) stores its result, and the library launches again over the results until
// one is left. After a walk of one tile per block the later passes are the same, a pass shrinking the count by a tile
// each time (multipass); after a fixed grid, whose results are few, one block folds them in a last pass (gridstride).
#pragma once
#include "../launch.cuh"
#include "../words.cuh"

namespace reduce::detail {

template <>
struct combine_strategy<policy::relaunch> : combine_defaults {
  template <class Acc>
  struct args {
    std::uint64_t outputs = 1;  // BlockFinish none: threads 0..outputs-1 (over the grid) own a result
  };

  template <class Cfg, class T, class Acc>
  struct epilogue {
    __device__ explicit epilogue(const args<Acc>&) {}
    template <class Temp, class Op>
    __device__ void block_result(Temp&, const Acc& v, std::uint64_t index, Acc* out, Op, const args<Acc>&) {
      if (threadIdx.x == 0) store_words(out + index, v);
    }
    template <class Op>
    __device__ void thread_result(std::uint64_t i, const Acc& v, Acc* out, Op, const args<Acc>&) {
      store_words(out + i, v);
    }
  };

  // ---- the passes after the first, shared with per_tile -----------------------------------------------------------

  // The kernel of a later pass: the same Load, BlockFinish and block size, one tile per block.
  template <class Cfg>
  using pass_config = with_grid<Cfg, policy::grid<policy::tile_per_block, policy::relaunch>>;
  // Results of Acc a thread's loads hold: its items, each a 16-byte vector of Acc where the vector rule allows.
  template <class Cfg, class Acc>
  static constexpr int results_per_thread = Cfg::load::items*(loads_vectors_v<typename Cfg::load, Acc>
                                                                  ? int(16 / sizeof(Acc))
                                                                  : 1);
  // The kernel that folds results of Acc. With BlockFinish none a pass leaves one result per thread, fewer than it read
  // only where a thread's loads hold several; where they hold one (one item of a 16-byte Acc, or of an Acc the vector
  // rule reads one by one: a 12-byte struct, a struct aligned below its size) the passes would never shrink, so each
  // block's results meet through the shuffle finish instead.
  template <class Cfg, class Acc>
  using fold_config =
      cuda::std::conditional_t<cuda::std::is_same_v<typename Cfg::finish, policy::none> &&
                                   results_per_thread<Cfg, Acc> == 1,
                               policy::config<typename Cfg::load, policy::shuffle,
                                              policy::grid<policy::tile_per_block, policy::relaunch>, Cfg::block>,
                               pass_config<Cfg>>;

  // Bytes of the two buffers that passes of one tile per block ping-pong between, after a first pass that leaves
  // `first` results: the first pass writes the first buffer, later passes alternate.
  template <class Cfg, class Acc>
  static std::size_t first_buffer_bytes(std::uint64_t first) {
    return align_up(first > 1 ? first * sizeof(Acc) : 0);
  }
  template <class Cfg, class Acc>
  static std::size_t passes_bytes(std::uint64_t first) {
    const std::uint64_t second =
        first > 1 ? tiling<fold_config<Cfg, Acc>>::of(static_cast<const Acc*>(nullptr), first).outputs : 0;
    return first_buffer_bytes<Cfg, Acc>(first) + align_up(second > 1 ? second * sizeof(Acc) : 0);
  }

  // Folds `count` results at the start of scratch (nothing to do when count == 1: the first pass wrote *out) with
  // passes of one tile per block, ping-ponging with the buffer `second_at` bytes in, until one is left. Each pass
  // follows the previous one programmatically.
  template <class Cfg, bool Wide, class Acc, class Op>
  static cudaError_t fold_passes(void* scratch, std::size_t second_at, std::uint64_t count, Acc* out, Op op,
                                 cudaStream_t stream) {
    using C = fold_config<Cfg, Acc>;
    Acc* buf[2] = {static_cast<Acc*>(scratch), reinterpret_cast<Acc*>(static_cast<char*>(scratch) + second_at)};
    Acc* dst = buf[0];
    for (int pass = 1; count > 1; ++pass) {
      const Acc* src = dst;
      const tiling<C> shape = tiling<C>::of(src, count);
      dst = shape.outputs == 1 ? out : buf[pass % 2];
      if (cudaError_t e = launch<C, Wide>(unsigned(shape.blocks()), src, count, dst, op, args<Acc>{shape.outputs},
                                          stream, follows::own_output))
        return e;
      count = shape.outputs;
    }
    return cudaSuccess;
  }

  // ---- host ------------------------------------------------------------------------------------------------------

  template <class Call>
  static cudaError_t storage(const Call& c, bool, storage_need& need) {
    using Cfg = typename Call::config;
    using Acc = typename Call::accumulator;
    std::uint64_t first = 0;
    if (cudaError_t e = Call::walk::max_results(c, first)) return e;
    need.scratch = Cfg::grid::walk::one_tile ? passes_bytes<Cfg, Acc>(first) : first_buffer_bytes<Cfg, Acc>(first);
    return cudaSuccess;
  }

  // The first pass's grid and its result count.
  template <class Call>
  static status first_pass(const Call& c, unsigned& blocks, std::uint64_t& results) {
    if (status s = Call::walk::blocks(c, blocks)) return s;
    results = Call::config::grid::walk::one_tile ? c.shape.outputs : blocks;
    return {};
  }
  template <class Call>
  static status run(const Call& c, storage_regions storage) {
    using Acc = typename Call::accumulator;
    unsigned blocks = 0;
    std::uint64_t results = 0;
    if (status s = first_pass(c, blocks, results)) return s;
    if (cudaError_t e = c.launch(blocks, results == 1 ? c.out : static_cast<Acc*>(storage.scratch), args<Acc>{results}))
      return {e, "reduce: a kernel launch failed"};
    return {};
  }
  template <class Call>
  static status complete(const Call& c, storage_regions storage) {
    using Cfg = typename Call::config;
    using Acc = typename Call::accumulator;
    unsigned blocks = 0;
    std::uint64_t results = 0;
    if (status s = first_pass(c, blocks, results)) return s;
    Acc* partials = static_cast<Acc*>(storage.scratch);
    cudaError_t e = cudaSuccess;
    if constexpr (Cfg::grid::walk::one_tile) {
      std::uint64_t first = 0;
      if ((e = Call::walk::max_results(c, first))) return {e, "reduce: device query failed"};
      e = fold_passes<Cfg, Call::wide>(storage.scratch, first_buffer_bytes<Cfg, Acc>(first), results, c.out, c.op,
                                       c.stream);
    } else if (results > 1) {  // one block of the same kernel walks the fixed grid's results
      e = launch<Cfg, Call::wide>(1, static_cast<const Acc*>(partials), results, c.out, c.op, args<Acc>{1}, c.stream,
                                  follows::own_output);
    }
    if (e) return {e, "reduce: a kernel launch failed"};
    return {};
  }
};

// An input of one tile, under any Grid: one block of a later pass's kernel walks it and writes the result itself (no
// counter to reset, no identity to preset, no second pass). The entry path launches it before any strategy runs.
template <class Cfg>
using single_tile_config = combine_strategy<policy::relaunch>::pass_config<Cfg>;

}  // namespace reduce::detail
