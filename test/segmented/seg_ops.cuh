// Every op and type of the one-array API over any kind of segments (offsets, one size, rows, columns), argmin/argmax,
// and the layouts the segmented tests share: random offsets on the device, segments at a fixed stride and the columns
// of a matrix over a misaligned input. Each result is checked against a host fold of its segment in element order.
#pragma once
#include "seg_common.cuh"

namespace segtest {

namespace p = reduce::policy;
using reduce::detail::no_transform;

struct square {
  __host__ __device__ double operator()(float x, std::uint64_t) const { return double(x) * x; }
};

// Offsets of a random layout (or laid end to end) on the device (64-bit), with the host's begin and length of each
// segment.
struct offsets_on_device {
  segtest::layout l;
  test::device_buffer<long long> b, e;
  explicit offsets_on_device(std::uint64_t count, std::uint64_t seed, bool csr = false)
      : l(csr ? segtest::csr_layout(test::small_only() ? count / 10 : count, seed)
              : segtest::random_layout(test::small_only() ? count / 10 : count, seed)),
        b(l.begin.size()),
        e(l.end.size()) {
    segtest::to_device(b, l.begin);
    segtest::to_device(e, l.end);
  }
  auto segs() const { return reduce::segments::offsets(b.base, e.base, l.begin.size()); }
  std::uint64_t count() const { return l.begin.size(); }
  static constexpr std::uint64_t shift = 0;  // the input starts at its allocation
  std::uint64_t total() const { return l.total; }
  std::uint64_t begin(std::uint64_t s) const { return l.begin[s]; }
  std::uint64_t size(std::uint64_t s) const { return l.end[s] > l.begin[s] ? l.end[s] - l.begin[s] : 0; }
  std::uint64_t stride() const { return 1; }  // from one element of a segment to the next
};

// Segments at a fixed stride over an input that starts `shift` elements into its allocation (so that a vector Load
// meets a misaligned range): `count` segments of k elements, laid end to end (fixed) or as the rows of a matrix
// whose leading dimension is ld.
template <bool Rows>
struct strided_on_device {
  std::uint64_t count_, k, ld, shift;
  auto segs() const {
    if constexpr (Rows)
      return reduce::segments::rows(count_, k, ld);
    else
      return reduce::segments::fixed(count_, k);
  }
  std::uint64_t count() const { return count_; }
  std::uint64_t total() const { return shift + count_ * ld + 8; }
  std::uint64_t begin(std::uint64_t s) const { return s * ld; }
  std::uint64_t size(std::uint64_t) const { return k; }
  std::uint64_t stride() const { return 1; }
};

// The columns of a rows x cols matrix (leading dimension ld) over an input `shift` elements into its allocation.
struct columns_on_device {
  std::uint64_t rows, cols, ld, shift;
  auto segs() const { return reduce::segments::columns(rows, cols, ld); }
  std::uint64_t count() const { return cols; }
  std::uint64_t total() const { return shift + rows * ld + 8; }
  std::uint64_t begin(std::uint64_t c) const { return c; }
  std::uint64_t size(std::uint64_t) const { return rows; }
  std::uint64_t stride() const { return ld; }
};
inline strided_on_device<false> fixed_on_device(std::uint64_t count, std::uint64_t k, std::uint64_t shift) {
  return {count, k, k, shift};
}

// Segments `o` (offsets or strided) of input h: each result against a host fold of the segment in element order.
template <class C, class Acc, class T, class Op, class Tr = segtest::identity_transform, class DTr = no_transform,
          class Src>
void check_op(const Src& o, const std::vector<T>& h, Op op, Tr tr = {}, DTr dtr = {}) {
  test::device_buffer<T> d(h.size());
  const auto got = segtest::run<C, Acc>(segtest::to_device(d, h) + o.shift, o.segs(), o.count(), dtr, op);
  for (std::uint64_t s = 0; s < o.count(); ++s) {
    const Acc want = segtest::fold<Acc>(h.data() + o.shift + o.begin(s), o.size(s), o.stride(), op, tr);
    if constexpr (std::is_floating_point_v<Acc> && std::is_same_v<Op, reduce::sum>) {
      long double abs_sum = 0;
      for (std::uint64_t i = 0; i < o.size(s); ++i)
        abs_sum += std::fabs((long double)tr(h[o.shift + o.begin(s) + i * o.stride()], i));
      ASSERT_LE(std::fabs((long double)got[s] - (long double)want),
                o.size(s) * std::numeric_limits<Acc>::epsilon() * abs_sum)
          << C::name() << " segment " << s;
    } else if constexpr (std::is_floating_point_v<Acc> && std::is_same_v<Op, reduce::product>) {
      ASSERT_NEAR(got[s], want, std::fabs(want) * (o.size(s) + 1) * std::numeric_limits<Acc>::epsilon())
          << C::name() << " segment " << s;
    } else {
      ASSERT_EQ(test::bits_of(got[s]), test::bits_of(want)) << C::name() << " " << Op::name() << " segment " << s;
    }
  }
}

// Every op and type of the one-array API over segments o.
template <class C, class Src>
void every_op_and_type(const Src& o) {
  const std::uint64_t n = o.total();
  check_op<C, int>(o, test::random_vector<int>(n, -1000, 1000, 1), reduce::sum{});
  check_op<C, int>(o, test::random_vector<int>(n, -1000000, 1000000, 2), reduce::min{});
  check_op<C, std::uint64_t>(o, test::random_bits<std::uint64_t>(n, 3), reduce::max{});
  check_op<C, std::uint64_t>(o, test::random_bits<std::uint64_t>(n, 4), reduce::bit_xor{});
  check_op<C, std::uint32_t>(o, test::random_bits<std::uint32_t>(n, 5), reduce::bit_or{});
  check_op<C, std::uint32_t>(o, test::random_bits<std::uint32_t>(n, 6), reduce::bit_and{});
  check_op<C, float>(o, test::random_vector<float>(n, -1, 1, 7), reduce::sum{});
  check_op<C, double>(o, test::random_vector<double>(n, -1, 1, 8), reduce::sum{});
  check_op<C, double>(o, test::random_vector<float>(n, -1, 1, 9), reduce::sum{});  // float into double
  check_op<C, float>(o, test::random_vector<float>(n, 0.999, 1.001, 10), reduce::product{});
  check_op<C, double>(o, test::random_vector<double>(n, -5, 5, 11), reduce::max{});
  check_op<C, long long>(o, test::random_vector<std::int8_t>(n, -128, 127, 12), reduce::sum{});  // int8 into int64
  // A compensated float sum per segment: within u |s| + 4 n u^2 sum|x| of the exact sum (u = 2^-24), far inside a plain
  // float sum's bound; checked against a long double sum.
  {
    const auto h = test::random_vector<float>(n, -1, 1, 16);
    test::device_buffer<float> d(h.size());
    const auto got = segtest::run<C, reduce::compensated<float>>(segtest::to_device(d, h) + o.shift, o.segs(),
                                                                 o.count(), no_transform{}, reduce::sum{});
    const long double u = std::ldexp(1.0L, -24);
    for (std::uint64_t s = 0; s < o.count(); ++s) {
      long double exact = 0, abs_sum = 0;
      const float* x = h.data() + o.shift + o.begin(s);
      for (std::uint64_t i = 0; i < o.size(s); ++i) exact += x[i * o.stride()], abs_sum += std::fabs(x[i * o.stride()]);
      ASSERT_LE(std::fabs((long double)got[s].value() - exact), u * std::fabs(exact) + 4 * o.size(s) * u * u * abs_sum)
          << C::name() << " compensated, segment " << s;
    }
  }
  // A binned float sum per segment (binned.cuh): the host's binned sum of the segment, bit for bit, whatever order the
  // mapping adds the elements in.
  {
    auto h = test::random_vector<float>(n, -1, 1, 17);
    for (std::size_t j = 0; j < h.size(); ++j) h[j] = std::ldexp(h[j], int(j % 40) - 20);  // 40 binades
    test::device_buffer<float> d(h.size());
    const auto got = segtest::run<C, reduce::binned<float>>(segtest::to_device(d, h) + o.shift, o.segs(), o.count(),
                                                            no_transform{}, reduce::sum{});
    for (std::uint64_t s = 0; s < o.count(); ++s) {
      reduce::binned<float> want;
      const float* x = h.data() + o.shift + o.begin(s);
      for (std::uint64_t i = 0; i < o.size(s); ++i) want.add(x[i * o.stride()]);
      ASSERT_EQ(test::bits_of(got[s].value()), test::bits_of(want.value())) << C::name() << " binned, segment " << s;
    }
  }
  // A transform (the same functor on the host): the sum of squares in double.
  check_op<C, double>(o, test::random_vector<float>(n, -2, 2, 13), reduce::sum{}, square{}, square{});
}

// Argmin and argmax (first occurrence) over segments o, on values with ties everywhere.
template <class C, class Src>
void argmin_argmax(const Src& o) {
  auto h = test::random_vector<float>(o.total(), -3, 3, 14);
  for (auto& x : h) x = std::round(x);  // ties everywhere: the first occurrence must win
  test::device_buffer<float> d(h.size());
  segtest::to_device(d, h);
  for (bool greater : {false, true}) {
    const auto got = segtest::run_arg<C>(d.base + o.shift, o.segs(), o.count(), greater);
    for (std::uint64_t s = 0; s < o.count(); ++s) {
      const float* x = h.data() + o.shift + o.begin(s);
      const std::uint64_t want = segtest::first_extreme(x, o.size(s), o.stride(), greater);
      ASSERT_EQ(got[s].index, want) << C::name() << (greater ? " argmax" : " argmin") << " segment " << s;
      if (want != reduce::no_index) ASSERT_EQ(got[s].value, x[want * o.stride()]);
    }
  }
}

}  // namespace segtest
