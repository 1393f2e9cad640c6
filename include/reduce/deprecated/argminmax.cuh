// The argmin family's forms of 0.2, kept for one release (CHANGELOG.md has the migration): the caller's temporary
// storage as two arguments, the _status names (the calls return the status), and the names device_arg_min,
// device_arg_max, device_arg_min_max and the ops arg_min, arg_max, arg_min_max.
#pragma once
#include "../argminmax.cuh"
#include "attributes.cuh"

namespace reduce {

template <class Cfg = default_config, class T>
REDUCE_DEPRECATED_STORAGE status device_argmin(void* d_temp, std::size_t& temp_bytes, const T* d_in, indexed<T>* d_out,
                                               std::uint64_t n, cudaStream_t stream = 0) {
  return device_argmin<Cfg>({d_temp, temp_bytes}, d_in, d_out, n, stream);
}
template <class Cfg = default_config, class T>
REDUCE_DEPRECATED_STATUS status device_argmin_status(void* d_temp, std::size_t& temp_bytes, const T* d_in,
                                                     indexed<T>* d_out, std::uint64_t n, cudaStream_t stream = 0) {
  return device_argmin<Cfg>({d_temp, temp_bytes}, d_in, d_out, n, stream);
}
template <class Cfg = default_config, class T>
REDUCE_DEPRECATED_STATUS status device_argmin_status(workspace& ws, const T* d_in, indexed<T>* d_out, std::uint64_t n,
                                                     cudaStream_t stream = 0) {
  return device_argmin<Cfg>(ws, d_in, d_out, n, stream);
}
template <class Cfg = default_config, class T>
REDUCE_DEPRECATED_STORAGE status device_argmax(void* d_temp, std::size_t& temp_bytes, const T* d_in, indexed<T>* d_out,
                                               std::uint64_t n, cudaStream_t stream = 0) {
  return device_argmax<Cfg>({d_temp, temp_bytes}, d_in, d_out, n, stream);
}
template <class Cfg = default_config, class T>
REDUCE_DEPRECATED_STATUS status device_argmax_status(void* d_temp, std::size_t& temp_bytes, const T* d_in,
                                                     indexed<T>* d_out, std::uint64_t n, cudaStream_t stream = 0) {
  return device_argmax<Cfg>({d_temp, temp_bytes}, d_in, d_out, n, stream);
}
template <class Cfg = default_config, class T>
REDUCE_DEPRECATED_STATUS status device_argmax_status(workspace& ws, const T* d_in, indexed<T>* d_out, std::uint64_t n,
                                                     cudaStream_t stream = 0) {
  return device_argmax<Cfg>(ws, d_in, d_out, n, stream);
}
template <class Cfg = default_config, class T>
REDUCE_DEPRECATED_STORAGE status device_argminmax(void* d_temp, std::size_t& temp_bytes, const T* d_in,
                                                  extrema<T>* d_out, std::uint64_t n, cudaStream_t stream = 0) {
  return device_argminmax<Cfg>({d_temp, temp_bytes}, d_in, d_out, n, stream);
}
template <class Cfg = default_config, class T>
REDUCE_DEPRECATED_STATUS status device_argminmax_status(void* d_temp, std::size_t& temp_bytes, const T* d_in,
                                                        extrema<T>* d_out, std::uint64_t n, cudaStream_t stream = 0) {
  return device_argminmax<Cfg>({d_temp, temp_bytes}, d_in, d_out, n, stream);
}
template <class Cfg = default_config, class T>
REDUCE_DEPRECATED_STATUS status device_argminmax_status(workspace& ws, const T* d_in, extrema<T>* d_out,
                                                        std::uint64_t n, cudaStream_t stream = 0) {
  return device_argminmax<Cfg>(ws, d_in, d_out, n, stream);
}
template <class Cfg = default_config, class T>
[[deprecated("reduce::device_arg_min is now reduce::device_argmin, with the storage as one argument")]] status
device_arg_min(void* d_temp, std::size_t& temp_bytes, const T* d_in, indexed<T>* d_out, std::uint64_t n,
               cudaStream_t stream = 0) {
  return device_argmin<Cfg>({d_temp, temp_bytes}, d_in, d_out, n, stream);
}
template <class Cfg = default_config, class T>
[[deprecated("reduce::device_arg_min is now reduce::device_argmin, with the storage as one argument")]] status
device_arg_min(workspace& ws, const T* d_in, indexed<T>* d_out, std::uint64_t n, cudaStream_t stream = 0) {
  return device_argmin<Cfg>(ws, d_in, d_out, n, stream);
}
template <class Cfg = default_config, class T>
[[deprecated("reduce::device_arg_min is now reduce::device_argmin, with the storage as one argument")]] status
device_arg_min_status(void* d_temp, std::size_t& temp_bytes, const T* d_in, indexed<T>* d_out, std::uint64_t n,
                      cudaStream_t stream = 0) {
  return device_argmin<Cfg>({d_temp, temp_bytes}, d_in, d_out, n, stream);
}
template <class Cfg = default_config, class T>
[[deprecated("reduce::device_arg_min is now reduce::device_argmin, with the storage as one argument")]] status
device_arg_min_status(workspace& ws, const T* d_in, indexed<T>* d_out, std::uint64_t n, cudaStream_t stream = 0) {
  return device_argmin<Cfg>(ws, d_in, d_out, n, stream);
}
template <class Cfg = default_config, class T>
[[deprecated("reduce::device_arg_max is now reduce::device_argmax, with the storage as one argument")]] status
device_arg_max(void* d_temp, std::size_t& temp_bytes, const T* d_in, indexed<T>* d_out, std::uint64_t n,
               cudaStream_t stream = 0) {
  return device_argmax<Cfg>({d_temp, temp_bytes}, d_in, d_out, n, stream);
}
template <class Cfg = default_config, class T>
[[deprecated("reduce::device_arg_max is now reduce::device_argmax, with the storage as one argument")]] status
device_arg_max(workspace& ws, const T* d_in, indexed<T>* d_out, std::uint64_t n, cudaStream_t stream = 0) {
  return device_argmax<Cfg>(ws, d_in, d_out, n, stream);
}
template <class Cfg = default_config, class T>
[[deprecated("reduce::device_arg_max is now reduce::device_argmax, with the storage as one argument")]] status
device_arg_max_status(void* d_temp, std::size_t& temp_bytes, const T* d_in, indexed<T>* d_out, std::uint64_t n,
                      cudaStream_t stream = 0) {
  return device_argmax<Cfg>({d_temp, temp_bytes}, d_in, d_out, n, stream);
}
template <class Cfg = default_config, class T>
[[deprecated("reduce::device_arg_max is now reduce::device_argmax, with the storage as one argument")]] status
device_arg_max_status(workspace& ws, const T* d_in, indexed<T>* d_out, std::uint64_t n, cudaStream_t stream = 0) {
  return device_argmax<Cfg>(ws, d_in, d_out, n, stream);
}
template <class Cfg = default_config, class T>
[[deprecated("reduce::device_arg_min_max is now reduce::device_argminmax, with the storage as one argument")]] status
device_arg_min_max(void* d_temp, std::size_t& temp_bytes, const T* d_in, extrema<T>* d_out, std::uint64_t n,
                   cudaStream_t stream = 0) {
  return device_argminmax<Cfg>({d_temp, temp_bytes}, d_in, d_out, n, stream);
}
template <class Cfg = default_config, class T>
[[deprecated("reduce::device_arg_min_max is now reduce::device_argminmax, with the storage as one argument")]] status
device_arg_min_max(workspace& ws, const T* d_in, extrema<T>* d_out, std::uint64_t n, cudaStream_t stream = 0) {
  return device_argminmax<Cfg>(ws, d_in, d_out, n, stream);
}
template <class Cfg = default_config, class T>
[[deprecated("reduce::device_arg_min_max is now reduce::device_argminmax, with the storage as one argument")]] status
device_arg_min_max_status(void* d_temp, std::size_t& temp_bytes, const T* d_in, extrema<T>* d_out, std::uint64_t n,
                          cudaStream_t stream = 0) {
  return device_argminmax<Cfg>({d_temp, temp_bytes}, d_in, d_out, n, stream);
}
template <class Cfg = default_config, class T>
[[deprecated("reduce::device_arg_min_max is now reduce::device_argminmax, with the storage as one argument")]] status
device_arg_min_max_status(workspace& ws, const T* d_in, extrema<T>* d_out, std::uint64_t n, cudaStream_t stream = 0) {
  return device_argminmax<Cfg>(ws, d_in, d_out, n, stream);
}
using arg_min [[deprecated("reduce::arg_min is now reduce::argmin_op")]] = argmin_op;
using arg_max [[deprecated("reduce::arg_max is now reduce::argmax_op")]] = argmax_op;
using arg_min_max [[deprecated("reduce::arg_min_max is now reduce::argminmax_op")]] = argminmax_op;

}  // namespace reduce
