// Probe for refactors (attempt 33), outside the CMake build: instantiates every Grid's kernels (two Loads and
// finishes each, BlockFinish none where a Grid allows it, polled<4096>) and the default's tables for float, int,
// double and long long, so that bench/probes/ptx_identity.py can compare a tree's PTX, kernel by kernel, with
// another's:
//   nvcc -ptx -O3 -arch=sm_90 -std=c++17 -Iinclude -Ipolicies bench/probes/ptx_identity.cu -o before.ptx
#include <boost/mp11.hpp>
#include <reduce/reduce.cuh>
namespace p = reduce::policy;
using namespace boost::mp11;
using grids = mp_list<p::multipass, p::gridstride<>, p::atomic, p::single_pass<>, p::cluster<>, p::cooperative<>,
                      p::polled<>, p::reproducible<>, p::polled<4096>>;
template <class G, class L, class F>
using cfg = p::config<L, F, p::sequential, G, 256>;
template <class T>
void all(const T* in, T* out, void* tmp, std::size_t b, reduce::workspace& ws) {
  mp_for_each<mp_transform<mp_identity, grids>>([&](auto g) {
    using G = typename decltype(g)::type;
    using C1 = cfg<G, p::vector<4>, p::shuffle>;
    using C2 = cfg<G, p::scalar<4>, p::unrolled>;
    (void)reduce::device_reduce<C1>(tmp, b, in, out, 100);
    (void)reduce::device_reduce<C2>(ws, in, out, 100);
    if constexpr (std::is_same_v<G, p::multipass> || std::is_same_v<G, p::atomic>)
      (void)reduce::device_reduce<cfg<G, p::scalar<4, p::blocked>, p::none>>(tmp, b, in, out, 100);
  });
  (void)reduce::device_reduce<reduce::default_config>(tmp, b, in, out, 100);
  (void)reduce::device_reduce<reduce::default_config>(ws, in, out, 100);
  (void)reduce::device_reduce<reduce::default_config>(tmp, b, in, out, 100, reduce::max{});
}
template void all<float>(const float*, float*, void*, std::size_t, reduce::workspace&);
template void all<int>(const int*, int*, void*, std::size_t, reduce::workspace&);
template void all<double>(const double*, double*, void*, std::size_t, reduce::workspace&);
template void all<long long>(const long long*, long long*, void*, std::size_t, reduce::workspace&);
