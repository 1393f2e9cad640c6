// Must not compile: bit_and on a double accumulator under Grid atomic, whose preset computes the identity on the host.
#include <reduce/reduce.cuh>
namespace p = reduce::policy;
using cfg = p::config<p::scalar<1>, p::shuffle, p::atomic, 256>;
cudaError_t f(void* t, std::size_t& b, const double* in, double* out) {
  return reduce::device_reduce<cfg>({t, b}, in, out, 1, reduce::bit_and{});
}
