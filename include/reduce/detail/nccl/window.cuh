// The window combine: the partials meet through NCCL's device API instead of a host-launched collective.
//
// A window is a small buffer on each rank's GPU, allocated by NCCL (ncclMemAlloc) and registered as a symmetric
// window, so that every GPU of the communicator can load from every other's over NVLink or PCIe peer access (NCCL's
// "load/store accessible" team), plus a device communicator with one barrier over that team. Each rank's local pass
// writes its partial into its own window; then one kernel per rank, of one warp:
//
//   1. waits for the local pass (a programmatic launch: only its launch latency overlaps the local pass);
//   2. publishes the partial in one of two slots, chosen by the parity of a call counter the kernel keeps in the
//      window (every rank makes the same calls, so every rank's counter is the same);
//   3. meets every rank at the barrier (release: its own slot; acquire: everyone's);
//   4. on the ranks that receive the result, loads every rank's slot, one rank per lane so that the loads over the
//      links overlap, and folds them in rank order on one lane (the same bits on every rank and in every run, as the
//      gather-and-fold combine gives).
//
// Two slots make one barrier per call enough: a rank writes a slot again two calls later, after the barrier of the
// call between, which no rank reaches before its loads of this call are done. Everything stays on the GPUs: no
// host-launched collective, no NVLink multicast (the barrier is the LSA one, not the multimem one). Creating windows
// is a collective of the communicator.
#pragma once
#include <nccl.h>
#include <nccl_device.h>

#include <boost/mp11.hpp>
#include <cstdint>

#include "../kernel.cuh"
#include "../launch.cuh"
#include "../words.cuh"
#include "../../nccl_window.cuh"
#include "nccl_types.cuh"

namespace reduce::detail::nccl {

template <class Acc, class Op>
__global__ void __launch_bounds__(32)
    fold_window(ncclDevComm dev, ncclWindow_t win, unsigned char* base, bool receives, Acc* out, Op op) {
  using w = reduce::nccl::window;
  const unsigned lane = threadIdx.x;
  wait_for_previous_grid();  // this rank's local pass has written its partial
  auto* counter = reinterpret_cast<unsigned long long*>(base + w::counter_offset);
  const unsigned long long call = *counter;
  const std::size_t slot = (call & 1) * w::slot_bytes;
  // Published through NCCL's mapping of this rank's window, the address its own lane loads from below: the same
  // memory written through one address and read through another would be unordered without a proxy fence.
  if (lane == 0)
    store_words(static_cast<Acc*>(ncclGetLocalPointer(win, slot)),
                load_cg(reinterpret_cast<const Acc*>(base + w::partial_offset)));
  ncclLsaBarrierSession<ncclCoopCta> barrier(ncclCoopCta(), dev, ncclTeamTagLsa(), 0);
  barrier.sync(ncclCoopCta(), cuda::memory_order_acq_rel);
  if (receives) {
    // Peer memory is read through L2 (load_cg): the barrier orders the writes, no L1 line may hold an old value.
    // LSA ranks are the communicator's ranks here: create_windows refused a communicator wider than its LSA team.
    __shared__ alignas(Acc) unsigned char raw[32 * sizeof(Acc)];
    Acc* got = reinterpret_cast<Acc*>(raw);
    Acc acc;
    for (int first = 0; first < dev.lsaSize; first += 32) {
      if (first + int(lane) < dev.lsaSize)
        got[lane] = load_cg(static_cast<const Acc*>(ncclGetLsaPointer(win, slot, first + int(lane))));
      __syncwarp();
      if (lane == 0) {
        const int count = dev.lsaSize - first < 32 ? dev.lsaSize - first : 32;
        if (first == 0) acc = got[0];
        for (int i = first == 0 ? 1 : 0; i < count; ++i) acc = op(acc, got[i]);
      }
      __syncwarp();  // got[] is read before the next ranks' loads overwrite it
    }
    if (lane == 0) store_words(out, acc);
  }
  if (lane == 0) *counter = call + 1;  // after the barrier: every lane has read the counter
}

// Enqueued after the local pass on every rank (the barrier needs them all); only receivers write out. A programmatic
// launch where the image has the wait for the local pass (launch.cuh, launch_finisher).
template <class Acc, class Op>
cudaError_t launch_fold_window(const reduce::nccl::window& w, bool receives, Acc* out, Op op, cudaStream_t stream) {
  return launch_finisher<fold_window<Acc, Op>, 32>(stream, w.dev, w.handle, static_cast<unsigned char*>(w.base),
                                                   receives, out, op);
}

}  // namespace reduce::detail::nccl
