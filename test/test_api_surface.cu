// The CUB-shaped surface: every two-phase and workspace entry point without a config (the tuned default), the
// argmin family under one stem, the names of 0.2 still working, and the query/run contract (a run whose storage is
// smaller than its own arguments need is refused, nothing written).
#include <reduce/segmented.cuh>

#include "common.cuh"

namespace {

// Runs one entry point through the two-phase protocol: f(d_temp, bytes) queries with d_temp == nullptr, then runs.
template <class F>
cudaError_t two_phase(F f) {
  std::size_t bytes = 0;
  if (cudaError_t e = f(nullptr, bytes)) return e;
  test::device_buffer<char> temp(bytes);
  const cudaError_t e = f(temp.base, bytes);
  return e ? e : cudaDeviceSynchronize();
}

template <class T>
T from_device(const T* d) {
  T v{};
  EXPECT_EQ(cudaMemcpy(&v, d, sizeof(T), cudaMemcpyDeviceToHost), cudaSuccess);
  return v;
}

struct above {
  int bound;
  __host__ __device__ bool operator()(int x) const { return x > bound; }
};

TEST(Surface, EveryEntryPointRunsWithoutAConfig) {
  REQUIRE_GPU();
  const std::uint64_t n = 300007;
  const auto h = test::random_vector<int>(n, -1000, 1000, 11);
  test::device_buffer<int> in(n);
  CUDA_OK(cudaMemcpy(in.base, h.data(), n * sizeof(int), cudaMemcpyHostToDevice));
  test::device_buffer<long long> out(1);
  test::device_buffer<std::uint64_t> count(1);
  test::device_buffer<reduce::indexed<int>> where(1);
  test::device_buffer<reduce::extrema<int>> both(1);
  long long squares = 0, sum = 0;
  std::uint64_t positives = 0;
  for (int x : h) squares += (long long)x * x, sum += x, positives += x > 0;
  const auto lo = std::min_element(h.begin(), h.end()) - h.begin();
  const auto hi = std::max_element(h.begin(), h.end()) - h.begin();
  reduce::workspace ws;
  for (bool on_workspace : {false, true}) {
    SCOPED_TRACE(on_workspace ? "on a workspace" : "on temporary storage");
    auto run = [&](auto on_temp, auto on_ws) {  // every output poisoned first: an unwritten result cannot pass
      for (auto [p, bytes] : {std::pair<void*, std::size_t>{out.base, sizeof(long long)},
                              {count.base, 8},
                              {where.base, sizeof(reduce::indexed<int>)},
                              {both.base, sizeof(reduce::extrema<int>)}})
        if (cudaMemset(p, 0xA5, bytes)) return cudaErrorUnknown;
      return on_workspace ? on_ws() : two_phase(on_temp);
    };
    CUDA_OK(run(
        [&](void* t, std::size_t& b) {
          return reduce::device_reduce({t, b}, in.base, out.base, n);
        },
        [&] { return reduce::device_reduce(ws, in.base, out.base, n); }));
    EXPECT_EQ(from_device(out.base), sum);
    CUDA_OK(run(
        [&](void* t, std::size_t& b) {
          return reduce::device_reduce({t, b}, in.base, out.base, n, reduce::max{});
        },
        [&] { return reduce::device_reduce(ws, in.base, out.base, n, reduce::max{}); }));
    EXPECT_EQ(from_device(out.base), h[hi]);
    CUDA_OK(run(
        [&](void* t, std::size_t& b) {
          return reduce::device_sum_of_squares({t, b}, in.base, out.base, n);
        },
        [&] { return reduce::device_sum_of_squares(ws, in.base, out.base, n); }));
    EXPECT_EQ(from_device(out.base), squares);
    CUDA_OK(run(
        [&](void* t, std::size_t& b) {
          return reduce::device_count_if({t, b}, in.base, count.base, n, above{0});
        },
        [&] { return reduce::device_count_if(ws, in.base, count.base, n, above{0}); }));
    EXPECT_EQ(from_device(count.base), positives);
    CUDA_OK(run(
        [&](void* t, std::size_t& b) {
          return reduce::device_argmin({t, b}, in.base, where.base, n);
        },
        [&] { return reduce::device_argmin(ws, in.base, where.base, n); }));
    EXPECT_EQ(from_device(where.base).index, std::uint64_t(lo));
    CUDA_OK(run(
        [&](void* t, std::size_t& b) {
          return reduce::device_argmax({t, b}, in.base, where.base, n);
        },
        [&] { return reduce::device_argmax(ws, in.base, where.base, n); }));
    EXPECT_EQ(from_device(where.base).index, std::uint64_t(hi));
    CUDA_OK(run(
        [&](void* t, std::size_t& b) {
          return reduce::device_argminmax({t, b}, in.base, both.base, n);
        },
        [&] { return reduce::device_argminmax(ws, in.base, both.base, n); }));
    EXPECT_EQ(from_device(both.base).min.index, std::uint64_t(lo));
    EXPECT_EQ(from_device(both.base).max.index, std::uint64_t(hi));
    // The status: no message on success.
    std::size_t query_bytes = 0;
    const reduce::status s = on_workspace
                                 ? reduce::device_sum_of_squares(ws, in.base, out.base, n)
                                 : reduce::device_count_if({nullptr, query_bytes}, in.base, count.base, n, above{0});
    EXPECT_FALSE(s) << (s.message ? s.message : "");
    EXPECT_EQ(s.message, nullptr);
  }
  CUDA_OK(cudaDeviceSynchronize());
  EXPECT_EQ(reduce::argmin(in.base, n).index, std::uint64_t(lo));
  EXPECT_EQ(reduce::argminmax(in.base, n).max.index, std::uint64_t(hi));
}

// The names of 0.2 are deprecated aliases of the new ones for one release, with their 0.2 signatures: the config
// named or not, a literal 0 as the stream, temporary storage or a workspace, plain and _status forms.
TEST(Surface, TheDeprecatedNamesStillWork) {
  REQUIRE_GPU();
  const std::uint64_t n = 70001;
  const auto h = test::random_vector<float>(n, -1, 1, 12);
  test::device_buffer<float> in(n);
  CUDA_OK(cudaMemcpy(in.base, h.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  test::device_buffer<reduce::indexed<float>> out(5);
  test::device_buffer<reduce::extrema<float>> both(1);
  test::device_buffer<double> sum(3);
  CUDA_OK(cudaMemset(out.base, 0xA5, 5 * sizeof(reduce::indexed<float>)));
  CUDA_OK(cudaMemset(sum.base, 0xA5, 3 * sizeof(double)));
  CUDA_OK(cudaMemset(both.base, 0xA5, sizeof(reduce::extrema<float>)));
  using cfg =
      reduce::policy::config<reduce::policy::vector<4>, reduce::policy::shuffle, reduce::policy::multipass, 256>;
  reduce::workspace ws;
#pragma nv_diag_suppress 1444  // "declared deprecated": this test calls the old names on purpose
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
  CUDA_OK(
      two_phase([&](void* t, std::size_t& s) { return reduce::device_arg_max<cfg>(t, s, in.base, out.base, n, 0); }));
  CUDA_OK(two_phase([&](void* t, std::size_t& s) {
    return reduce::device_transform_reduce(t, s, in.base, out.base + 1, n, reduce::detail::to_indexed<float>{},
                                           reduce::arg_max{});
  }));
  CUDA_OK(reduce::device_arg_min<cfg>(ws, in.base, out.base + 2, n, 0));
  CUDA_OK(reduce::device_argmin_status(ws, in.base, out.base + 3, n));
  CUDA_OK(two_phase([&](void* t, std::size_t& s) { return reduce::device_arg_min_max(t, s, in.base, both.base, n); }));
  // 0.2's two-argument storage and _status names, on every layer's calls.
  CUDA_OK(two_phase(
      [&](void* t, std::size_t& s) { return reduce::device_reduce(t, s, in.base, sum.base, n, reduce::sum{}, 0); }));
  CUDA_OK(reduce::device_reduce_status<cfg>(ws, in.base, sum.base + 1, n).code);
  CUDA_OK(two_phase([&](void* t, std::size_t& s) {
    return reduce::device_segmented_reduce_status(t, s, in.base, sum.base + 2, reduce::segments::fixed(1, n));
  }));
  CUDA_OK(two_phase([&](void* t, std::size_t& s) {
    return reduce::device_segmented_argmax(t, s, in.base, out.base + 4, reduce::segments::fixed(1, n), 0);
  }));
#pragma GCC diagnostic pop
#pragma nv_diag_default 1444
  CUDA_OK(cudaDeviceSynchronize());
  const auto lo = std::uint64_t(std::min_element(h.begin(), h.end()) - h.begin());
  const auto hi = std::uint64_t(std::max_element(h.begin(), h.end()) - h.begin());
  EXPECT_EQ(from_device(out.base).index, hi);
  EXPECT_EQ(from_device(out.base + 1).index, hi);
  EXPECT_EQ(from_device(out.base + 2).index, lo);
  EXPECT_EQ(from_device(out.base + 3).index, lo);
  EXPECT_EQ(from_device(both.base).min.index, lo);
  EXPECT_EQ(from_device(both.base).max.index, hi);
  EXPECT_EQ(from_device(out.base + 4).index, hi);
  const double want = test::reference<double>(h, reduce::sum{});
  for (int i = 0; i < 3; ++i) EXPECT_NEAR(from_device(sum.base + i), want, 1e-9 * n) << "sum " << i;
}

// The storage size depends on the run's arguments (for the default: the types, the op, n and the GPU). A run handed
// the size of another call's query, too small for its own, is refused with the rule in words, and writes nothing.
TEST(Surface, StorageSizedForOtherArgumentsIsRefused) {
  REQUIRE_GPU();
  const std::uint64_t small = 1000, large = 10'000'019;
  const auto h = test::random_vector<float>(large, -1, 1, 13);
  test::device_buffer<float> in(large), out(1);
  CUDA_OK(cudaMemcpy(in.base, h.data(), large * sizeof(float), cudaMemcpyHostToDevice));
  std::size_t small_bytes = 0, large_bytes = 0;
  CUDA_OK(reduce::device_reduce({nullptr, small_bytes}, in.base, out.base, small));
  CUDA_OK(reduce::device_reduce({nullptr, large_bytes}, in.base, out.base, large));
  ASSERT_LT(small_bytes, large_bytes) << "the default's storage for 10^7 floats should exceed that for 10^3";
  test::device_buffer<char> temp(large_bytes);
  CUDA_OK(cudaMemset(out.base, 0xA5, sizeof(float)));
  const reduce::status s = reduce::device_reduce({temp.base, small_bytes}, in.base, out.base, large);
  EXPECT_EQ(s.code, cudaErrorInvalidValue);
  ASSERT_NE(s.message, nullptr);
  EXPECT_NE(std::string(s.message).find("query with the same config, input and output types, op, transform and n"),
            std::string::npos)
      << s.message;
  CUDA_OK(cudaDeviceSynchronize());
  EXPECT_EQ(test::bits_of(from_device(out.base)), 0xA5A5A5A5u) << "a refused call wrote its output";
  // With its own query's size it runs.
  CUDA_OK(reduce::device_reduce({temp.base, large_bytes}, in.base, out.base, large));
  test::expect_sum_close(from_device(out.base), h);
}

}  // namespace
