// The segmented calls' forms of 0.2, kept for one release (CHANGELOG.md has the migration): the caller's temporary
// storage as two arguments, and the _status names (the calls return the status).
#pragma once
#include "../segmented.cuh"
#include "attributes.cuh"

namespace reduce {

template <class Cfg = default_segmented_config, class In, class Out, class Segs, class Tr, class Op = sum,
          if_segments<Segs> = 0>
REDUCE_DEPRECATED_STORAGE status device_segmented_transform_reduce(void* d_temp, std::size_t& temp_bytes, In d_in,
                                                                   Out d_out, Segs segs, Tr transform, Op op = {},
                                                                   cudaStream_t stream = 0) {
  return device_segmented_transform_reduce<Cfg>({d_temp, temp_bytes}, d_in, d_out, segs, transform, op, stream);
}
template <class Cfg = default_segmented_config, class In, class Out, class Segs, class Tr, class Op = sum,
          if_segments<Segs> = 0>
REDUCE_DEPRECATED_STATUS status device_segmented_transform_reduce_status(void* d_temp, std::size_t& temp_bytes, In d_in,
                                                                         Out d_out, Segs segs, Tr transform, Op op = {},
                                                                         cudaStream_t stream = 0) {
  return device_segmented_transform_reduce<Cfg>({d_temp, temp_bytes}, d_in, d_out, segs, transform, op, stream);
}
template <class Cfg = default_segmented_config, class In, class Out, class Segs, class Tr, class Op = sum,
          if_segments<Segs> = 0>
REDUCE_DEPRECATED_STATUS status device_segmented_transform_reduce_status(workspace& ws, In d_in, Out d_out, Segs segs,
                                                                         Tr transform, Op op = {},
                                                                         cudaStream_t stream = 0) {
  return device_segmented_transform_reduce<Cfg>(ws, d_in, d_out, segs, transform, op, stream);
}
template <class Cfg = default_segmented_config, class In, class Out, class Segs, class Op = sum, if_segments<Segs> = 0>
REDUCE_DEPRECATED_STORAGE status device_segmented_reduce(void* d_temp, std::size_t& temp_bytes, In d_in, Out d_out,
                                                         Segs segs, Op op = {}, cudaStream_t stream = 0) {
  return device_segmented_reduce<Cfg>({d_temp, temp_bytes}, d_in, d_out, segs, op, stream);
}
template <class Cfg = default_segmented_config, class In, class Out, class Segs, class Op = sum, if_segments<Segs> = 0>
REDUCE_DEPRECATED_STATUS status device_segmented_reduce_status(void* d_temp, std::size_t& temp_bytes, In d_in,
                                                               Out d_out, Segs segs, Op op = {},
                                                               cudaStream_t stream = 0) {
  return device_segmented_reduce<Cfg>({d_temp, temp_bytes}, d_in, d_out, segs, op, stream);
}
template <class Cfg = default_segmented_config, class In, class Out, class Segs, class Op = sum, if_segments<Segs> = 0>
REDUCE_DEPRECATED_STATUS status device_segmented_reduce_status(workspace& ws, In d_in, Out d_out, Segs segs, Op op = {},
                                                               cudaStream_t stream = 0) {
  return device_segmented_reduce<Cfg>(ws, d_in, d_out, segs, op, stream);
}
template <class Cfg = default_segmented_config, class In, class Out, class B, class E, class Op = sum,
          std::enable_if_t<!detail::is_segments_v<B>, int> = 0>
REDUCE_DEPRECATED_STORAGE status device_segmented_reduce(void* d_temp, std::size_t& temp_bytes, In d_in, Out d_out,
                                                         std::uint64_t num_segments, B d_begin, E d_end, Op op = {},
                                                         cudaStream_t stream = 0) {
  return device_segmented_reduce<Cfg>({d_temp, temp_bytes}, d_in, d_out, num_segments, d_begin, d_end, op, stream);
}
template <class Cfg = default_segmented_config, class T, class Segs, if_segments<Segs> = 0>
REDUCE_DEPRECATED_STORAGE status device_segmented_argmin(void* d_temp, std::size_t& temp_bytes, const T* d_in,
                                                         indexed<T>* d_out, Segs segs, cudaStream_t stream = 0) {
  return device_segmented_argmin<Cfg>({d_temp, temp_bytes}, d_in, d_out, segs, stream);
}
template <class Cfg = default_segmented_config, class T, class Segs, if_segments<Segs> = 0>
REDUCE_DEPRECATED_STATUS status device_segmented_argmin_status(void* d_temp, std::size_t& temp_bytes, const T* d_in,
                                                               indexed<T>* d_out, Segs segs, cudaStream_t stream = 0) {
  return device_segmented_argmin<Cfg>({d_temp, temp_bytes}, d_in, d_out, segs, stream);
}
template <class Cfg = default_segmented_config, class T, class Segs, if_segments<Segs> = 0>
REDUCE_DEPRECATED_STATUS status device_segmented_argmin_status(workspace& ws, const T* d_in, indexed<T>* d_out,
                                                               Segs segs, cudaStream_t stream = 0) {
  return device_segmented_argmin<Cfg>(ws, d_in, d_out, segs, stream);
}
template <class Cfg = default_segmented_config, class T, class Segs, if_segments<Segs> = 0>
REDUCE_DEPRECATED_STORAGE status device_segmented_argmax(void* d_temp, std::size_t& temp_bytes, const T* d_in,
                                                         indexed<T>* d_out, Segs segs, cudaStream_t stream = 0) {
  return device_segmented_argmax<Cfg>({d_temp, temp_bytes}, d_in, d_out, segs, stream);
}
template <class Cfg = default_segmented_config, class T, class Segs, if_segments<Segs> = 0>
REDUCE_DEPRECATED_STATUS status device_segmented_argmax_status(void* d_temp, std::size_t& temp_bytes, const T* d_in,
                                                               indexed<T>* d_out, Segs segs, cudaStream_t stream = 0) {
  return device_segmented_argmax<Cfg>({d_temp, temp_bytes}, d_in, d_out, segs, stream);
}
template <class Cfg = default_segmented_config, class T, class Segs, if_segments<Segs> = 0>
REDUCE_DEPRECATED_STATUS status device_segmented_argmax_status(workspace& ws, const T* d_in, indexed<T>* d_out,
                                                               Segs segs, cudaStream_t stream = 0) {
  return device_segmented_argmax<Cfg>(ws, d_in, d_out, segs, stream);
}
}  // namespace reduce
