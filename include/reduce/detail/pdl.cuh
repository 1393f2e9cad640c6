// Programmatic Dependent Launch (Hopper): a kernel launched with programmatic stream serialization may be scheduled
// before the kernel it follows in the stream has finished, once that kernel allows it; it must wait before it reads
// what that kernel wrote. Both calls are no-ops where the launch was not programmatic, and compiled out below sm_90
// (launch.cuh launches programmatically only a kernel whose image has the wait).
#pragma once

namespace reduce::detail {

// Waits until the kernel this one follows has completed, and makes its writes visible.
__device__ __forceinline__ void wait_for_previous_grid() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  cudaGridDependencySynchronize();
#endif
}

// Lets the next kernel in the stream, when it was launched programmatically, be scheduled before this one finishes.
__device__ __forceinline__ void allow_next_grid() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  cudaTriggerProgrammaticLaunchCompletion();
#endif
}

}  // namespace reduce::detail
