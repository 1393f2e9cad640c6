// A segmented call over an input iterator: refused once, naming what to pass instead (a segment Map walks each
// segment's elements as an array).
#include <reduce/segmented.cuh>
#include <thrust/iterator/counting_iterator.h>

void f(void* d_temp, std::size_t& bytes, float* d_out) {
  reduce::device_segmented_reduce({d_temp, bytes}, thrust::counting_iterator<int>(0), d_out,
                                  reduce::segments::fixed(10, 100), reduce::sum{});
}
