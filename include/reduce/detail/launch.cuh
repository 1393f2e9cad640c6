// The host side of a launch: the tile shape of a call, what a Grid strategy is handed (the call, its storage), and
// the launcher, which reads the Walk's and the Combine's traits for the launch attributes they need.
#pragma once
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <mutex>
#include <set>
#include <utility>
#include <boost/mp11.hpp>
#include <cuda/std/type_traits>

#include "../status.cuh"
#include "agent.cuh"
#include "kernel.cuh"
#include "per_device.cuh"
#include "storage.cuh"

// REDUCE_FORCE_32_BIT_OFFSETS (define it before including reduce) compiles only the 32-bit-offset kernels: half the
// instantiations, for builds that never see more than index32_limit elements; larger n is refused with a message.
// Define it (and choose the architectures) alike in every translation unit of a program: the host functions below
// exist once per program (docs/api.md, "One build of the library per program").

namespace reduce::detail {

#ifdef REDUCE_FORCE_32_BIT_OFFSETS
inline constexpr bool has_64_bit_offsets = false;
#else
inline constexpr bool has_64_bit_offsets = true;
#endif
// Whether a launch site's kernels exist with 64-bit offsets: it may be handed more than index32_limit elements
// (Wide, launch below) and the build has them.
template <bool Wide>
inline constexpr bool wide_offsets = Wide&& has_64_bit_offsets;

// The same Load, BlockFinish and block size under another Grid: a later pass, or the one-tile shortcut.
template <class Cfg, class Grid>
using with_grid = policy::config<typename Cfg::load, typename Cfg::finish, Grid, Cfg::block>;

// The tile shape of n elements at `in` under a config. in == nullptr gives the largest shape n elements can have at
// any address (an aligned input has the longest body of whole vectors): what storage is sized for.
template <class Cfg>
struct tiling {
  using agent_t = agent<typename Cfg::load, Cfg::block>;
  static constexpr bool thread_results = cuda::std::is_same_v<typename Cfg::finish, policy::none>;
  std::uint64_t tiles = 1;    // at least 1, also for n = 0
  std::uint64_t outputs = 1;  // the results of a pass of one tile per block: one a block, or one a thread

  template <class T>
  static tiling of(const T* in, std::uint64_t n) {
    const std::uint64_t units = agent_t::units(in, n), per = Cfg::load::items;
    tiling s;
    s.tiles = std::max<std::uint64_t>(1, (units + agent_t::tile_units - 1) / agent_t::tile_units);
    s.outputs = thread_results ? std::max<std::uint64_t>(1, (units + per - 1) / per) : s.tiles;
    return s;
  }
  // Blocks of a pass of one tile per block.
  std::uint64_t blocks() const { return thread_results ? (outputs + Cfg::block - 1) / Cfg::block : outputs; }
};

// What a launch follows in the stream. callers_work: not programmatic, so a reduction's first kernel never overlaps
// the caller's earlier work. own_kernel: this reduction's preset of the output; own_output: its previous pass, whose
// output is this launch's input. After its own kernels the launch is programmatic (PDL): the kernel starts while that
// one drains and waits for it only where it reads what that kernel wrote.
enum class follows : unsigned char { callers_work, own_kernel, own_output };

// A cluster of over 8 blocks needs a per-kernel opt-in (the non-portable size). It is set on the very pointer about to
// be launched, once per device: a kernel template instantiated in several translation units has one copy per unit,
// and two call sites of the same instantiation may name different copies.
template <int C>
cudaError_t allow_cluster_size(const void* kernel) {
  if constexpr (C <= 8) {
    return cudaSuccess;
  } else {
    static std::mutex m;
    static std::set<std::pair<int, const void*>> done;
    int dev = 0;
    if (cudaError_t e = cudaGetDevice(&dev)) return e;
    std::lock_guard<std::mutex> lock(m);
    if (done.count({dev, kernel})) return cudaSuccess;
    if (cudaError_t e = cudaFuncSetAttribute(kernel, cudaFuncAttributeNonPortableClusterSizeAllowed, 1)) return e;
    done.insert({dev, kernel});
    return cudaSuccess;
  }
}

// The architecture the loaded image of a kernel was compiled for, major * 10 + minor: its PTX target
// (cudaFuncAttributes::ptxVersion), which its device code saw as __CUDA_ARCH__. It can lie below the device's: a
// binary built for sm_80 (sm_80 machine code and compute_80 PTX) runs on an H100 through the driver's compilation of
// the PTX, and its kernels lack everything guarded by __CUDA_ARCH__ >= 900 (the cluster code, the programmatic-launch
// wait). So the Hopper paths are chosen by the image that will run, not by the device alone.
template <class Kernel>
cudaError_t image_arch(Kernel kernel, int& arch) {
  cudaFuncAttributes a{};
  if (cudaError_t e = cudaFuncGetAttributes(&a, kernel)) return e;
  arch = a.ptxVersion > 0 ? a.ptxVersion : a.binaryVersion;
  return arch > 0 ? cudaSuccess : cudaErrorInvalidDeviceFunction;
}

// Whether a kernel's loaded image was compiled for Hopper (sm_90) or newer: the image that has clusters and the
// programmatic-launch wait. Key: a type unique to the kernel (its template arguments), whose instantiation holds the
// per-device cache. A failed query is returned and not cached.
template <class Key, class Kernel>
cudaError_t hopper_image(Kernel kernel, bool& yes) {
  int arch = 0;
  const cudaError_t e = per_device_value(arch, [kernel](int, int& a) { return image_arch(kernel, a); });
  yes = e == cudaSuccess && arch >= 90;
  return e;
}
template <class Cfg, class T, class Acc, class Op, class I, class Tr>
cudaError_t hopper_image(bool& yes) {
  return hopper_image<boost::mp11::mp_list<Cfg, T, Acc, Op, I, Tr>>(reduce_kernel<Cfg, T, Acc, Op, I, Tr>, yes);
}

// Launches reduce_kernel<Cfg> over n elements at `in`, with 32-bit offsets where n allows. Wide: whether this launch
// site can be handed more than index32_limit elements; where it cannot (a tuned row whose range of n lies below it, a
// single tile, the later passes of such a call), the 64-bit-offset kernel is not instantiated: half the kernels of a
// default, for no change in speed. The Walk's cluster size and the Combine's need for co-resident blocks become
// launch attributes. A launch after this reduction's own kernel is programmatic only where the kernel's image has the
// wait (hopper_image): an image compiled for an older architecture has no wait compiled in, and must start after the
// kernel it follows has finished.
template <class Cfg, bool Wide = true, class T, class Acc, class Op, class Tr = no_transform>
cudaError_t launch(unsigned blocks, const T* in, std::uint64_t n, Acc* out, Op op, combine_args<Cfg, Acc> g,
                   cudaStream_t stream, follows prior = follows::callers_work, Tr tr = {}) {
  constexpr int cluster = Cfg::grid::walk::cluster;
  cudaLaunchConfig_t config{};
  config.gridDim = dim3(blocks);
  config.blockDim = dim3(Cfg::block);
  config.stream = stream;
  cudaLaunchAttribute attribute[2];
  attribute[0].id = cudaLaunchAttributeProgrammaticStreamSerialization;
  attribute[0].val.programmaticStreamSerializationAllowed = prior == follows::callers_work ? 0 : 1;
  config.attrs = attribute;
  config.numAttrs = 1;
  if constexpr (cluster > 0) {  // the whole grid is one cluster
    attribute[1].id = cudaLaunchAttributeClusterDimension;
    attribute[1].val.clusterDim.x = blocks;
    attribute[1].val.clusterDim.y = 1;
    attribute[1].val.clusterDim.z = 1;
    config.numAttrs = 2;
  } else if constexpr (strategy_of<Cfg>::co_resident) {  // every block resident at once: a cooperative launch
    attribute[1].id = cudaLaunchAttributeCooperative;
    attribute[1].val.cooperative = 1;
    config.numAttrs = 2;
  }
  auto go = [&](auto offset) {
    using I = typename decltype(offset)::type;
    const auto kernel = reduce_kernel<Cfg, T, Acc, Op, I, Tr>;
    if (prior != follows::callers_work) {
      bool hopper = false;
      if (cudaError_t e = hopper_image<Cfg, T, Acc, Op, I, Tr>(hopper)) return e;
      if (!hopper) attribute[0].val.programmaticStreamSerializationAllowed = 0;
    }
    if constexpr (cluster > 0)
      if (cudaError_t e = allow_cluster_size<cluster>(reinterpret_cast<const void*>(kernel))) return e;
    return cudaLaunchKernelEx(&config, kernel, in, I(n), prior == follows::own_output, out, op, tr, g);
  };
  if (fits_32bit_offsets(n)) return go(cuda::std::type_identity<std::uint32_t>{});
  if constexpr (wide_offsets<Wide>) return go(cuda::std::type_identity<std::uint64_t>{});
  return cudaErrorInvalidValue;  // forced 32-bit offsets: refused earlier, with a message, by check_io
}

// Launches a kernel of one block of Threads that finishes a call after the call's last kernel (a result written
// through an output iterator, CUB's two argmin outputs, an initial value adjoined, the multi-GPU window's fold):
// programmatically where its image has the wait, so that its launch latency overlaps the kernel it follows (which
// allows it at entry); the finisher calls wait_for_previous_grid() before it reads the result. An image without the
// wait starts after that kernel finishes. H200, 2026-12-03, CUB's time over ours before / after, 2^10-2^26: CUB-form
// ArgMin 0.71-0.94 / 0.77-0.95, Reduce(CustomMin) 0.76-0.96 / 0.85-1.06, Sum into a transform_output_iterator
// 0.75-1.05 / 0.95-1.28.
template <auto Finisher, unsigned Threads = 1, class... A>
cudaError_t launch_finisher(cudaStream_t stream, const A&... args) {
  bool hopper = false;
  using key = boost::mp11::mp_list<std::integral_constant<decltype(Finisher), Finisher>>;
  if (cudaError_t e = hopper_image<key>(Finisher, hopper)) return e;
  cudaLaunchConfig_t config{};
  config.gridDim = dim3(1);
  config.blockDim = dim3(Threads);
  config.stream = stream;
  cudaLaunchAttribute attribute[1];
  attribute[0].id = cudaLaunchAttributeProgrammaticStreamSerialization;
  attribute[0].val.programmaticStreamSerializationAllowed = hopper ? 1 : 0;
  config.attrs = attribute;
  config.numAttrs = 1;
  return cudaLaunchKernelEx(&config, Finisher, args...);
}

template <class Walk>
struct walk_strategy;  // one specialization per Walk, in grid/

// The traits of combine_strategy<C> (grid/strategies.cuh states the whole contract) at the values most Combines have:
// a strategy derives from this and restates only what differs.
struct combine_defaults {
  static constexpr bool co_resident = false;               // a cooperative launch: every block resident at once
  static constexpr zeroed_use zeroed = zeroed_use::never;  // zeroed storage: never, always, or where free
  static constexpr bool result_per_tile = false;           // a result per tile walked, not one per block

  // The launches after the first pass, where a Combine has any (relaunch's later passes): run() issues the first
  // pass, complete() the rest, so that one thread driving several GPUs can start every GPU's first pass before it
  // issues any GPU's later ones (nccl/drive.cuh). Most Combines launch once: nothing to complete.
  template <class Call, class Regions>
  static status complete(const Call&, Regions) {
    return {};
  }
};

// Which of a call's launches a storage asks the entry path for: all of them, or the first pass alone, or the rest
// (combine_defaults::complete).
enum class run_step : unsigned char { whole, first, rest };

// One reduction call as a Grid strategy sees it: the input, output, op and transform, the stream, and the tile shape,
// worked out once on the host. Wide: whether n may exceed index32_limit (launch); every later pass of the call folds
// at most n results, so it launches as narrow as the first.
template <class Cfg, class T, class Acc, class Op, class Tr, bool Wide = true>
struct call {
  static constexpr bool wide = Wide;
  using config = Cfg;
  using value_type = T;
  using accumulator = Acc;
  using op_type = Op;
  using transform = Tr;
  using walk = walk_strategy<typename Cfg::grid::walk>;

  const T* in;
  std::uint64_t n;
  Acc* out;
  Op op;
  Tr tr;
  cudaStream_t stream;
  tiling<Cfg> shape = tiling<Cfg>::of(in, n);                              // of this input
  tiling<Cfg> bound = tiling<Cfg>::of(static_cast<const T*>(nullptr), n);  // of n elements anywhere: for storage

  // The first pass: reduce_kernel<Cfg> over the call's input into dst.
  cudaError_t launch(unsigned blocks, Acc* dst, combine_args<Cfg, Acc> g, follows prior = follows::callers_work) const {
    return detail::launch<Cfg, Wide>(blocks, in, n, dst, op, g, stream, prior, tr);
  }
};

}  // namespace reduce::detail
