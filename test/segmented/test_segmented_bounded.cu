// Offsets with a bound on the lengths (reduce::segments::offsets(..., max_length)): every row of the default's bound
// table over lengths up to the bound (empty ones among them, misaligned starts, gaps, 32- and 64-bit offsets), a
// bound below the real lengths (still right), a named config beside a bound, bits per run, a workspace and the
// one-call form, and bad input.
#include "seg_ops.cuh"

namespace {

namespace p = reduce::policy;
using reduce::detail::no_transform;
using tuned = reduce::default_segmented_config;

// count segments of lengths 0..longest (a third of them exactly longest), laid with gaps of 0-2 elements from element
// 3, some empty ones with end < begin; the call passes `bound` (which may be less than longest) as max_length.
template <class O>
struct bounded_on_device {
  segtest::layout l;
  std::uint64_t bound;
  test::device_buffer<O> b, e;
  static segtest::layout make(std::uint64_t count, std::uint64_t longest, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    segtest::layout l;
    std::uint64_t at = 3;
    for (std::uint64_t s = 0; s < count; ++s) {
      const std::uint64_t len = rng() % 3 == 0 ? longest : rng() % (longest + 1);
      at += rng() % 3;
      if (len == 0 && rng() % 2)
        l.begin.push_back(at + 2), l.end.push_back(at);
      else
        l.begin.push_back(at), l.end.push_back(at + len);
      at += len;
    }
    l.total = at + 8;
    return l;
  }
  bounded_on_device(std::uint64_t count, std::uint64_t longest, std::uint64_t bound_, std::uint64_t seed)
      : l(make(test::small_only() ? count / 10 : count, longest, seed)),
        bound(bound_),
        b(l.begin.size()),
        e(l.end.size()) {
    segtest::to_device(b, std::vector<O>(l.begin.begin(), l.begin.end()));
    segtest::to_device(e, std::vector<O>(l.end.begin(), l.end.end()));
  }
  auto segs() const { return reduce::segments::offsets(b.base, e.base, l.begin.size(), bound); }
  std::uint64_t count() const { return l.begin.size(); }
  static constexpr std::uint64_t shift = 0;
  std::uint64_t total() const { return l.total; }
  std::uint64_t begin(std::uint64_t s) const { return l.begin[s]; }
  std::uint64_t size(std::uint64_t s) const { return l.end[s] > l.begin[s] ? l.end[s] - l.begin[s] : 0; }
  std::uint64_t stride() const { return 1; }
};

// A bound for each row of the table (in floats: 4, 8, 16, ... 8192 bytes) and one past it (by_length): exact integer
// sums, float sums against a long double fold, double sums (8-byte elements: the row of their bytes), argmin and
// argmax, and the same bits on a second run.
TEST(SegmentedBounded, EveryRowOfTheTable) {
  REQUIRE_GPU();
  for (std::uint64_t bound : {1, 2, 3, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 5000}) {
    SCOPED_TRACE("bound " + std::to_string(bound));
    const std::uint64_t count = std::min<std::uint64_t>(3000, 300000 / bound + 200);
    const bounded_on_device<int> o(count, bound, bound, bound + 1);
    segtest::check_op<tuned, int>(o, test::random_vector<int>(o.total(), -1000, 1000, 1), reduce::sum{});
    segtest::check_op<tuned, float>(o, test::random_vector<float>(o.total(), -1, 1, 2), reduce::sum{});
    segtest::check_op<tuned, double>(o, test::random_vector<double>(o.total(), -1, 1, 3), reduce::sum{});
    segtest::argmin_argmax<tuned>(o);
    const auto h = test::random_vector<float>(o.total(), -1, 1, 4);
    test::device_buffer<float> d(h.size());
    segtest::to_device(d, h);
    const auto first = segtest::run<tuned, float>(d.base, o.segs(), o.count(), no_transform{}, reduce::sum{});
    const auto second = segtest::run<tuned, float>(d.base, o.segs(), o.count(), no_transform{}, reduce::sum{});
    for (std::uint64_t s = 0; s < o.count(); ++s)
      ASSERT_EQ(test::bits_of(first[s]), test::bits_of(second[s])) << "segment " << s;
  }
}

// The bound is the caller's promise; one that is broken costs speed, not the result: segments up to 40 times the
// bound (and, from a bound of 16, up to 5000 elements, 64-bit offsets) are reduced right.
TEST(SegmentedBounded, SegmentsLongerThanTheBoundStillRight) {
  REQUIRE_GPU();
  const bounded_on_device<int> short_bound(2000, 40, 1, 7);
  segtest::check_op<tuned, int>(short_bound, test::random_vector<int>(short_bound.total(), -1000, 1000, 5),
                                reduce::sum{});
  const bounded_on_device<long long> o(1000, 5000, 16, 8);
  segtest::check_op<tuned, int>(o, test::random_vector<int>(o.total(), -1000, 1000, 6), reduce::sum{});
  segtest::check_op<tuned, float>(o, test::random_vector<float>(o.total(), -1, 1, 9), reduce::sum{});
  // The lane groups' rows (two lanes of scalars or of vectors, four, eight, sixteen, a warp) under bounds 40 times
  // too small.
  for (std::uint64_t bound : {8, 64, 128, 256, 512, 1024}) {
    SCOPED_TRACE("bound " + std::to_string(bound) + ", lengths up to 40 times it");
    const bounded_on_device<int> lanes(600, 40 * bound, bound, bound + 9);
    segtest::check_op<tuned, int>(lanes, test::random_vector<int>(lanes.total(), -1000, 1000, 12), reduce::sum{});
    segtest::argmin_argmax<tuned>(lanes);
  }
}

// The bound through a workspace and through the one-call form: the same bits as the two-phase call.
TEST(SegmentedBounded, OnAWorkspaceAndInOneCall) {
  REQUIRE_GPU();
  for (std::uint64_t bound : {4, 64, 1024, 20000}) {
    SCOPED_TRACE("bound " + std::to_string(bound));
    const bounded_on_device<int> o(2000, bound, bound, bound + 3);
    const auto h = test::random_vector<float>(o.total(), -1, 1, 13);
    test::device_buffer<float> d(h.size());
    segtest::to_device(d, h);
    const auto two_phase = segtest::run<tuned, float>(d.base, o.segs(), o.count(), no_transform{}, reduce::sum{});
    reduce::workspace ws;
    reduce::status st;
    const auto on_ws = segtest::run<tuned, float>(d.base, o.segs(), o.count(), no_transform{}, reduce::sum{}, &st, &ws);
    EXPECT_FALSE(st) << (st.message ? st.message : "");
    test::device_buffer<float> out(o.count());
    reduce::segmented_reduce(d.base, out.base, o.segs());
    std::vector<float> one_call(o.count());
    CUDA_OK(cudaMemcpy(one_call.data(), out.base, o.count() * sizeof(float), cudaMemcpyDeviceToHost));
    for (std::uint64_t s = 0; s < o.count(); ++s) {
      ASSERT_EQ(test::bits_of(two_phase[s]), test::bits_of(on_ws[s])) << "workspace: segment " << s;
      ASSERT_EQ(test::bits_of(two_phase[s]), test::bits_of(one_call[s])) << "one call: segment " << s;
    }
  }
}

// A named config runs as named; the bound is for the default.
TEST(SegmentedBounded, ANamedConfigRunsAsNamed) {
  REQUIRE_GPU();
  const bounded_on_device<int> o(2000, 300, 300, 10);
  using C = p::segmented_config<p::warp_per_segment, p::scalar<4>, p::shuffle, 256>;
  segtest::check_op<C, int>(o, test::random_vector<int>(o.total(), -1000, 1000, 11), reduce::sum{});
}

// Bad input with a bound: refused with the same messages, nothing written.
TEST(SegmentedBounded, BadInputRefusedNothingWritten) {
  REQUIRE_GPU();
  test::device_buffer<float> in(1000), out(100);
  test::device_buffer<int> off(11);
  CUDA_OK(cudaMemset(in.base, 0, 1000 * sizeof(float)));
  CUDA_OK(cudaMemset(out.base, 0xA5, 100 * sizeof(float)));
  CUDA_OK(cudaMemset(off.base, 0, 11 * sizeof(int)));
  using reduce::segments::offsets;
  std::size_t bytes = 1 << 20;
  test::device_buffer<char> temp(bytes);
  auto refused = [&](auto segs, float* o, const char* why) {
    const reduce::status s = reduce::device_segmented_reduce({temp.base, bytes}, in.base, o, segs);
    EXPECT_EQ(s.code, cudaErrorInvalidValue);
    ASSERT_NE(s.message, nullptr);
    EXPECT_NE(std::string(s.message).find(why), std::string::npos) << s.message;
  };
  refused(offsets(static_cast<const int*>(nullptr), off.base + 1, 10, 4), out.base, "offsets pointer is null");
  refused(offsets(off.base, off.base + 1, 200, 4), out.base, "past their allocation");
  refused(offsets(off.base, off.base + 1, 10, 100000), nullptr, "output pointer is null");
  refused(offsets(off.base, off.base + 1, 1000, 1), out.base, "one result per segment");
  CUDA_OK(cudaDeviceSynchronize());
  std::vector<unsigned> got(100);
  CUDA_OK(cudaMemcpy(got.data(), out.base, 100 * sizeof(float), cudaMemcpyDeviceToHost));
  for (unsigned w : got) ASSERT_EQ(w, 0xA5A5A5A5u) << "a refused call wrote its output";
}

}  // namespace
