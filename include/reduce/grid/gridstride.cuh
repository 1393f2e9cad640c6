// Grid gridstride: a fixed grid walks the input with a grid-stride loop, then one block folds the partials.
#pragma once
#include "../detail/launch.cuh"

namespace reduce::detail {

template <class Grid>
struct grid_dispatch;

template <int G>
struct grid_dispatch<policy::gridstride<G>> {
  template <class Cfg, class T, class Acc, class Op, class Tr>
  static cudaError_t temp_bytes(std::uint64_t, std::size_t& bytes) {
    int blocks = 0;
    cudaError_t e = persistent_grid<Cfg, T, Acc, Op, Tr>(blocks);
    bytes = align_up(std::size_t(blocks) * sizeof(Acc));
    return e;
  }

  template <class Cfg, class T, class Acc, class Op, class Tr>
  static cudaError_t run(void* temp, const T* in, std::uint64_t n, Acc* out, Op op, Tr tr, cudaStream_t stream) {
    unsigned blocks = 0;
    if (cudaError_t e = fixed_grid_blocks<Cfg, T, Acc, Op, Tr>(in, n, blocks)) return e;
    if (blocks == 1) return launch<Cfg>(1, in, n, out, op, grid_args<Acc>{}, stream, follows::callers_work, tr);
    Acc* partials = static_cast<Acc*>(temp);
    if (cudaError_t e = launch<Cfg>(blocks, in, n, partials, op, grid_args<Acc>{}, stream, follows::callers_work, tr))
      return e;
    return launch<Cfg>(1, static_cast<const Acc*>(partials), blocks, out, op, grid_args<Acc>{}, stream,
                       follows::own_output);
  }
};

}  // namespace reduce::detail
