// Error handling for CUDA calls in the bench: every call's return code is checked, failures become exceptions
// that say which call failed and why.
#pragma once
#include <cuda_runtime.h>

#include <cstdio>
#include <stdexcept>
#include <string>

namespace reduce_bench {

class cuda_failure : public std::runtime_error {
 public:
  cuda_failure(cudaError_t code, const std::string& what) : std::runtime_error(what), code_(code) {}
  cudaError_t code() const { return code_; }

 private:
  cudaError_t code_;
};

inline void check_cuda(cudaError_t code, const char* call, const char* file, int line) {
  if (code == cudaSuccess) return;
  throw cuda_failure(code, std::string(call) + " failed at " + file + ":" + std::to_string(line) + ": " +
                               cudaGetErrorName(code) + " (" + cudaGetErrorString(code) + ")");
}

// For cleanup in destructors, which must not throw: a failure is reported on stderr and otherwise ignored.
inline void warn_cuda(cudaError_t code, const char* call) {
  if (code != cudaSuccess)
    std::fprintf(stderr, "reduce-bench: warning: %s failed during cleanup: %s\n", call, cudaGetErrorName(code));
}

}  // namespace reduce_bench

#define BENCH_CUDA_CLEANUP(call) ::reduce_bench::warn_cuda((call), #call)
#define BENCH_CUDA(call) ::reduce_bench::check_cuda((call), #call, __FILE__, __LINE__)
