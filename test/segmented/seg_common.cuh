// Helpers of the segmented tests: segment layouts (offsets with empty, tiny, long, misaligned and unordered segments;
// one size; matrices with a leading dimension), a device run of any description, and host references folded per
// segment in the segment's element order.
#pragma once
#include <reduce/binned.cuh>
#include <reduce/segmented.cuh>

#include "../common.cuh"

namespace segtest {

// CSR offsets of `count` segments: lengths 0 (one in eight), 1..600, and one long segment in fifty.
inline std::vector<int> csr(int count, unsigned seed) {
  std::mt19937 rng(seed);
  std::vector<int> off{0};
  for (int s = 0; s < count; ++s) {
    const unsigned k = rng() % 50;
    const int len = k < 6 ? 0 : k == 49 ? 20000 + int(rng() % 20000) : 1 + int(rng() % 600);
    off.push_back(off.back() + len);
  }
  return off;
}

// Offsets into an input of `total` elements: `count` segments whose lengths mix 0, 1, a few, a few hundred and a few
// thousand (and, with probability `long_share`, tens of thousands), starting anywhere (misaligned), in shuffled
// order, some with end < begin (empty). Deterministic in seed.
struct layout {
  std::vector<long long> begin, end;
  std::uint64_t total = 0;
};
inline layout random_layout(std::uint64_t count, std::uint64_t seed, double long_share = 0.01) {
  std::mt19937_64 rng(seed);
  layout l;
  std::uint64_t at = 0;
  for (std::uint64_t s = 0; s < count; ++s) {
    const unsigned kind = rng() % 100;
    std::uint64_t len = kind < 10 ? 0 : kind < 25 ? 1 : kind < 60 ? rng() % 8 : kind < 90 ? rng() % 400 : rng() % 5000;
    if (double(rng() % 10000) / 10000 < long_share) len = 20000 + rng() % 60000;
    at += rng() % 3;  // gaps: no segment starts at a fixed alignment
    if (len == 0 && rng() % 2) {
      l.begin.push_back(at + 5), l.end.push_back(at);  // end < begin: empty
    } else {
      l.begin.push_back(at), l.end.push_back(at + len);
    }
    at += len;
  }
  for (std::uint64_t s = count; s > 1; --s) {  // any order: segment s need not follow segment s - 1
    const std::uint64_t k = rng() % s;
    std::swap(l.begin[s - 1], l.begin[k]), std::swap(l.end[s - 1], l.end[k]);
  }
  l.total = at + 8;
  return l;
}

// Offsets laid end to end (CSR) from element 3 on: runs of 64 segments of at most 16 elements, of at most 8, and of
// random_layout's mix of lengths. Deterministic in seed.
inline layout csr_layout(std::uint64_t count, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  layout l;
  std::uint64_t at = 3;
  for (std::uint64_t s = 0; s < count; ++s) {
    const unsigned run = (s / 64) % 3, kind = rng() % 100;
    const std::uint64_t len = run == 0    ? rng() % 17
                              : run == 1  ? rng() % 9
                              : kind < 10 ? 0
                              : kind < 60 ? rng() % 8
                              : kind < 95 ? rng() % 400
                                          : rng() % 5000;
    l.begin.push_back(at), l.end.push_back(at += len);
  }
  l.total = at + 8;
  return l;
}

// The host reference of one segment: the op folded in element order, in Acc (floating sums in long double).
template <class Acc, class T, class Op, class Tr>
Acc fold(const T* x, std::uint64_t n, std::uint64_t stride, Op op, Tr tr) {
  Acc r = op.template identity<Acc>();
  for (std::uint64_t i = 0; i < n; ++i) r = op(r, Acc(tr(x[i * stride], i)));
  return r;
}
struct identity_transform {
  template <class T>
  T operator()(const T& x, std::uint64_t) const {
    return x;
  }
};

// Runs Cfg over segs (query, then run) into a poisoned output of `count` results; returns them and the status.
template <class Cfg, class Acc, class T, class Segs, class Tr, class Op>
std::vector<Acc> run(const T* d_in, Segs segs, std::uint64_t count, Tr tr, Op op, reduce::status* st = nullptr,
                     reduce::workspace* ws = nullptr) {
  test::device_buffer<Acc> out(count);
  EXPECT_EQ(cudaMemset(out.base, 0xA5, (count + 1) * sizeof(Acc)), cudaSuccess);
  reduce::status s;
  if (ws) {
    s = reduce::device_segmented_transform_reduce<Cfg>(*ws, d_in, out.base, segs, tr, op);
  } else {
    std::size_t bytes = 0;
    s = reduce::device_segmented_transform_reduce<Cfg>({nullptr, bytes}, d_in, out.base, segs, tr, op);
    EXPECT_FALSE(s) << (s.message ? s.message : "");
    test::device_buffer<char> temp(bytes);
    s = reduce::device_segmented_transform_reduce<Cfg>({temp.base, bytes}, d_in, out.base, segs, tr, op);
    EXPECT_EQ(cudaDeviceSynchronize(), cudaSuccess) << Cfg::name();
  }
  if (st) *st = s;
  EXPECT_EQ(cudaDeviceSynchronize(), cudaSuccess) << Cfg::name();
  std::vector<Acc> h(count);
  if (count) EXPECT_EQ(cudaMemcpy(h.data(), out.base, count * sizeof(Acc), cudaMemcpyDeviceToHost), cudaSuccess);
  return h;
}

template <class T>
T* to_device(test::device_buffer<T>& d, const std::vector<T>& h) {
  if (!h.empty()) EXPECT_EQ(cudaMemcpy(d.base, h.data(), h.size() * sizeof(T), cudaMemcpyHostToDevice), cudaSuccess);
  return d.base;
}

// Argmin (greater: argmax) per segment through the two-phase calls: the results, one per segment.
template <class Cfg, class T, class Segs>
std::vector<reduce::indexed<T>> run_arg(const T* d_in, Segs segs, std::uint64_t count, bool greater) {
  test::device_buffer<reduce::indexed<T>> out(count);
  std::size_t bytes = 0;
  auto call = [&](void* t) {
    return greater ? reduce::device_segmented_argmax<Cfg>({t, bytes}, d_in, out.base, segs)
                   : reduce::device_segmented_argmin<Cfg>({t, bytes}, d_in, out.base, segs);
  };
  EXPECT_EQ(call(nullptr), cudaSuccess);
  test::device_buffer<char> temp(bytes);
  EXPECT_EQ(call(temp.base), cudaSuccess);
  std::vector<reduce::indexed<T>> got(count);
  if (count) EXPECT_EQ(cudaMemcpy(got.data(), out.base, count * sizeof(got[0]), cudaMemcpyDeviceToHost), cudaSuccess);
  return got;
}

// The host reference of argmin (greater: argmax) over x[0], x[stride], ... (n of them): the first occurrence, or
// no_index where n is 0.
template <class T>
std::uint64_t first_extreme(const T* x, std::uint64_t n, std::uint64_t stride, bool greater) {
  std::uint64_t want = reduce::no_index;
  for (std::uint64_t i = 0; i < n; ++i)
    if (want == reduce::no_index || (greater ? x[i * stride] > x[want * stride] : x[i * stride] < x[want * stride]))
      want = i;
  return want;
}

}  // namespace segtest
