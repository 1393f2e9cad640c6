// Grid reproducible: a fixed grid stores one partial per tile (the kernel's per_tile epilogue), then multipass's
// later passes fold them. Nothing but n, the input's address modulo 16 and the config's Load, BlockFinish, Indexing
// and Block shapes the arithmetic, so the result is bitwise independent of the grid size and of the GPU.
#pragma once
#include "../detail/launch.cuh"
#include "multipass.cuh"

namespace reduce::detail {

template <class Grid>
struct grid_dispatch;

template <int G>
struct grid_dispatch<policy::reproducible<G>> {
  using passes = grid_dispatch<policy::multipass>;

  template <class Cfg, class T, class Acc, class Op, class Tr>
  static cudaError_t temp_bytes(std::uint64_t n, std::size_t& bytes) {
    return passes::temp_bytes<Cfg, T, Acc, Op, Tr>(n, bytes);  // the same partials as multipass
  }

  template <class Cfg, class T, class Acc, class Op, class Tr>
  static cudaError_t run(void* temp, const T* in, std::uint64_t n, Acc* out, Op op, Tr tr, cudaStream_t stream) {
    using s = shape<Cfg>;
    unsigned blocks = 0;
    std::uint64_t tiles = 0;
    if (cudaError_t e = fixed_grid_blocks<Cfg, T, Acc, Op, Tr>(in, n, blocks, &tiles)) return e;
    Acc* dst = tiles == 1 ? out : static_cast<Acc*>(temp);
    if (cudaError_t e = launch<Cfg>(blocks, in, n, dst, op, grid_args<Acc>{}, stream, follows::callers_work, tr))
      return e;
    const std::size_t second_at = passes::first_buffer_bytes<Acc>(s::outputs(s::template units_bound<T>(n)));
    return passes::fold_partials<Cfg>(temp, second_at, tiles, out, op, stream);
  }
};

}  // namespace reduce::detail
