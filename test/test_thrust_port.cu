// thrust programs ported to their documented equivalents (docs/porting.md, "From thrust"): each call run with thrust
// and with reduce on the same random data in a thrust::device_vector, in one process; integers compared exactly.
#include <gtest/gtest.h>
#include <thrust/count.h>
#include <thrust/device_vector.h>
#include <algorithm>
#include <thrust/functional.h>
#include <thrust/reduce.h>
#include <thrust/transform_reduce.h>

#include <reduce/reduce.cuh>

#include "common.cuh"

namespace {

using reduce::default_config;
template <class Acc, class Op>
Acc reduce_to(const int* p, std::size_t n, Op op) {  // one template argument list, so each call reads as one
  return reduce::reduce<default_config, Acc>(p, n, op);
}

struct square {
  __host__ __device__ long long operator()(int x) const { return (long long)x * x; }
};
struct is_odd {
  __host__ __device__ bool operator()(int x) const { return x % 2 != 0; }
};

std::vector<std::size_t> sizes() {
  if (test::small_only()) return {0, 1, 40000};
  return {0, 1, 7, 1000, 99991, (1u << 20) + 3};
}

TEST(ThrustPort, ReduceTransformReduceCountAndExtrema) {
  REQUIRE_GPU();
  for (std::size_t n : sizes()) {
    const auto h = test::random_vector<int>(n, -1000, 1000, n + 1);
    thrust::device_vector<int> v(h.begin(), h.end());
    const int* p = thrust::raw_pointer_cast(v.data());
    // thrust::reduce(first, last): the sum, in the element type.
    EXPECT_EQ(reduce_to<int>(p, n, reduce::sum{}), thrust::reduce(v.begin(), v.end())) << n;
    // thrust::reduce(first, last, init, op): the result in init's type.
    EXPECT_EQ(reduce_to<int>(p, n, reduce::with_init(thrust::maximum<int>{}, -5000)),
              thrust::reduce(v.begin(), v.end(), -5000, thrust::maximum<int>{}))
        << n;
    EXPECT_EQ(reduce_to<int>(p, n, reduce::with_init(thrust::plus<int>{}, 17)),
              thrust::reduce(v.begin(), v.end(), 17, thrust::plus<int>{}))
        << n;
    // thrust::transform_reduce(first, last, f, init, op).
    EXPECT_EQ(reduce::transform_reduce(p, n, square{}, reduce::with_init(thrust::plus<long long>{}, 3LL)),
              thrust::transform_reduce(v.begin(), v.end(), square{}, 3LL, thrust::plus<long long>{}))
        << n;
    // thrust::count_if(first, last, pred).
    EXPECT_EQ(reduce::count_if(p, n, is_odd{}), std::uint64_t(thrust::count_if(v.begin(), v.end(), is_odd{}))) << n;
    if (n == 0) continue;
    // thrust::min_element / max_element: the first extremum's position, as std::min_element / max_element give it on
    // the host. (thrust 3.0.1's own calls copy a padded (value, index) tuple to the host, whose padding bytes
    // compute-sanitizer's initcheck reports as uninitialized; the project's sanitizer runs cover this file.)
    EXPECT_EQ(reduce::argmin(p, n).index, std::uint64_t(std::min_element(h.begin(), h.end()) - h.begin())) << n;
    EXPECT_EQ(reduce::argmax(p, n).index, std::uint64_t(std::max_element(h.begin(), h.end()) - h.begin())) << n;
  }
}

}  // namespace
