// Helpers of the workspace tests: the zeroed region's check, an input copied to the device, one call into a poisoned
// output.
#pragma once
#include <algorithm>

#include "common.cuh"

namespace test {

inline bool zeroed_region_is_zero(const reduce::workspace& ws) {
  std::vector<unsigned char> b(ws.zeroed_bytes());
  if (cudaDeviceSynchronize() != cudaSuccess) return false;
  if (!b.empty() && cudaMemcpy(b.data(), ws.zeroed(), b.size(), cudaMemcpyDeviceToHost) != cudaSuccess) return false;
  return std::all_of(b.begin(), b.end(), [](unsigned char c) { return c == 0; });
}

template <class T>
struct input {
  test::device_buffer<T> buf;
  explicit input(const std::vector<T>& h) : buf(h.size()) {
    EXPECT_EQ(cudaMemcpy(buf.base, h.data(), h.size() * sizeof(T), cudaMemcpyHostToDevice), cudaSuccess);
    EXPECT_EQ(cudaDeviceSynchronize(), cudaSuccess);  // the copy has landed before any stream reads it
  }
};

// Cfg on ws into a poisoned output; returns the result.
template <class Cfg, class Acc, class T>
Acc on_workspace(reduce::workspace& ws, const T* d_in, std::uint64_t n, cudaStream_t stream = 0) {
  test::device_buffer<Acc> out(1);
  EXPECT_EQ(cudaMemsetAsync(out.base, 0xA5, sizeof(Acc), stream), cudaSuccess);
  const reduce::status s = reduce::device_reduce<Cfg>(ws, d_in, out.base, n, reduce::sum{}, stream);
  EXPECT_EQ(s.code, cudaSuccess) << (s.message ? s.message : cudaGetErrorString(s.code));
  EXPECT_EQ(cudaStreamSynchronize(stream), cudaSuccess);
  Acc r{};
  EXPECT_EQ(cudaMemcpy(&r, out.base, sizeof(Acc), cudaMemcpyDeviceToHost), cudaSuccess);
  return r;
}

}  // namespace test
