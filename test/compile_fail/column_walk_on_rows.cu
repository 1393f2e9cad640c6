// The column walk reduces columns only: given rows, the message names the pairing.
#include <reduce/segmented.cuh>

namespace p = reduce::policy;

void reduce_rows(const float* d_in, float* d_out, void* d_temp, std::size_t& bytes) {
  using cfg = p::segmented_config<p::column_walk, p::scalar<4>, p::shuffle, 256>;
  reduce::device_segmented_reduce<cfg>({d_temp, bytes}, d_in, d_out, reduce::segments::rows(10, 10, 10));
}
