// The multi-GPU calls' forms of 0.2, kept for one release (CHANGELOG.md has the migration): the caller's temporary
// storage as two arguments, the _status names (the calls return the status), and the forms that returned
// cudaError_t (the status converts to it).
#pragma once
#include "../nccl.cuh"
#include "attributes.cuh"

namespace reduce::nccl {

template <class Cfg = default_config, class T, class Acc, class Tr, class Op = sum>
REDUCE_DEPRECATED_STATUS status device_transform_reduce_status(void* d_temp, std::size_t& temp_bytes, const T* d_shard,
                                                               Acc* d_out, std::uint64_t n, collective c, Tr transform,
                                                               Op op = {}, cudaStream_t stream = 0) {
  return device_transform_reduce<Cfg>({d_temp, temp_bytes}, d_shard, d_out, n, c, transform, op, stream);
}
template <class Cfg = default_config, class T, class Acc, class Tr, class Op = sum>
REDUCE_DEPRECATED_STATUS status device_transform_reduce_status(workspace& ws, const T* d_shard, Acc* d_out,
                                                               std::uint64_t n, collective c, Tr transform, Op op = {},
                                                               cudaStream_t stream = 0) {
  return device_transform_reduce<Cfg>(ws, d_shard, d_out, n, c, transform, op, stream);
}
template <class Cfg = default_config, class T, class Acc, class Op = sum>
REDUCE_DEPRECATED_STORAGE status device_reduce(void* d_temp, std::size_t& temp_bytes, const T* d_shard, Acc* d_out,
                                               std::uint64_t n, collective c, Op op = {}, cudaStream_t stream = 0) {
  return device_reduce<Cfg>({d_temp, temp_bytes}, d_shard, d_out, n, c, op, stream);
}
template <class Cfg = default_config, class T, class Acc, class Op = sum>
REDUCE_DEPRECATED_STATUS status device_reduce_status(void* d_temp, std::size_t& temp_bytes, const T* d_shard,
                                                     Acc* d_out, std::uint64_t n, collective c, Op op = {},
                                                     cudaStream_t stream = 0) {
  return device_reduce<Cfg>({d_temp, temp_bytes}, d_shard, d_out, n, c, op, stream);
}
template <class Cfg = default_config, class T, class Acc, class Op = sum>
REDUCE_DEPRECATED_STATUS status device_reduce_status(workspace& ws, const T* d_shard, Acc* d_out, std::uint64_t n,
                                                     collective c, Op op = {}, cudaStream_t stream = 0) {
  return device_reduce<Cfg>(ws, d_shard, d_out, n, c, op, stream);
}
template <class Cfg = default_config, class T>
REDUCE_DEPRECATED_STORAGE status device_argmin(void* d_temp, std::size_t& temp_bytes, const T* d_shard,
                                               indexed<T>* d_out, std::uint64_t n, collective c,
                                               cudaStream_t stream = 0) {
  return device_argmin<Cfg>({d_temp, temp_bytes}, d_shard, d_out, n, c, stream);
}
template <class Cfg = default_config, class T>
REDUCE_DEPRECATED_STATUS status device_argmin_status(void* d_temp, std::size_t& temp_bytes, const T* d_shard,
                                                     indexed<T>* d_out, std::uint64_t n, collective c,
                                                     cudaStream_t stream = 0) {
  return device_argmin<Cfg>({d_temp, temp_bytes}, d_shard, d_out, n, c, stream);
}
template <class Cfg = default_config, class T>
REDUCE_DEPRECATED_STORAGE status device_argmax(void* d_temp, std::size_t& temp_bytes, const T* d_shard,
                                               indexed<T>* d_out, std::uint64_t n, collective c,
                                               cudaStream_t stream = 0) {
  return device_argmax<Cfg>({d_temp, temp_bytes}, d_shard, d_out, n, c, stream);
}
template <class Cfg = default_config, class T>
REDUCE_DEPRECATED_STATUS status device_argmax_status(void* d_temp, std::size_t& temp_bytes, const T* d_shard,
                                                     indexed<T>* d_out, std::uint64_t n, collective c,
                                                     cudaStream_t stream = 0) {
  return device_argmax<Cfg>({d_temp, temp_bytes}, d_shard, d_out, n, c, stream);
}
template <class Cfg = default_config, class T>
REDUCE_DEPRECATED_STORAGE status device_argminmax(void* d_temp, std::size_t& temp_bytes, const T* d_shard,
                                                  extrema<T>* d_out, std::uint64_t n, collective c,
                                                  cudaStream_t stream = 0) {
  return device_argminmax<Cfg>({d_temp, temp_bytes}, d_shard, d_out, n, c, stream);
}
template <class Cfg = default_config, class T>
REDUCE_DEPRECATED_STATUS status device_argminmax_status(void* d_temp, std::size_t& temp_bytes, const T* d_shard,
                                                        extrema<T>* d_out, std::uint64_t n, collective c,
                                                        cudaStream_t stream = 0) {
  return device_argminmax<Cfg>({d_temp, temp_bytes}, d_shard, d_out, n, c, stream);
}
template <class Cfg = default_config, class T, class Acc, class Tr, class Op = sum>
REDUCE_DEPRECATED_STATUS status device_transform_reduce_status(shard<T, Acc>* shards, int count, int root, Tr transform,
                                                               Op op = {}) {
  return device_transform_reduce<Cfg>(shards, count, root, transform, op);
}
template <class Cfg = default_config, class T, class Acc, class Op = sum>
REDUCE_DEPRECATED_STATUS status device_reduce_status(shard<T, Acc>* shards, int count, int root = every_rank,
                                                     Op op = {}) {
  return device_reduce<Cfg>(shards, count, root, op);
}
}  // namespace reduce::nccl
