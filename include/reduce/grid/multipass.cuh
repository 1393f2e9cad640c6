// Grid multipass: one tile per block, then launch again over the partials until one value is left.
#pragma once
#include "../detail/launch.cuh"

namespace reduce::detail {

template <class Grid>
struct grid_dispatch;

template <>
struct grid_dispatch<policy::multipass> {
  // Two ping-pong buffers: passes 1, 3, 5... write the first, passes 2, 4... the second.
  template <class Cfg, class T, class Acc, class Op, class Tr>
  static cudaError_t temp_bytes(std::uint64_t n, std::size_t& bytes) {
    using s = shape<Cfg>;
    const std::uint64_t first = s::outputs(s::template units_bound<T>(n));
    const std::uint64_t second = first > 1 ? s::outputs(s::template units_bound<Acc>(first)) : 0;
    bytes = first_buffer_bytes<Acc>(first) + align_up(second > 1 ? second * sizeof(Acc) : 0);
    return cudaSuccess;
  }

  template <class Cfg, class T, class Acc, class Op, class Tr>
  static cudaError_t run(void* temp, const T* in, std::uint64_t n, Acc* out, Op op, Tr tr, cudaStream_t stream) {
    using s = shape<Cfg>;
    const std::uint64_t outs = s::outputs(s::agent_t::units(in, n));
    Acc* dst = outs == 1 ? out : static_cast<Acc*>(temp);
    if (cudaError_t e = launch<Cfg>(s::blocks_for_outputs(outs), in, n, dst, op, grid_args<Acc>{outs}, stream,
                                    follows::callers_work, tr))
      return e;
    return fold_partials<Cfg>(temp, first_buffer_bytes<Acc>(s::outputs(s::template units_bound<T>(n))), outs, out, op,
                              stream);
  }

  template <class Acc>
  static std::size_t first_buffer_bytes(std::uint64_t first) {
    return align_up(first > 1 ? first * sizeof(Acc) : 0);
  }

  // The passes after the first: `outs` partials at the start of temp (nothing to do when outs == 1: the first pass
  // wrote *out), folded one tile per block, ping-ponging with the buffer `second_at` bytes into temp, until one is
  // left. Each pass follows the previous one programmatically.
  template <class Cfg, class Acc, class Op>
  static cudaError_t fold_partials(void* temp, std::size_t second_at, std::uint64_t outs, Acc* out, Op op,
                                   cudaStream_t stream) {
    using s = shape<Cfg>;
    Acc* buf[2] = {static_cast<Acc*>(temp), reinterpret_cast<Acc*>(static_cast<char*>(temp) + second_at)};
    Acc* dst = buf[0];
    for (int pass = 1; outs > 1; ++pass) {
      const Acc* src = dst;
      const std::uint64_t count = outs;
      outs = s::outputs(s::agent_t::units(src, count));
      dst = outs == 1 ? out : buf[pass % 2];
      if (cudaError_t e = launch<multipass_config<Cfg>>(s::blocks_for_outputs(outs), src, count, dst, op,
                                                        grid_args<Acc>{outs}, stream, follows::own_output))
        return e;
    }
    return cudaSuccess;
  }
};

}  // namespace reduce::detail
