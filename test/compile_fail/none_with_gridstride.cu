// Must not compile: BlockFinish none leaves a partial per thread, which a fixed grid's final pass cannot take.
#include <reduce/reduce.cuh>
namespace p = reduce::policy;
using cfg = p::config<p::scalar<4, p::blocked>, p::none, p::gridstride<>, 256>;
static_assert(cfg::block == 256);
