// Walk fixed_grid<G>: G blocks, or as many as the device holds at once, walk the tiles with a grid-stride loop.
#pragma once
#include "../launch.cuh"
#include "../per_device.cuh"

namespace reduce::detail {

template <int G>
struct walk_strategy<policy::fixed_grid<G>> {
  // Blocks of the call's kernel resident on the current device at once (SM count x occupancy), or G; for a Combine
  // whose blocks must all be resident (co_resident), at most the resident count. Cached per device and kernel.
  template <class Call>
  static cudaError_t resident(int& blocks) {
    using Cfg = typename Call::config;
    if constexpr (G > 0 && !strategy_of<Cfg>::co_resident) {
      blocks = G;
      return cudaSuccess;
    } else {
      return per_device_value(blocks, [](int, int& count) -> cudaError_t {
        using T = typename Call::value_type;
        using Acc = typename Call::accumulator;
        using Op = typename Call::op_type;
        using Tr = typename Call::transform;
        int sms = 0, per_sm = 0;
        if (cudaError_t e = sm_count(sms)) return e;
        if (cudaError_t e = blocks_per_sm<boost::mp11::mp_list<Call, std::uint32_t>>(
                reduce_kernel<Cfg, T, Acc, Op, std::uint32_t, Tr>, Cfg::block, per_sm))
          return e;
        if constexpr (wide_offsets<Call::wide>) {
          int per_sm64 = 0;  // the smaller occupancy of the two offset widths: one grid size for every n
          if (cudaError_t e = blocks_per_sm<boost::mp11::mp_list<Call, std::uint64_t>>(
                  reduce_kernel<Cfg, T, Acc, Op, std::uint64_t, Tr>, Cfg::block, per_sm64))
            return e;
          per_sm = std::min(per_sm, per_sm64);
        }
        count = std::max(1, sms * per_sm);
        if constexpr (G > 0) count = std::min(count, G);
        return cudaSuccess;
      });
    }
  }

  // The grid of the call's first pass: the resident grid, at most one block per tile.
  template <class Call>
  static status blocks(const Call& c, unsigned& blocks) {
    int count = 0;
    if (cudaError_t e = resident<Call>(count)) return {e, "reduce: device query failed"};
    blocks = unsigned(std::min<std::uint64_t>(count, c.shape.tiles));
    return {};
  }
  template <class Call>
  static cudaError_t max_results(const Call&, std::uint64_t& results) {
    int count = 0;
    const cudaError_t e = resident<Call>(count);
    results = std::uint64_t(count);
    return e;
  }
};

}  // namespace reduce::detail
