#include "measure.hpp"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <iostream>

#include "cuda_check.hpp"

namespace reduce_bench {

const char* variant_suffix(variant v) {
  switch (v) {
    case variant::cold:
      return "";
    case variant::back_to_back:
      return "back-to-back";
    case variant::system_pageable:
      return "system-pageable";
    case variant::system_pinned:
      return "system-pinned";
  }
  return "";
}

namespace {
void check_run(cudaError_t e, const row& r) {
  if (e != cudaSuccess)
    throw cuda_failure(e, r.name + " returned " + cudaGetErrorName(e) + " (" + cudaGetErrorString(e) + ")");
}
constexpr double back_to_back_target_seconds = 2e-3;  // K calls take about this long
constexpr int back_to_back_max_calls = 200;
}  // namespace

struct sampler::current {
  const row* r = nullptr;
  std::uint64_t n = 0;
  variant v = variant::cold;
  call_args a;
  int calls = 1;
  cudaGraphExec_t graph = nullptr;
  ~current() {
    if (graph) BENCH_CUDA_CLEANUP(cudaGraphExecDestroy(graph));
  }
};

sampler::sampler(const device_info& dev, const element_type& type, std::uint64_t max_n)
    : dev_(dev), type_(type), max_n_(max_n) {
  const std::size_t bytes = (max_n + 1) * type.size;  // + 1: rows that read from the second element
  if (cudaError_t e = cudaMalloc(&in_, bytes))
    throw cuda_failure(e, "cannot allocate the input (" + std::to_string(bytes >> 20) + " MiB of " + type.name +
                              "): " + cudaGetErrorString(e) + "; use smaller --sizes / --n");
  BENCH_CUDA(type.fill(in_, max_n + 1, 0));
  BENCH_CUDA(cudaMalloc(&out_, 256));
  BENCH_CUDA(cudaMalloc(&scratch_, sizeof(unsigned long long)));
  temp_capacity_ = std::size_t(1) << 20;
  BENCH_CUDA(cudaMalloc(&temp_, temp_capacity_));
  flush_ = std::make_unique<l2_flush>(dev);
  BENCH_CUDA(cudaEventCreate(&start_));
  BENCH_CUDA(cudaEventCreate(&stop_));
  BENCH_CUDA(cudaStreamCreateWithFlags(&capture_stream_, cudaStreamNonBlocking));
}

sampler::~sampler() {
  current_.reset();
  BENCH_CUDA_CLEANUP(cudaFree(in_));
  BENCH_CUDA_CLEANUP(cudaFree(out_));
  BENCH_CUDA_CLEANUP(cudaFree(scratch_));
  BENCH_CUDA_CLEANUP(cudaFree(temp_));
  if (pinned_) BENCH_CUDA_CLEANUP(cudaFreeHost(pinned_));
  BENCH_CUDA_CLEANUP(cudaEventDestroy(start_));
  BENCH_CUDA_CLEANUP(cudaEventDestroy(stop_));
  BENCH_CUDA_CLEANUP(cudaStreamDestroy(capture_stream_));
}

const void* sampler::input(const row& r) const { return static_cast<const char*>(in_) + r.offset * type_.size; }

const std::array<unsigned char, 8>& sampler::expected(std::uint64_t n, std::uint64_t offset) {
  auto it = expected_.find({n, offset});
  if (it != expected_.end()) return it->second;
  std::uint64_t units = 0;
  BENCH_CUDA(type_.reference_units(static_cast<const char*>(in_) + offset * type_.size, n, scratch_, units));
  std::array<unsigned char, 8> value{};
  type_.expected_from_units(units, value.data());
  return expected_[{n, offset}] = value;
}

call_args sampler::args_for(const row& r, std::uint64_t n, cudaStream_t stream) {
  std::size_t bytes = 0;
  BENCH_CUDA(r.temp_query(n, bytes));
  if (bytes > temp_capacity_) {  // grow outside any timed region
    BENCH_CUDA(cudaDeviceSynchronize());
    BENCH_CUDA(cudaFree(temp_));
    temp_capacity_ = std::max(bytes, 2 * temp_capacity_);
    BENCH_CUDA(cudaMalloc(&temp_, temp_capacity_));
  }
  call_args a;
  a.temp = temp_;
  a.temp_bytes = bytes;
  a.in = input(r);
  a.out = out_;
  a.host_out = host_out_.data();
  a.n = n;
  a.stream = stream;
  return a;
}

void sampler::prepare(const row& r, std::uint64_t n, variant v) {
  if (current_ && current_->r == &r && current_->n == n && current_->v == v) return;
  current_.reset();
  auto c = std::make_unique<current>();
  c->r = &r;
  c->n = n;
  c->v = v;
  c->a = args_for(r, n, 0);
  if (warmed_.insert({&r, n, int(v)}).second) {  // once per (row, n, variant): a paired row's two rows alternate
    check_run(r.run(c->a), r);                   // warm-up: module loading, the engine's caches, thrust's allocator
    BENCH_CUDA(cudaDeviceSynchronize());
  }
  if (v == variant::back_to_back) {
    const double once = timed_calls(r, c->a, 1);
    c->calls = int(std::clamp(back_to_back_target_seconds / std::max(once, 1e-7), 1.0, double(back_to_back_max_calls)));
    if (r.capturable) {
      call_args captured = c->a;
      captured.stream = capture_stream_;
      BENCH_CUDA(cudaStreamBeginCapture(capture_stream_, cudaStreamCaptureModeRelaxed));
      cudaError_t e = cudaSuccess;
      for (int k = 0; k < c->calls && e == cudaSuccess; ++k) e = r.run(captured);
      cudaGraph_t graph = nullptr;
      const cudaError_t end = cudaStreamEndCapture(capture_stream_, &graph);
      if (e == cudaSuccess) e = end;
      if (e == cudaSuccess) e = cudaGraphInstantiate(&c->graph, graph, 0);
      if (graph) BENCH_CUDA(cudaGraphDestroy(graph));
      if (e != cudaSuccess) {
        (void)cudaGetLastError();  // clears the capture's error: the graph is optional, K calls still measure
        c->graph = nullptr;
        std::cerr << "reduce-bench: note: " << r.name << ": CUDA graph capture failed (" << cudaGetErrorName(e)
                  << "); back-to-back time is K calls between two events\n";
      }
    }
  }
  if ((v == variant::system_pageable || v == variant::system_pinned) && host_bytes_ == 0) {
    host_bytes_ = max_n_ * type_.size;
    pageable_.resize(host_bytes_);
    BENCH_CUDA(cudaMemcpy(pageable_.data(), in_, host_bytes_, cudaMemcpyDeviceToHost));
    BENCH_CUDA(cudaMallocHost(&pinned_, host_bytes_));
    std::memcpy(pinned_, pageable_.data(), host_bytes_);
  }
  current_ = std::move(c);
}

void sampler::poison_result() {  // a row that writes nothing cannot pass with the previous sample's result
  BENCH_CUDA(cudaMemsetAsync(out_, 0xff, type_.size, 0));
  host_out_.fill(0xff);
}

bool sampler::fetch_and_check(const row& r, std::uint64_t n, sample& s) {
  if (!r.result_on_host) BENCH_CUDA(cudaMemcpy(host_out_.data(), out_, type_.size, cudaMemcpyDeviceToHost));
  const auto& want = expected(n, r.offset);
  const bool ok = type_.equal(host_out_.data(), want.data());
  if (!ok) {
    s.got = type_.format(host_out_.data());
    s.expected = type_.format(want.data());
  }
  return ok;
}

double sampler::timed_calls(const row& r, const call_args& a, int calls) {
  BENCH_CUDA(cudaEventRecord(start_, a.stream));
  for (int k = 0; k < calls; ++k) check_run(r.run(a), r);
  BENCH_CUDA(cudaEventRecord(stop_, a.stream));
  BENCH_CUDA(cudaEventSynchronize(stop_));
  float ms = 0;
  BENCH_CUDA(cudaEventElapsedTime(&ms, start_, stop_));
  return double(ms) * 1e-3;
}

double sampler::timed_graph() {
  BENCH_CUDA(cudaEventRecord(start_, 0));
  BENCH_CUDA(cudaGraphLaunch(current_->graph, 0));
  BENCH_CUDA(cudaEventRecord(stop_, 0));
  BENCH_CUDA(cudaEventSynchronize(stop_));
  float ms = 0;
  BENCH_CUDA(cudaEventElapsedTime(&ms, start_, stop_));
  return double(ms) * 1e-3;
}

double sampler::system_call(const row& r, std::uint64_t n, bool pinned) {
  const void* src = pinned ? pinned_ : static_cast<const void*>(pageable_.data());
  const call_args& a = current_->a;
  const auto t0 = std::chrono::steady_clock::now();
  BENCH_CUDA(cudaMemcpyAsync(in_, src, n * type_.size, cudaMemcpyHostToDevice, 0));
  check_run(r.run(a), r);
  if (!r.result_on_host) BENCH_CUDA(cudaMemcpy(host_out_.data(), out_, type_.size, cudaMemcpyDeviceToHost));
  const auto t1 = std::chrono::steady_clock::now();
  return std::chrono::duration<double>(t1 - t0).count();
}

sample sampler::take(const row& r, std::uint64_t n, variant v, bool baseline) {
  prepare(r, n, v);
  sample s;
  poison_result();
  flush_->run(0);
  switch (v) {
    case variant::cold:
      s.seconds = timed_calls(r, current_->a, 1);
      s.passed = fetch_and_check(r, n, s);
      if (baseline && r.kind != row_kind::kernel && r.offset == 0)
        baseline_samples_[{int(r.kind), n}].push_back(s.seconds);
      break;
    case variant::back_to_back: {
      const int k = current_->calls;
      s.calls = k;
      s.seconds = (current_->graph ? timed_graph() : timed_calls(r, current_->a, k)) / k;
      s.passed = fetch_and_check(r, n, s);
      poison_result();
      flush_->run(0);
      s.stream_seconds = timed_calls(r, current_->a, k) / k;
      s.passed = fetch_and_check(r, n, s) && s.passed;
      break;
    }
    case variant::system_pageable:
    case variant::system_pinned:
      BENCH_CUDA(cudaDeviceSynchronize());  // the flush is done before the clock starts
      s.seconds = system_call(r, n, v == variant::system_pinned);
      s.passed = fetch_and_check(r, n, s);
      break;
  }
  return s;
}

double sampler::baseline_seconds(row_kind kind, std::uint64_t n, int samples) {
  std::vector<double>& have = baseline_samples_[{int(kind), n}];
  if (have.empty()) {
    for (const row& r : type_.baselines)
      if (r.kind == kind)
        for (int i = 0; i < samples; ++i) take(r, n, variant::cold);  // take() appends to `have`
  }
  return median(baseline_samples_[{int(kind), n}]);
}

}  // namespace reduce_bench
