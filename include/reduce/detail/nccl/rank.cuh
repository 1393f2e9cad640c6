// One rank's share of a call under its combine C (combine_rule.cuh), in the steps both drivers (drive.cuh) take:
//
//   plan      the rank's devices, the combine's head and the local pass's need (describe() found its place)
//   check     on a run, the shard, the output and the storage (nothing is launched or allocated yet)
//   place     the regions carved from the caller's storage, or a workspace grown to size
//   local     the one-GPU engine over the shard into the combine's slot: whole, or its first pass and then the rest
//   exchange  NCCL between the ranks, on the rank's stream
//   finish    on the ranks that receive the result, the combine's last kernel
//
// None waits on the host. A driver runs every rank's plan, then every check, then every place, before any rank's local
// step, so that a refused call launches nothing on any GPU.
#pragma once
#include "combine_rule.cuh"

namespace reduce::detail::nccl {

template <class Cfg, class C, class T, class Acc, class Tr, class Op>
struct rank_share {
  // The call's arguments for this rank.
  ncclComm_t comm;
  const T* d_in;
  std::uint64_t n;
  Acc* d_out;
  cudaStream_t stream;
  void* d_temp;
  std::size_t temp_bytes;
  workspace* ws;
  Tr tr;
  Op op;
  plan<Acc> p{};

  // describe() has run: the devices, the combine's head, the local pass's need. query: temp_bytes is set to the need.
  status plan(bool query) {
    if (status s = check_devices(p.device, stream)) return s;
    if constexpr (takes_index_v<Tr, T>)
      if (!p.lengths)
        return {cudaErrorInvalidValue,
                "reduce::nccl: a transform that takes the element's index (argmin, argmax) "
                "needs every rank's shard length, for the global index: pass lengths"};
    if (status s = C::template head<Cfg>(p, d_in, n)) return s;
    if constexpr (C::engine_storage) {
      const auto global = global_indices<T>(tr, p.offset);
      const status s = ws ? partials::need<Cfg, true, Acc>(d_in, n, global, op, stream, p.local)
                          : partials::need<Cfg, false, Acc>(d_in, n, global, op, stream, p.local);
      if (s) return s;
    }
    if (query) temp_bytes = p.total_bytes();
    return {};
  }
  // On a run, after plan(): the shard, the output and the storage.
  status check() {
    if (status s = check_data(p, d_in, n, d_out)) return s;
    return check_storage(p, ws, d_temp, temp_bytes);
  }
  status place_storage() { return place(p, ws, d_temp, stream); }
  template <run_step Step = run_step::whole>
  status local() {
    return ws ? C::template local<Cfg, true, Step>(p, d_in, n, tr, op, stream)
              : C::template local<Cfg, false, Step>(p, d_in, n, tr, op, stream);
  }
  status exchange() { return C::template exchange<Cfg, T, Acc, Op>(p, d_out, comm, stream); }
  status finish() { return C::template finish<Cfg>(p, d_out, op, stream); }
};

}  // namespace reduce::detail::nccl
