// Must not compile: make_op with a plain lambda, whose operator() is host code. The message must name the fixes.
#include <reduce/reduce.cuh>
namespace p = reduce::policy;
using cfg = p::config<p::vector<2>, p::shuffle, p::single_pass<>, 256>;
cudaError_t f(void* t, std::size_t& b, const int* in, int* out) {
  const auto op = reduce::make_op([](int a, int b) { return a > b ? a : b; }, 0);
  return reduce::device_reduce<cfg>({t, b}, in, out, 1, op);
}
