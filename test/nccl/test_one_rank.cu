// The multi-GPU layer has the one-GPU layer's operations: each (reduce, transform_reduce, argmin, argmax, argminmax,
// those three with the caller's comparison too), on a one-rank communicator of GPU 0, on temporary storage and on a
// workspace, gives the host's exact result over random integers.
#include <algorithm>

#include "drive.cuh"

namespace {
using namespace ntest;

struct abs_less {
  __host__ __device__ bool operator()(int a, int b) const { return (a < 0 ? -a : a) < (b < 0 ? -b : b); }
};
struct cube {
  __host__ __device__ long long operator()(int x) const { return 1LL * x * x * x; }
};

// Runs call(storage) on temporary storage (query, then run) or on a workspace, then copies the one result back.
template <class Acc, class Call>
Acc run_on(bool on_workspace, reduce::workspace& ws, cudaStream_t stream, Call call) {
  dvec<Acc> out(std::size_t(1));
  cudaMemset(out.p, 0xA5, sizeof(Acc));  // an unwritten result cannot pass
  reduce::status s;
  if (on_workspace) {
    s = call(ws, out.p);
  } else {
    std::size_t bytes = 0;
    s = call(reduce::temp_storage{nullptr, bytes}, out.p);
    void* temp = nullptr;
    if (!s) cudaMalloc(&temp, bytes);
    if (!s) s = call(reduce::temp_storage{temp, bytes}, out.p);
    cudaStreamSynchronize(stream);
    cudaFree(temp);
  }
  EXPECT_FALSE(s) << (s.message ? s.message : "");
  cudaStreamSynchronize(stream);
  Acc r{};
  cudaMemcpy(&r, out.p, sizeof(Acc), cudaMemcpyDeviceToHost);
  return r;
}

TEST(NcclOneRank, EveryOperationOfTheOneGpuLayer) {
  REQUIRE_ONE_GPU();
  int device = 0;
  cudaSetDevice(device);
  ncclComm_t comm = nullptr;
  ASSERT_EQ(ncclCommInitAll(&comm, 1, &device), ncclSuccess);
  cudaStream_t stream = nullptr;
  cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking);
  const std::uint64_t n = 100003;
  const std::vector<int> h = ntest::random_data<int>(n, 41, -10000, 10000);
  const dvec<int> in(h);
  const std::uint64_t lengths[1] = {n};
  const auto all = reduce::nccl::all_ranks(comm, lengths);
  long long sum = 0, cubes = 0;
  for (int x : h) sum += x, cubes += 1LL * x * x * x;
  const auto lo = std::uint64_t(std::min_element(h.begin(), h.end()) - h.begin());
  const auto hi = std::uint64_t(std::max_element(h.begin(), h.end()) - h.begin());
  const auto abs_lo = std::uint64_t(std::min_element(h.begin(), h.end(), abs_less{}) - h.begin());
  const auto abs_hi = std::uint64_t(std::max_element(h.begin(), h.end(), abs_less{}) - h.begin());
  using reduce::nccl::device_argmax, reduce::nccl::device_argmin, reduce::nccl::device_argminmax;
  using extrema = reduce::extrema<int>;
  using indexed = reduce::indexed<int>;
  reduce::workspace ws;
  for (bool on_ws : {false, true}) {
    SCOPED_TRACE(on_ws ? "on a workspace" : "on temporary storage");
    EXPECT_EQ(run_on<long long>(on_ws, ws, stream,
                                [&](auto&& s, long long* out) {
                                  return reduce::nccl::device_reduce<cfg>(s, in.p, out, n, all, reduce::sum{}, stream);
                                }),
              sum);
    EXPECT_EQ(run_on<long long>(on_ws, ws, stream,
                                [&](auto&& s, long long* out) {
                                  return reduce::nccl::device_transform_reduce<cfg>(s, in.p, out, n, all, cube{},
                                                                                    reduce::sum{}, stream);
                                }),
              cubes);
    EXPECT_EQ(run_on<indexed>(on_ws, ws, stream,
                              [&](auto&& s, indexed* out) { return device_argmin<cfg>(s, in.p, out, n, all, stream); })
                  .index,
              lo);
    EXPECT_EQ(run_on<indexed>(
                  on_ws, ws, stream,
                  [&](auto&& s, indexed* out) { return device_argmax<cfg>(s, in.p, out, n, all, abs_less{}, stream); })
                  .index,
              abs_hi);
    const extrema both = run_on<extrema>(
        on_ws, ws, stream, [&](auto&& s, extrema* out) { return device_argminmax<cfg>(s, in.p, out, n, all, stream); });
    EXPECT_EQ(both.min.index, lo);
    EXPECT_EQ(both.max.index, hi);
    const extrema by_abs = run_on<extrema>(on_ws, ws, stream, [&](auto&& s, extrema* out) {
      return device_argminmax<cfg>(s, in.p, out, n, all, abs_less{}, stream);
    });
    EXPECT_EQ(by_abs.min.index, abs_lo);
    EXPECT_EQ(by_abs.max.index, abs_hi);
    EXPECT_EQ(by_abs.max.value, h[abs_hi]);
  }
  ws = reduce::workspace();  // freed on its last stream, before that stream is destroyed
  cudaStreamSynchronize(stream);
  cudaStreamDestroy(stream);
  ncclCommDestroy(comm);
}

}  // namespace
