// The extension cases' rows: the engine's entry points for a few kernels, CUB and thrust where they can run the case.
#include <cub/device/device_reduce.cuh>
#include <thrust/execution_policy.h>
#include <thrust/extrema.h>
#include <thrust/functional.h>
#include <thrust/reduce.h>
#include <thrust/transform_reduce.h>

#include <boost/mp11.hpp>
#include <cstring>
#include <reduce/reduce.cuh>

#include "extensions.hpp"

namespace reduce_bench::ext {

namespace {

namespace mp = boost::mp11;
namespace p = reduce::policy;
using single4 = p::config<p::vector<4>, p::shuffle, p::single_pass<>, 256>;
using single8 = p::config<p::vector<8>, p::shuffle, p::single_pass<>, 256>;
using stride4 = p::config<p::vector<4>, p::shuffle, p::gridstride<>, 512>;
using sum_configs = mp::mp_list<reduce::default_config, single4, single8, stride4>;

template <class V>
void read_value(const unsigned char* b, result& r) {
  V v;
  std::memcpy(&v, b, sizeof v);
  if constexpr (reduce::is_compensated<V>::value)
    r.value = v.value();
  else
    r.value = static_cast<long double>(v);
}
template <class T>
void read_indexed(const unsigned char* b, result& r) {
  reduce::indexed<T> v;
  std::memcpy(&v, b, sizeof v);
  r.value = v.value, r.index = v.index;
}
void read_extrema(const unsigned char* b, result& r) {
  reduce::extrema<float> v;
  std::memcpy(&v, b, sizeof v);
  r.value = v.min.value, r.index = v.min.index, r.value2 = v.max.value, r.index2 = v.max.index;
}
void read_cub_pair(const unsigned char* b, result& r) {  // value at 0, 64-bit index at 8
  float v;
  std::int64_t i;
  std::memcpy(&v, b, 4);
  std::memcpy(&i, b + 8, 8);
  r.value = v, r.index = std::uint64_t(i);
}
void read_index_only(const unsigned char* b, result& r) {
  std::memcpy(&r.index, b, 8);
  r.has_value = false;
}

// Our rows: one per config, running `Entry` (a functor with query(n, bytes) and run(call)).
template <class Entry, class Configs>
void add_ours(std::vector<row>& rows, const std::string& prefix, check_kind check,
              void (*read)(const unsigned char*, result&)) {
  mp::mp_for_each<mp::mp_transform<mp::mp_identity, Configs>>([&](auto id) {
    using C = typename decltype(id)::type;
    row r;
    r.name = prefix + C::name();
    r.check = check;
    r.query = [](std::uint64_t n, std::size_t& bytes) { return Entry::template run<C>(nullptr, bytes, call{}, n); };
    r.run = [](const call& c) {
      std::size_t bytes = c.temp_bytes;
      return Entry::template run<C>(c.temp, bytes, c, c.n);
    };
    r.read = read;
    rows.push_back(r);
  });
}

template <class T, class Acc>
struct plain_sum {
  template <class C>
  static cudaError_t run(void* t, std::size_t& b, const call& c, std::uint64_t n) {
    return reduce::device_reduce<C>(t, b, static_cast<const T*>(c.in), static_cast<Acc*>(c.out), n, reduce::sum{},
                                    c.stream);
  }
};
struct squares {
  template <class C>
  static cudaError_t run(void* t, std::size_t& b, const call& c, std::uint64_t n) {
    return reduce::device_sum_of_squares<C>(t, b, static_cast<const float*>(c.in), static_cast<double*>(c.out), n,
                                            c.stream);
  }
};
template <int Which>  // 0 argmin, 1 argmax, 2 both
struct arg_entry {
  template <class C>
  static cudaError_t run(void* t, std::size_t& b, const call& c, std::uint64_t n) {
    const float* in = static_cast<const float*>(c.in);
    if constexpr (Which == 0)
      return reduce::device_arg_min<C>(t, b, in, static_cast<reduce::indexed<float>*>(c.out), n, c.stream);
    else if constexpr (Which == 1)
      return reduce::device_arg_max<C>(t, b, in, static_cast<reduce::indexed<float>*>(c.out), n, c.stream);
    else
      return reduce::device_arg_min_max<C>(t, b, in, static_cast<reduce::extrema<float>*>(c.out), n, c.stream);
  }
};

struct widen_to_float {
  template <class T>
  __host__ __device__ float operator()(T x) const {
    return reduce::detail::widen(x);
  }
};

// CUB's sum with a wider output type (its accumulator is the output's value type). cub::DeviceReduce::Sum does not
// compile for half or bfloat16 input with float output (plus<>(float, __half) is ambiguous), so those rows are
// DeviceReduce::TransformReduce with a conversion to float: the same single pass.
template <class T, class Acc>
row cub_sum_row() {
  constexpr bool narrow_float = reduce::detail::is_narrow_float_v<T>;
  row r;
  r.name = narrow_float ? "cub::DeviceReduce::TransformReduce" : "cub::DeviceReduce::Sum";
  r.is_cub = true;
  r.query = [](std::uint64_t n, std::size_t& b) {
    if constexpr (narrow_float)
      return cub::DeviceReduce::TransformReduce(nullptr, b, (const T*)nullptr, (Acc*)nullptr, std::int64_t(n),
                                                cuda::std::plus<Acc>{}, widen_to_float{}, Acc(0));
    else
      return cub::DeviceReduce::Sum(nullptr, b, (const T*)nullptr, (Acc*)nullptr, std::int64_t(n));
  };
  r.run = [](const call& c) {
    std::size_t b = c.temp_bytes;
    const T* in = static_cast<const T*>(c.in);
    if constexpr (narrow_float)
      return cub::DeviceReduce::TransformReduce(c.temp, b, in, static_cast<Acc*>(c.out), std::int64_t(c.n),
                                                cuda::std::plus<Acc>{}, widen_to_float{}, Acc(0), c.stream);
    else
      return cub::DeviceReduce::Sum(c.temp, b, in, static_cast<Acc*>(c.out), std::int64_t(c.n), c.stream);
  };
  r.read = &read_value<Acc>;
  return r;
}

cudaError_t no_temp(std::uint64_t, std::size_t& b) {
  b = 0;
  return cudaSuccess;
}

template <class F>
cudaError_t guarded(F f) {  // thrust reports errors by exceptions
  try {
    f();
    return cudaSuccess;
  } catch (const thrust::system_error& e) {
    return static_cast<cudaError_t>(e.code().value());
  } catch (...) {
    return cudaErrorUnknown;
  }
}

template <class T, class Acc>
row thrust_sum_row() {
  row r;
  r.name = "thrust::reduce";
  r.is_thrust = true;
  r.result_on_host = true;
  r.query = &no_temp;
  r.run = [](const call& c) {
    return guarded([&] {
      const T* first = static_cast<const T*>(c.in);
      *static_cast<Acc*>(c.host_out) = thrust::reduce(thrust::device, first, first + c.n, Acc(0), thrust::plus<Acc>());
    });
  };
  r.read = &read_value<Acc>;
  return r;
}

struct square_double {
  __host__ __device__ double operator()(float x) const { return double(x) * x; }
};

template <class T, class Acc>
bench_case sum_case(const std::string& name, const std::string& title, data_kind data) {
  bench_case c{name, title, data, {cub_sum_row<T, Acc>(), thrust_sum_row<T, Acc>()}};
  add_ours<plain_sum<T, Acc>, sum_configs>(c.rows, "", check_kind::exact, &read_value<Acc>);
  return c;
}

bench_case squares_case() {
  bench_case c{"squares", "float sum of squares into double, beside the plain float sum", data_kind::float16, {}};
  row cub;
  cub.name = "cub::DeviceReduce::TransformReduce";
  cub.is_cub = true;
  cub.check = check_kind::squares;
  cub.query = [](std::uint64_t n, std::size_t& b) {
    return cub::DeviceReduce::TransformReduce(nullptr, b, (const float*)nullptr, (double*)nullptr, std::int64_t(n),
                                              cuda::std::plus<>{}, square_double{}, 0.0);
  };
  cub.run = [](const call& k) {
    std::size_t b = k.temp_bytes;
    return cub::DeviceReduce::TransformReduce(k.temp, b, static_cast<const float*>(k.in), static_cast<double*>(k.out),
                                              std::int64_t(k.n), cuda::std::plus<>{}, square_double{}, 0.0, k.stream);
  };
  cub.read = &read_value<double>;
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
  c.rows = {cub, thr};
  add_ours<squares, mp::mp_list<reduce::default_config, single4>>(c.rows, "squares ", check_kind::squares,
                                                                  &read_value<double>);
  add_ours<plain_sum<float, float>, mp::mp_list<reduce::default_config, single4>>(
      c.rows, "plain sum ", check_kind::exact, &read_value<float>);
  return c;
}

bench_case arg_case() {
  bench_case c{"argminmax", "float argmin / argmax (first occurrence among ~n/32 ties)", data_kind::float16, {}};
  row mn;
  mn.name = "cub::DeviceReduce::ArgMin";
  mn.is_cub = true;
  mn.check = check_kind::argmin;
  mn.query = [](std::uint64_t n, std::size_t& b) {
    return cub::DeviceReduce::ArgMin(nullptr, b, (const float*)nullptr, (float*)nullptr, (std::int64_t*)nullptr,
                                     std::int64_t(n));
  };
  mn.run = [](const call& k) {
    std::size_t b = k.temp_bytes;
    char* out = static_cast<char*>(k.out);
    return cub::DeviceReduce::ArgMin(k.temp, b, static_cast<const float*>(k.in), reinterpret_cast<float*>(out),
                                     reinterpret_cast<std::int64_t*>(out + 8), std::int64_t(k.n), k.stream);
  };
  mn.read = &read_cub_pair;
  row mx = mn;
  mx.name = "cub::DeviceReduce::ArgMax";
  mx.is_cub = false;  // vs CUB is against ArgMin
  mx.check = check_kind::argmax;
  mx.query = [](std::uint64_t n, std::size_t& b) {
    return cub::DeviceReduce::ArgMax(nullptr, b, (const float*)nullptr, (float*)nullptr, (std::int64_t*)nullptr,
                                     std::int64_t(n));
  };
  mx.run = [](const call& k) {
    std::size_t b = k.temp_bytes;
    char* out = static_cast<char*>(k.out);
    return cub::DeviceReduce::ArgMax(k.temp, b, static_cast<const float*>(k.in), reinterpret_cast<float*>(out),
                                     reinterpret_cast<std::int64_t*>(out + 8), std::int64_t(k.n), k.stream);
  };
  row thr;
  thr.name = "thrust::min_element";
  thr.is_thrust = true;
  thr.check = check_kind::argmin;
  thr.result_on_host = true;
  thr.query = &no_temp;
  thr.run = [](const call& k) {
    return guarded([&] {
      const float* first = static_cast<const float*>(k.in);
      *static_cast<std::uint64_t*>(k.host_out) =
          std::uint64_t(thrust::min_element(thrust::device, first, first + k.n) - first);
    });
  };
  thr.read = &read_index_only;
  c.rows = {mn, thr, mx};
  add_ours<arg_entry<0>, mp::mp_list<reduce::default_config, single4>>(c.rows, "argmin ", check_kind::argmin,
                                                                       &read_indexed<float>);
  add_ours<arg_entry<1>, mp::mp_list<reduce::default_config>>(c.rows, "argmax ", check_kind::argmax,
                                                              &read_indexed<float>);
  add_ours<arg_entry<2>, mp::mp_list<reduce::default_config, single4>>(c.rows, "argminmax ", check_kind::both,
                                                                       &read_extrema);
  return c;
}

bench_case compensated_case() {
  bench_case c{"compensated",
               "float sums of an ill-conditioned input (condition ~1e8): rel_error vs exact",
               data_kind::float_ill,
               {cub_sum_row<float, float>(), thrust_sum_row<float, float>()}};
  for (row& r : c.rows) r.check = check_kind::reported;
  using configs = mp::mp_list<reduce::default_config, single4>;
  add_ours<plain_sum<float, float>, configs>(c.rows, "float ", check_kind::reported, &read_value<float>);
  add_ours<plain_sum<float, reduce::compensated<float>>, configs>(c.rows, "compensated<float> ", check_kind::bounded,
                                                                  &read_value<reduce::compensated<float>>);
  add_ours<plain_sum<float, double>, mp::mp_list<reduce::default_config>>(c.rows, "double ", check_kind::reported,
                                                                          &read_value<double>);
  return c;
}

}  // namespace

std::vector<bench_case> make_cases() {
  return {sum_case<__half, float>("half", "half -> float sum", data_kind::half16),
          sum_case<__nv_bfloat16, float>("bf16", "bfloat16 -> float sum", data_kind::bf16_16),
          sum_case<std::int8_t, std::int32_t>("int8", "int8 -> int32 sum", data_kind::int8_100),
          squares_case(),
          arg_case(),
          compensated_case()};
}

}  // namespace reduce_bench::ext
