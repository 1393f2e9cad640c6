// The staged tile reads segments at a fixed stride: given offsets, the message names the kinds it takes.
#include <reduce/segmented.cuh>

namespace p = reduce::policy;

void reduce_offsets(const float* d_in, float* d_out, const int* d_offsets, void* d_temp, std::size_t& bytes) {
  using cfg = p::segmented_config<p::staged_tile, p::vector<4>, p::shuffle, 256>;
  reduce::device_segmented_reduce<cfg>({d_temp, bytes}, d_in, d_out,
                                       reduce::segments::offsets(d_offsets, d_offsets + 1, 10));
}
