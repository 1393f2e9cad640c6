// Min and max: float (NaN-propagating, -0.0 before +0.0, against CUB's plain comparisons) and int8 into a 1-byte
// accumulator.
#include "extension_rows.cuh"

namespace reduce_bench::ext {

namespace {

template <class T, bool Max>
struct cub_extreme {
  cudaError_t operator()(void* t, std::size_t& b, const T* in, T* out, std::int64_t n, cudaStream_t s) const {
    if constexpr (Max)
      return cub::DeviceReduce::Max(t, b, in, out, n, s);
    else
      return cub::DeviceReduce::Min(t, b, in, out, n, s);
  }
};

template <class T, bool Max>
bench_case extreme_case(const std::string& name, const std::string& title, data_kind data) {
  using op = std::conditional_t<Max, reduce::max, reduce::min>;
  const check_kind check = Max ? check_kind::maximum : check_kind::minimum;
  bench_case c{name, title, data, {}};
  c.rows.push_back(
      cub_row<T, T, cub_extreme<T, Max>>(Max ? "cub::DeviceReduce::Max" : "cub::DeviceReduce::Min", check));
  add_ours<plain<T, T, op>>(c.rows, "", check, &read_value<T>);
  return c;
}

}  // namespace

std::vector<bench_case> minmax_cases() {
  return {extreme_case<float, false>("float-min", "float min", data_kind::float16),
          extreme_case<float, true>("float-max", "float max", data_kind::float16),
          extreme_case<std::int8_t, false>("int8-min", "int8 min into int8", data_kind::int8_100)};
}

}  // namespace reduce_bench::ext
