// The kernels the reliability tests run: the default, and one kernel of each Grid policy (a scalar-load one too, so
// both the vector and the scalar walk are covered).
#pragma once
#include <cstring>

#include "../common.cuh"

namespace test {

namespace rp = reduce::policy;
using one_per_grid = boost::mp11::mp_list<reduce::default_config,  //
                                          rp::config<rp::vector<4>, rp::shuffle, rp::multipass, 256>,
                                          rp::config<rp::vector<2>, rp::unrolled, rp::gridstride<>, 512>,
                                          rp::config<rp::vector<4>, rp::tree<rp::sequential>, rp::atomic, 256>,
                                          rp::config<rp::scalar<4>, rp::shuffle, rp::single_pass<>, 256>,
                                          rp::config<rp::vector<2>, rp::shuffle, rp::reproducible<>, 256>,
                                          rp::config<rp::vector<1>, rp::shuffle, rp::cluster<>, 256>,
                                          rp::config<rp::scalar<4>, rp::unrolled, rp::cooperative<>, 512>,
                                          rp::config<rp::vector<4>, rp::shuffle, rp::polled<>, 256>>;

template <class C>
inline constexpr bool is_atomic = std::is_same_v<typename test::probe_config<C>::type::grid, rp::atomic>;

// Two-phase reduction into a caller-owned output, synchronised; returns the device's status.
template <class Cfg, class T, class Acc, class Op = reduce::sum>
cudaError_t reduce_into(const T* d_in, std::uint64_t n, Acc* d_out, Op op = {}, cudaStream_t s = 0) {
  std::size_t bytes = 0;
  if (cudaError_t e = reduce::device_reduce<Cfg>({nullptr, bytes}, d_in, d_out, n, op, s)) return e;
  void* temp = nullptr;
  if (cudaError_t e = cudaMallocAsync(&temp, bytes, s)) return e;
  cudaError_t e = reduce::device_reduce<Cfg>({temp, bytes}, d_in, d_out, n, op, s);
  cudaFreeAsync(temp, s);
  if (e) return e;
  return cudaStreamSynchronize(s);
}

template <class T>
T to_host(const T* d) {
  T v{};
  if (cudaMemcpy(&v, d, sizeof(T), cudaMemcpyDeviceToHost) != cudaSuccess) std::memset(&v, 0xA5, sizeof(T));
  return v;
}

}  // namespace test
