// The reference libraries as rows: cub::DeviceReduce::Sum (temporary storage from the caller, allocated outside the
// timed region like ours) and thrust::reduce with the thrust::device policy on a raw pointer (thrust allocates its
// temporary storage and copies the result back itself: that is part of its cost).
#pragma once
#include <cub/device/device_reduce.cuh>
#include <thrust/execution_policy.h>
#include <thrust/reduce.h>
#include <thrust/system_error.h>

#include <cstdint>
#include <limits>

#include "row.hpp"

namespace reduce_bench {

// CUB as most callers use it: an int item count (32-bit offsets) whenever n fits, 64-bit beyond.
template <class T>
cudaError_t cub_sum(void* temp, std::size_t& temp_bytes, const T* in, T* out, std::uint64_t n, cudaStream_t stream) {
  if (n <= std::uint64_t(std::numeric_limits<int>::max()))
    return cub::DeviceReduce::Sum(temp, temp_bytes, in, out, static_cast<int>(n), stream);
  return cub::DeviceReduce::Sum(temp, temp_bytes, in, out, static_cast<std::int64_t>(n), stream);
}

template <class T>
cudaError_t query_cub(std::uint64_t n, std::size_t& temp_bytes) {
  return cub_sum<T>(nullptr, temp_bytes, nullptr, nullptr, n, 0);
}

template <class T>
cudaError_t run_cub(const call_args& a) {
  std::size_t bytes = a.temp_bytes;
  return cub_sum(a.temp, bytes, static_cast<const T*>(a.in), static_cast<T*>(a.out), a.n, a.stream);
}

inline cudaError_t query_nothing(std::uint64_t, std::size_t& temp_bytes) {
  temp_bytes = 0;
  return cudaSuccess;
}

// thrust::device runs on the default stream; the bench measures every row on the default stream.
template <class T>
cudaError_t run_thrust(const call_args& a) {
  try {
    const T* first = static_cast<const T*>(a.in);
    *static_cast<T*>(a.host_out) = thrust::reduce(thrust::device, first, first + a.n);
    return cudaSuccess;
  } catch (const thrust::system_error& e) {
    return static_cast<cudaError_t>(e.code().value());
  } catch (...) {
    return cudaErrorUnknown;
  }
}

template <class T>
std::vector<row> baseline_rows() {
  row cub_row;
  cub_row.name = "cub::DeviceReduce::Sum";
  cub_row.kind = row_kind::cub;
  cub_row.temp_query = &query_cub<T>;
  cub_row.run = &run_cub<T>;
  row thrust_row;
  thrust_row.name = "thrust::reduce";
  thrust_row.kind = row_kind::thrust;
  thrust_row.temp_query = &query_nothing;
  thrust_row.run = &run_thrust<T>;
  thrust_row.result_on_host = true;
  thrust_row.capturable = false;
  return {cub_row, thrust_row};
}

}  // namespace reduce_bench
