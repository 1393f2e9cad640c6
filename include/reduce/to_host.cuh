// Convenience calls that return the value to the host: they allocate stream-ordered storage, run the reduction,
// copy the result back and synchronise the stream. Failures throw reduce::error with the library's message.
//
//   float total = reduce::reduce(d_in, n);                        // the default config, sum, float accumulator
//   double wide = reduce::reduce<Cfg, double>(d_in, n, reduce::max{}, stream);
//   auto r = reduce::transform_reduce(d_in, n, f, reduce::max{});  // max of f(x) (or f(x, i))
#pragma once
#include <cuda_runtime.h>

#include <memory>
#include <string>
#include <type_traits>

#include "device_reduce.cuh"

namespace reduce {
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

// Runs `launch(temp, bytes, out)` (a two-phase call returning status) with storage from cudaMallocAsync, copies the
// Acc result back and synchronises.
template <class Acc, class Launch>
Acc run_to_host(cudaStream_t stream, Launch launch) {
  std::size_t bytes = 0;
  throw_if(launch(nullptr, bytes, static_cast<Acc*>(nullptr)), "size query");
  const std::size_t out_bytes = align_up(sizeof(Acc));
  void* raw = nullptr;
  throw_if({cudaMallocAsync(&raw, out_bytes + bytes, stream), "cudaMallocAsync failed"}, "allocation");
  std::unique_ptr<void, free_async> storage(raw, free_async{stream});
  Acc* d_out = static_cast<Acc*>(raw);
  throw_if(launch(static_cast<char*>(raw) + out_bytes, bytes, d_out), "launch");
  Acc result{};
  throw_if({cudaMemcpyAsync(&result, d_out, sizeof(Acc), cudaMemcpyDeviceToHost, stream), "copy back failed"},
           "copy back");
  throw_if({cudaStreamSynchronize(stream), "the reduction failed on the device"}, "synchronize");
  return result;
}

// The transform's result type for an element of type T (f(x) or f(x, index)).
template <class F, class T, class = void>
struct transform_result {
  using type = std::decay_t<std::invoke_result_t<const F&, const T&>>;
};
template <class F, class T>
struct transform_result<F, T, std::enable_if_t<std::is_invocable_v<const F&, const T&, std::uint64_t>>> {
  using type = std::decay_t<std::invoke_result_t<const F&, const T&, std::uint64_t>>;
};

}  // namespace detail

// Reduces d_in[0, n) with op and returns the value. Acc (the accumulator and result type) defaults to
// default_accumulator_t<T>: T, except float for half and bfloat16 and int32 / uint32 for 8- and 16-bit integers.
template <class Cfg = default_config, class Acc = void, class T, class Op = sum>
auto reduce(const T* d_in, std::uint64_t n, Op op = {}, cudaStream_t stream = 0) {
  using A = std::conditional_t<std::is_void_v<Acc>, default_accumulator_t<T>, Acc>;
  return detail::run_to_host<A>(stream, [&](void* temp, std::size_t& bytes, A* out) {
    return device_reduce<Cfg>({temp, bytes}, d_in, out, n, op, stream);
  });
}

// Reduces f(x) (or f(x, i)) with op. Acc defaults to the transform's result type.
template <class Cfg = default_config, class Acc = void, class T, class F, class Op = sum>
auto transform_reduce(const T* d_in, std::uint64_t n, F f, Op op = {}, cudaStream_t stream = 0) {
  using A = std::conditional_t<std::is_void_v<Acc>, typename detail::transform_result<F, T>::type, Acc>;
  return detail::run_to_host<A>(stream, [&](void* temp, std::size_t& bytes, A* out) {
    return device_transform_reduce<Cfg>({temp, bytes}, d_in, out, n, f, op, stream);
  });
}

}  // namespace reduce
