// Argument checks of every entry point, the multi-GPU layer's included (nccl/plan.cuh): device-accessible pointers
// (on a given device, where the call has one), n within the input's allocation, temporary storage large enough and
// aligned. A failed check launches nothing and writes nothing. Each layer passes its own words for its own arguments.
#pragma once
#include <cuda.h>  // the driver's pointer attributes (facts_of); nothing links libcuda
#include <cuda_runtime.h>

#include <cstdint>
#include <mutex>

#include "../status.cuh"
#include "agent.cuh"
#include "launch.cuh"

namespace reduce::detail {

inline constexpr int any_device = -1;

// What the checks know of a pointer: whether it is device-accessible (device or managed memory), the device that holds
// it, and the allocation around it (size 0: unknown, then the range is not checked).
struct pointer_facts {
  bool device_memory = false;
  bool managed = false;
  int device = any_device;
  std::uintptr_t base = 0;
  std::size_t size = 0;
};

// One driver call, cuPointerGetAttributes, answers all of it; cudaPointerGetAttributes and cuMemGetAddressRange would
// take two, about 1 us each on a host where a launch costs 4. The driver is reached through the runtime's entry points,
// so nothing links libcuda. Where the driver's query is missing or fails, the runtime's query answers (and says why
// it failed), without the range.
inline status facts_of(const void* p, pointer_facts& f) {
  using attributes_fn = CUresult (*)(unsigned, CUpointer_attribute*, void**, CUdeviceptr);
  static attributes_fn fn = nullptr;
  static std::once_flag once;
  std::call_once(once, [] {
    void* entry = nullptr;
    cudaDriverEntryPointQueryResult q{};
    if (cudaGetDriverEntryPointByVersion("cuPointerGetAttributes", &entry, 12000, cudaEnableDefault, &q) ==
            cudaSuccess &&
        q == cudaDriverEntryPointSuccess)
      fn = reinterpret_cast<attributes_fn>(entry);
  });
  unsigned type = 0, managed = 0;
  int device = any_device;
  CUdeviceptr base = 0;
  std::size_t size = 0;
  CUpointer_attribute which[] = {CU_POINTER_ATTRIBUTE_MEMORY_TYPE, CU_POINTER_ATTRIBUTE_IS_MANAGED,
                                 CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL, CU_POINTER_ATTRIBUTE_RANGE_START_ADDR,
                                 CU_POINTER_ATTRIBUTE_RANGE_SIZE};
  void* into[] = {&type, &managed, &device, &base, &size};
  // Memory the driver does not know (pageable host memory) is no error: its attributes come back empty.
  if (fn && fn(5, which, into, reinterpret_cast<CUdeviceptr>(p)) == CUDA_SUCCESS) {
    f = {type == CU_MEMORYTYPE_DEVICE || managed != 0, managed != 0, device, std::uintptr_t(base), size};
    return {};
  }
  cudaPointerAttributes a{};
  if (cudaError_t e = cudaPointerGetAttributes(&a, p)) return {e, "reduce: cudaPointerGetAttributes failed"};
  f = {a.type == cudaMemoryTypeDevice || a.type == cudaMemoryTypeManaged, a.type == cudaMemoryTypeManaged, a.device};
  return {};
}

// The words of a pointer's failed checks, in the caller's terms.
struct pointer_words {
  const char* null;                // p is null
  const char* host;                // p is host memory (pageable or pinned)
  const char* other = nullptr;     // p is on another device than the call's
  const char* past_end = nullptr;  // the elements run past the end of p's allocation
};

// Device-accessible memory only, holding `count` elements of `size` bytes from p: device or managed allocations. Host
// memory is refused, and, given a device, memory of another device (managed memory is anywhere).
inline status check_device_span(const void* p, std::uint64_t count, std::size_t size, const pointer_words& w,
                                int device = any_device) {
  if (p == nullptr) return {cudaErrorInvalidValue, w.null};
  pointer_facts f;
  if (status s = facts_of(p, f)) return s;
  if (!f.device_memory) return {cudaErrorInvalidValue, w.host};
  if (device != any_device && !f.managed && f.device != device) return {cudaErrorInvalidValue, w.other};
  if (count == 0 || f.size == 0) return {};
  const std::uint64_t room = f.base + f.size - reinterpret_cast<std::uintptr_t>(p);
  if (count > room / size) return {cudaErrorInvalidValue, w.past_end};
  return {};
}
inline status check_device_pointer(const void* p, const pointer_words& w, int device = any_device) {
  return check_device_span(p, 0, 1, w, device);
}

// The input and output: device memory, n within the input's allocation.
template <class T, class Acc>
status check_io(const T* d_in, Acc* d_out, std::uint64_t n) {
  if (status s = check_device_pointer(
          d_out, {"reduce: output pointer is null", "reduce: output pointer is host memory; pass a device allocation"}))
    return s;
#ifdef REDUCE_FORCE_32_BIT_OFFSETS
  if (!fits_32bit_offsets(n))
    return {cudaErrorInvalidValue,
            "reduce: n > 2^31 - 1 needs 64-bit offsets; do not define REDUCE_FORCE_32_BIT_OFFSETS"};
#endif
  if (n == 0) return {};
  return check_device_span(d_in, n, sizeof(T),
                           {"reduce: input pointer is null and n > 0",
                            "reduce: input pointer is host memory; copy the input to the device first", nullptr,
                            "reduce: n elements run past the end of the input's allocation"});
}

// Temporary storage: aligned, large enough (needed bytes), device memory (on device, given one), within its
// allocation.
inline status check_temp(const void* d_temp, std::size_t temp_bytes, std::size_t needed, int device = any_device) {
  if (reinterpret_cast<std::uintptr_t>(d_temp) % storage_alignment)
    return {cudaErrorInvalidValue, "reduce: temporary storage must be 16-byte aligned (cudaMalloc's is)"};
  if (temp_bytes < needed)
    return {
        cudaErrorInvalidValue,
        "reduce: temporary storage is smaller than this call needs: query with the same config, input and output "
        "types, op, transform and n as the run, on the same GPU (and, for reduce::nccl, the same root and lengths)"};
  return check_device_span(d_temp, needed, 1,
                           {"reduce: temporary storage pointer is null",
                            "reduce: temporary storage is host memory; pass a device allocation",
                            "reduce: temporary storage is on another device than the call's (for reduce::nccl, the "
                            "communicator's)",
                            "reduce: temporary storage runs past the end of its allocation"},
                           device);
}

template <class T, class Acc>
status check_arguments(const void* d_temp, std::size_t temp_bytes, std::size_t needed, const T* d_in, Acc* d_out,
                       std::uint64_t n) {
  if (status s = check_io(d_in, d_out, n)) return s;
  return check_temp(d_temp, temp_bytes, needed);
}

}  // namespace reduce::detail
