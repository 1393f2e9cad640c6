// Argmin, argmax and both in one pass, against CUB's ArgMin / ArgMax (the fused row against the two calls).
#include <thrust/extrema.h>

#include "extension_rows.cuh"

namespace reduce_bench::ext {

namespace {

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
// CUB writes the value at byte 0 and the 64-bit index at byte 8; the two-call row writes ArgMax's at 16 and 24.
void read_cub_pair(const unsigned char* b, result& r) {
  float v;
  std::int64_t i;
  std::memcpy(&v, b, 4);
  std::memcpy(&i, b + 8, 8);
  r.value = v, r.index = std::uint64_t(i);
}
void read_cub_two_pairs(const unsigned char* b, result& r) {
  read_cub_pair(b, r);
  result second;
  read_cub_pair(b + 16, second);
  r.value2 = second.value, r.index2 = second.index;
}
void read_index_only(const unsigned char* b, result& r) {
  std::memcpy(&r.index, b, 8);
  r.has_value = false;
}

template <int Which>  // 0 argmin, 1 argmax, 2 both
struct arg_entry {
  template <class C>
  static cudaError_t run(void* t, std::size_t& b, const call& c, std::uint64_t n) {
    const float* in = static_cast<const float*>(c.in);
    if constexpr (Which == 0)
      return reduce::device_argmin<C>({t, b}, in, static_cast<reduce::indexed<float>*>(c.out), n, c.stream);
    else if constexpr (Which == 1)
      return reduce::device_argmax<C>({t, b}, in, static_cast<reduce::indexed<float>*>(c.out), n, c.stream);
    else
      return reduce::device_argminmax<C>({t, b}, in, static_cast<reduce::extrema<float>*>(c.out), n, c.stream);
  }
};

// CUB's calls (Which as above; 2: ArgMin then ArgMax on one temporary storage, sized for the larger).
template <int Which>
cudaError_t cub_arg(void* t, std::size_t& b, const float* in, char* out, std::int64_t n, cudaStream_t s) {
  auto value = [&](int k) { return reinterpret_cast<float*>(out ? out + 16 * k : nullptr); };
  auto index = [&](int k) { return reinterpret_cast<std::int64_t*>(out ? out + 16 * k + 8 : nullptr); };
  if constexpr (Which == 0) {
    return cub::DeviceReduce::ArgMin(t, b, in, value(0), index(0), n, s);
  } else if constexpr (Which == 1) {
    return cub::DeviceReduce::ArgMax(t, b, in, value(0), index(0), n, s);
  } else {
    if (!t) {
      std::size_t b1 = 0, b2 = 0;
      cudaError_t e = cub::DeviceReduce::ArgMin(nullptr, b1, in, value(0), index(0), n, s);
      if (!e) e = cub::DeviceReduce::ArgMax(nullptr, b2, in, value(1), index(1), n, s);
      b = b1 > b2 ? b1 : b2;
      return e;
    }
    std::size_t b1 = b, b2 = b;
    cudaError_t e = cub::DeviceReduce::ArgMin(t, b1, in, value(0), index(0), n, s);
    return e ? e : cub::DeviceReduce::ArgMax(t, b2, in, value(1), index(1), n, s);
  }
}

template <int Which>
row cub_arg_row() {
  static const char* names[] = {"cub::DeviceReduce::ArgMin", "cub::DeviceReduce::ArgMax",
                                "cub::DeviceReduce::ArgMin + ArgMax"};
  row r;
  r.name = names[Which];
  r.role = row_role::cub;
  r.check = Which == 0 ? check_kind::argmin : Which == 1 ? check_kind::argmax : check_kind::both;
  r.query = [](std::uint64_t n, std::size_t& b) {
    return cub_arg<Which>(nullptr, b, nullptr, nullptr, std::int64_t(n), 0);
  };
  r.run = [](const call& k) {
    std::size_t b = k.temp_bytes;
    return cub_arg<Which>(k.temp, b, static_cast<const float*>(k.in), static_cast<char*>(k.out), std::int64_t(k.n),
                          k.stream);
  };
  r.read = Which == 2 ? &read_cub_two_pairs : &read_cub_pair;
  return r;
}

row thrust_min_element_row() {
  row r;
  r.name = "thrust::min_element";
  r.is_thrust = true;
  r.check = check_kind::argmin;
  r.result_on_host = true;
  r.query = &no_temp;
  r.run = [](const call& k) {
    return guarded([&] {
      const float* first = static_cast<const float*>(k.in);
      *static_cast<std::uint64_t*>(k.host_out) =
          std::uint64_t(thrust::min_element(thrust::device, first, first + k.n) - first);
    });
  };
  r.read = &read_index_only;
  return r;
}

}  // namespace

std::vector<bench_case> arg_cases() {
  const char* ties = " (first occurrence among ~n/32 ties)";
  bench_case mn{"argmin", std::string("float argmin") + ties, data_kind::float16, {cub_arg_row<0>()}};
  mn.rows.push_back(thrust_min_element_row());
  add_ours<arg_entry<0>>(mn.rows, "", check_kind::argmin, &read_indexed<float>);
  bench_case mx{"argmax", std::string("float argmax") + ties, data_kind::float16, {cub_arg_row<1>()}};
  add_ours<arg_entry<1>>(mx.rows, "", check_kind::argmax, &read_indexed<float>);
  bench_case both{
      "argminmax", std::string("float argmin and argmax in one pass") + ties, data_kind::float16, {cub_arg_row<2>()}};
  add_ours<arg_entry<2>>(both.rows, "", check_kind::both, &read_extrema);
  return {mn, mx, both};
}

}  // namespace reduce_bench::ext
