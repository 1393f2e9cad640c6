// Host-side arithmetic shared by the Grid dispatchers: tiles, outputs, resident grid size, storage carving.
#pragma once
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <mutex>
#include <set>
#include <utility>
#include <cuda/std/type_traits>

#include "../agent/thread_reduce.cuh"
#include "../kernel.cuh"
#include "per_device.cuh"

// REDUCE_FORCE_32_BIT_OFFSETS (define it before including reduce) compiles only the 32-bit-offset kernels: half the
// instantiations, for builds that never see more than index32_limit elements; larger n is refused with a message.

namespace reduce::detail {

inline constexpr std::size_t storage_alignment = 16;  // every sub-buffer starts on a 16-byte boundary
inline std::size_t align_up(std::size_t b) {
  return (b + storage_alignment - 1) / storage_alignment * storage_alignment;
}

template <class Cfg>
struct shape {
  using agent_t = agent<typename Cfg::load, Cfg::block>;
  static constexpr bool per_thread = cuda::std::is_same_v<typename Cfg::finish, policy::none>;

  // Upper bound of the tiled units over n elements, whatever the pointer's alignment (for storage sizes).
  template <class T>
  static std::uint64_t units_bound(std::uint64_t n) {
    if constexpr (agent_t::template vectors_of<T>) return (n + vec16<T>::size - 1) / vec16<T>::size;
    return n;
  }
  static std::uint64_t tiles(std::uint64_t units) {
    return std::max<std::uint64_t>(1, (units + agent_t::tile_units - 1) / agent_t::tile_units);
  }
  // Values one pass of one-tile-per-block leaves behind: a block's, or a thread's with BlockFinish none.
  static std::uint64_t outputs(std::uint64_t units) {
    if constexpr (per_thread) return std::max<std::uint64_t>(1, (units + Cfg::load::items - 1) / Cfg::load::items);
    return tiles(units);
  }
  static std::uint64_t blocks_for_outputs(std::uint64_t outs) {
    if constexpr (per_thread) return (outs + Cfg::block - 1) / Cfg::block;
    return outs;
  }
};

// Blocks of reduce_kernel<Cfg, T, Acc, Op, *, Tr> resident on the current device at once (SM count x occupancy), or the
// Grid policy's fixed size (for Grid cooperative, at most the resident count: its blocks must all be resident).
// Cached per device and per instantiation (per_device_value).
template <class Cfg, class T, class Acc, class Op, class Tr = no_transform>
cudaError_t persistent_grid(int& blocks) {
  constexpr bool co_resident = Cfg::grid::kind == policy::epilogue::grid_barrier;
  if constexpr (Cfg::grid::grid_size > 0 && !co_resident) {
    blocks = Cfg::grid::grid_size;
    return cudaSuccess;
  } else {
    return per_device_value(blocks, [](int dev, int& resident) -> cudaError_t {
      int sms = 0, per_sm = 0;
      if (cudaError_t e = cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev)) return e;
      if (cudaError_t e = cudaOccupancyMaxActiveBlocksPerMultiprocessor(
              &per_sm, reduce_kernel<Cfg, T, Acc, Op, std::uint32_t, Tr>, Cfg::block, 0))
        return e;
#ifndef REDUCE_FORCE_32_BIT_OFFSETS
      int per_sm64 = 0;  // the smaller occupancy of the two offset widths: one grid size for every n
      if (cudaError_t e = cudaOccupancyMaxActiveBlocksPerMultiprocessor(
              &per_sm64, reduce_kernel<Cfg, T, Acc, Op, std::uint64_t, Tr>, Cfg::block, 0))
        return e;
      per_sm = std::min(per_sm, per_sm64);
#endif
      resident = std::max(1, sms * per_sm);
      if constexpr (Cfg::grid::grid_size > 0) resident = std::min(resident, Cfg::grid::grid_size);
      return cudaSuccess;
    });
  }
}

// The blocks of a fixed-grid launch over n elements at `in`: the resident grid (or the policy's size), at most one per
// tile. tiles_out, where given, receives the tile count (a caller that needs it does not count again).
template <class Cfg, class T, class Acc, class Op, class Tr>
cudaError_t fixed_grid_blocks(const T* in, std::uint64_t n, unsigned& blocks, std::uint64_t* tiles_out = nullptr) {
  using s = shape<Cfg>;
  int resident = 0;
  if (cudaError_t e = persistent_grid<Cfg, T, Acc, Op, Tr>(resident)) return e;
  const std::uint64_t tiles = s::tiles(s::agent_t::units(in, n));
  if (tiles_out) *tiles_out = tiles;
  blocks = unsigned(std::min<std::uint64_t>(resident, tiles));
  return cudaSuccess;
}

// The same kernel as a plain multipass pass: the later passes of multipass and reproducible.
template <class Cfg>
using multipass_config =
    policy::config<typename Cfg::load, typename Cfg::finish, typename Cfg::indexing, policy::multipass, Cfg::block>;

// When the input is one tile, every Grid launches this: one block walks the tile with no loop and writes the result
// itself (no counter to reset, no identity to preset, no second pass).
template <class Cfg>
using one_tile_config = multipass_config<Cfg>;

// A cluster of over 8 blocks needs a per-kernel opt-in (the non-portable size). It is set on the very pointer about to
// be launched, once per device: a kernel template instantiated in several translation units has one copy per unit,
// and two call sites of the same instantiation may name different copies (device run 13 found exactly that).
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

// What a launch follows in the stream. callers_work: not programmatic, so a reduction's first kernel never overlaps
// the caller's earlier work. own_kernel: this reduction's preset of the output (store_value); own_output: its previous
// pass, whose output is this launch's input. After its own kernels the launch is programmatic (PDL): the kernel starts
// while that one drains and waits for it only where it reads what that kernel wrote (before it combines into the
// output, or before it reads its input).
enum class follows : unsigned char { callers_work, own_kernel, own_output };

// Launches reduce_kernel<Cfg> with 32-bit offsets where n allows.
template <class Cfg, class T, class Acc, class Op, class Tr = no_transform>
cudaError_t launch(unsigned blocks, const T* in, std::uint64_t n, Acc* out, Op op, grid_args<Acc> g,
                   cudaStream_t stream, follows prior = follows::callers_work, Tr tr = {}) {
  cudaLaunchConfig_t config{};
  config.gridDim = dim3(blocks);
  config.blockDim = dim3(Cfg::block);
  config.stream = stream;
  cudaLaunchAttribute attribute[2];
  attribute[0].id = cudaLaunchAttributeProgrammaticStreamSerialization;
  attribute[0].val.programmaticStreamSerializationAllowed = prior == follows::callers_work ? 0 : 1;
  config.attrs = attribute;
  config.numAttrs = 1;
  if constexpr (Cfg::grid::kind == policy::epilogue::cluster) {  // the whole grid is one cluster
    attribute[1].id = cudaLaunchAttributeClusterDimension;
    attribute[1].val.clusterDim.x = blocks;
    attribute[1].val.clusterDim.y = 1;
    attribute[1].val.clusterDim.z = 1;
    config.numAttrs = 2;
  } else if constexpr (Cfg::grid::kind == policy::epilogue::grid_barrier) {  // co-resident blocks, a grid barrier
    attribute[1].id = cudaLaunchAttributeCooperative;
    attribute[1].val.cooperative = 1;
    config.numAttrs = 2;
  }
  auto go = [&](auto kernel, auto count) {
    if constexpr (Cfg::grid::kind == policy::epilogue::cluster)
      if (cudaError_t e = allow_cluster_size<Cfg::grid::grid_size>(reinterpret_cast<const void*>(kernel))) return e;
    return cudaLaunchKernelEx(&config, kernel, in, count, prior == follows::own_output, out, op, tr, g);
  };
  if (fits_32bit_offsets(n)) return go(reduce_kernel<Cfg, T, Acc, Op, std::uint32_t, Tr>, std::uint32_t(n));
#ifdef REDUCE_FORCE_32_BIT_OFFSETS
  return cudaErrorInvalidValue;  // refused earlier, with a message, by check_arguments
#else
  return go(reduce_kernel<Cfg, T, Acc, Op, std::uint64_t, Tr>, n);
#endif
}

// Where the input is one tile, launches one_tile_config<Cfg>; else run_grid(), the Grid's own dispatcher. Both entry
// points' run_config call it, so no dispatcher repeats the check. Not with BlockFinish none: its one tile leaves a
// value per thread, which its Grid must still fold.
template <class Cfg, class T>
bool runs_one_tile(const T* in, std::uint64_t n) {
  using s = shape<Cfg>;
  if constexpr (s::per_thread) return false;
  return s::tiles(s::agent_t::units(in, n)) == 1;
}
template <class Cfg, class T, class Acc, class Op, class Tr, class RunGrid>
cudaError_t one_tile_or(const T* in, std::uint64_t n, Acc* out, Op op, Tr tr, cudaStream_t stream, RunGrid run_grid) {
  if constexpr (!shape<Cfg>::per_thread)  // not instantiated for BlockFinish none (multipass would refuse its Load)
    if (runs_one_tile<Cfg>(in, n))
      return launch<one_tile_config<Cfg>>(1, in, n, out, op, grid_args<Acc>{}, stream, follows::callers_work, tr);
  return run_grid();
}

template <class T>
cudaError_t store_async(T* p, T v, cudaStream_t stream) {
  store_value<<<1, 1, 0, stream>>>(p, v);
  return cudaGetLastError();
}

}  // namespace reduce::detail
