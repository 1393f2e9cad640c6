// An initial value on a segmented call: refused once (each segment would need its own element 0).
#include <reduce/reduce.cuh>
#include <reduce/segmented.cuh>

void f(void* d_temp, std::size_t& bytes, const float* d_in, float* d_out) {
  reduce::device_segmented_reduce(d_temp, bytes, d_in, d_out, reduce::segments::fixed(10, 100),
                                  reduce::with_init(reduce::sum{}, 1.f));
}
