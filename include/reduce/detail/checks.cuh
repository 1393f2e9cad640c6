// Argument checks of every entry point, the multi-GPU layer's included (nccl/plan.cuh): device-accessible pointers
// (on a given device, where the call has one), n within the input's allocation, temporary storage large enough and
// aligned. A failed check launches nothing and writes nothing. Each layer passes its own words for its own arguments.
#pragma once
#include <cuda_runtime.h>

#include <cstdint>
#include <mutex>

#include "../status.cuh"
#include "agent.cuh"
#include "launch.cuh"
#include "per_device.cuh"

namespace reduce::detail {

inline constexpr int any_device = -1;

// The allocation that holds p (base and size), from the driver's cuMemGetAddressRange, fetched through the runtime so
// that nothing links libcuda. It is the mapped region, where the pointer attributes' range
// (CU_POINTER_ATTRIBUTE_RANGE_*) is the whole address range reserved around it (cuMemAddressReserve: ncclMemAlloc's
// memory, for one). Returns false where the driver cannot say (then the range is not checked).
inline bool allocation_of(const void* p, std::uintptr_t& base, std::size_t& size) {
  using range_fn = int (*)(unsigned long long*, std::size_t*, unsigned long long);
  static range_fn fn = nullptr;
  static std::once_flag once;
  std::call_once(once, [] {
    void* f = nullptr;
    cudaDriverEntryPointQueryResult q{};
    if (cudaGetDriverEntryPointByVersion("cuMemGetAddressRange", &f, 12000, cudaEnableDefault, &q) == cudaSuccess &&
        q == cudaDriverEntryPointSuccess)
      fn = reinterpret_cast<range_fn>(f);
  });
  unsigned long long b = 0;
  if (!fn || fn(&b, &size, reinterpret_cast<std::uintptr_t>(p)) != 0) return false;
  base = std::uintptr_t(b);
  return true;
}

// The words of a pointer's failed checks, in the caller's terms.
struct pointer_words {
  const char* null;                // p is null
  const char* host;                // p is host memory (pageable or pinned)
  const char* other = nullptr;     // p is on another device than the call's
  const char* past_end = nullptr;  // the elements run past the end of p's allocation
};

// `count` elements of `size` bytes from p end inside p's allocation, where the driver can say.
inline status check_within_allocation(const void* p, std::uint64_t count, std::size_t size, const pointer_words& w) {
  if (count == 0) return {};
  if (count > ~std::uint64_t(0) / size) return {cudaErrorInvalidValue, w.past_end};  // count * size overflows
  std::uintptr_t base = 0;
  std::size_t bytes = 0;
  const auto at = reinterpret_cast<std::uintptr_t>(p);
  if (!allocation_of(p, base, bytes) || at < base || at - base >= bytes) return {};  // the driver cannot say
  if (count * size > bytes - (at - base)) return {cudaErrorInvalidValue, w.past_end};
  return {};
}

// Device-accessible memory only, holding `count` elements of `size` bytes from p: device or managed allocations. Host
// memory is refused, and, given a device, memory of another device (managed memory is anywhere).
inline status check_device_span(const void* p, std::uint64_t count, std::size_t size, const pointer_words& w,
                                int device = any_device) {
  if (p == nullptr) return {cudaErrorInvalidValue, w.null};
  cudaPointerAttributes a{};
  if (cudaError_t e = cudaPointerGetAttributes(&a, p)) return {e, "reduce: cudaPointerGetAttributes failed"};
  if (a.type != cudaMemoryTypeDevice && a.type != cudaMemoryTypeManaged) return {cudaErrorInvalidValue, w.host};
  if (device != any_device && a.type == cudaMemoryTypeDevice && a.device != device)
    return {cudaErrorInvalidValue, w.other};
  return check_within_allocation(p, count, size, w);
}
inline status check_device_pointer(const void* p, const pointer_words& w, int device = any_device) {
  return check_device_span(p, 0, 1, w, device);
}

// Whether the current device can read host memory it was not given as a device allocation: pageable memory
// (malloc, new) through HMM or ATS (cudaDevAttrPageableMemoryAccess: Grace Hopper, or Linux HMM), cached per device.
inline bool reads_pageable_memory() {
  bool yes = false;
  const cudaError_t e = per_device_flag(yes, [](int dev, bool& b) {
    int v = 0;
    const cudaError_t r = cudaDeviceGetAttribute(&v, cudaDevAttrPageableMemoryAccess, dev);
    b = v == 1;
    return r;
  });
  return e == cudaSuccess && yes;
}

// The words of the refusals by memory kind that check_accessible_span gives, for an input or an output.
struct kind_words {
  const char* remapped;  // pinned host memory that the device sees at another address
  const char* pageable;  // pageable host memory, where the device cannot reach it
};
inline constexpr kind_words input_kind_words{
    "reduce: input pointer is pinned host memory that the device sees at another address: pass the pointer "
    "cudaHostGetDevicePointer gives",
    "reduce: input pointer is pageable host memory (malloc, new, std::vector), which this GPU cannot read "
    "(cudaDevAttrPageableMemoryAccess is 0): copy it to the device, or pin it with cudaHostRegister"};
inline constexpr kind_words output_kind_words{
    "reduce: output pointer is pinned host memory that the device sees at another address: pass the pointer "
    "cudaHostGetDevicePointer gives",
    "reduce: output pointer is pageable host memory (malloc, new, std::vector, a local variable), which this GPU "
    "cannot write (cudaDevAttrPageableMemoryAccess is 0): pass device, managed or pinned memory (cudaMallocHost), or "
    "pin it with cudaHostRegister"};

// Memory the current device can read and write, holding `count` elements of `size` bytes from p: device and managed
// allocations (as check_device_span), pinned host memory mapped into the device's address space at the same address
// (cudaMallocHost, cudaHostAlloc, cudaHostRegister under unified addressing: a kernel reaches it over the bus, at the
// bus's bandwidth), and pageable host memory where the device reaches it (reads_pageable_memory). The refusals name
// the memory's kind. host_memory: set where p is host memory (pinned or pageable), which the device reaches but whose
// atomics are not the device's own (grid/native_atomic.cuh, storage_regions::host_output).
inline status check_accessible_span(const void* p, std::uint64_t count, std::size_t size, const pointer_words& w,
                                    const kind_words& k, bool* host_memory = nullptr) {
  if (p == nullptr) return {cudaErrorInvalidValue, w.null};
  cudaPointerAttributes a{};
  if (cudaError_t e = cudaPointerGetAttributes(&a, p)) return {e, "reduce: cudaPointerGetAttributes failed"};
  if (host_memory) *host_memory = a.type == cudaMemoryTypeHost || a.type == cudaMemoryTypeUnregistered;
  if (a.type == cudaMemoryTypeHost) {
    if (a.devicePointer == p) return check_within_allocation(p, count, size, w);
    return {cudaErrorInvalidValue, k.remapped};
  }
  if (a.type == cudaMemoryTypeUnregistered) {
    if (reads_pageable_memory()) return {};
    return {cudaErrorInvalidValue, k.pageable};
  }
  return check_device_span(p, count, size, w);
}
inline status check_readable_span(const void* p, std::uint64_t count, std::size_t size, const pointer_words& w) {
  return check_accessible_span(p, count, size, w, input_kind_words);
}
inline status check_writable_span(const void* p, std::uint64_t count, std::size_t size, const pointer_words& w) {
  return check_accessible_span(p, count, size, w, output_kind_words);
}

// An input given as an iterator runs as an array of `unread` elements, which no kernel reads (the transform reads the
// iterator: detail/iterators.cuh): there is no memory of the engine's to check. An output given as an iterator is
// written by the iterator's assignment: the engine's result goes to a slot in the storage first, and there is no
// pointer to check either (`iterator_output`).
struct unread {};
struct iterator_output {};

// The output: any memory the device writes (check_accessible_span), host memory included; host: set where it is host
// memory.
template <class Acc>
status check_output(Acc* d_out, bool* host = nullptr) {
  return check_accessible_span(
      d_out, 1, sizeof(Acc),
      {"reduce: output pointer is null", nullptr, nullptr, "reduce: the output runs past the end of its allocation"},
      output_kind_words, host);
}
inline status check_output(const iterator_output*, bool* = nullptr) { return {}; }
template <class T>
status check_input(const T* d_in, std::uint64_t n) {
  return check_readable_span(d_in, n, sizeof(T),
                             {"reduce: input pointer is null and n > 0",
                              "reduce: input pointer is host memory; copy the input to the device first", nullptr,
                              "reduce: n elements run past the end of the input's allocation"});
}
inline status check_input(const unread*, std::uint64_t) { return {}; }

// The input and output: the input in memory the device reads (check_readable_span), the output device memory, n
// within the input's allocation.
template <class T, class Acc>
status check_io(const T* d_in, Acc* d_out, std::uint64_t n, bool* host_output = nullptr) {
  if (status s = check_output(d_out, host_output)) return s;
#ifdef REDUCE_FORCE_32_BIT_OFFSETS
  if (!fits_32bit_offsets(n))
    return {cudaErrorInvalidValue,
            "reduce: n > 2^31 - 1 needs 64-bit offsets; do not define REDUCE_FORCE_32_BIT_OFFSETS"};
#endif
  if (n == 0) return {};
  return check_input(d_in, n);
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
                       std::uint64_t n, bool* host_output = nullptr) {
  if (status s = check_io(d_in, d_out, n, host_output)) return s;
  return check_temp(d_temp, temp_bytes, needed);
}

}  // namespace reduce::detail
