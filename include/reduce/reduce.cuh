// reduce: device-wide reductions built from compile-time policies.
//
//   using cfg = reduce::policy::config<reduce::policy::vector<2>, reduce::policy::shuffle,
//                                      reduce::policy::sequential, reduce::policy::single_pass<>, 256>;
//   std::size_t bytes = 0;
//   reduce::device_reduce<cfg>(nullptr, bytes, d_in, d_out, n);                 // query
//   reduce::device_reduce<cfg>(d_temp, bytes, d_in, d_out, n, reduce::max{}, stream);  // run, asynchronous
//   float total = reduce::reduce(d_in, n);                                      // convenience: allocates, syncs
//   reduce::workspace ws;                                                       // storage kept between calls
//   reduce::device_reduce<reduce::default_config>(ws, d_in, d_out, n, op, stream);  // no size query
#pragma once
#include <cuda_runtime.h>

#include <memory>
#include <stdexcept>
#include <string>
#include <type_traits>

#include "dispatch.cuh"
#include "types.cuh"
#include "workspace.cuh"

namespace reduce {

// The default: per call, the kernel the tuning tables (tuning/sm90*.cuh) measured fastest for this architecture,
// element size and n; elsewhere a good general-purpose kernel (16-byte loads, warp shuffles, one launch).
using default_config =
    policy::tuned<policy::config<policy::vector<2>, policy::shuffle, policy::sequential, policy::single_pass<>, 256>>;

class error : public std::runtime_error {
 public:
  error(cudaError_t code, const std::string& what) : std::runtime_error(what), code_(code) {}
  cudaError_t code() const { return code_; }

 private:
  cudaError_t code_;
};

namespace detail {
inline void throw_if(status s, const char* doing) {
  if (!s) return;
  std::string what = std::string("reduce::reduce: ") + doing + ": " + (s.message ? s.message : "") + " (" +
                     cudaGetErrorName(s.code) + ": " + cudaGetErrorString(s.code) + ")";
  throw error(s.code, what);
}
struct free_async {
  cudaStream_t stream;
  void operator()(void* p) const { cudaFreeAsync(p, stream); }
};
}  // namespace detail

// Reduces d_in[0, n) on the device and returns the value to the host; throws reduce::error with a clear message.
// Acc (the accumulator and result type) defaults to default_accumulator_t<T>: T, except float for half and bfloat16
// and int32 / uint32 for 8- and 16-bit integers (types.cuh).
template <class Cfg = default_config, class Acc = void, class T, class Op = sum>
auto reduce(const T* d_in, std::uint64_t n, Op op = {}, cudaStream_t stream = 0) {
  using A = std::conditional_t<std::is_void_v<Acc>, default_accumulator_t<T>, Acc>;
  std::size_t bytes = 0;
  detail::throw_if(device_reduce_status<Cfg>(nullptr, bytes, d_in, static_cast<A*>(nullptr), n, op, stream),
                   "size query");
  const std::size_t out_bytes = detail::align_up(sizeof(A));
  void* raw = nullptr;
  detail::throw_if({cudaMallocAsync(&raw, out_bytes + bytes, stream), "cudaMallocAsync failed"}, "allocation");
  std::unique_ptr<void, detail::free_async> storage(raw, detail::free_async{stream});
  A* d_out = static_cast<A*>(raw);
  detail::throw_if(device_reduce_status<Cfg>(static_cast<char*>(raw) + out_bytes, bytes, d_in, d_out, n, op, stream),
                   "launch");
  A result{};
  detail::throw_if({cudaMemcpyAsync(&result, d_out, sizeof(A), cudaMemcpyDeviceToHost, stream), "copy back failed"},
                   "copy back");
  detail::throw_if({cudaStreamSynchronize(stream), "the reduction failed on the device"}, "synchronize");
  return result;
}

}  // namespace reduce

// The extensions (docs/extensions.md); each includes this header first, so they come after the core.
#include "argminmax.cuh"
#include "compensated.cuh"
#include "transform_reduce.cuh"
