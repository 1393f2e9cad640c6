// Two-phase device reduction, CUB style: call once with d_temp == nullptr to learn temp_bytes, then again to run.
// Asynchronous on `stream`; no host synchronisation. Returns cudaErrorInvalidValue, launching nothing and writing
// nothing, for bad arguments (status::message says which).
#pragma once
#include <cuda_runtime.h>

#include <cstdint>
#include <reduce/policy/config.cuh>

#include "grid/atomic.cuh"
#include "grid/gridstride.cuh"
#include "grid/multipass.cuh"
#include "grid/single_pass.cuh"
#include "ops.cuh"

namespace reduce {

// An error code and, when the library found the problem itself, a sentence that says what to fix.
struct status {
  cudaError_t code = cudaSuccess;
  const char* message = nullptr;
  explicit operator bool() const { return code != cudaSuccess; }  // true when something went wrong
};

namespace detail {

// Device-accessible memory only: device or managed allocations. Host memory (pageable or pinned) is refused.
inline status check_device_pointer(const void* p, const char* null_message, const char* host_message) {
  if (p == nullptr) return {cudaErrorInvalidValue, null_message};
  cudaPointerAttributes a{};
  if (cudaError_t e = cudaPointerGetAttributes(&a, p)) return {e, "reduce: cudaPointerGetAttributes failed"};
  if (a.type != cudaMemoryTypeDevice && a.type != cudaMemoryTypeManaged) return {cudaErrorInvalidValue, host_message};
  return {};
}

template <class T, class Acc>
status check_arguments(const void* d_temp, std::size_t temp_bytes, std::size_t needed, const T* d_in, Acc* d_out,
                       std::uint64_t n) {
  if (status s = check_device_pointer(d_out, "reduce: output pointer is null",
                                      "reduce: output pointer is host memory; pass a device allocation"))
    return s;
  if (n > 0) {
    if (status s = check_device_pointer(d_in, "reduce: input pointer is null and n > 0",
                                        "reduce: input pointer is host memory; copy the input to the device first"))
      return s;
  }
  if (reinterpret_cast<std::uintptr_t>(d_temp) % storage_alignment)
    return {cudaErrorInvalidValue, "reduce: temporary storage must be 16-byte aligned (cudaMalloc's is)"};
  if (temp_bytes < needed)
    return {cudaErrorInvalidValue, "reduce: temporary storage is smaller than the size the query returned"};
  if (status s = check_device_pointer(d_temp, "reduce: temporary storage pointer is null",
                                      "reduce: temporary storage is host memory; pass a device allocation"))
    return s;
  return {};
}

}  // namespace detail

// Reduces d_in[0, n) with op into *d_out. The accumulator type is d_out's element type.
template <class Cfg, class T, class Acc, class Op = sum>
status device_reduce_status(void* d_temp, std::size_t& temp_bytes, const T* d_in, Acc* d_out, std::uint64_t n,
                            Op op = {}, cudaStream_t stream = 0) {
  using dispatch = detail::grid_dispatch<typename Cfg::grid>;
  std::size_t needed = 0;
  if (cudaError_t e = dispatch::template temp_bytes<Cfg, T, Acc, Op>(n, needed))
    return {e, "reduce: device query failed"};
  needed = detail::align_up(needed > 0 ? needed : 1);  // never 0: a null pointer means "query"
  if (d_temp == nullptr) {
    temp_bytes = needed;
    return {};
  }
  if (status s = detail::check_arguments(d_temp, temp_bytes, needed, d_in, d_out, n)) return s;
  if (cudaError_t e = dispatch::template run<Cfg>(d_temp, d_in, n, d_out, op, stream))
    return {e, "reduce: a kernel launch failed"};
  return {};
}

template <class Cfg, class T, class Acc, class Op = sum>
cudaError_t device_reduce(void* d_temp, std::size_t& temp_bytes, const T* d_in, Acc* d_out, std::uint64_t n, Op op = {},
                          cudaStream_t stream = 0) {
  return device_reduce_status<Cfg>(d_temp, temp_bytes, d_in, d_out, n, op, stream).code;
}

}  // namespace reduce
