// Segmented calls over input iterators (segment/entry.cuh: unread elements whose transform reads the iterator from
// each segment's start, under block_per_segment): thrust's counting, transform, zip and permutation iterators, on CSR
// offsets with empty segments, bounded offsets, dense and padded rows; with an initial value (an op with and without an
// identity), a positional transform (its index is the element's within its segment, as for an input in memory), an
// output iterator and the argmin family; and CUB's DeviceSegmentedReduce on the same counting iterator. Each against
// a host reference, exactly (integers).
#include <gtest/gtest.h>
#include <thrust/device_vector.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/permutation_iterator.h>
#include <thrust/iterator/transform_iterator.h>
#include <thrust/iterator/transform_output_iterator.h>
#include <thrust/iterator/zip_iterator.h>

#include <cub/device/device_segmented_reduce.cuh>
#include <reduce/cub_segmented.cuh>

#include "seg_common.cuh"

namespace {

struct square {
  __host__ __device__ long long operator()(int x) const { return (long long)x * x; }
};
struct product {  // a zip iterator's pair, multiplied: a dot product per segment
  __host__ __device__ long long operator()(const thrust::tuple<int, int>& t) const {
    return (long long)thrust::get<0>(t) * thrust::get<1>(t);
  }
};
struct by_position {  // a positional transform: x times its index in its segment, mod 5
  __host__ __device__ long long operator()(long long x, std::uint64_t i) const { return x * (long long)(i % 5); }
};
struct CustomMin {  // no identity
  template <class T>
  __device__ T operator()(const T& a, const T& b) const {
    return (b < a) ? b : a;
  }
};
struct negate {
  __host__ __device__ long long operator()(long long x) const { return -x; }
};

TEST(SegmentedIterators, ThrustInputsOnEveryKindOfSegments) {
  REQUIRE_GPU();
  const int count = test::small_only() ? 40 : 2000;
  const std::vector<int> off = segtest::csr(count, 5);
  const std::size_t n = std::size_t(off.back());
  const auto a = test::random_vector<int>(n, -1000, 1000, 1), b = test::random_vector<int>(n, -1000, 1000, 2);
  std::vector<int> perm(n);
  std::mt19937 rng(3);
  for (std::size_t i = 0; i < n; ++i) perm[i] = int(rng() % n);
  thrust::device_vector<int> da(a.begin(), a.end()), db(b.begin(), b.end()), dperm(perm.begin(), perm.end());
  thrust::device_vector<int> d_off(off.begin(), off.end());
  const int* o = thrust::raw_pointer_cast(d_off.data());
  const int size = 77, segments = int(n / size), columns = 50, ld = 64, rows = int(n / ld);
  thrust::device_vector<long long> out(std::max({count, segments, rows}));
  reduce::workspace ws;
  // value(i): the iterator's element i on the host; segment s of the call: [begin(s), end(s)).
  const auto expect = [&](auto value, auto begin, auto end, int segments, const char* what) {
    ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
    for (int s = 0; s < segments; ++s) {
      long long want = 0;
      for (std::int64_t i = begin(s); i < end(s); ++i) want += value(i);
      ASSERT_EQ((long long)out[s], want) << what << " segment " << s;
    }
  };
  const auto csr_begin = [&](int s) { return std::int64_t(off[s]); };
  const auto csr_end = [&](int s) { return std::int64_t(off[s + 1]); };
  const auto segs = reduce::segments::offsets(o, o + 1, count);

  const auto counting = thrust::counting_iterator<long long>(-5000);
  ASSERT_EQ(reduce::device_segmented_reduce(ws, counting, out.begin(), segs, reduce::sum{}), cudaSuccess);
  expect([](std::int64_t i) { return i - 5000; }, csr_begin, csr_end, count, "counting, offsets");

  const auto squares = thrust::make_transform_iterator(da.begin(), square{});
  ASSERT_EQ(reduce::device_segmented_reduce(ws, squares, out.begin(), segs, reduce::sum{}), cudaSuccess);
  expect([&](std::int64_t i) { return (long long)a[i] * a[i]; }, csr_begin, csr_end, count, "transform, offsets");

  const auto terms =
      thrust::make_transform_iterator(thrust::make_zip_iterator(thrust::make_tuple(da.begin(), db.begin())), product{});
  ASSERT_EQ(reduce::device_segmented_reduce(ws, terms, out.begin(), segs, reduce::sum{}), cudaSuccess);
  expect([&](std::int64_t i) { return (long long)a[i] * b[i]; }, csr_begin, csr_end, count, "zip dot, offsets");

  const auto permuted = thrust::make_permutation_iterator(da.begin(), dperm.begin());
  ASSERT_EQ(reduce::device_segmented_reduce(ws, permuted, out.begin(),
                                            reduce::segments::offsets(o, o + 1, count, 10000), reduce::sum{}),
            cudaSuccess);
  expect([&](std::int64_t i) { return (long long)a[perm[i]]; }, csr_begin, csr_end, count,
         "permutation, bounded offsets");

  // One size, and the same layout as dense rows (one size runs as rows over an iterator: segment/entry.cuh).
  const auto one_begin = [&](int s) { return std::int64_t(s) * size; };
  const auto one_end = [&](int s) { return std::int64_t(s + 1) * size; };
  const auto sq = [&](std::int64_t i) { return (long long)a[i] * a[i]; };
  for (int round = 0; round < 3; ++round) {  // the wrong sums seen there varied from run to run
    ASSERT_EQ(cudaMemset(thrust::raw_pointer_cast(out.data()), 0x7f, out.size() * sizeof(long long)), cudaSuccess);
    ASSERT_EQ(reduce::device_segmented_reduce(ws, squares, out.begin(), reduce::segments::fixed(segments, size),
                                              reduce::sum{}),
              cudaSuccess);
    expect(sq, one_begin, one_end, segments, "transform, one size");
  }
  ASSERT_EQ(reduce::device_segmented_reduce(ws, squares, out.begin(), reduce::segments::rows(segments, size, size),
                                            reduce::sum{}),
            cudaSuccess);
  expect(sq, one_begin, one_end, segments, "transform, dense rows");
  ASSERT_EQ(reduce::device_segmented_reduce(ws, counting, out.begin(), reduce::segments::fixed(segments, size),
                                            reduce::sum{}),
            cudaSuccess);
  expect([](std::int64_t i) { return i - 5000; }, one_begin, one_end, segments, "counting, one size");

  ASSERT_EQ(reduce::device_segmented_reduce(ws, counting, out.begin(), reduce::segments::rows(rows, columns, ld),
                                            reduce::sum{}),
            cudaSuccess);
  expect([](std::int64_t i) { return i - 5000; }, [&](int s) { return std::int64_t(s) * ld; },
         [&](int s) { return std::int64_t(s) * ld + columns; }, rows, "counting, rows");
}

TEST(SegmentedIterators, InitialValuesPositionsOutputIteratorsAndArgmin) {
  REQUIRE_GPU();
  const int count = test::small_only() ? 40 : 1500;
  const std::vector<int> off = segtest::csr(count, 9);
  const std::size_t n = std::size_t(off.back());
  const auto a = test::random_vector<int>(n, -1000, 1000, 4);
  thrust::device_vector<int> da(a.begin(), a.end());
  thrust::device_vector<int> d_off(off.begin(), off.end());
  const int* o = thrust::raw_pointer_cast(d_off.data());
  const auto segs = reduce::segments::offsets(o, o + 1, count);
  const auto squares = thrust::make_transform_iterator(da.begin(), square{});
  const auto sq = [&](int i) { return (long long)a[i] * a[i]; };
  thrust::device_vector<long long> out(count);
  reduce::workspace ws;
  const auto check = [&](auto want, const char* what) {
    ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
    for (int s = 0; s < count; ++s) ASSERT_EQ((long long)out[s], want(s)) << what << " segment " << s;
  };

  ASSERT_EQ(reduce::device_segmented_reduce(ws, squares, out.begin(), segs, reduce::with_init(reduce::sum{}, 7LL)),
            cudaSuccess);
  check(
      [&](int s) {
        long long v = 7;
        for (int i = off[s]; i < off[s + 1]; ++i) v += sq(i);
        return v;
      },
      "sum with an initial value");

  // An op without an identity, an initial value, into a transform_output_iterator (CUB's empty segment: init).
  auto negated = thrust::make_transform_output_iterator(out.begin(), negate{});
  ASSERT_EQ(reduce::device_segmented_reduce(ws, squares, negated, segs, reduce::with_init(CustomMin{}, 123456LL)),
            cudaSuccess);
  check(
      [&](int s) {
        long long v = 123456;
        for (int i = off[s]; i < off[s + 1]; ++i) v = std::min(v, sq(i));
        return -v;
      },
      "CustomMin with an initial value, output iterator");

  // A positional transform over an iterator: each element's index within its segment.
  ASSERT_EQ(reduce::device_segmented_transform_reduce(ws, squares, out.begin(), segs, by_position{}, reduce::sum{}),
            cudaSuccess);
  check(
      [&](int s) {
        long long v = 0;
        for (int i = off[s]; i < off[s + 1]; ++i) v += sq(i) * ((i - off[s]) % 5);
        return v;
      },
      "positional transform");

  // Argmin per segment over the iterator: the first smallest, its index from the segment's start.
  thrust::device_vector<reduce::indexed<long long>> arg(count);
  ASSERT_EQ(reduce::device_segmented_argmin(ws, squares, arg.begin(), segs), cudaSuccess);
  ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  for (int s = 0; s < count; ++s) {
    const reduce::indexed<long long> got = arg[s];
    std::uint64_t want = reduce::no_index;
    for (int i = off[s]; i < off[s + 1]; ++i)
      if (want == reduce::no_index || sq(i) < sq(off[s] + int(want))) want = std::uint64_t(i - off[s]);
    ASSERT_EQ(got.index, want) << "argmin segment " << s;
    if (want != reduce::no_index) ASSERT_EQ(got.value, sq(off[s] + int(want))) << "argmin segment " << s;
  }
}

// CUB's DeviceSegmentedReduce over the same counting iterator, cub:: and reduce:: in one process: the same results.
TEST(SegmentedIterators, CubsCallsOnACountingIterator) {
  REQUIRE_GPU();
  const int count = test::small_only() ? 40 : 3000;
  const std::vector<int> off = segtest::csr(count, 11);
  thrust::device_vector<int> d_off(off.begin(), off.end());
  const int* o = thrust::raw_pointer_cast(d_off.data());
  const auto in = thrust::counting_iterator<long long>(-123456);
  thrust::device_vector<long long> theirs(count), ours(count);
  test::two_phase([&](void* t, std::size_t& b) {
    return cub::DeviceSegmentedReduce::Sum(t, b, in, theirs.begin(), count, o, o + 1);
  });
  test::two_phase([&](void* t, std::size_t& b) {
    return reduce::DeviceSegmentedReduce::Sum(t, b, in, ours.begin(), count, o, o + 1);
  });
  for (int s = 0; s < count; ++s) ASSERT_EQ((long long)theirs[s], (long long)ours[s]) << "Sum segment " << s;
  test::two_phase([&](void* t, std::size_t& b) {
    return cub::DeviceSegmentedReduce::Reduce(t, b, in, theirs.begin(), count, o, o + 1, CustomMin{}, 99LL);
  });
  test::two_phase([&](void* t, std::size_t& b) {
    return reduce::DeviceSegmentedReduce::Reduce(t, b, in, ours.begin(), count, o, o + 1, CustomMin{}, 99LL);
  });
  for (int s = 0; s < count; ++s) ASSERT_EQ((long long)theirs[s], (long long)ours[s]) << "Reduce segment " << s;
}

}  // namespace
