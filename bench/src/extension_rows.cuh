// Building blocks of the extension cases' rows (extension_cases_*.cu): our entry points under the default and the
// candidate matrix kernels, CUB's closest call, thrust, and readers of the result bytes.
#pragma once
#include <cub/device/device_reduce.cuh>
#include <thrust/execution_policy.h>
#include <thrust/functional.h>
#include <thrust/reduce.h>

#include <boost/mp11.hpp>
#include <cstring>
#include <reduce/reduce.cuh>

#include "extensions.hpp"

namespace reduce_bench::ext {

namespace mp = boost::mp11;
namespace p = reduce::policy;

// The matrix kernels each case's default is compared with: the kernels the tables pick above 2^18 for 4-byte
// elements, and the other Grids' 16-byte-load kernels that lead somewhere in the matrix bench. The fastest of them at
// a size is the case's "best matrix kernel" there.
using candidates = mp::mp_list<
    p::config<p::vector<4>, p::shuffle, p::multipass, 512>, p::config<p::vector<4>, p::shuffle, p::multipass, 256>,
    p::config<p::vector<4>, p::unrolled, p::multipass, 256>, p::config<p::vector<4>, p::shuffle, p::cooperative<>, 512>,
    p::config<p::vector<4>, p::shuffle, p::single_pass<>, 256>,
    p::config<p::vector<4>, p::shuffle, p::gridstride<>, 512>,
    p::config<p::vector<8>, p::shuffle, p::single_pass<>, 256>>;

template <class V>
void read_value(const unsigned char* b, result& r) {
  V v;
  std::memcpy(&v, b, sizeof v);
  if constexpr (reduce::is_compensated<V>::value)
    r.value = v.value();
  else
    r.value = static_cast<long double>(reduce::detail::widen(v));
}

// Our rows: the default, then (with_candidates) one per candidate kernel, each running Entry (a functor with
// run<Cfg>(temp, bytes, call, n)).
template <class Entry>
void add_ours(std::vector<row>& rows, const std::string& prefix, check_kind check,
              void (*read)(const unsigned char*, result&), bool with_candidates = true) {
  auto add = [&](auto id, row_role role) {
    using C = typename decltype(id)::type;
    row r;
    r.name = prefix + (role == row_role::default_config ? std::string("default") : C::name());
    r.role = role;
    r.check = check;
    r.query = [](std::uint64_t n, std::size_t& bytes) { return Entry::template run<C>(nullptr, bytes, call{}, n); };
    r.run = [](const call& c) {
      std::size_t bytes = c.temp_bytes;
      return Entry::template run<C>(c.temp, bytes, c, c.n);
    };
    r.read = read;
    rows.push_back(r);
  };
  add(mp::mp_identity<reduce::default_config>{}, row_role::default_config);
  if (with_candidates)
    mp::mp_for_each<mp::mp_transform<mp::mp_identity, candidates>>([&](auto id) { add(id, row_role::candidate); });
}

// device_reduce of T into Acc with Op.
template <class T, class Acc, class Op>
struct plain {
  template <class C>
  static cudaError_t run(void* t, std::size_t& b, const call& c, std::uint64_t n) {
    return reduce::device_reduce<C>({t, b}, static_cast<const T*>(c.in), static_cast<Acc*>(c.out), n, Op{}, c.stream);
  }
};

// A CUB row from a callable cub(temp, bytes, in, out, n, stream) over T into Out.
template <class T, class Out, class Cub>
row cub_row(const std::string& name, check_kind check) {
  row r;
  r.name = name;
  r.role = row_role::cub;
  r.check = check;
  r.query = [](std::uint64_t n, std::size_t& b) {
    return Cub{}(nullptr, b, (const T*)nullptr, (Out*)nullptr, std::int64_t(n), cudaStream_t(0));
  };
  r.run = [](const call& c) {
    std::size_t b = c.temp_bytes;
    return Cub{}(c.temp, b, static_cast<const T*>(c.in), static_cast<Out*>(c.out), std::int64_t(c.n), c.stream);
  };
  r.read = &read_value<Out>;
  return r;
}

cudaError_t no_temp(std::uint64_t, std::size_t& b);  // extensions_rows.cu
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

// The cases of each translation unit.
std::vector<bench_case> sum_cases();     // extension_cases_sum.cu
std::vector<bench_case> minmax_cases();  // extension_cases_minmax.cu
std::vector<bench_case> arg_cases();     // extension_cases_arg.cu
std::vector<bench_case> other_cases();   // extensions_rows.cu: sum of squares, compensated sums

}  // namespace reduce_bench::ext
