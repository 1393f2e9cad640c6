// Grid cluster: one thread block cluster walks the input and folds its block results through distributed shared
// memory (epilogue/cluster.cuh). One launch and nothing to reset, so at mid sizes it pays neither the
// single-pass memset nor a second launch; a cluster has at most 16 SMs, which bounds its bandwidth (perf-notes).
#pragma once
#include "single_pass.cuh"

namespace reduce::detail {

template <class Grid>
struct grid_dispatch;

// Whether the current device can run reduce_kernel<Cfg> (both offset widths) as one cluster of C blocks: compute
// capability 9.0 or newer and room for the cluster (cudaOccupancyMaxActiveClusters, which needs the size allowed
// too). Cached per device and per instantiation.
template <class Cfg, class T, class Acc, class Op, class Tr>
cudaError_t clusters_available(bool& ok) {
  return per_device_flag(ok, [](int dev, bool& fits) -> cudaError_t {
    constexpr int C = Cfg::grid::grid_size;
    int major = 0;
    if (cudaError_t e = cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, dev)) return e;
    fits = major >= 9;
    auto check = [&](auto kernel) -> cudaError_t {
      if (!fits) return cudaSuccess;
      if (cudaError_t e = allow_cluster_size<C>(reinterpret_cast<const void*>(kernel))) return e;
      cudaLaunchConfig_t config{};
      config.gridDim = dim3(C);
      config.blockDim = dim3(Cfg::block);
      cudaLaunchAttribute attribute[1];
      attribute[0].id = cudaLaunchAttributeClusterDimension;
      attribute[0].val.clusterDim = {unsigned(C), 1, 1};
      config.attrs = attribute;
      config.numAttrs = 1;
      int clusters = 0;
      if (cudaError_t e = cudaOccupancyMaxActiveClusters(&clusters, kernel, &config)) return e;
      fits = clusters > 0;
      return cudaSuccess;
    };
    if (cudaError_t e = check(reduce_kernel<Cfg, T, Acc, Op, std::uint32_t, Tr>)) return e;
#ifndef REDUCE_FORCE_32_BIT_OFFSETS
    if (cudaError_t e = check(reduce_kernel<Cfg, T, Acc, Op, std::uint64_t, Tr>)) return e;
#endif
    return cudaSuccess;
  });
}

template <int C>
struct grid_dispatch<policy::cluster<C>> {
  using fallback = grid_dispatch<policy::single_pass<>>;

  template <class Cfg, class T, class Acc, class Op, class Tr>
  static cudaError_t temp_bytes(std::uint64_t n, std::size_t& bytes) {  // the fallback's: it may run instead
    return fallback::template temp_bytes<single_pass_config<Cfg>, T, Acc, Op, Tr>(n, bytes);
  }

  template <class Cfg, class T, class Acc, class Op, class Tr>
  static cudaError_t run(void* temp, const T* in, std::uint64_t n, Acc* out, Op op, Tr tr, cudaStream_t stream) {
    bool ok = false;
    if (cudaError_t e = clusters_available<Cfg, T, Acc, Op, Tr>(ok)) return e;
    if (!ok) return fallback::template run<single_pass_config<Cfg>>(temp, in, n, out, op, tr, stream);
    return launch<Cfg>(C, in, n, out, op, grid_args<Acc>{}, stream, follows::callers_work, tr);
  }
};

}  // namespace reduce::detail
