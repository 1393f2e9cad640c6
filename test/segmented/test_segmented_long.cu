// Long segments: by_length's paths (huge segments among tiny ones, more long segments than its scratch holds, calls
// back to back and in a graph) and parts_per_segment (a few long segments split into parts), on the default and on
// other Loads, BlockFinishes and block sizes.
#include <set>

#include "seg_common.cuh"

namespace {

namespace p = reduce::policy;
using reduce::detail::no_transform;

// by_length on the default and on its other Loads, BlockFinishes and block sizes.
using by_length_configs = ::testing::Types<reduce::default_segmented_config,
                                           p::segmented_config<p::by_length, p::scalar<1>, p::tree<p::sequential>, 128>,
                                           p::segmented_config<p::by_length, p::scalar<4>, p::unrolled, 512>,
                                           p::segmented_config<p::by_length, p::vector<1>, p::shuffle, 256>>;
template <class C>
class ByLength : public ::testing::Test {};
TYPED_TEST_SUITE(ByLength, by_length_configs, test::config_name);
using by_length_map = reduce::detail::segment_map<p::by_length>;

// Offsets (64-bit) of the given lengths, each at an odd gap from the last (or, every 7th empty one, end < begin), or
// laid end to end (CSR), on the device.
struct lengths_on_device {
  std::vector<long long> b, e;
  std::uint64_t total = 0;
  test::device_buffer<long long> db, de;
  explicit lengths_on_device(const std::vector<std::uint64_t>& len, bool csr = false) : db(len.size()), de(len.size()) {
    std::uint64_t at = csr ? 3 : 0;
    for (std::size_t s = 0; s < len.size(); ++s) {
      at += csr ? 0 : 1 + 2 * (s % 3);
      if (len[s] == 0 && s % 7 == 0 && !csr)
        b.push_back(at + 3), e.push_back(at);
      else
        b.push_back(at), e.push_back(at + len[s]);
      at += len[s];
    }
    total = at + 8;
    segtest::to_device(db, b);
    segtest::to_device(de, e);
  }
  auto segs() const { return reduce::segments::offsets(db.base, de.base, b.size()); }
  std::uint64_t size(std::size_t s) const { return e[s] > b[s] ? e[s] - b[s] : 0; }
};

// Signs by index: a transform whose result depends on each element's index within its segment.
struct signed_by_index {
  __host__ __device__ float operator()(float x, std::uint64_t i) const { return i % 3 == 1 ? -x : x; }
};

TYPED_TEST(ByLength, HugeSegmentsAmongTinyOnes) {
  REQUIRE_GPU();
  using C = TypeParam;
  // Tiny and empty segments, some of 500 to 3500 elements (the whole-warp walk up to long_size, the long pass past
  // it), some just past long_size, and three huge ones (every part of the long pass), each of an odd length at an odd
  // offset.
  const std::uint64_t count = test::small_only() ? 10000 : 100000;
  const std::uint64_t huge = (test::small_only() ? std::uint64_t(1) << 16 : std::uint64_t(1) << 21) + 3;
  std::vector<std::uint64_t> len(count);
  std::mt19937_64 rng(21);
  for (std::uint64_t s = 0; s < count; ++s) len[s] = s % 997 == 5 ? 500 + rng() % 3000 : rng() % 5;
  for (std::uint64_t s : {std::uint64_t(17), count / 3, count / 2 + 1}) len[s] = by_length_map::long_size + 1 + s % 50;
  const std::vector<std::uint64_t> at = {3, count / 2, count - 1};
  for (std::size_t h = 0; h < at.size(); ++h) len[at[h]] = huge + 2 * h;
  const lengths_on_device o(len);
  auto ints = test::random_vector<int>(o.total, -1, 1, 22);
  std::vector<float> h(ints.begin(), ints.end());
  // Plant in each huge segment a 5 and a -5 well past its first part, each twice: argmax/argmin must find the first.
  for (std::size_t k = 0; k < at.size(); ++k) {
    const std::uint64_t b = o.b[at[k]], n = o.size(at[k]);
    h[b + n / 2 + 7] = h[b + n - 3] = 5.f;
    h[b + n / 3 + 1] = h[b + n - 2] = -5.f;
  }
  test::device_buffer<float> d(h.size());
  segtest::to_device(d, h);
  const auto expect_folds = [&](const auto& got, auto op, auto tr, const char* what) {
    using Acc = typename std::decay_t<decltype(got)>::value_type;
    for (std::uint64_t s = 0; s < count; ++s)
      ASSERT_EQ(got[s], (segtest::fold<Acc>(h.data() + o.b[s], o.size(s), 1, op, tr)))
          << C::name() << " " << what << ": segment " << s << " (" << o.size(s) << " elements)";
  };
  // Sums of -1, 0 and 1 are exact in any order; min and max too.
  expect_folds(segtest::run<C, float>(d.base, o.segs(), count, no_transform{}, reduce::sum{}), reduce::sum{},
               segtest::identity_transform{}, "sum");
  expect_folds(segtest::run<C, float>(d.base, o.segs(), count, no_transform{}, reduce::max{}), reduce::max{},
               segtest::identity_transform{}, "max");
  expect_folds(segtest::run<C, float>(d.base, o.segs(), count, signed_by_index{}, reduce::sum{}), reduce::sum{},
               signed_by_index{}, "sum with an index transform");
  {
    const auto iv = test::random_vector<int>(o.total, -100, 100, 23);
    test::device_buffer<int> di(iv.size());
    const auto got = segtest::run<C, int>(segtest::to_device(di, iv), o.segs(), count, no_transform{}, reduce::sum{});
    for (std::uint64_t s = 0; s < count; ++s)
      ASSERT_EQ(got[s],
                (segtest::fold<int>(iv.data() + o.b[s], o.size(s), 1, reduce::sum{}, segtest::identity_transform{})))
          << C::name() << " int sum: segment " << s;
  }
  for (bool greater : {false, true}) {
    const auto got = segtest::run_arg<C>(d.base, o.segs(), count, greater);
    for (std::uint64_t s = 0; s < count; ++s)
      ASSERT_EQ(got[s].index, segtest::first_extreme(h.data() + o.b[s], o.size(s), 1, greater))
          << C::name() << (greater ? " argmax" : " argmin") << " segment " << s;
    for (std::size_t k = 0; k < at.size(); ++k)
      EXPECT_EQ(got[at[k]].index, greater ? o.size(at[k]) / 2 + 7 : o.size(at[k]) / 3 + 1) << C::name();
  }
  // Rounded float data: the same bits on every run.
  const auto noisy = test::random_vector<float>(o.total, -1, 1, 24);
  segtest::to_device(d, noisy);
  const auto first = segtest::run<C, float>(d.base, o.segs(), count, no_transform{}, reduce::sum{});
  const auto second = segtest::run<C, float>(d.base, o.segs(), count, no_transform{}, reduce::sum{});
  for (std::uint64_t s = 0; s < count; ++s)
    ASSERT_EQ(test::bits_of(first[s]), test::bits_of(second[s])) << C::name() << " segment " << s;
}

// Every shape of the warp pass's step (two batches of 32 segments, one of 32, 16, 8, 4 or 2, one segment a warp: the
// count picks it), over runs of 256 segments of at most 2 elements, of at most 8 (tiny steps for K = 1 and for K >= 4:
// each lane folds its own) and of at most 16 between runs that mix them with longer ones (the grouped, whole-warp and
// long paths), with gaps between segments and laid end to end (CSR): sums exact, an index transform, argmin/argmax's
// first occurrence, the same bits on every run.
TYPED_TEST(ByLength, EveryWarpStep) {
  REQUIRE_GPU();
  using C = TypeParam;
  const std::vector<std::uint64_t> counts =
      test::small_only() ? std::vector<std::uint64_t>{(1u << 20) + 37, 100003, 3001}
                         : std::vector<std::uint64_t>{(1u << 20) + 37, 600000, 300001, 150001, 100003, 40001, 3001};
  std::set<std::pair<unsigned, unsigned>> shapes;
  for (std::uint64_t count : counts)
    for (bool csr : {false, true}) {
      const reduce::detail::warp_step ws = reduce::detail::warp_step_for(count);
      shapes.insert({ws.batches, ws.width});
      SCOPED_TRACE(std::to_string(count) + " segments, steps of " + std::to_string(ws.batches) + " x " +
                   std::to_string(ws.width) + (csr ? ", laid end to end" : ", with gaps"));
      std::vector<std::uint64_t> len(count);
      std::mt19937_64 rng(count);
      for (std::uint64_t s = 0; s < count; ++s) {
        const std::uint64_t run = (s / 256) % 5;
        len[s] = run == 0                ? rng() % 3
                 : run == 4              ? rng() % 17
                 : run == 2 || rng() % 4 ? rng() % 9
                 : rng() % 64 == 0       ? 2000 + rng() % 3000
                                         : 9 + rng() % 300;
      }
      const lengths_on_device o(len, csr);
      const auto ints = test::random_vector<int>(o.total, -3, 3, count + 1);
      const std::vector<float> h(ints.begin(), ints.end());
      test::device_buffer<float> d(h.size());
      test::device_buffer<int> di(ints.size());
      segtest::to_device(d, h);
      const auto sums = segtest::run<C, float>(d.base, o.segs(), count, signed_by_index{}, reduce::sum{});
      const auto again = segtest::run<C, float>(d.base, o.segs(), count, signed_by_index{}, reduce::sum{});
      const auto isums =
          segtest::run<C, int>(segtest::to_device(di, ints), o.segs(), count, no_transform{}, reduce::sum{});
      const auto lo = segtest::run_arg<C>(d.base, o.segs(), count, false);
      const auto hi = segtest::run_arg<C>(d.base, o.segs(), count, true);
      for (std::uint64_t s = 0; s < count; ++s) {
        const float* x = h.data() + o.b[s];
        const std::uint64_t n = o.size(s);
        ASSERT_EQ(sums[s], (segtest::fold<float>(x, n, 1, reduce::sum{}, signed_by_index{}))) << C::name() << " " << s;
        ASSERT_EQ(test::bits_of(sums[s]), test::bits_of(again[s])) << C::name() << " segment " << s;
        ASSERT_EQ(isums[s],
                  (segtest::fold<int>(ints.data() + o.b[s], n, 1, reduce::sum{}, segtest::identity_transform{})))
            << C::name() << " int: segment " << s;
        ASSERT_EQ(lo[s].index, segtest::first_extreme(x, n, 1, false)) << C::name() << " argmin: segment " << s;
        ASSERT_EQ(hi[s].index, segtest::first_extreme(x, n, 1, true)) << C::name() << " argmax: segment " << s;
      }
    }
  EXPECT_EQ(shapes.size(), counts.size()) << "each count should give a step shape of its own";
}

// More long segments than the slots hold, as one-part segments and as segments of most of max_parts parts: the
// surplus is walked by whole warps in the first pass. Segments overlap (one small input, read from L2), sums checked
// exactly through prefix sums.
TYPED_TEST(ByLength, MoreLongSegmentsThanTheScratchHolds) {
  REQUIRE_GPU();
  if (test::small_only()) GTEST_SKIP() << "the scratch's capacity needs about 10^10 element reads";
  using C = TypeParam;
  const std::uint64_t T = by_length_map::long_size, P = by_length_map::part_size,
                      widest = P * by_length_map::max_parts + 1;
  struct layout_case {
    std::uint64_t long_count, long_min, long_spread;
  };
  for (layout_case c : {layout_case{by_length_map::max_slots + 300, T + 1, 3000},
                        layout_case{by_length_map::max_slots / by_length_map::max_parts + 20, widest, 1000}}) {
    std::vector<long long> b, e;
    for (std::uint64_t s = 0; s < c.long_count; ++s) {
      // Every 50th of 4 parts: a segment's parts then straddle the end of the slots.
      const long long at = (s * 37) % 5000, n = s % 50 == 1 ? 3 * P + 1 : c.long_min + (s * 13) % c.long_spread;
      b.push_back(at), e.push_back(at + n);
      if (s % 4 == 0) b.push_back(at + 1), e.push_back(at + 1 + s % 9);  // tiny ones between
    }
    const std::uint64_t count = b.size(), n = *std::max_element(e.begin(), e.end()) + 16;
    const auto ints = test::random_vector<int>(n, -1, 1, 25);
    std::vector<long long> prefix(n + 1, 0);
    for (std::uint64_t i = 0; i < n; ++i) prefix[i + 1] = prefix[i] + ints[i];
    const std::vector<float> hf(ints.begin(), ints.end());
    test::device_buffer<float> df(n);
    test::device_buffer<int> di(n);
    test::device_buffer<long long> db(count), de(count);
    const auto segs = reduce::segments::offsets(segtest::to_device(db, b), segtest::to_device(de, e), count);
    const auto f1 = segtest::run<C, float>(segtest::to_device(df, hf), segs, count, no_transform{}, reduce::sum{});
    const auto f2 = segtest::run<C, float>(df.base, segs, count, no_transform{}, reduce::sum{});
    const auto i1 = segtest::run<C, int>(segtest::to_device(di, ints), segs, count, no_transform{}, reduce::sum{});
    for (std::uint64_t s = 0; s < count; ++s) {
      const long long want = prefix[e[s]] - prefix[b[s]];
      ASSERT_EQ(f1[s], float(want)) << C::name() << " float: segment " << s << " of " << count;
      ASSERT_EQ(test::bits_of(f1[s]), test::bits_of(f2[s])) << C::name() << " segment " << s;
      ASSERT_EQ(i1[s], want) << C::name() << " int: segment " << s << " of " << count;
    }
  }
}

// Calls that follow one another on a stream with no synchronisation between them, sharing one temporary storage (each
// call's counters are zeroed behind the last call's long pass), and the same calls captured in a CUDA graph and
// launched twice, the input changed between the launches: each result exact.
TYPED_TEST(ByLength, BackToBackOnAStreamAndInAGraph) {
  REQUIRE_GPU();
  using C = TypeParam;
  const std::uint64_t count = 3000, P = by_length_map::part_size;
  std::vector<std::uint64_t> len(count);
  for (std::uint64_t s = 0; s < count; ++s) len[s] = s % 500 == 7 ? 3 * P + s % 97 : s % 40 == 3 ? 5000 : s % 9;
  const lengths_on_device o(len);
  std::vector<std::vector<float>> inputs;
  for (int k = 0; k < 3; ++k) {
    const auto ints = test::random_vector<int>(o.total, -8, 8, 40 + k);
    inputs.emplace_back(ints.begin(), ints.end());
  }
  test::device_buffer<float> in0(o.total), in1(o.total), out0(count), out1(count), out2(count);
  segtest::to_device(in0, inputs[0]);
  segtest::to_device(in1, inputs[1]);
  std::size_t bytes = 0;
  ASSERT_EQ(reduce::device_segmented_reduce<C>({nullptr, bytes}, in0.base, out0.base, o.segs()), cudaSuccess);
  test::device_buffer<char> temp(bytes);
  CUDA_OK(cudaDeviceSynchronize());  // the uploads above ran on the legacy stream, which `stream` does not wait for
  cudaStream_t stream = nullptr;
  CUDA_OK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  const auto calls = [&] {  // in0 -> out0, in1 -> out1, in0 -> out2, one storage
    EXPECT_EQ(
        reduce::device_segmented_reduce<C>({temp.base, bytes}, in0.base, out0.base, o.segs(), reduce::sum{}, stream),
        cudaSuccess);
    EXPECT_EQ(
        reduce::device_segmented_reduce<C>({temp.base, bytes}, in1.base, out1.base, o.segs(), reduce::sum{}, stream),
        cudaSuccess);
    EXPECT_EQ(
        reduce::device_segmented_reduce<C>({temp.base, bytes}, in0.base, out2.base, o.segs(), reduce::sum{}, stream),
        cudaSuccess);
  };
  const auto expect = [&](const test::device_buffer<float>& out, const std::vector<float>& h, const char* what) {
    std::vector<float> got(count);
    CUDA_OK(cudaMemcpy(got.data(), out.base, count * sizeof(float), cudaMemcpyDeviceToHost));
    for (std::uint64_t s = 0; s < count; ++s)
      ASSERT_EQ(got[s],
                (segtest::fold<float>(h.data() + o.b[s], o.size(s), 1, reduce::sum{}, segtest::identity_transform{})))
          << C::name() << " " << what << ": segment " << s << " (" << o.size(s) << " elements)";
  };
  calls();
  CUDA_OK(cudaStreamSynchronize(stream));
  expect(out0, inputs[0], "first call");
  expect(out1, inputs[1], "second call");
  expect(out2, inputs[0], "third call");
  cudaGraph_t graph = nullptr;
  cudaGraphExec_t exec = nullptr;
  CUDA_OK(cudaStreamBeginCapture(stream, cudaStreamCaptureModeGlobal));
  calls();
  CUDA_OK(cudaStreamEndCapture(stream, &graph));
  CUDA_OK(cudaGraphInstantiate(&exec, graph, 0));
  for (int launch = 0; launch < 2; ++launch) {
    if (launch == 1)
      CUDA_OK(cudaMemcpyAsync(in0.base, inputs[2].data(), o.total * sizeof(float), cudaMemcpyHostToDevice, stream));
    for (float* out : {out0.base, out1.base, out2.base})
      CUDA_OK(cudaMemsetAsync(out, 0xA5, count * sizeof(float), stream));
    CUDA_OK(cudaGraphLaunch(exec, stream));
    CUDA_OK(cudaStreamSynchronize(stream));
    const std::vector<float>& first = launch == 0 ? inputs[0] : inputs[2];
    expect(out0, first, "graph, first call");
    expect(out1, inputs[1], "graph, second call");
    expect(out2, first, "graph, third call");
  }
  CUDA_OK(cudaGraphExecDestroy(exec));
  CUDA_OK(cudaGraphDestroy(graph));
  CUDA_OK(cudaStreamDestroy(stream));
}

// parts_per_segment: a few long segments split into parts (and the default, which splits one size and rows of few
// long segments), on offsets with an empty and a tiny segment among huge ones at odd offsets, one size from a
// misaligned start, and rows with a leading dimension: sums exact, an index transform, argmin's first occurrence
// planted past the first part, and the same bits on every run.
using parts_configs =
    ::testing::Types<reduce::default_segmented_config,
                     p::segmented_config<p::parts_per_segment, p::scalar<1>, p::tree<p::sequential>, 128>,
                     p::segmented_config<p::parts_per_segment, p::vector<1>, p::unrolled, 512>,
                     p::segmented_config<p::parts_per_segment, p::vector<4>, p::shuffle, 256>>;
template <class C>
class Parts : public ::testing::Test {};
TYPED_TEST_SUITE(Parts, parts_configs, test::config_name);

template <class C, class Segs>
void expect_parts(const std::vector<float>& h, const float* d, Segs segs, std::uint64_t count,
                  const std::vector<std::uint64_t>& begin, const std::vector<std::uint64_t>& size, const char* what) {
  const auto got = segtest::run<C, float>(d, segs, count, no_transform{}, reduce::sum{});
  const auto signed_sums = segtest::run<C, float>(d, segs, count, signed_by_index{}, reduce::sum{});
  const auto again = segtest::run<C, float>(d, segs, count, signed_by_index{}, reduce::sum{});
  const auto w = segtest::run_arg<C>(d, segs, count, false);
  for (std::uint64_t s = 0; s < count; ++s) {
    const float* x = h.data() + begin[s];
    ASSERT_EQ(got[s], (segtest::fold<float>(x, size[s], 1, reduce::sum{}, segtest::identity_transform{})))
        << C::name() << " " << what << " sum: segment " << s;
    ASSERT_EQ(signed_sums[s], (segtest::fold<float>(x, size[s], 1, reduce::sum{}, signed_by_index{})))
        << C::name() << " " << what << " index transform: segment " << s;
    ASSERT_EQ(test::bits_of(signed_sums[s]), test::bits_of(again[s])) << C::name() << " " << what << " bits";
    ASSERT_EQ(w[s].index, segtest::first_extreme(x, size[s], 1, false))
        << C::name() << " " << what << " argmin: segment " << s;
  }
}

TYPED_TEST(Parts, FewLongSegments) {
  REQUIRE_GPU();
  using C = TypeParam;
  const std::uint64_t big = (test::small_only() ? std::uint64_t(1) << 17 : std::uint64_t(1) << 21) + 5;
  const std::uint64_t n = 5 * big + 64;
  auto ints = test::random_vector<int>(n, -1, 1, 31);
  std::vector<float> h(ints.begin(), ints.end());
  for (std::uint64_t k = 0; k < 4; ++k) h[1 + k * big + big / 2 + 3 * k] = h[1 + k * big + big - 2] = -7.f;  // planted
  test::device_buffer<float> d(n);
  segtest::to_device(d, h);
  {  // offsets: three huge segments, an empty one (end < begin) and one of 3 elements
    const long long B = static_cast<long long>(big);
    const std::vector<long long> b = {1, B + 1, 9, 2 * B + 3, 3 * B + 1},
                                 e = {B + 1, 2 * B + 1, 4, 2 * B + 6, 4 * B + 1};
    test::device_buffer<long long> db(b.size()), de(e.size());
    std::vector<std::uint64_t> begin, size;
    for (std::size_t s = 0; s < b.size(); ++s) begin.push_back(b[s]), size.push_back(e[s] > b[s] ? e[s] - b[s] : 0);
    expect_parts<C>(h, d.base, reduce::segments::offsets(segtest::to_device(db, b), segtest::to_device(de, e), 5), 5,
                    begin, size, "offsets");
  }
  // One size from a misaligned start, and rows of big - 9 columns with a leading dimension of big.
  const std::vector<float> shifted(h.begin() + 1, h.end());
  const std::vector<std::uint64_t> starts = {0, big, 2 * big, 3 * big};
  expect_parts<C>(shifted, d.base + 1, reduce::segments::fixed(4, big), 4, starts, {big, big, big, big}, "fixed");
  expect_parts<C>(shifted, d.base + 1, reduce::segments::rows(4, big - 9, big), 4, starts,
                  {big - 9, big - 9, big - 9, big - 9}, "rows");
}

}  // namespace
