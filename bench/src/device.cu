#include <algorithm>
#include <vector>

#include "cuda_check.hpp"
#include "device.hpp"

namespace reduce_bench {

bool cuda_device_present(std::string& why) {
  int count = 0;
  const cudaError_t e = cudaGetDeviceCount(&count);
  if (e != cudaSuccess) {
    why = cudaGetErrorName(e);
    return false;
  }
  if (count == 0) {
    why = "device count is 0";
    return false;
  }
  return true;
}

namespace {

double measure_copy_gbps(std::size_t free_bytes) {
  // Two buffers of up to 1 GiB each, far larger than L2; the median of several copies.
  const std::size_t bytes = std::min<std::size_t>(std::size_t(1) << 30, free_bytes / 4) & ~std::size_t(255);
  void *src = nullptr, *dst = nullptr;
  BENCH_CUDA(cudaMalloc(&src, bytes));
  BENCH_CUDA(cudaMalloc(&dst, bytes));
  BENCH_CUDA(cudaMemset(src, 1, bytes));
  cudaEvent_t start, stop;
  BENCH_CUDA(cudaEventCreate(&start));
  BENCH_CUDA(cudaEventCreate(&stop));
  std::vector<float> ms;
  for (int i = 0; i < 11; ++i) {
    BENCH_CUDA(cudaEventRecord(start));
    BENCH_CUDA(cudaMemcpyAsync(dst, src, bytes, cudaMemcpyDeviceToDevice));
    BENCH_CUDA(cudaEventRecord(stop));
    BENCH_CUDA(cudaEventSynchronize(stop));
    float t = 0;
    BENCH_CUDA(cudaEventElapsedTime(&t, start, stop));
    if (i > 0) ms.push_back(t);  // the first copy is a warm-up
  }
  BENCH_CUDA(cudaEventDestroy(start));
  BENCH_CUDA(cudaEventDestroy(stop));
  BENCH_CUDA(cudaFree(src));
  BENCH_CUDA(cudaFree(dst));
  std::nth_element(ms.begin(), ms.begin() + ms.size() / 2, ms.end());
  return 2.0 * double(bytes) / (double(ms[ms.size() / 2]) * 1e-3) / 1e9;
}

}  // namespace

device_info describe_device() {
  device_info d;
  BENCH_CUDA(cudaGetDevice(&d.ordinal));
  cudaDeviceProp prop{};
  BENCH_CUDA(cudaGetDeviceProperties(&prop, d.ordinal));
  d.name = prop.name;
  BENCH_CUDA(cudaDeviceGetAttribute(&d.sm_count, cudaDevAttrMultiProcessorCount, d.ordinal));
  BENCH_CUDA(cudaDeviceGetAttribute(&d.l2_bytes, cudaDevAttrL2CacheSize, d.ordinal));
  BENCH_CUDA(cudaDeviceGetAttribute(&d.memory_clock_khz, cudaDevAttrMemoryClockRate, d.ordinal));
  BENCH_CUDA(cudaDeviceGetAttribute(&d.bus_width_bits, cudaDevAttrGlobalMemoryBusWidth, d.ordinal));
  d.peak_gbps = 2.0 * double(d.memory_clock_khz) * 1e3 * double(d.bus_width_bits) / 8.0 / 1e9;
  std::size_t free_bytes = 0;
  BENCH_CUDA(cudaMemGetInfo(&free_bytes, &d.total_bytes));
  d.copy_gbps = measure_copy_gbps(free_bytes);
  return d;
}

namespace {

// Each thread XORs 16-byte words of the buffer; the result is written only if it equals a value the caller
// passes at run time, which the compiler cannot know, so every load stays.
__global__ void flush_read_kernel(const uint4* buffer, std::size_t words, unsigned never, unsigned* sink) {
  unsigned acc = 0;
  const std::size_t stride = std::size_t(gridDim.x) * blockDim.x;
  for (std::size_t i = std::size_t(blockIdx.x) * blockDim.x + threadIdx.x; i < words; i += stride) {
    const uint4 w = buffer[i];
    acc ^= w.x ^ w.y ^ w.z ^ w.w;
  }
  if (acc == never) sink[0] = acc;
}

constexpr int flush_block = 512;

// One thread waits on the global timer before the timed call is launched.
__global__ void settle_kernel(unsigned long long ns) {
  unsigned long long t0 = 0, t = 0;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t0));
  do asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  while (t - t0 < ns);
}

}  // namespace

std::size_t l2_flush_bytes(const device_info& d) {
  return std::max<std::size_t>(2 * std::size_t(d.l2_bytes), std::size_t(64) << 20);
}

l2_flush::l2_flush(const device_info& d) {
  bytes_ = l2_flush_bytes(d);
  BENCH_CUDA(cudaMalloc(&buffer_, bytes_));
  BENCH_CUDA(cudaMemset(buffer_, 0x5a, bytes_));  // xor of the words is 0: never equals `never` below
  BENCH_CUDA(cudaMalloc(&sink_, sizeof(unsigned)));
  int per_sm = 0;
  BENCH_CUDA(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, flush_read_kernel, flush_block, 0));
  blocks_ = std::max(1, per_sm) * d.sm_count;
  BENCH_CUDA(cudaDeviceSynchronize());
}

l2_flush::~l2_flush() {
  BENCH_CUDA_CLEANUP(cudaFree(buffer_));
  BENCH_CUDA_CLEANUP(cudaFree(sink_));
}

void l2_flush::run(cudaStream_t stream) {
  // 0x5a5a5a5a words XOR to 0 in groups of four, so `never` (odd, nonzero) is never matched.
  flush_read_kernel<<<blocks_, flush_block, 0, stream>>>(static_cast<const uint4*>(buffer_), bytes_ / sizeof(uint4),
                                                         0x9e3779b9u | 1u, sink_);
  // Every timed call starts on a GPU that has been idle for the same 20 µs. It does not remove the two modes of a
  // two-launch call (about 1 µs apart, set by what the bench launched before; the paired rows handle that), but it
  // gives every row the same starting state. It touches no memory: L2 stays flushed.
  settle_kernel<<<1, 1, 0, stream>>>(settle_ns);
  BENCH_CUDA(cudaGetLastError());
}

}  // namespace reduce_bench
