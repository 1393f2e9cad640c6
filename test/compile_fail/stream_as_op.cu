// CUB's argument order with the op left out: the stream lands where the op goes, and the message says so.
#include <reduce/reduce.cuh>

cudaError_t f(void* t, std::size_t& b, const float* in, float* out, cudaStream_t stream) {
  return reduce::device_reduce({t, b}, in, out, 1000, stream);
}
