// Grid cooperative: a cooperative launch of at most the resident grid. Every block clears its slots and arrives on
// the launch's grid barrier on entry, walks, and publishes its result with a ready mark (Grid polled's slots); the
// last block waits on the barrier after its own walk and polls the marks. The barrier word is the driver's (prepared
// for every cooperative launch) and each slot is cleared before it is polled, so nothing in the caller's storage
// needs a known state: one launch, no memset (docs/perf-notes.md, attempts 11 and 29).
#pragma once
#include "../detail/polled_slots.cuh"
#include "single_pass.cuh"

namespace reduce::detail {

template <class Grid>
struct grid_dispatch;

// Whether the current device can launch cooperative kernels (cudaDevAttrCooperativeLaunch), cached per device.
inline cudaError_t cooperative_available(bool& ok) {
  return per_device_flag(ok, [](int dev, bool& supported) -> cudaError_t {
    int attribute = 0;
    if (cudaError_t e = cudaDeviceGetAttribute(&attribute, cudaDevAttrCooperativeLaunch, dev)) return e;
    supported = attribute != 0;
    return cudaSuccess;
  });
}

template <int G>
struct grid_dispatch<policy::cooperative<G>> {
  using fallback = grid_dispatch<policy::single_pass<G>>;

  // The slots of one block per resident block, or the fallback's storage where that is larger (it may run instead; its
  // kernel's occupancy, and so its grid, can differ).
  template <class Cfg, class T, class Acc, class Op, class Tr>
  static cudaError_t temp_bytes(std::uint64_t n, std::size_t& bytes) {
    int resident = 0;
    if (cudaError_t e = persistent_grid<Cfg, T, Acc, Op, Tr>(resident)) return e;
    if (cudaError_t e = fallback::template temp_bytes<single_pass_config<Cfg, G>, T, Acc, Op, Tr>(n, bytes)) return e;
    bytes = std::max(bytes, align_up(std::size_t(resident) * polled_slots<Acc>::words * sizeof(unsigned long long)));
    return cudaSuccess;
  }

  template <class Cfg, class T, class Acc, class Op, class Tr>
  static cudaError_t run(void* temp, const T* in, std::uint64_t n, Acc* out, Op op, Tr tr, cudaStream_t stream) {
    bool ok = false;
    if (cudaError_t e = cooperative_available(ok)) return e;
    if (!ok) return fallback::template run<single_pass_config<Cfg, G>>(temp, in, n, out, op, tr, stream);
    unsigned blocks = 0;
    if (cudaError_t e = fixed_grid_blocks<Cfg, T, Acc, Op, Tr>(in, n, blocks)) return e;
    grid_args<Acc> g;
    g.slots = static_cast<unsigned long long*>(temp);
    return launch<Cfg>(blocks, in, n, out, op, g, stream, follows::callers_work, tr);
  }
};

}  // namespace reduce::detail
