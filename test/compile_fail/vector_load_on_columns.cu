// The column walk reads one element per load: a vector Load is refused with the fix.
#include <reduce/segmented.cuh>

namespace p = reduce::policy;
using cfg = p::segmented_config<p::column_walk, p::vector<4>, p::shuffle, 256>;
cfg c;
