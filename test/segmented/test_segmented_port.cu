// CUB segmented programs ported by a rename (include/reduce/cub_segmented.cuh): each DeviceSegmentedReduce call written
// as CUB's documentation writes it, once with cub:: and once with reduce::, on the same random data and CSR offsets in
// one process, the results compared (integers, min, max and arg pairs exactly; float sums against the any-order
// rounding bound). Empty segments give CUB's documented values. Also the native calls with an initial value, an op
// without an identity, offsets from iterators, output iterators and the fixed-size form, against host references.
#include <gtest/gtest.h>
#include <thrust/device_vector.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>
#include <thrust/iterator/transform_output_iterator.h>

#include <climits>
#include <cub/device/device_segmented_reduce.cuh>
#include <reduce/cub_segmented.cuh>

#include "seg_common.cuh"

namespace {

struct CustomMin {  // CUB's documentation's functor: no identity
  template <class T>
  __device__ T operator()(const T& a, const T& b) const {
    return (b < a) ? b : a;
  }
};
struct times {  // offset of segment s in a fixed layout: s * size
  int size;
  __host__ __device__ int operator()(int s) const { return s * size; }
};
struct abs_less {
  __host__ __device__ bool operator()(long long a, long long b) const { return (a < 0 ? -a : a) < (b < 0 ? -b : b); }
};
struct negate {
  __host__ __device__ long long operator()(long long x) const { return -x; }
};

std::vector<int> counts() {
  if (test::small_only()) return {0, 3, 300};
  return {0, 1, 5, 300, 4000};
}

// program(api, d_temp, bytes, out) runs one call with cub::DeviceSegmentedReduce or reduce::DeviceSegmentedReduce.
template <class Out, class Program>
void compare(int count, Program program, const char* what) {
  thrust::device_vector<Out> theirs(std::max(count, 1)), ours(std::max(count, 1));
  cudaMemset(thrust::raw_pointer_cast(theirs.data()), 0xA5, theirs.size() * sizeof(Out));
  cudaMemset(thrust::raw_pointer_cast(ours.data()), 0x5A, ours.size() * sizeof(Out));
  test::two_phase([&](void* t, std::size_t& b) {
    return program(cub::DeviceSegmentedReduce{}, t, b, thrust::raw_pointer_cast(theirs.data()));
  });
  test::two_phase([&](void* t, std::size_t& b) {
    return program(reduce::DeviceSegmentedReduce{}, t, b, thrust::raw_pointer_cast(ours.data()));
  });
  std::vector<Out> a(count), b(count);
  if (count) {
    cudaMemcpy(a.data(), thrust::raw_pointer_cast(theirs.data()), count * sizeof(Out), cudaMemcpyDeviceToHost);
    cudaMemcpy(b.data(), thrust::raw_pointer_cast(ours.data()), count * sizeof(Out), cudaMemcpyDeviceToHost);
  }
  for (int s = 0; s < count; ++s) ASSERT_EQ(std::memcmp(&a[s], &b[s], sizeof(Out)), 0) << what << " segment " << s;
}

TEST(SegmentedPort, CubCallsGiveCubsResults) {
  REQUIRE_GPU();
  for (int count : counts()) {
    const std::vector<int> off = segtest::csr(count, unsigned(count) + 1);
    const auto hi = test::random_vector<int>(off.back(), -100000, 100000, count + 2);
    auto hf = test::random_vector<float>(off.back(), -1, 1, count + 3);
    thrust::device_vector<int> d_off(off.begin(), off.end()), in_i(hi.begin(), hi.end());
    thrust::device_vector<float> in_f(hf.begin(), hf.end());
    const int* o = thrust::raw_pointer_cast(d_off.data());
    const int* pi = thrust::raw_pointer_cast(in_i.data());
    const float* pf = thrust::raw_pointer_cast(in_f.data());
    compare<int>(
        count,
        [&](auto api, void* t, std::size_t& b, int* out) { return decltype(api)::Sum(t, b, pi, out, count, o, o + 1); },
        "Sum int");
    compare<int>(
        count,
        [&](auto api, void* t, std::size_t& b, int* out) { return decltype(api)::Min(t, b, pi, out, count, o, o + 1); },
        "Min int");
    compare<float>(
        count,
        [&](auto api, void* t, std::size_t& b, float* out) {
          return decltype(api)::Max(t, b, pf, out, count, o, o + 1);
        },
        "Max float (empty: lowest())");
    compare<float>(
        count,
        [&](auto api, void* t, std::size_t& b, float* out) {
          return decltype(api)::Min(t, b, pf, out, count, o, o + 1);
        },
        "Min float (empty: max())");
    compare<int>(
        count,
        [&](auto api, void* t, std::size_t& b, int* out) {
          return decltype(api)::Reduce(t, b, pi, out, count, o, o + 1, CustomMin{}, 12345);
        },
        "Reduce(CustomMin, init)");
    compare<int>(
        count,
        [&](auto api, void* t, std::size_t& b, int* out) {
          return decltype(api)::Reduce(t, b, pi, out, count, o, o + 1, cuda::std::plus<>{}, -7);
        },
        "Reduce(plus, init)");
    using kvp_cub = cub::KeyValuePair<int, int>;
    using kvp_ours = reduce::KeyValuePair<int, int>;
    static_assert(sizeof(kvp_cub) == sizeof(kvp_ours));
    compare<kvp_cub>(
        count,
        [&](auto api, void* t, std::size_t& b, kvp_cub* out) {
          if constexpr (std::is_same_v<decltype(api), cub::DeviceSegmentedReduce>)
            return decltype(api)::ArgMin(t, b, pi, out, count, o, o + 1);
          else
            return decltype(api)::ArgMin(t, b, pi, reinterpret_cast<kvp_ours*>(out), count, o, o + 1);
        },
        "ArgMin");
    compare<kvp_cub>(
        count,
        [&](auto api, void* t, std::size_t& b, kvp_cub* out) {
          if constexpr (std::is_same_v<decltype(api), cub::DeviceSegmentedReduce>)
            return decltype(api)::ArgMax(t, b, pi, out, count, o, o + 1);
          else
            return decltype(api)::ArgMax(t, b, pi, reinterpret_cast<kvp_ours*>(out), count, o, o + 1);
        },
        "ArgMax");
    // Float sums: CUB's order and ours differ; each is within the any-order bound of the exact sum.
    thrust::device_vector<float> sums(std::max(count, 1));
    test::two_phase([&](void* t, std::size_t& b) {
      return reduce::DeviceSegmentedReduce::Sum(t, b, pf, sums.begin(), count, o, o + 1);
    });
    for (int s = 0; s < count; ++s)
      test::expect_sum_close(float(sums[s]), std::vector<float>(hf.begin() + off[s], hf.begin() + off[s + 1]));
  }
}

TEST(SegmentedPort, FixedSizeOffsetIteratorsAndOutputIterators) {
  REQUIRE_GPU();
  for (int count : counts()) {
    const int size = 37;
    const auto h = test::random_vector<long long>(std::size_t(count) * size, -1000, 1000, count + 9);
    thrust::device_vector<long long> in(h.begin(), h.end());
    const long long* p = thrust::raw_pointer_cast(in.data());
    std::vector<long long> sum(count), mn(count);
    for (int s = 0; s < count; ++s) {
      sum[s] = 0, mn[s] = 500;  // the init of the min below
      for (int k = 0; k < size; ++k) sum[s] += h[s * size + k], mn[s] = std::min(mn[s], h[s * size + k]);
    }
    thrust::device_vector<long long> out(std::max(count, 1));
    // CCCL 3.2's fixed-size form.
    test::two_phase(
        [&](void* t, std::size_t& b) { return reduce::DeviceSegmentedReduce::Sum(t, b, p, out.begin(), count, size); });
    for (int s = 0; s < count; ++s) EXPECT_EQ(out[s], sum[s]) << s;
    // Offsets from iterators (s * size), an op without an identity and an init, into a transform_output_iterator.
    const auto begins = thrust::make_transform_iterator(thrust::counting_iterator<int>(0), times{size});
    auto negated = thrust::make_transform_output_iterator(out.begin(), negate{});
    test::two_phase([&](void* t, std::size_t& b) {
      return reduce::DeviceSegmentedReduce::Reduce(t, b, p, negated, count, begins, begins + 1, CustomMin{}, 500LL);
    });
    for (int s = 0; s < count; ++s) EXPECT_EQ(out[s], -mn[s]) << s;
    // The native call: with_init on a library op, an output iterator, a workspace.
    reduce::workspace ws;
    ASSERT_EQ(reduce::device_segmented_reduce(ws, p, out.begin(), reduce::segments::fixed(count, size),
                                              reduce::with_init(reduce::sum{}, 1000000LL)),
              cudaSuccess);
    ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
    for (int s = 0; s < count; ++s) EXPECT_EQ(out[s], sum[s] + 1000000) << s;
  }
}

// Argmin, argmax and argminmax per segment, in the natural order and in the caller's comparison, on CSR offsets with
// empty segments, against the first occurrence per segment on the host (index from the segment's start; an empty
// segment gives no_index).
TEST(SegmentedPort, ArgminFamilyWithComparisons) {
  REQUIRE_GPU();
  for (int count : counts()) {
    const std::vector<int> off = segtest::csr(count, count + 3);
    const auto h = test::random_vector<long long>(std::size_t(off.back()), -1000, 1000, count + 11);
    thrust::device_vector<long long> in(h.begin(), h.end());
    thrust::device_vector<int> d_off(off.begin(), off.end());
    const int* o = thrust::raw_pointer_cast(d_off.data());
    const auto segs = reduce::segments::offsets(o, o + 1, count);
    thrust::device_vector<reduce::indexed<long long>> one(std::max(count, 1));
    thrust::device_vector<reduce::extrema<long long>> both(std::max(count, 1));
    reduce::workspace ws;
    const auto expect = [&](auto got, auto pick, const char* what) {
      ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
      for (int s = 0; s < count; ++s) {
        const auto b = h.begin() + off[s], e = h.begin() + off[s + 1];
        const std::uint64_t want = b == e ? reduce::no_index : std::uint64_t(pick(b, e) - b);
        ASSERT_EQ(got(s), want) << what << " segment " << s << " of " << count;
      }
    };
    ASSERT_EQ(reduce::device_segmented_argmax(ws, in.begin(), one.begin(), segs, abs_less{}), cudaSuccess);
    expect([&](int s) { return reduce::indexed<long long>(one[s]).index; },
           [](auto b, auto e) { return std::max_element(b, e, abs_less{}); }, "argmax by |x|");
    ASSERT_EQ(reduce::device_segmented_argmin(ws, in.begin(), one.begin(), segs), cudaSuccess);
    expect([&](int s) { return reduce::indexed<long long>(one[s]).index; },
           [](auto b, auto e) { return std::min_element(b, e); }, "argmin");
    ASSERT_EQ(reduce::device_segmented_argminmax(ws, in.begin(), both.begin(), segs, abs_less{}), cudaSuccess);
    expect([&](int s) { return reduce::extrema<long long>(both[s]).min.index; },
           [](auto b, auto e) { return std::min_element(b, e, abs_less{}); }, "argminmax by |x|: min");
    expect([&](int s) { return reduce::extrema<long long>(both[s]).max.index; },
           [](auto b, auto e) { return std::max_element(b, e, abs_less{}); }, "argminmax by |x|: max");
  }
}

}  // namespace
