// Compile-only check (ctest compile-sm75/sm80/sm90): the library builds for Turing, Ampere and Hopper. Hopper-only
// features compile to no-ops below sm_90 (programmatic dependent launch) or to a trap the host never reaches (the
// distributed_shared epilogue: there Grid cluster returns cudaErrorNotSupported before any launch). Also the segmented
// default on every kind of segments, for a float and for a 12-byte element (whose size does not divide 16: the vector
// Loads of its choices read scalars).
#include <boost/mp11.hpp>
#include <reduce/argminmax.cuh>
#include <reduce/reduce.cuh>
#include <reduce/segmented.cuh>

namespace p = reduce::policy;
using configs = boost::mp11::mp_list<
    reduce::default_config, p::config<p::scalar<4>, p::tree<p::interleaved_modulo>, p::multipass, 128>,
    p::config<p::vector<4>, p::unrolled, p::gridstride<>, 512>, p::config<p::scalar<1>, p::none, p::atomic, 256>,
    p::config<p::vector<1>, p::unrolled_last_warp, p::single_pass<>, 64>,
    p::config<p::vector<2>, p::shuffle, p::reproducible<>, 256>, p::config<p::scalar<4>, p::serial, p::cluster<8>, 128>,
    p::config<p::vector<4>, p::shuffle, p::cooperative<>, 256>>;
// The element paths with architecture-specific instructions: packed byte and short sums (__dp4a, __dp2a_lo: sm_61 and
// later), float min/max (one PTX instruction from sm_80, compares below), 16-bit float min/max, and argmin/argmax.
using element_configs =
    boost::mp11::mp_list<reduce::default_config, p::config<p::vector<4>, p::shuffle, p::single_pass<>, 256>>;

struct rgb {
  float r, g, b;
};
struct add_rgb {
  template <class Acc>
  __host__ __device__ Acc identity() const {
    return Acc{0, 0, 0};
  }
  __host__ __device__ rgb operator()(const rgb& a, const rgb& b) const { return {a.r + b.r, a.g + b.g, a.b + b.b}; }
};
template <class T, class Op>
void segmented(std::size_t& bytes, Op op) {
  namespace S = reduce::segments;
  const T* in = nullptr;
  T* out = nullptr;
  const int* offsets = nullptr;
  reduce::device_segmented_reduce({nullptr, bytes}, in, out, S::offsets(offsets, offsets + 1, 1), op);
  reduce::device_segmented_reduce({nullptr, bytes}, in, out, S::fixed(1, 3), op);
  reduce::device_segmented_reduce({nullptr, bytes}, in, out, S::rows(1, 3, 3), op);
  reduce::device_segmented_reduce({nullptr, bytes}, in, out, S::columns(1, 3, 3), op);
}

int main() {
  std::size_t bytes = 0;
  boost::mp11::mp_for_each<boost::mp11::mp_transform<boost::mp11::mp_identity, configs>>([&](auto id) {
    using C = typename decltype(id)::type;
    reduce::device_reduce<C>({nullptr, bytes}, (const double*)nullptr, (double*)nullptr, 1, reduce::sum{});
    reduce::device_reduce<C>({nullptr, bytes}, (const int*)nullptr, (long long*)nullptr, 1, reduce::max{});
  });
  boost::mp11::mp_for_each<boost::mp11::mp_transform<boost::mp11::mp_identity, element_configs>>([&](auto id) {
    using C = typename decltype(id)::type;
    reduce::device_reduce<C>({nullptr, bytes}, (const std::int8_t*)nullptr, (int*)nullptr, 1, reduce::sum{});
    reduce::device_reduce<C>({nullptr, bytes}, (const std::int16_t*)nullptr, (long long*)nullptr, 1, reduce::sum{});
    reduce::device_reduce<C>({nullptr, bytes}, (const float*)nullptr, (float*)nullptr, 1, reduce::min{});
    reduce::device_reduce<C>({nullptr, bytes}, (const __half*)nullptr, (__half*)nullptr, 1, reduce::max{});
    reduce::device_argmin<C>({nullptr, bytes}, (const float*)nullptr, (reduce::indexed<float>*)nullptr, 1);
    reduce::device_argminmax<C>({nullptr, bytes}, (const float*)nullptr, (reduce::extrema<float>*)nullptr, 1);
  });
  segmented<float>(bytes, reduce::sum{});
  segmented<rgb>(bytes, add_rgb{});
  return 0;
}
