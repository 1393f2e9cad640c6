// The GPU as the bench sees it: its description and peak bandwidth, a measured copy bandwidth, and the L2 flush.
#pragma once
#include <cuda_runtime.h>

#include <cstdint>
#include <string>

namespace reduce_bench {

struct device_info {
  int ordinal = 0;
  std::string name;
  int sm_count = 0;
  int l2_bytes = 0;
  int memory_clock_khz = 0;
  int bus_width_bits = 0;
  double peak_gbps = 0;  // theoretical: 2 x memory clock x bus width / 8
  double copy_gbps = 0;  // measured cudaMemcpyAsync device to device, bytes read + written
  std::size_t total_bytes = 0;
};

// Returns false (and writes the CUDA error name to `why`) when there is no usable CUDA device.
bool cuda_device_present(std::string& why);

// Reads the attributes of the current device and measures its device-to-device copy bandwidth.
device_info describe_device();

// Bytes the flush reads: twice the L2 size, at least 64 MiB.
std::size_t l2_flush_bytes(const device_info& d);

// Evicts the input from L2 by *reading* a buffer of at least twice the L2 size (a memset flush would leave dirty
// lines whose write-back is charged to the next kernel). The read's result is stored, so it is never optimised away.
// Then one thread waits settle_ns on the device before the next kernel in the stream may start.
class l2_flush {
 public:
  explicit l2_flush(const device_info& d);
  ~l2_flush();
  l2_flush(const l2_flush&) = delete;
  l2_flush& operator=(const l2_flush&) = delete;
  static constexpr unsigned long long settle_ns = 20000;
  void run(cudaStream_t stream);  // asynchronous, in stream order
  std::size_t bytes() const { return bytes_; }

 private:
  std::size_t bytes_ = 0;
  void* buffer_ = nullptr;
  unsigned* sink_ = nullptr;
  int blocks_ = 0;
};

}  // namespace reduce_bench
