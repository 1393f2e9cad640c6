// Must not compile: a block of 16 threads, used in a call. The config's static_assert must be the only error: the
// kernels see a valid stand-in block size.
#include <reduce/reduce.cuh>
namespace p = reduce::policy;
using cfg = p::config<p::vector<2>, p::shuffle, p::single_pass<>, 16>;
cudaError_t f(void* t, std::size_t& b, const float* in, float* out) {
  return reduce::device_reduce<cfg>({t, b}, in, out, 1);
}
