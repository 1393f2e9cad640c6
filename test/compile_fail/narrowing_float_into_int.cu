// Must not compile: float elements into an int accumulator (0.5 + 0.5 would sum to 0). The message must name
// reduce::convert_to, which converts on purpose, and the wider output type.
#include <reduce/reduce.cuh>
namespace p = reduce::policy;
using cfg = p::config<p::vector<2>, p::shuffle, p::single_pass<>, 256>;
cudaError_t f(void* t, std::size_t& b, const float* in, int* out) {
  return reduce::device_reduce<cfg>({t, b}, in, out, 1);
}
