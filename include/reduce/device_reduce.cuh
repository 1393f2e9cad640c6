// Device-wide reductions, CUB style: asynchronous on a stream, no host synchronisation.
//
//   std::size_t bytes = 0;
//   reduce::device_reduce({nullptr, bytes}, d_in, d_out, n, op);         // 1. how much temporary storage
//   reduce::device_reduce({d_temp, bytes}, d_in, d_out, n, op, stream);  // 2. run, with the same types, op and n
//   reduce::device_reduce(ws, d_in, d_out, n, op, stream);               // or on a reduce::workspace
//
// The first argument is the storage (storage.cuh): the caller's bytes, {d_temp, temp_bytes}, or a workspace. Every
// entry point takes the config as its first template argument, reduce::default_config when none is named
// (device_reduce<Cfg>(...)). The accumulator type is d_out's element type. The storage size depends on the config,
// the element and accumulator types, the op, the transform and n, and on the GPU (and, for the default, the
// architecture the program was compiled for), never on the pointers' values or the stream: the run checks it and
// refuses storage smaller than its own query would report. Each call returns a reduce::status: cudaSuccess, or the
// error and a sentence that says what to fix (status::message); it converts to cudaError_t. Bad arguments return
// cudaErrorInvalidValue, launching nothing and writing nothing.
#pragma once
#include <cuda_runtime.h>

#include <cstdint>
#include <reduce/policy/config.cuh>

#include "detail/dispatch.cuh"
#include "detail/entry.cuh"
#include "ops.cuh"
#include "status.cuh"
#include "storage.cuh"
#include "types.cuh"
#include "workspace.cuh"

namespace reduce {

// The default: per call, the kernel the tuning tables measured fastest for this architecture, element size, op and
// n (docs/tuning.md); where no table exists, 16-byte loads, warp shuffles and one launch.
using default_config = policy::tuned<policy::config<policy::vector<2>, policy::shuffle, policy::single_pass<>, 256>>;

// The transform that converts each element to Acc on purpose, where the plain path (no transform) refuses a
// conversion that can change values (detail::is_narrowing_v: float into int, double into float, int64 into int32,
// int32 into float):
//
//   reduce::device_transform_reduce<Cfg>({d_temp, bytes}, d_in, d_out, n, reduce::convert_to<int>{}, op, stream);
//
// It converts as static_cast<Acc> does (half and bfloat16 through float).
template <class Acc>
struct convert_to {
  template <class T>
  __host__ __device__ Acc operator()(const T& x) const {
    return static_cast<Acc>(detail::widen(x));
  }
};

// Reduces transform(d_in[i]) (or transform(d_in[i], i)) over i in [0, n) with op into *d_out, in one pass: the
// transform is applied as each element is loaded, after the Load policy's vector loads. Its result is converted to
// the accumulator, d_out's element type.
template <class Cfg = default_config, class Storage = temp_storage, class In, class Out, class Tr, class Op = sum,
          detail::if_storage<Storage> = 0>
status device_transform_reduce(Storage&& s, In d_in, Out d_out, std::uint64_t n, Tr transform, Op op = {},
                               cudaStream_t stream = 0) {
  return detail::run_entry<Cfg>(detail::view_of(s), d_in, d_out, n, transform, op, stream);
}

// Reduces d_in[0, n) with op into *d_out.
template <class Cfg = default_config, class Storage = temp_storage, class In, class Out, class Op = sum,
          detail::if_storage<Storage> = 0>
status device_reduce(Storage&& s, In d_in, Out d_out, std::uint64_t n, Op op = {}, cudaStream_t stream = 0) {
  return device_transform_reduce<Cfg>(s, d_in, d_out, n, detail::no_transform{}, op, stream);
}

}  // namespace reduce

#include "deprecated/device_reduce.cuh"
