// What every example does with a CUDA call's result: on failure, print the call and the error, and stop.
#pragma once
#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>

#define CHECK(call)                                                                                               \
  do {                                                                                                            \
    const cudaError_t check_error = (call);                                                                       \
    if (check_error != cudaSuccess) {                                                                             \
      std::fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__, #call, cudaGetErrorString(check_error)); \
      std::exit(1);                                                                                               \
    }                                                                                                             \
  } while (0)

// False, with a message, where there is no GPU to run on (the tests then count the example as skipped).
inline bool have_gpu() {
  int devices = 0;
  const cudaError_t e = cudaGetDeviceCount(&devices);
  if (e != cudaSuccess || devices == 0) {  // the error's name tells a missing GPU from a broken driver
    std::printf("no CUDA device found (%s)\n", e != cudaSuccess ? cudaGetErrorName(e) : "0 devices");
    return false;
  }
  return true;
}
