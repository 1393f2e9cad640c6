// Must not compile: Grid polled with an accumulator that is not a whole number of 4-byte words (its slots carry 4
// bytes each beside a ready mark). The message must name the fix.
#include <cstdint>
#include <reduce/reduce.cuh>
namespace p = reduce::policy;
using cfg = p::config<p::scalar<1>, p::shuffle, p::sequential, p::polled<>, 256>;
cudaError_t f(void* t, std::size_t& b, const std::uint16_t* in, std::uint16_t* out) {
  return reduce::device_reduce<cfg>(t, b, in, out, 1);
}
