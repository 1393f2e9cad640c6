// Inputs and outputs given as iterators (detail/iterators.cuh): thrust's counting, constant, transform, zip and
// permutation iterators, a device_vector's iterators and a user's strided iterator as the input; a device_ptr, a
// device_vector's iterator and a transform_output_iterator as the output; with and without an initial value, with an op
// that has no identity, and past 2^32 elements. Each against a host reference on random data (integers, exactly), and
// CUB's DeviceReduce on the same iterators in the same process.
#include <gtest/gtest.h>
#include <thrust/device_vector.h>
#include <thrust/iterator/constant_iterator.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/permutation_iterator.h>
#include <thrust/iterator/transform_iterator.h>
#include <thrust/iterator/transform_output_iterator.h>
#include <thrust/iterator/zip_iterator.h>

#include <cub/device/device_reduce.cuh>
#include <iterator>
#include <limits>
#include <numeric>
#include <reduce/cub.cuh>

#include "common.cuh"

namespace {

struct square {
  __host__ __device__ long long operator()(int x) const { return (long long)x * x; }
};
struct product {  // a zip iterator's pair, multiplied: a dot product's terms
  __host__ __device__ long long operator()(const thrust::tuple<int, int>& t) const {
    return (long long)thrust::get<0>(t) * thrust::get<1>(t);
  }
};
struct by_position {  // a positional transform: x times its index mod 3
  __host__ __device__ long long operator()(int x, std::uint64_t i) const { return (long long)x * (long long)(i % 3); }
};
struct twice {
  __host__ __device__ long long operator()(long long x) const { return 2 * x; }
};
struct same {
  __host__ __device__ int operator()(int x) const { return x; }
};
struct CustomMin {  // CUB's documentation's functor: no identity
  template <class T>
  __device__ T operator()(const T& a, const T& b) const {
    return (b < a) ? b : a;
  }
};

struct abs_less {
  __host__ __device__ bool operator()(long long a, long long b) const { return (a < 0 ? -a : a) < (b < 0 ? -b : b); }
};
struct point {  // a user's type with no order of its own
  int x, y;
};
struct by_y {
  __host__ __device__ bool operator()(const point& a, const point& b) const { return a.y < b.y; }
};
struct to_point {
  __host__ __device__ point operator()(int v) const { return {v, v % 97}; }
};

// A user's iterator: every stride-th element of an array (no thrust base class, only the iterator's types).
struct strided {
  using value_type = int;
  using difference_type = std::ptrdiff_t;
  using reference = const int&;
  using pointer = const int*;
  using iterator_category = std::random_access_iterator_tag;
  const int* p;
  std::ptrdiff_t stride;
  __host__ __device__ const int& operator[](std::uint64_t i) const { return p[std::ptrdiff_t(i) * stride]; }
  __host__ __device__ const int& operator*() const { return *p; }
  __host__ __device__ strided operator+(std::ptrdiff_t k) const { return {p + k * stride, stride}; }
};

std::vector<std::size_t> sizes() {
  if (test::small_only()) return {0, 1, 40000};
  return {0, 1, 7, 256, 1000, 99991, (1u << 20) + 3};
}

// device_reduce over `in` into a poisoned device result.
template <class Acc, class In, class Tr, class Op>
Acc reduce_it(In in, std::uint64_t n, Tr tr, Op op) {
  thrust::device_vector<Acc> out(1);
  cudaMemset(thrust::raw_pointer_cast(out.data()), 0xA5, sizeof(Acc));
  test::two_phase([&](void* t, std::size_t& b) {
    return reduce::device_transform_reduce({t, b}, in, out.data(), n, tr, op);  // out.data(): a device_ptr
  });
  return out[0];
}

TEST(Iterators, ThrustInputsAgainstHostReferences) {
  REQUIRE_GPU();
  for (std::size_t n : sizes()) {
    const auto ha = test::random_vector<int>(n, -1000, 1000, n + 1), hb = test::random_vector<int>(n, -1000, 1000, n);
    std::vector<int> perm(n);
    std::iota(perm.begin(), perm.end(), 0);
    std::shuffle(perm.begin(), perm.end(), std::mt19937(unsigned(n)));
    thrust::device_vector<int> a(ha.begin(), ha.end()), b(hb.begin(), hb.end()), p(perm.begin(), perm.end());
    const reduce::detail::no_transform none;
    long long squares = 0, dot = 0, permuted = 0, evens = 0;
    for (std::size_t i = 0; i < n; ++i) {
      squares += (long long)ha[i] * ha[i];
      dot += (long long)ha[i] * hb[i];
      permuted += ha[perm[i]] * (long long)(i % 3);
      if (i % 2 == 0) evens += ha[i];
    }
    const long long count = (long long)n * ((long long)n - 1) / 2;
    EXPECT_EQ(reduce_it<long long>(thrust::counting_iterator<long long>(0), n, none, reduce::sum{}), count) << n;
    EXPECT_EQ(reduce_it<long long>(thrust::constant_iterator<long long>(-7), n, none, reduce::sum{}),
              -7LL * (long long)n)
        << n;
    EXPECT_EQ(reduce_it<long long>(thrust::make_transform_iterator(a.begin(), square{}), n, none, reduce::sum{}),
              squares)
        << n;
    EXPECT_EQ(reduce_it<long long>(thrust::make_zip_iterator(a.begin(), b.begin()), n, product{}, reduce::sum{}), dot)
        << n;
    // A positional transform (x, i) over a permutation iterator: i is the index in the iterator's range.
    EXPECT_EQ(
        reduce_it<long long>(thrust::make_permutation_iterator(a.begin(), p.begin()), n, by_position{}, reduce::sum{}),
        permuted)
        << n;
    // A device_vector's iterators take the pointer path; a user's iterator the iterator path.
    EXPECT_EQ(reduce_it<long long>(a.cbegin(), n, none, reduce::sum{}), std::accumulate(ha.begin(), ha.end(), 0LL))
        << n;
    EXPECT_EQ(reduce_it<long long>(strided{thrust::raw_pointer_cast(a.data()), 2}, (n + 1) / 2, none, reduce::sum{}),
              evens)
        << n;
    // Min and max, with and without an initial value, and an op with no identity.
    const int lo = n ? *std::min_element(ha.begin(), ha.end()) : INT_MAX;
    const int hi = n ? *std::max_element(ha.begin(), ha.end()) : INT_MIN;
    const auto ta = thrust::make_transform_iterator(a.begin(), same{});
    EXPECT_EQ(reduce_it<int>(ta, n, none, reduce::min{}), lo) << n;
    EXPECT_EQ(reduce_it<int>(ta, n, none, reduce::with_init(reduce::max{}, -5000)), std::max(hi, -5000)) << n;
    EXPECT_EQ(reduce_it<int>(ta, n, none, reduce::with_init(CustomMin{}, 123)), std::min(lo, 123)) << n;
    EXPECT_EQ(
        reduce_it<long long>(thrust::counting_iterator<long long>(5), n, none, reduce::with_init(reduce::sum{}, 9LL)),
        count + 5LL * n + 9)
        << n;
  }
}

TEST(Iterators, OutputIterators) {
  REQUIRE_GPU();
  for (std::size_t n : sizes()) {
    const auto h = test::random_vector<int>(n, -1000, 1000, n + 3);
    thrust::device_vector<int> in(h.begin(), h.end());
    const long long sum = std::accumulate(h.begin(), h.end(), 0LL);
    thrust::device_vector<long long> out(2, -1);
    // A transform_output_iterator (value_type void: the accumulator is the input's value type, then widened), into
    // out[1]; out[0] stays as it was.
    auto doubled = thrust::make_transform_output_iterator(out.begin() + 1, twice{});
    test::two_phase([&](void* t, std::size_t& b) {
      return reduce::device_transform_reduce({t, b}, thrust::raw_pointer_cast(in.data()), doubled, n,
                                             reduce::convert_to<long long>{}, reduce::sum{});
    });
    EXPECT_EQ(out[1], 2 * sum) << n;
    EXPECT_EQ(out[0], -1) << n;
    // A device_vector's iterator as the output, with an initial value and an op without an identity.
    test::two_phase([&](void* t, std::size_t& b) {
      return reduce::device_reduce({t, b}, in.begin(), out.begin(), n,
                                   reduce::with_init(CustomMin{}, (long long)INT_MAX));
    });
    EXPECT_EQ(out[0], n ? (long long)*std::min_element(h.begin(), h.end()) : (long long)INT_MAX) << n;
    // On a workspace, an iterator in and an iterator out.
    reduce::workspace ws;
    ASSERT_EQ(reduce::device_reduce(ws, thrust::make_transform_iterator(in.begin(), square{}), out.begin() + 1, n,
                                    reduce::sum{}),
              cudaSuccess);
    ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
    long long squares = 0;
    for (int x : h) squares += (long long)x * x;
    EXPECT_EQ(out[1], squares) << n;
  }
}

// Past 2^32 elements, with nothing in memory: a counting iterator over 64-bit offsets.
TEST(Iterators, CountingPast32Bits) {
  REQUIRE_GPU();
  if (test::small_only()) GTEST_SKIP() << "REDUCE_TEST_SMALL: the 2^32 + 5 element run is left out";
  const std::uint64_t n = (std::uint64_t(1) << 32) + 5;
  const unsigned long long expect = (n - 1) / 2 * n;  // n - 1 is even: the exact sum, below 2^64
  EXPECT_EQ(reduce_it<unsigned long long>(thrust::counting_iterator<unsigned long long>(0), n,
                                          reduce::detail::no_transform{}, reduce::sum{}),
            expect);
}

// CUB's DeviceReduce on iterators, and reduce::DeviceReduce on the same iterators: the same results (ArgMin and ArgMax
// into output iterators too).
TEST(Iterators, DeviceReduceAsCubOnIterators) {
  REQUIRE_GPU();
  for (std::size_t s : sizes()) {
    const int n = int(s);
    const auto h = test::random_vector<int>(s, -1000, 1000, s + 5);
    thrust::device_vector<int> in(h.begin(), h.end());
    thrust::device_vector<long long> out(2);
    const auto sq = thrust::make_transform_iterator(in.begin(), square{});
    const auto program = [&](auto api, long long* o, auto&& call) {
      test::two_phase([&](void* t, std::size_t& b) { return call(api, t, b, o); });
    };
    long long* theirs = thrust::raw_pointer_cast(out.data());
    long long* ours = theirs + 1;
    const auto check = [&](const char* what, auto&& call) {
      cudaMemset(theirs, 0x5A, 2 * sizeof(long long));
      program(cub::DeviceReduce{}, theirs, call);
      program(reduce::DeviceReduce{}, ours, call);
      EXPECT_EQ(out[1], out[0]) << what << " n=" << n;
    };
    check("Sum(transform_iterator)",
          [&](auto api, void* t, std::size_t& b, long long* o) { return decltype(api)::Sum(t, b, sq, o, n); });
    check("Sum(counting_iterator)", [&](auto api, void* t, std::size_t& b, long long* o) {
      return decltype(api)::Sum(t, b, thrust::counting_iterator<long long>(-3), o, n);
    });
    check("Reduce(transform_iterator, CustomMin, init)", [&](auto api, void* t, std::size_t& b, long long* o) {
      return decltype(api)::Reduce(t, b, sq, o, n, CustomMin{}, 1LL << 40);
    });
    check("Max(counting_iterator)", [&](auto api, void* t, std::size_t& b, long long* o) {
      return decltype(api)::Max(t, b, thrust::counting_iterator<long long>(7), o, n);
    });
    // ArgMin and ArgMax over a transform iterator, into device_vector iterators (value, index) and a pair. CUB 3.0.1
    // writes nothing for n = 0: there CUB's documented values are the reference ({max() or lowest(), index 1}).
    thrust::device_vector<long long> values(2, 77);
    thrust::device_vector<std::int64_t> indices(2, 77);
    thrust::device_vector<cub::KeyValuePair<int, long long>> theirs_pair(1);
    thrust::device_vector<reduce::KeyValuePair<int, long long>> ours_pair(1);
    // Every byte set, the pairs' padding included (the calls write the members only).
    CUDA_OK(cudaMemset(thrust::raw_pointer_cast(theirs_pair.data()), 0, sizeof(cub::KeyValuePair<int, long long>)));
    CUDA_OK(cudaMemset(thrust::raw_pointer_cast(ours_pair.data()), 0, sizeof(reduce::KeyValuePair<int, long long>)));
    for (bool greater : {false, true}) {
      const char* what = greater ? "ArgMax" : "ArgMin";
      const long long empty =
          greater ? std::numeric_limits<long long>::lowest() : std::numeric_limits<long long>::max();
      if (n > 0)
        test::two_phase([&](void* t, std::size_t& b) {
          return greater ? cub::DeviceReduce::ArgMax(t, b, sq, values.begin(), indices.begin(), n)
                         : cub::DeviceReduce::ArgMin(t, b, sq, values.begin(), indices.begin(), n);
        });
      test::two_phase([&](void* t, std::size_t& b) {
        return greater ? reduce::DeviceReduce::ArgMax(t, b, sq, values.begin() + 1, indices.begin() + 1, n)
                       : reduce::DeviceReduce::ArgMin(t, b, sq, values.begin() + 1, indices.begin() + 1, n);
      });
      EXPECT_EQ(values[1], n ? (long long)values[0] : empty) << what << " value n=" << n;
      EXPECT_EQ(indices[1], n ? (std::int64_t)indices[0] : 1) << what << " index n=" << n;
      _CCCL_SUPPRESS_DEPRECATED_PUSH  // CUB's older form, one KeyValuePair (deprecated in CUB 3)
          if (n > 0) test::two_phase([&](void* t, std::size_t& b) {
            return greater ? cub::DeviceReduce::ArgMax(t, b, sq, theirs_pair.begin(), n)
                           : cub::DeviceReduce::ArgMin(t, b, sq, theirs_pair.begin(), n);
          });
      _CCCL_SUPPRESS_DEPRECATED_POP
      test::two_phase([&](void* t, std::size_t& b) {
        return greater ? reduce::DeviceReduce::ArgMax(t, b, sq, ours_pair.begin(), n)
                       : reduce::DeviceReduce::ArgMin(t, b, sq, ours_pair.begin(), n);
      });
      const cub::KeyValuePair<int, long long> a = theirs_pair[0];
      const reduce::KeyValuePair<int, long long> c = ours_pair[0];
      EXPECT_EQ(c.key, n ? a.key : 1) << what << " pair key n=" << n;
      EXPECT_EQ(c.value, n ? a.value : empty) << what << " pair value n=" << n;
    }
  }
}

// Argmin, argmax and both over iterators and a device_vector, in the natural order and in the caller's comparison
// (over a user's type too), against the first occurrence std::min_element / std::max_element find on the host; the
// empty input gives index no_index.
TEST(Iterators, ArgminOverIteratorsAndComparisons) {
  REQUIRE_GPU();
  for (std::size_t s : sizes()) {
    const std::uint64_t n = s;
    const auto h = test::random_vector<int>(s, -1000, 1000, s + 9);
    thrust::device_vector<int> in(h.begin(), h.end());
    const auto squares = thrust::make_transform_iterator(in.begin(), square{});
    const auto points = thrust::make_transform_iterator(in.begin(), to_point{});
    std::vector<long long> hq(s), hs(s);  // x^2, and x^2 with x's sign
    std::vector<point> hp(s);
    for (std::size_t i = 0; i < s; ++i) {
      hq[i] = square{}(h[i]);
      hs[i] = h[i] < 0 ? -hq[i] : hq[i];
      hp[i] = to_point{}(h[i]);
    }
    thrust::device_vector<long long> signed_squares(hs.begin(), hs.end());
    const auto index_of = [&](auto it, const auto& v) { return s ? std::uint64_t(it - v.begin()) : reduce::no_index; };
    thrust::device_vector<reduce::indexed<long long>> one(1);
    thrust::device_vector<reduce::extrema<long long>> both(1);
    thrust::device_vector<reduce::indexed<point>> at(1);
    const auto run = [&](auto& out, auto call) {  // into a poisoned result
      using V = typename std::decay_t<decltype(out)>::value_type;
      cudaMemset(thrust::raw_pointer_cast(out.data()), 0xA5, sizeof(V));
      test::two_phase([&](void* t, std::size_t& b) { return call(reduce::temp_storage{t, b}); });
      return V(out[0]);
    };
    const std::string where = "n=" + std::to_string(n);
    EXPECT_EQ(run(one, [&](auto st) { return reduce::device_argmin(st, squares, one.begin(), n); }).index,
              index_of(std::min_element(hq.begin(), hq.end()), hq))
        << where;
    EXPECT_EQ(
        run(one, [&](auto st) { return reduce::device_argmax(st, signed_squares.begin(), one.data(), n, abs_less{}); })
            .index,
        index_of(std::max_element(hs.begin(), hs.end(), abs_less{}), hs))
        << where;
    const auto e =
        run(both, [&](auto st) { return reduce::device_argminmax(st, signed_squares.begin(), both.begin(), n); });
    EXPECT_EQ(e.min.index, index_of(std::min_element(hs.begin(), hs.end()), hs)) << where;
    EXPECT_EQ(e.max.index, index_of(std::max_element(hs.begin(), hs.end()), hs)) << where;
    const auto lo = run(at, [&](auto st) { return reduce::device_argmin(st, points, at.begin(), n, by_y{}); });
    EXPECT_EQ(lo.index, index_of(std::min_element(hp.begin(), hp.end(), by_y{}), hp)) << where;
    if (s) EXPECT_EQ(lo.value.x, hp[lo.index].x) << where;
    const auto hi = run(at, [&](auto st) { return reduce::device_argmax(st, points, at.begin(), n, by_y{}); });
    EXPECT_EQ(hi.index, index_of(std::max_element(hp.begin(), hp.end(), by_y{}), hp)) << where;
  }
}

}  // namespace
