// Must not compile: Grid atomic with a custom op, which no hardware atomic computes. The message must say so and name
// the Grids to use instead.
#include <reduce/reduce.cuh>
namespace p = reduce::policy;
using cfg = p::config<p::scalar<1>, p::shuffle, p::atomic, 256>;
struct plus {
  __host__ __device__ int operator()(int a, int b) const { return a + b; }
};
cudaError_t f(void* t, std::size_t& b, const int* in, int* out) {
  return reduce::device_reduce<cfg>({t, b}, in, out, 1, reduce::make_op(plus{}, 0));
}
