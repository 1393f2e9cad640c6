// Segments of one size over an input iterator: refused for now (segment/entry.cuh says why), naming the same layout
// as rows.
#include <reduce/segmented.cuh>
#include <thrust/iterator/counting_iterator.h>

void f(void* d_temp, std::size_t& bytes, float* d_out) {
  reduce::device_segmented_reduce({d_temp, bytes}, thrust::counting_iterator<int>(0), d_out,
                                  reduce::segments::fixed(10, 100), reduce::sum{});
}
