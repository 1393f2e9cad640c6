// An op with no identity element and no initial value: refused once, naming with_init and make_op.
#include <reduce/reduce.cuh>

struct max_of_two {
  __host__ __device__ int operator()(int a, int b) const { return a < b ? b : a; }
};

void f(void* d_temp, std::size_t& bytes, const int* d_in, int* d_out, std::uint64_t n) {
  reduce::device_reduce({d_temp, bytes}, d_in, d_out, n, max_of_two{});
}
