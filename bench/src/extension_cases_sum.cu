// Sums into a wider accumulator (and the plain float sum beside them): 8- and 16-bit integers into 32 bits, half and
// bfloat16 into float, float into double.
#include "extension_rows.cuh"

namespace reduce_bench::ext {

namespace {

struct widen_to_float {
  template <class T>
  __host__ __device__ float operator()(T x) const {
    return reduce::detail::widen(x);
  }
};

// CUB's closest call: DeviceReduce::Sum with the wider output type (CUB accumulates in the output's type).
// DeviceReduce::Sum does not compile for half or bfloat16 input with float output (plus<>(float, __half) is
// ambiguous), so those rows are DeviceReduce::TransformReduce with a conversion to float: the same single pass.
template <class T, class Acc>
struct cub_sum {
  cudaError_t operator()(void* t, std::size_t& b, const T* in, Acc* out, std::int64_t n, cudaStream_t s) const {
    if constexpr (reduce::detail::is_narrow_float_v<T>)
      return cub::DeviceReduce::TransformReduce(t, b, in, out, n, cuda::std::plus<Acc>{}, widen_to_float{}, Acc(0), s);
    else
      return cub::DeviceReduce::Sum(t, b, in, out, n, s);
  }
};

template <class T, class Acc>
bench_case sum_case(const std::string& name, const std::string& title, data_kind data) {
  constexpr bool narrow_float = reduce::detail::is_narrow_float_v<T>;
  bench_case c{name, title, data, {}};
  c.rows.push_back(cub_row<T, Acc, cub_sum<T, Acc>>(
      narrow_float ? "cub::DeviceReduce::TransformReduce" : "cub::DeviceReduce::Sum", check_kind::exact));
  c.rows.push_back(thrust_sum_row<T, Acc>());
  add_ours<plain<T, Acc, reduce::sum>>(c.rows, "", check_kind::exact, &read_value<Acc>);
  return c;
}

}  // namespace

std::vector<bench_case> sum_cases() {
  return {sum_case<std::int8_t, std::int32_t>("int8", "int8 -> int32 sum", data_kind::int8_100),
          sum_case<std::uint8_t, std::uint32_t>("uint8", "uint8 -> uint32 sum", data_kind::uint8_15),
          sum_case<std::int16_t, std::int32_t>("int16", "int16 -> int32 sum", data_kind::int16_1000),
          sum_case<__half, float>("half", "half -> float sum", data_kind::half16),
          sum_case<__nv_bfloat16, float>("bf16", "bfloat16 -> float sum", data_kind::bf16_16),
          sum_case<float, double>("float-double", "float -> double sum", data_kind::float16),
          sum_case<float, float>("float", "float sum (the bytes of half at 2n, of int8 at 4n)", data_kind::float16)};
}

}  // namespace reduce_bench::ext
