// Grid polled: a fixed grid walks the input; each block takes a ticket on entry and publishes its result with a
// ready mark, and the block with the last ticket polls the marks and folds the results in block order
// (epilogue/polled.cuh). The ticket word and the slots must read zero at entry, and every call leaves them so. On raw
// temporary storage one memset zeroes them before each launch; a reduce::workspace keeps them zero between calls, so
// there the call is one launch and nothing else (docs/perf-notes.md, attempt 15).
#pragma once
#include "../detail/launch.cuh"
#include "../detail/polled_slots.cuh"

namespace reduce::detail {

template <class Grid>
struct grid_dispatch;

template <int G>
struct grid_dispatch<policy::polled<G>> {
  template <class Acc>
  static std::size_t bytes_for(std::uint64_t blocks) {
    return align_up(sizeof(unsigned)) + align_up(blocks * polled_slots<Acc>::words * sizeof(unsigned long long));
  }

  template <class Cfg, class T, class Acc, class Op, class Tr>
  static cudaError_t temp_bytes(std::uint64_t, std::size_t& bytes, bool /*zeroed*/ = false) {
    int blocks = 0;
    cudaError_t e = persistent_grid<Cfg, T, Acc, Op, Tr>(blocks);
    bytes = bytes_for<Acc>(blocks);
    return e;
  }

  // zeroed: the storage already reads zero (a workspace), so no memset.
  template <class Cfg, class T, class Acc, class Op, class Tr>
  static cudaError_t run(void* temp, const T* in, std::uint64_t n, Acc* out, Op op, Tr tr, cudaStream_t stream,
                         bool zeroed = false) {
    unsigned blocks = 0;
    if (cudaError_t e = fixed_grid_blocks<Cfg, T, Acc, Op, Tr>(in, n, blocks)) return e;
    grid_args<Acc> g;
    g.counter = static_cast<unsigned*>(temp);
    g.slots = reinterpret_cast<unsigned long long*>(static_cast<char*>(temp) + align_up(sizeof(unsigned)));
    if (!zeroed)
      if (cudaError_t e = cudaMemsetAsync(temp, 0, bytes_for<Acc>(blocks), stream)) return e;
    return launch<Cfg>(blocks, in, n, out, op, g, stream, follows::callers_work, tr);
  }
};

}  // namespace reduce::detail
