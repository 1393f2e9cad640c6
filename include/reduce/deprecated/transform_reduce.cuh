// The named transform-reductions' forms of 0.2, kept for one release (CHANGELOG.md has the migration): the caller's
// temporary storage as two arguments, and the _status names (the calls return the status).
#pragma once
#include "../transform_reduce.cuh"
#include "attributes.cuh"

namespace reduce {

template <class Cfg = default_config, class T, class Acc>
REDUCE_DEPRECATED_STORAGE status device_sum_of_squares(void* d_temp, std::size_t& temp_bytes, const T* d_in, Acc* d_out,
                                                       std::uint64_t n, cudaStream_t stream = 0) {
  return device_sum_of_squares<Cfg>({d_temp, temp_bytes}, d_in, d_out, n, stream);
}
template <class Cfg = default_config, class T, class Acc>
REDUCE_DEPRECATED_STATUS status device_sum_of_squares_status(void* d_temp, std::size_t& temp_bytes, const T* d_in,
                                                             Acc* d_out, std::uint64_t n, cudaStream_t stream = 0) {
  return device_sum_of_squares<Cfg>({d_temp, temp_bytes}, d_in, d_out, n, stream);
}
template <class Cfg = default_config, class T, class Acc>
REDUCE_DEPRECATED_STATUS status device_sum_of_squares_status(workspace& ws, const T* d_in, Acc* d_out, std::uint64_t n,
                                                             cudaStream_t stream = 0) {
  return device_sum_of_squares<Cfg>(ws, d_in, d_out, n, stream);
}
template <class Cfg = default_config, class T, class Count, class Pred>
REDUCE_DEPRECATED_STORAGE status device_count_if(void* d_temp, std::size_t& temp_bytes, const T* d_in, Count* d_out,
                                                 std::uint64_t n, Pred pred, cudaStream_t stream = 0) {
  return device_count_if<Cfg>({d_temp, temp_bytes}, d_in, d_out, n, pred, stream);
}
template <class Cfg = default_config, class T, class Count, class Pred>
REDUCE_DEPRECATED_STATUS status device_count_if_status(void* d_temp, std::size_t& temp_bytes, const T* d_in,
                                                       Count* d_out, std::uint64_t n, Pred pred,
                                                       cudaStream_t stream = 0) {
  return device_count_if<Cfg>({d_temp, temp_bytes}, d_in, d_out, n, pred, stream);
}
template <class Cfg = default_config, class T, class Count, class Pred>
REDUCE_DEPRECATED_STATUS status device_count_if_status(workspace& ws, const T* d_in, Count* d_out, std::uint64_t n,
                                                       Pred pred, cudaStream_t stream = 0) {
  return device_count_if<Cfg>(ws, d_in, d_out, n, pred, stream);
}

}  // namespace reduce
