// The extension cases: every (input, accumulator, op) the library documents, each with CUB's closest call, the
// default and the candidate matrix kernels (extension_rows.cuh); this file: the sum of squares and the compensated
// sums, and the list of all cases.
#include <thrust/transform_reduce.h>

#include "extension_rows.cuh"

namespace reduce_bench::ext {

cudaError_t no_temp(std::uint64_t, std::size_t& b) {
  b = 0;
  return cudaSuccess;
}

namespace {

struct square_double {
  __host__ __device__ double operator()(float x) const { return double(x) * x; }
};

struct squares {
  template <class C>
  static cudaError_t run(void* t, std::size_t& b, const call& c, std::uint64_t n) {
    return reduce::device_sum_of_squares<C>({t, b}, static_cast<const float*>(c.in), static_cast<double*>(c.out), n,
                                            c.stream);
  }
};

struct cub_squares {
  cudaError_t operator()(void* t, std::size_t& b, const float* in, double* out, std::int64_t n, cudaStream_t s) const {
    return cub::DeviceReduce::TransformReduce(t, b, in, out, n, cuda::std::plus<>{}, square_double{}, 0.0, s);
  }
};
struct cub_float_sum {
  cudaError_t operator()(void* t, std::size_t& b, const float* in, float* out, std::int64_t n, cudaStream_t s) const {
    return cub::DeviceReduce::Sum(t, b, in, out, n, s);
  }
};

bench_case squares_case() {
  bench_case c{"squares", "float sum of squares into double", data_kind::float16, {}};
  c.rows.push_back(cub_row<float, double, cub_squares>("cub::DeviceReduce::TransformReduce", check_kind::squares));
  row thr;
  thr.name = "thrust::transform_reduce";
  thr.is_thrust = true;
  thr.check = check_kind::squares;
  thr.result_on_host = true;
  thr.query = &no_temp;
  thr.run = [](const call& k) {
    return guarded([&] {
      const float* first = static_cast<const float*>(k.in);
      *static_cast<double*>(k.host_out) =
          thrust::transform_reduce(thrust::device, first, first + k.n, square_double{}, 0.0, thrust::plus<double>());
    });
  };
  thr.read = &read_value<double>;
  c.rows.push_back(thr);
  add_ours<squares>(c.rows, "", check_kind::squares, &read_value<double>);
  return c;
}

// compensated<float> against CUB's float sum; the plain float and double sums of the same input beside it (their
// error reported, not bounded).
bench_case compensated_case() {
  bench_case c{"compensated",
               "compensated<float> sum of an ill-conditioned input (condition ~1e8): rel_error vs exact",
               data_kind::float_ill,
               {}};
  c.rows.push_back(cub_row<float, float, cub_float_sum>("cub::DeviceReduce::Sum", check_kind::reported));
  c.rows.push_back(thrust_sum_row<float, float>());
  c.rows.back().check = check_kind::reported;
  add_ours<plain<float, reduce::compensated<float>, reduce::sum>>(c.rows, "compensated<float> ", check_kind::bounded,
                                                                  &read_value<reduce::compensated<float>>);
  add_ours<plain<float, float, reduce::sum>>(c.rows, "float ", check_kind::reported, &read_value<float>, false);
  add_ours<plain<float, double, reduce::sum>>(c.rows, "double ", check_kind::reported, &read_value<double>, false);
  for (row& r : c.rows)
    if (r.name == "float default" || r.name == "double default") r.role = row_role::other;
  return c;
}

}  // namespace

std::vector<bench_case> other_cases() { return {squares_case(), compensated_case()}; }

std::vector<bench_case> make_cases() {
  std::vector<bench_case> all;
  for (auto part : {sum_cases, minmax_cases, arg_cases, other_cases})
    for (bench_case& c : part()) all.push_back(std::move(c));
  return all;
}

}  // namespace reduce_bench::ext
