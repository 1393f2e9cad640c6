// The one-array calls' forms of 0.2, kept for one release (CHANGELOG.md has the migration): the caller's temporary
// storage as two arguments, and the _status names, which are now the calls themselves (they return the status).
#pragma once
#include "../device_reduce.cuh"
#include "attributes.cuh"

namespace reduce {

template <class Cfg = default_config, class In, class Out, class Tr, class Op = sum>
REDUCE_DEPRECATED_STORAGE status device_transform_reduce(void* d_temp, std::size_t& temp_bytes, In d_in, Out d_out,
                                                         std::uint64_t n, Tr transform, Op op = {},
                                                         cudaStream_t stream = 0) {
  return device_transform_reduce<Cfg>({d_temp, temp_bytes}, d_in, d_out, n, transform, op, stream);
}
template <class Cfg = default_config, class In, class Out, class Op = sum>
REDUCE_DEPRECATED_STORAGE status device_reduce(void* d_temp, std::size_t& temp_bytes, In d_in, Out d_out,
                                               std::uint64_t n, Op op = {}, cudaStream_t stream = 0) {
  return device_reduce<Cfg>({d_temp, temp_bytes}, d_in, d_out, n, op, stream);
}
template <class Cfg = default_config, class In, class Out, class Tr, class Op = sum>
REDUCE_DEPRECATED_STATUS status device_transform_reduce_status(void* d_temp, std::size_t& temp_bytes, In d_in,
                                                               Out d_out, std::uint64_t n, Tr transform, Op op = {},
                                                               cudaStream_t stream = 0) {
  return device_transform_reduce<Cfg>({d_temp, temp_bytes}, d_in, d_out, n, transform, op, stream);
}
template <class Cfg = default_config, class In, class Out, class Tr, class Op = sum>
REDUCE_DEPRECATED_STATUS status device_transform_reduce_status(workspace& ws, In d_in, Out d_out, std::uint64_t n,
                                                               Tr transform, Op op = {}, cudaStream_t stream = 0) {
  return device_transform_reduce<Cfg>(ws, d_in, d_out, n, transform, op, stream);
}
template <class Cfg = default_config, class In, class Out, class Op = sum>
REDUCE_DEPRECATED_STATUS status device_reduce_status(void* d_temp, std::size_t& temp_bytes, In d_in, Out d_out,
                                                     std::uint64_t n, Op op = {}, cudaStream_t stream = 0) {
  return device_reduce<Cfg>({d_temp, temp_bytes}, d_in, d_out, n, op, stream);
}
template <class Cfg = default_config, class In, class Out, class Op = sum>
REDUCE_DEPRECATED_STATUS status device_reduce_status(workspace& ws, In d_in, Out d_out, std::uint64_t n, Op op = {},
                                                     cudaStream_t stream = 0) {
  return device_reduce<Cfg>(ws, d_in, d_out, n, op, stream);
}

}  // namespace reduce
