// The columns of a matrix given by an input iterator: refused once (a column walk reads rows as vectors), naming
// what to pass instead.
#include <reduce/segmented.cuh>
#include <thrust/iterator/counting_iterator.h>

void f(void* d_temp, std::size_t& bytes, float* d_out) {
  reduce::device_segmented_reduce({d_temp, bytes}, thrust::counting_iterator<int>(0), d_out,
                                  reduce::segments::columns(10, 100, 100), reduce::sum{});
}
