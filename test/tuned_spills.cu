// Compile-only check, built with ptxas's spill warning as an error (test/CMakeLists.txt): every kernel the tuned
// default can launch for float, double, int32 and int64 sums (raw storage and workspace tables, the fallback, the later
// passes, both offset widths) keeps its state in registers, and so does every polled kernel of the matrix, whose
// poller's fold spills at 32 registers with a batch of 8 slot loads (polled_slots.cuh). A table change
// or a kernel change that makes one of them spill to local memory fails the build, and so CI.
#include <reduce/matrix.cuh>
#include <reduce/reduce.cuh>

namespace {

namespace mp = boost::mp11;
namespace d = reduce::detail;

template <class T, class Cfg>
void take_kernels() {
  using reduce::sum;
  (void)&d::reduce_kernel<Cfg, T, T, sum, std::uint32_t, d::no_transform>;
  (void)&d::reduce_kernel<Cfg, T, T, sum, std::uint64_t, d::no_transform>;
  using pass = d::with_grid<Cfg, reduce::policy::multipass>;  // later passes, one-tile inputs
  (void)&d::reduce_kernel<pass, T, T, sum, std::uint32_t, d::no_transform>;
  (void)&d::reduce_kernel<pass, T, T, sum, std::uint64_t, d::no_transform>;
}

template <class T, bool on_workspace>
using configs_of = mp::mp_push_back<typename d::tuned_table<T, T, reduce::sum, on_workspace>::configs,
                                    reduce::default_config::fallback>;

template <class T>
void take_type() {
  using all = mp::mp_unique<mp::mp_append<configs_of<T, false>, configs_of<T, true>>>;
  mp::mp_for_each<mp::mp_transform<mp::mp_identity, all>>(
      [](auto c) { take_kernels<T, typename decltype(c)::type>(); });
}

template <class T>
void take_polled() {
  mp::mp_for_each<mp::mp_transform<mp::mp_identity, reduce::matrix::of_grid<reduce::policy::polled<>>>>([](auto c) {
    (void)&d::reduce_kernel<typename decltype(c)::type, T, T, reduce::sum, std::uint32_t, d::no_transform>;
  });
}

}  // namespace

void reduce_test_take_tuned_kernels() {
  take_type<float>();
  take_type<double>();
  take_type<int>();
  take_type<long long>();
  take_polled<float>();  // the matrix's own width: 32-bit offsets
  take_polled<double>();
  take_polled<int>();
}
