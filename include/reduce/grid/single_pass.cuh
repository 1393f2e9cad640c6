// Grid single_pass: a fixed grid walks the input; the last block to arrive folds the block partials in block order.
// The arrival counter lives in the caller's temporary storage (so concurrent launches never share one) and is
// zeroed by a stream-ordered 4-byte memset before each launch, so freshly allocated storage needs no preparation.
// (A memset node measured cheaper here than a one-thread kernel, even one followed by a programmatic launch:
// docs/perf-notes.md, attempt 1.)
#pragma once
#include "../detail/launch.cuh"

namespace reduce::detail {

template <class Grid>
struct grid_dispatch;

// The same kernel with Grid single_pass<G>: what the cluster and cooperative grids run on a device without clusters
// or cooperative launches.
template <class Cfg, int G = 0>
using single_pass_config = policy::config<typename Cfg::load, typename Cfg::finish, typename Cfg::indexing,
                                          policy::single_pass<G>, Cfg::block>;

template <int G>
struct grid_dispatch<policy::single_pass<G>> {
  template <class Cfg, class T, class Acc, class Op, class Tr>
  static cudaError_t temp_bytes(std::uint64_t, std::size_t& bytes) {
    int blocks = 0;
    cudaError_t e = persistent_grid<Cfg, T, Acc, Op, Tr>(blocks);
    bytes = align_up(sizeof(unsigned)) + align_up(std::size_t(blocks) * sizeof(Acc));
    return e;
  }

  template <class Cfg, class T, class Acc, class Op, class Tr>
  static cudaError_t run(void* temp, const T* in, std::uint64_t n, Acc* out, Op op, Tr tr, cudaStream_t stream) {
    unsigned blocks = 0;
    if (cudaError_t e = fixed_grid_blocks<Cfg, T, Acc, Op, Tr>(in, n, blocks)) return e;
    grid_args<Acc> g;
    g.counter = static_cast<unsigned*>(temp);
    g.partials = reinterpret_cast<Acc*>(static_cast<char*>(temp) + align_up(sizeof(unsigned)));
    if (cudaError_t e = cudaMemsetAsync(g.counter, 0, sizeof(unsigned), stream)) return e;
    return launch<Cfg>(blocks, in, n, out, op, g, stream, follows::callers_work, tr);
  }
};

}  // namespace reduce::detail
