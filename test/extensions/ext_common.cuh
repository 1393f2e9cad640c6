// Helpers of the extension tests: the Grid policies' representative kernels, a two-phase runner for any entry point
// (output poisoned first), narrow-type data, and an ill-conditioned input with its exact sum.
#pragma once
#include <cstdint>
#include <vector>

#include "../common.cuh"

namespace ext {

namespace mp = boost::mp11;
namespace p = reduce::policy;

// Two kernels per Grid policy (as grid_matrix.cu's representatives): 16-byte vectors with shuffles, and one scalar
// per thread with the shared-memory tree. Every Grid policy's dispatch path runs with both a vector and a scalar Load.
template <class G>
using representatives_of = mp::mp_list<p::config<p::vector<4>, p::shuffle, G, 256>,
                                       p::config<p::scalar<1>, p::tree<p::interleaved_modulo>, G, 128>>;
using all_configs = mp::mp_flatten<mp::mp_transform<representatives_of, reduce::matrix::grids>>;
template <class C>
using on_atomic = std::is_same<typename C::grid, p::atomic>;
// Accumulators without a native atomic (compensated, (value, index) pairs) run on the other three Grid policies.
using non_atomic_configs = mp::mp_remove_if<all_configs, on_atomic>;

// Sizes around every boundary of a block of B threads, and offsets of the input pointer (0..3 elements: misaligned
// vector heads). The largest size runs at offsets 0 and 3 only.
inline std::vector<std::uint64_t> sizes(int block) {
  if (test::small_only()) return {std::uint64_t(block - 1), 40000};
  return {
      0, 1, 2, 31, 33, std::uint64_t(block - 1), std::uint64_t(block), std::uint64_t(block + 1), 99991, (1u << 20) + 3};
}
template <class F>
void for_sizes_and_offsets(int block, F f) {
  for (std::uint64_t n : sizes(block))
    for (unsigned offset : {0u, 1u, 2u, 3u})
      if (n < (1u << 20) || offset == 0 || offset == 3) f(n, offset);
}

// Copies h to the device at d_in + offset, poisons the output, runs launch(temp, bytes, d_in, d_out, n) twice (size
// query, then the call) and returns the result. A result nobody wrote reads as 0xA5 bytes.
template <class Acc, class T, class Launch>
Acc run(const std::vector<T>& h, unsigned offset, Launch launch) {
  test::device_buffer<T> in(h.size() + offset);
  test::device_buffer<Acc> out(1);
  T* d_in = in.base + offset;
  if (!h.empty()) EXPECT_EQ(cudaMemcpy(d_in, h.data(), h.size() * sizeof(T), cudaMemcpyHostToDevice), cudaSuccess);
  EXPECT_EQ(cudaMemset(out.base, 0xA5, sizeof(Acc)), cudaSuccess);
  std::size_t bytes = 0;
  EXPECT_EQ(launch(nullptr, bytes, static_cast<const T*>(d_in), out.base, std::uint64_t(h.size())), cudaSuccess);
  test::device_buffer<char> temp(bytes);
  const cudaError_t e = launch(temp.base, bytes, static_cast<const T*>(d_in), out.base, std::uint64_t(h.size()));
  EXPECT_EQ(e, cudaSuccess) << cudaGetErrorString(e);
  EXPECT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  Acc r{};
  EXPECT_EQ(cudaMemcpy(&r, out.base, sizeof(Acc), cudaMemcpyDeviceToHost), cudaSuccess);
  return r;
}

// device_reduce<C> of h (at d_in + offset) into one Acc, through run().
template <class C, class Acc, class T>
Acc device_sum(const std::vector<T>& h, unsigned offset) {
  return run<Acc>(h, offset, [](void* temp, std::size_t& bytes, const T* in, Acc* out, std::uint64_t n) {
    return reduce::device_reduce<C>({temp, bytes}, in, out, n);
  });
}

// Random elements of T: narrow floats from uniform [lo, hi) rounded to T, integers uniform in [lo, hi].
template <class T>
std::vector<T> random_narrow(std::size_t n, double lo, double hi, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<T> v(n);
  if constexpr (reduce::detail::is_narrow_float_v<T>) {
    std::uniform_real_distribution<double> d(lo, hi);
    for (auto& x : v) {
      const float f = float(d(rng));
      x = T(f);
    }
  } else {
    std::uniform_int_distribution<long long> d((long long)lo, (long long)hi);
    for (auto& x : v) x = T(d(rng));  // in range: exact
  }
  return v;
}

template <class T>
std::vector<float> widened(const std::vector<T>& h) {
  std::vector<float> f(h.size());
  for (std::size_t i = 0; i < h.size(); ++i) f[i] = float(reduce::detail::widen(h[i]));
  return f;
}

// An ill-conditioned float input: in each chunk of 2^16 elements, element k of the first half is a = m 2^e (m a
// 16-bit integer, e in [-20, 10]: nine decades) and element k of the second half is -a + d 2^(e-8) (d in +-[1, 255]),
// exactly representable. The pairs cancel only at the top of any reduction tree (they are 32768 apart), so partial
// sums are huge next to the true sum, sum d 2^(e-8). Every element is an integer multiple of 2^-28: the exact sum
// is an __int128 count of those units.
struct ill_conditioned {
  std::vector<float> x;
  long double exact = 0;    // the exact sum (rounded once, to long double)
  long double abs_sum = 0;  // sum |x|
};
inline std::uint64_t mix(std::uint64_t z) {
  z += 0x9e3779b97f4a7c15ull;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}
inline ill_conditioned make_ill_conditioned(std::size_t n, std::uint64_t seed) {
  ill_conditioned r;
  r.x.resize(n);
  __int128 units = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const std::uint64_t pair = (i >> 16 << 15) | (i & 32767), h = mix(pair ^ seed);
    const std::int64_t m = std::int64_t(h & 0xffff) | 1, e = std::int64_t((h >> 16) % 31) - 20;
    const std::int64_t d = std::int64_t((h >> 24) % 255) + 1, sign = (h >> 40) & 1 ? -1 : 1;
    const bool second = (i >> 15) & 1;
    const std::int64_t mant = second ? sign * (-m * 256 + ((h >> 41) & 1 ? d : -d)) : sign * m * 256;
    r.x[i] = std::ldexp(float(mant), int(e - 8));  // mant < 2^24: exact
    units += __int128(mant) << (e + 20);           // in units of 2^-28
    r.abs_sum += std::fabs(static_cast<long double>(r.x[i]));
  }
  const bool negative = units < 0;
  unsigned __int128 mag = negative ? -(unsigned __int128)units : (unsigned __int128)units;
  r.exact = std::ldexp(static_cast<long double>(std::uint64_t(mag >> 64)), 64 - 28) +
            std::ldexp(static_cast<long double>(std::uint64_t(mag)), -28);
  if (negative) r.exact = -r.exact;
  return r;
}

}  // namespace ext
