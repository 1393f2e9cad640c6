// A host-side value worked out once per device and then read from a cache: occupancy, cluster support, compute
// capability. Lock-free; two threads that miss at once both compute the same value and store it.
#pragma once
#include <cuda_runtime.h>

#include <atomic>

namespace reduce::detail {

// Sets `value` to the current device's entry, computing it with compute(device, value) -> cudaError_t on a miss.
// 0 means "not known yet", so compute must produce a nonzero value. One cache per Compute type: a lambda written
// in a function template has a type of its own per instantiation, so each instantiation caches separately.
template <class Compute>
cudaError_t per_device_value(int& value, Compute compute) {
  constexpr int max_devices = 64;  // devices beyond this are never cached: computed on every call
  static std::atomic<int> cache[max_devices] = {};
  int dev = 0;
  if (cudaError_t e = cudaGetDevice(&dev)) return e;
  if (dev < max_devices && (value = cache[dev].load(std::memory_order_relaxed)) != 0) return cudaSuccess;
  if (cudaError_t e = compute(dev, value)) return e;
  if (dev < max_devices) cache[dev].store(value, std::memory_order_relaxed);
  return cudaSuccess;
}

// A yes/no answer cached the same way: compute(device, bool& yes) -> cudaError_t. One cache per Compute type.
template <class Compute>
cudaError_t per_device_flag(bool& yes, Compute compute) {
  int known = 0;  // 1 yes, 2 no
  const cudaError_t e = per_device_value(known, [&](int dev, int& answer) -> cudaError_t {
    bool b = false;
    if (cudaError_t e = compute(dev, b)) return e;
    answer = b ? 1 : 2;
    return cudaSuccess;
  });
  yes = known == 1;
  return e;
}

// The current device's SM count.
inline cudaError_t sm_count(int& sms) {
  return per_device_value(
      sms, [](int dev, int& v) { return cudaDeviceGetAttribute(&v, cudaDevAttrMultiProcessorCount, dev); });
}

// Blocks of `kernel` (block threads, no dynamic shared memory) that one SM of the current device holds: 0 where not
// even one fits (its launch will fail; each caller says what it plans with then). Tag keys the cache, one per kernel:
// kernels of one signature share a pointer type, which cannot tell them apart.
template <class Tag, class Kernel>
cudaError_t blocks_per_sm(Kernel kernel, int block, int& per_sm) {
  int cached = 0;  // the count + 1: the cache holds no zero
  const cudaError_t e = per_device_value(cached, [&](int, int& v) {
    const cudaError_t e = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&v, kernel, block, 0);
    ++v;
    return e;
  });
  per_sm = cached - 1;
  return e;
}

}  // namespace reduce::detail
