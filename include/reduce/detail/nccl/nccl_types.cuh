// NCCL's names for the library's types and ops, where NCCL has them, and NCCL failures as a reduce::status.
#pragma once
#include <nccl.h>

#include <cstdint>
#include <type_traits>

#include "../../ops.cuh"
#include "../../status.cuh"

namespace reduce::detail::nccl {

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

// NCCL failures as a reduce::status: a misuse NCCL found is cudaErrorInvalidValue, anything else cudaErrorUnknown;
// the message names the call (NCCL_DEBUG=WARN prints NCCL's own reason).
inline status nccl_failed(ncclResult_t r, const char* message) {
  if (r == ncclSuccess) return {};
  return {r == ncclInvalidArgument || r == ncclInvalidUsage ? cudaErrorInvalidValue : cudaErrorUnknown, message};
}

}  // namespace reduce::detail::nccl
