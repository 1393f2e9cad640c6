// Must not compile: int32 elements into a float accumulator (odd values above 2^24 round), on a workspace.
#include <reduce/reduce.cuh>
namespace p = reduce::policy;
using cfg = p::config<p::scalar<4>, p::tree<p::sequential>, p::multipass, 512>;
cudaError_t f(reduce::workspace& ws, const int* in, float* out) { return reduce::device_reduce<cfg>(ws, in, out, 1); }
