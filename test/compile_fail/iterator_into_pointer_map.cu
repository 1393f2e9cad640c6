// A segmented call over an input iterator under a named Map that reads its input through a pointer: refused once,
// naming the Map that reads iterators (the default takes it).
#include <reduce/segmented.cuh>
#include <thrust/iterator/counting_iterator.h>

using lanes = reduce::policy::segmented_config<reduce::policy::lanes_per_segment<4>, reduce::policy::vector<1>,
                                               reduce::policy::shuffle, 256>;

void f(void* d_temp, std::size_t& bytes, float* d_out) {
  reduce::device_segmented_reduce<lanes>({d_temp, bytes}, thrust::counting_iterator<int>(0), d_out,
                                         reduce::segments::rows(10, 100, 100), reduce::sum{});
}
