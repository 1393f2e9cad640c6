// Must not compile: Grid atomic with an op that has no native atomic. The message must name the alternatives.
#include <reduce/reduce.cuh>
namespace p = reduce::policy;
using cfg = p::config<p::scalar<1>, p::shuffle, p::atomic, 256>;
cudaError_t f(void* t, std::size_t& b, const float* in, float* out) {
  return reduce::device_reduce<cfg>({t, b}, in, out, 1, reduce::product{});
}
