// Walk one_cluster<C>: one thread block cluster of C blocks (Hopper, sm_90) walks the input with a grid-stride loop.
#pragma once
#include "../launch.cuh"
#include "../per_device.cuh"

namespace reduce::detail {

template <int C>
struct walk_strategy<policy::one_cluster<C>> {
  // Whether the current device can run the call's kernel (both offset widths, where the call has both) as one cluster
  // of C blocks: compute capability 9.0 or newer, a kernel image compiled for it (an image built for an older
  // architecture has no cluster code: launch.cuh, hopper_image), and room for the cluster
  // (cudaOccupancyMaxActiveClusters, which needs the size allowed first). Cached per device and kernel.
  template <class Call>
  static cudaError_t available(bool& ok) {
    return per_device_flag(ok, [](int dev, bool& fits) -> cudaError_t {
      using Cfg = typename Call::config;
      using T = typename Call::value_type;
      using Acc = typename Call::accumulator;
      using Op = typename Call::op_type;
      using Tr = typename Call::transform;
      int major = 0;
      if (cudaError_t e = cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, dev)) return e;
      fits = major >= 9;
      auto check = [&](auto offset) -> cudaError_t {
        using I = typename decltype(offset)::type;
        const auto kernel = reduce_kernel<Cfg, T, Acc, Op, I, Tr>;
        if (!fits) return cudaSuccess;
        if (cudaError_t e = hopper_image<Cfg, T, Acc, Op, I, Tr>(fits)) return e;
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
      if (cudaError_t e = check(cuda::std::type_identity<std::uint32_t>{})) return e;
      if constexpr (wide_offsets<Call::wide>)
        if (cudaError_t e = check(cuda::std::type_identity<std::uint64_t>{})) return e;
      return cudaSuccess;
    });
  }

  template <class Call>
  static status blocks(const Call&, unsigned& blocks) {
    bool ok = false;
    if (cudaError_t e = available<Call>(ok)) return {e, "reduce: device query failed"};
    if (!ok)
      return {cudaErrorNotSupported,
              "reduce: this config's kernel cannot run as one thread block cluster here: Grid cluster needs a GPU of "
              "compute capability 9.0 or newer, code compiled for it (nvcc -arch=sm_90, or CMAKE_CUDA_ARCHITECTURES "
              "with 90; a binary built for an older architecture has no cluster code) and room for the cluster; use "
              "Grid single_pass or the default"};
    blocks = unsigned(C);
    return {};
  }
  template <class Call>
  static cudaError_t max_results(const Call&, std::uint64_t& results) {
    results = std::uint64_t(C);
    return cudaSuccess;
  }
};

}  // namespace reduce::detail
