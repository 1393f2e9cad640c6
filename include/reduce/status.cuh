// What the entry points report: reduce::status (the two-phase and workspace calls) and reduce::error (thrown by the
// convenience calls that return a value to the host).
#pragma once
#include <cuda_runtime.h>

#include <stdexcept>
#include <string>

namespace reduce {

// An error code and, when the library found the problem itself, a sentence that says what to fix. It converts to the
// code, so that a call reads as a CUDA runtime call does: `cudaError_t e = reduce::device_reduce(...)`, or
// `if (reduce::device_reduce(...) != cudaSuccess)`; keep the status to read the message.
struct status {
  cudaError_t code = cudaSuccess;
  const char* message = nullptr;
  explicit operator bool() const { return code != cudaSuccess; }  // true when something went wrong
  operator cudaError_t() const { return code; }
};

class error : public std::runtime_error {
 public:
  error(cudaError_t code, const std::string& what) : std::runtime_error(what), code_(code) {}
  cudaError_t code() const { return code_; }

 private:
  cudaError_t code_;
};

}  // namespace reduce
