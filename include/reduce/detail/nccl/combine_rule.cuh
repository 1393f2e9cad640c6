// How the per-GPU partials become one value: the combine rule of reduce/nccl.cuh.
//
// - nccl_collective: op and accumulator are one of NCCL's reductions on one of its types (sum and product of 8-, 32-
//   and 64-bit integers, float and double; min and max of those integers). Each rank's one partial is all-reduced
//   (or ncclReduce'd to the root) by NCCL itself, straight into d_out.
// - rank_gather: everything else (a custom op, bitwise ops, argmin/argmax pairs, compensated sums, half/bf16 or
//   16-bit accumulators, and min/max of float and double: NCCL's min/max of floating types do not propagate NaN as
//   reduce::min/max do). The partials are all-gathered as bytes and folded in rank order by one thread on each GPU
//   that receives the result: every rank gets the same bits, and a run repeats bitwise.
// - tile_gather: a reproducible Grid (combine per_tile) with every rank's shard length known on the host. Each rank
//   stores one partial per tile, the tiles are gathered in rank order and the one-GPU path's own passes fold them:
//   the one-GPU reproducible result, bit for bit, where the shards fall on its tiles (docs/multi_gpu.md).
// - window_fold: the caller passed a window (window.cuh) and the combine is not a tile gather. Each rank's partial
//   goes into its window and one kernel per rank folds every rank's partial in rank order over NCCL's device API:
//   the same bits as rank_gather, without a host-launched collective.
#pragma once
#include <nccl.h>

#include <cstdint>
#include <type_traits>

#include "../../ops.cuh"
#include "../../status.cuh"
#include "../transform.cuh"
#include "../tuned.cuh"

namespace reduce::detail::nccl {

enum class combine_kind : unsigned char { nccl_collective, rank_gather, tile_gather, window_fold };

// NCCL's element type for an accumulator, where it has one (bool and 16-bit integers have none).
template <class Acc>
constexpr bool has_nccl_type() {
  if constexpr (std::is_integral_v<Acc> && !std::is_same_v<Acc, bool>)
    return sizeof(Acc) == 1 || sizeof(Acc) == 4 || sizeof(Acc) == 8;
  return std::is_same_v<Acc, float> || std::is_same_v<Acc, double>;
}
template <class Acc>
constexpr ncclDataType_t nccl_type() {
  static_assert(has_nccl_type<Acc>(), "reduce::nccl: internal: no NCCL type for this accumulator");
  if constexpr (std::is_same_v<Acc, float>) return ncclFloat32;
  if constexpr (std::is_same_v<Acc, double>) return ncclFloat64;
  constexpr bool s = std::is_signed_v<Acc>;
  if constexpr (sizeof(Acc) == 1) return s ? ncclInt8 : ncclUint8;
  if constexpr (sizeof(Acc) == 4) return s ? ncclInt32 : ncclUint32;
  return s ? ncclInt64 : ncclUint64;
}

// NCCL's reduction for op on Acc, where it computes what the op computes. Integer sums and products wrap modulo 2^k
// in any order, so they are exact; float and double sums and products round in NCCL's order, as the one-GPU path
// rounds in its own. Floating min/max are left out: NCCL's do not propagate NaN whatever the order, as ours do.
template <class Op, class Acc>
constexpr bool has_nccl_op() {
  if constexpr (!has_nccl_type<Acc>()) return false;
  if constexpr (std::is_same_v<Op, reduce::sum> || std::is_same_v<Op, reduce::product>) return true;
  if constexpr (std::is_same_v<Op, reduce::min> || std::is_same_v<Op, reduce::max>) return std::is_integral_v<Acc>;
  return false;
}
template <class Op>
constexpr ncclRedOp_t nccl_op() {
  if constexpr (std::is_same_v<Op, reduce::sum>) return ncclSum;
  if constexpr (std::is_same_v<Op, reduce::product>) return ncclProd;
  if constexpr (std::is_same_v<Op, reduce::min>) return ncclMin;
  return ncclMax;
}

// Whether a config folds one partial per tile (policy::reproducible<G> and any grid<..., per_tile>). The tuned
// default never does.
template <class Cfg, class = void>
struct folds_per_tile : std::false_type {};
template <class Cfg>
struct folds_per_tile<Cfg, std::enable_if_t<!is_tuned<Cfg>::value>>
    : std::is_same<typename Cfg::grid::combine, policy::per_tile> {};

template <class Cfg, class Acc, class Op>
constexpr combine_kind combine_of(bool lengths_known, bool window_given) {
  if (folds_per_tile<Cfg>::value && lengths_known) return combine_kind::tile_gather;
  if (window_given) return combine_kind::window_fold;
  if (folds_per_tile<Cfg>::value) return combine_kind::rank_gather;
  return has_nccl_op<Op, Acc>() ? combine_kind::nccl_collective : combine_kind::rank_gather;
}

// A transform that takes the element's index (argmin/argmax): each rank adds its shard's offset in the
// concatenation, so that indices are global and the result is the one-GPU result.
template <class Tr, class T>
inline constexpr bool takes_index_v =
    !std::is_same_v<Tr, no_transform> && std::is_invocable_v<const Tr&, const T&, std::uint64_t>;

template <class Tr>
struct shifted_index {
  Tr tr;
  std::uint64_t offset;
  template <class T>
  __host__ __device__ auto operator()(const T& x, std::uint64_t i) const {
    return tr(x, i + offset);
  }
};

// tr, or tr with the shard's offset added to each index.
template <class T, class Tr>
auto global_indices(Tr tr, std::uint64_t offset) {
  if constexpr (takes_index_v<Tr, T>)
    return shifted_index<Tr>{tr, offset};
  else
    return tr;
}

// NCCL failures as a reduce::status: a misuse NCCL found is cudaErrorInvalidValue, anything else cudaErrorUnknown;
// the message names the call (NCCL_DEBUG=WARN prints NCCL's own reason).
inline status nccl_failed(ncclResult_t r, const char* message) {
  if (r == ncclSuccess) return {};
  return {r == ncclInvalidArgument || r == ncclInvalidUsage ? cudaErrorInvalidValue : cudaErrorUnknown, message};
}

}  // namespace reduce::detail::nccl
