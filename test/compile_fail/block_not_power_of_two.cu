// Must not compile: block sizes are powers of two in 32..1024.
#include <reduce/reduce.cuh>
namespace p = reduce::policy;
using cfg = p::config<p::vector<2>, p::shuffle, p::single_pass<>, 96>;
static_assert(cfg::block == 96);
