// Grid atomic: one tile per block; block (or thread) results are combined atomically into the output, which is
// set to the identity first, in stream order. On storage that reads zero at entry (a reduce::workspace), a sum of
// 32-bit integers over at most tally_max_arrivals block (or thread) results goes through one tally word instead
// (detail/atomic.cuh): no preset, one launch, and the word left at zero.
#pragma once
#include <cstring>

#include "../detail/launch.cuh"

namespace reduce::detail {

template <class Grid>
struct grid_dispatch;

template <>
struct grid_dispatch<policy::atomic> {
  // zeroed: the bytes it needs in storage that reads zero at entry (the tally word); none in other storage.
  template <class Cfg, class T, class Acc, class Op, class Tr>
  static cudaError_t temp_bytes(std::uint64_t, std::size_t& bytes, bool zeroed = false) {
    bytes = zeroed && tally_combine<Op, Acc> ? sizeof(unsigned long long) : 0;
    return cudaSuccess;
  }

  // zeroed: temp reads zero (a workspace's zeroed region of temp_bytes(..., true) bytes).
  template <class Cfg, class T, class Acc, class Op, class Tr>
  static cudaError_t run(void* temp, const T* in, std::uint64_t n, Acc* out, Op op, Tr tr, cudaStream_t stream,
                         bool zeroed = false) {
    static_assert(atomic_combine<Op, Acc>::supported,
                  "reduce: Grid policy atomic needs a native atomic for this op and accumulator (sum of 32/64-bit "
                  "integers, float, double; min, max and bitwise ops of 32/64-bit integers). Use policy::single_pass "
                  "(one launch, deterministic), policy::gridstride or policy::multipass instead.");
    if constexpr (atomic_combine<Op, Acc>::supported) {  // else only the static_assert above speaks
      using s = shape<Cfg>;
      const std::uint64_t outs = s::outputs(s::agent_t::units(in, n));
      grid_args<Acc> g{outs};
      if (tally_combine<Op, Acc> && zeroed && n > 0 && outs <= tally_max_arrivals) {
        g.tally = static_cast<unsigned long long*>(temp);
        return launch<Cfg>(s::blocks_for_outputs(outs), in, n, out, op, g, stream, follows::callers_work, tr);
      }
      // Preset the output to the identity: a memset node where its bytes are all zero (sum, or, xor: the cheapest
      // stream-ordered store measured), else a one-thread kernel that the reduction follows programmatically.
      const Acc identity = op.template identity<Acc>();
      const Acc zero_bytes{};
      const bool memset_will_do = std::memcmp(&identity, &zero_bytes, sizeof(Acc)) == 0;
      if (cudaError_t e =
              memset_will_do ? cudaMemsetAsync(out, 0, sizeof(Acc), stream) : store_async(out, identity, stream))
        return e;
      if (n == 0) return cudaSuccess;
      return launch<Cfg>(s::blocks_for_outputs(outs), in, n, out, op, g, stream,
                         memset_will_do ? follows::callers_work : follows::own_kernel, tr);
    } else {
      return cudaErrorInvalidValue;
    }
  }
};

}  // namespace reduce::detail
