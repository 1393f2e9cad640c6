// Two-phase device reduction, CUB style: call once with d_temp == nullptr to learn temp_bytes, then again to run.
// Asynchronous on `stream`; no host synchronisation. Returns cudaErrorInvalidValue, launching nothing and writing
// nothing, for bad arguments (status::message says which).
#pragma once
#include <cuda_runtime.h>

#include <cstdint>
#include <mutex>
#include <reduce/policy/config.cuh>

#include "grid/atomic.cuh"
#include "grid/cluster.cuh"
#include "grid/cooperative.cuh"
#include "grid/gridstride.cuh"
#include "grid/multipass.cuh"
#include "grid/polled.cuh"
#include "grid/reproducible.cuh"
#include "grid/single_pass.cuh"
#include "ops.cuh"
#include "tuned.cuh"

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

// The allocation that holds p (base and size), from the driver's cuMemGetAddressRange, fetched through the runtime so
// that nothing links libcuda. Returns false where the driver cannot say (then the range is not checked).
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

// True unless the driver knows the allocation at p and it ends before p + bytes.
inline bool fits_allocation(const void* p, std::uint64_t bytes) {
  std::uintptr_t base = 0;
  std::size_t size = 0;
  if (!allocation_of(p, base, size)) return true;
  const std::uint64_t room = base + size - reinterpret_cast<std::uintptr_t>(p);
  return bytes <= room;
}

// The input and output: device memory, n within the input's allocation.
template <class T, class Acc>
status check_io(const T* d_in, Acc* d_out, std::uint64_t n) {
  if (status s = check_device_pointer(d_out, "reduce: output pointer is null",
                                      "reduce: output pointer is host memory; pass a device allocation"))
    return s;
#ifdef REDUCE_FORCE_32_BIT_OFFSETS
  if (!fits_32bit_offsets(n))
    return {cudaErrorInvalidValue,
            "reduce: n > 2^31 - 1 needs 64-bit offsets; do not define REDUCE_FORCE_32_BIT_OFFSETS"};
#endif
  if (n > 0) {
    if (status s = check_device_pointer(d_in, "reduce: input pointer is null and n > 0",
                                        "reduce: input pointer is host memory; copy the input to the device first"))
      return s;
    if (n > ~std::uint64_t(0) / sizeof(T) || !fits_allocation(d_in, n * sizeof(T)))
      return {cudaErrorInvalidValue, "reduce: n elements run past the end of the input's allocation"};
  }
  return {};
}

template <class T, class Acc>
status check_arguments(const void* d_temp, std::size_t temp_bytes, std::size_t needed, const T* d_in, Acc* d_out,
                       std::uint64_t n) {
  if (status s = check_io(d_in, d_out, n)) return s;
  if (reinterpret_cast<std::uintptr_t>(d_temp) % storage_alignment)
    return {cudaErrorInvalidValue, "reduce: temporary storage must be 16-byte aligned (cudaMalloc's is)"};
  if (temp_bytes < needed)
    return {cudaErrorInvalidValue, "reduce: temporary storage is smaller than the size the query returned"};
  if (status s = check_device_pointer(d_temp, "reduce: temporary storage pointer is null",
                                      "reduce: temporary storage is host memory; pass a device allocation"))
    return s;
  if (!fits_allocation(d_temp, needed))
    return {cudaErrorInvalidValue, "reduce: temporary storage runs past the end of its allocation"};
  return {};
}

}  // namespace detail

namespace detail {

// One fixed config: the size query, or validation and the run.
template <class Cfg, class T, class Acc, class Tr, class Op>
status run_config(void* d_temp, std::size_t& temp_bytes, const T* d_in, Acc* d_out, std::uint64_t n, Tr transform,
                  Op op, cudaStream_t stream) {
  using dispatch = grid_dispatch<typename Cfg::grid>;
  std::size_t needed = 0;
  if (cudaError_t e = dispatch::template temp_bytes<Cfg, T, Acc, Op, Tr>(n, needed))
    return {e, "reduce: device query failed"};
  needed = align_up(needed > 0 ? needed : 1);  // never 0: a null pointer means "query"
  if (d_temp == nullptr) {
    temp_bytes = needed;
    return {};
  }
  if (status s = check_arguments(d_temp, temp_bytes, needed, d_in, d_out, n)) return s;
  if (cudaError_t e = one_tile_or<Cfg>(d_in, n, d_out, op, transform, stream, [&] {
        return dispatch::template run<Cfg>(d_temp, d_in, n, d_out, op, transform, stream);
      }))
    return {e, "reduce: a kernel launch failed"};
  return {};
}

}  // namespace detail

// Reduces transform(d_in[i]) (or transform(d_in[i], i)) over i in [0, n) with op into *d_out, in one pass: the
// transform is applied as each element is loaded, with the Load policy's vector loads. The accumulator type is
// d_out's element type; the transform's result is converted to it.
template <class Cfg, class T, class Acc, class Tr, class Op = sum>
status device_transform_reduce_status(void* d_temp, std::size_t& temp_bytes, const T* d_in, Acc* d_out, std::uint64_t n,
                                      Tr transform, Op op = {}, cudaStream_t stream = 0) {
  if constexpr (detail::is_tuned<Cfg>::value) {  // the tuned default: the table's kernel for this n
    return detail::with_tuned_config<Cfg, T, Acc, Op>(n, [&](auto config) {
      using C = typename decltype(config)::type;
      return detail::run_config<C>(d_temp, temp_bytes, d_in, d_out, n, transform, op, stream);
    });
  } else {
    return detail::run_config<Cfg>(d_temp, temp_bytes, d_in, d_out, n, transform, op, stream);
  }
}

template <class Cfg, class T, class Acc, class Tr, class Op = sum>
cudaError_t device_transform_reduce(void* d_temp, std::size_t& temp_bytes, const T* d_in, Acc* d_out, std::uint64_t n,
                                    Tr transform, Op op = {}, cudaStream_t stream = 0) {
  return device_transform_reduce_status<Cfg>(d_temp, temp_bytes, d_in, d_out, n, transform, op, stream).code;
}

// Reduces d_in[0, n) with op into *d_out. The accumulator type is d_out's element type.
template <class Cfg, class T, class Acc, class Op = sum>
status device_reduce_status(void* d_temp, std::size_t& temp_bytes, const T* d_in, Acc* d_out, std::uint64_t n,
                            Op op = {}, cudaStream_t stream = 0) {
  return device_transform_reduce_status<Cfg>(d_temp, temp_bytes, d_in, d_out, n, detail::no_transform{}, op, stream);
}

template <class Cfg, class T, class Acc, class Op = sum>
cudaError_t device_reduce(void* d_temp, std::size_t& temp_bytes, const T* d_in, Acc* d_out, std::uint64_t n, Op op = {},
                          cudaStream_t stream = 0) {
  return device_reduce_status<Cfg>(d_temp, temp_bytes, d_in, d_out, n, op, stream).code;
}

}  // namespace reduce
