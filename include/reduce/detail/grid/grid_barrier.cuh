// Combine grid_barrier: a cooperative launch of at most the resident grid. Thread 0 of every block clears the block's
// slots and the block arrives on the launch's grid barrier on entry (a block barrier, then one release arrival), so
// the arrival's fence is paid beside the walk, not after it. After its walk each block publishes its result with a
// ready mark (polled_slots.cuh). Every block is resident (the launch's contract) and none waits but the last, which
// waits on the barrier after its own walk: once the barrier says every block has cleared its slots, a ready mark is
// this launch's, so it polls the marks and folds in block order. The barrier word is the driver's, prepared for every
// cooperative launch, and each slot is cleared before it is polled: nothing in the caller's storage needs a known
// state, so the call is one launch and no memset on any storage.
#pragma once
#include <cooperative_groups.h>

#include <cuda/std/utility>

#include "../launch.cuh"
#include "../per_device.cuh"
#include "../polled_slots.cuh"

namespace reduce::detail {

template <>
struct combine_strategy<policy::grid_barrier> : combine_defaults {
  static constexpr bool co_resident = true;

  template <class Acc>
  struct args {
    unsigned long long* slots = nullptr;  // polled_slots<Acc>::words a block
  };

  template <class Cfg, class T, class Acc>
  struct epilogue {
    cooperative_groups::grid_group::arrival_token arrival;

    __device__ explicit epilogue(const args<Acc>& g) : arrival(clear_and_arrive(g)) {}

    __device__ static cooperative_groups::grid_group::arrival_token clear_and_arrive(const args<Acc>& g) {
      if (threadIdx.x == 0) polled_slots<Acc>::clear(g.slots, blockIdx.x);
      return cooperative_groups::this_grid().barrier_arrive();
    }

    template <class Temp, class Op>
    __device__ void block_result(Temp& temp, const Acc& v, std::uint64_t, Acc* out, Op op, const args<Acc>& g) {
      if (threadIdx.x == 0) polled_slots<Acc>::publish(g.slots, blockIdx.x, v);
      if (blockIdx.x != gridDim.x - 1) return;
      cooperative_groups::this_grid().barrier_wait(cuda::std::move(arrival));
      fold_slots<Cfg, T, false, block_reduce_for<Cfg, Acc>>(temp, g.slots, out, op);
    }
  };

  // Whether the current device can launch cooperative kernels (cudaDevAttrCooperativeLaunch), cached per device.
  static cudaError_t available(bool& ok) {
    return per_device_flag(ok, [](int dev, bool& supported) -> cudaError_t {
      int attribute = 0;
      if (cudaError_t e = cudaDeviceGetAttribute(&attribute, cudaDevAttrCooperativeLaunch, dev)) return e;
      supported = attribute != 0;
      return cudaSuccess;
    });
  }

  template <class Call>
  static cudaError_t storage(const Call& c, bool, storage_need& need) {
    std::uint64_t blocks = 0;
    const cudaError_t e = Call::walk::max_results(c, blocks);
    need.scratch = align_up(blocks * polled_slots<typename Call::accumulator>::words * sizeof(unsigned long long));
    return e;
  }

  template <class Call>
  static status run(const Call& c, storage_regions storage) {
    bool ok = false;
    if (cudaError_t e = available(ok)) return {e, "reduce: device query failed"};
    if (!ok)
      return {cudaErrorNotSupported,
              "reduce: this device has no cooperative launch, which Grid cooperative needs; use Grid single_pass"};
    unsigned blocks = 0;
    if (status s = Call::walk::blocks(c, blocks)) return s;
    args<typename Call::accumulator> g;
    g.slots = static_cast<unsigned long long*>(storage.scratch);
    if (cudaError_t e = c.launch(blocks, c.out, g)) return {e, "reduce: a kernel launch failed"};
    return {};
  }
};

}  // namespace reduce::detail
