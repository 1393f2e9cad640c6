// Taking samples: one timed call of one row at one size, L2 flushed first, CUDA events around the reduction only,
// the result checked against the exact reference every time.
#pragma once
#include <cuda_runtime.h>

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "device.hpp"
#include "row.hpp"
#include "stats.hpp"  // median

namespace reduce_bench {

enum class variant {
  cold,             // one call, L2 flushed, device time between two events
  back_to_back,     // K calls back to back, per call: a replayed CUDA graph (thrust: K calls between two events)
  system_pageable,  // host clock: copy the input from pageable host memory, reduce, copy the result back
  system_pinned,    // the same from pinned host memory
};
const char* variant_suffix(variant v);  // "", "back-to-back", "system-pageable", "system-pinned"

struct sample {
  double seconds = 0;  // per call
  bool passed = false;
  std::string got, expected;
  double stream_seconds = 0;  // back_to_back: per call with K calls between two events (host launch cost included)
  int calls = 1;              // back_to_back: K
};

class sampler {
 public:
  sampler(const device_info& dev, const element_type& type, std::uint64_t max_n);
  ~sampler();
  sampler(const sampler&) = delete;
  sampler& operator=(const sampler&) = delete;

  // One sample of `r` at size n. The first sample of a (row, n, variant) is preceded by an untimed warm-up call.
  // A CUB or thrust sample counts towards baseline_seconds unless `baseline` is false (a paired row's partner).
  sample take(const row& r, std::uint64_t n, variant v, bool baseline = true);

  // Median cold time of CUB or thrust at n: from the samples their own rows took, or measured now with
  // `samples` samples when their rows did not run (filtered out).
  double baseline_seconds(row_kind kind, std::uint64_t n, int samples);

  const element_type& type() const { return type_; }

 private:
  struct current;  // the (row, n, variant) being sampled: warmed up, with its graph when there is one
  void prepare(const row& r, std::uint64_t n, variant v);
  call_args args_for(const row& r, std::uint64_t n, cudaStream_t stream);
  const void* input(const row& r) const;  // the row's first element
  const std::array<unsigned char, 8>& expected(std::uint64_t n, std::uint64_t offset);
  void poison_result();
  bool fetch_and_check(const row& r, std::uint64_t n, sample& s);
  double timed_calls(const row& r, const call_args& a, int calls);
  double timed_graph();
  double system_call(const row& r, std::uint64_t n, bool pinned);

  const device_info& dev_;
  const element_type& type_;
  std::uint64_t max_n_;
  void* in_ = nullptr;
  void* out_ = nullptr;
  unsigned long long* scratch_ = nullptr;
  void* temp_ = nullptr;
  std::size_t temp_capacity_ = 0;
  std::array<unsigned char, 8> host_out_{};
  std::unique_ptr<l2_flush> flush_;
  cudaEvent_t start_ = nullptr, stop_ = nullptr;
  cudaStream_t capture_stream_ = nullptr;
  std::map<std::pair<std::uint64_t, std::uint64_t>, std::array<unsigned char, 8>> expected_;  // by (n, offset)
  std::map<std::pair<int, std::uint64_t>, std::vector<double>> baseline_samples_;
  std::set<std::tuple<const row*, std::uint64_t, int>> warmed_;  // (row, n, variant) that had their warm-up call
  std::unique_ptr<current> current_;
  std::vector<unsigned char> pageable_;  // --system: host copies of the input, made on first use
  void* pinned_ = nullptr;
  std::size_t host_bytes_ = 0;
};

}  // namespace reduce_bench
