// Grid atomic on a reduce::workspace: sums of 32-bit integers go through one tally word in the zeroed region (value
// and arrival count in one atomic, the last arrival writes the output). Exact across sizes and the full value range
// (sums wrap modulo 2^32), per-block and per-thread results, narrow inputs; the word reads zero after every call and
// beside polled calls on the same workspace; one kernel node and no memset in a captured call, where every other op
// and type, and a sum over more than tally_max_arrivals results, keeps the preset of the output.
#include <algorithm>

#include "workspace_common.cuh"

namespace {

namespace p = reduce::policy;
using test::input;
using test::on_workspace;
using test::zeroed_region_is_zero;
using atomic_vec4 = p::config<p::vector<4>, p::shuffle, p::atomic, 256>;
using atomic_blocked = p::config<p::scalar<4, p::blocked>, p::shuffle, p::atomic, 128>;
using atomic_tree = p::config<p::scalar<1>, p::tree<p::interleaved_modulo>, p::atomic, 512>;
using atomic_per_thread = p::config<p::vector<1>, p::none, p::atomic, 128>;  // a result per thread
using polled = p::config<p::vector<4>, p::shuffle, p::polled<>, 256>;

// The integer sum modulo 2^32, as a 32-bit accumulator holds it (folded unsigned: no signed overflow on the host).
template <class Acc, class T>
Acc wrapped_sum(const std::vector<T>& h) {
  std::uint32_t r = 0;
  for (const T& x : h) r += static_cast<std::uint32_t>(static_cast<Acc>(x));
  return static_cast<Acc>(r);
}

std::vector<std::uint64_t> sizes() {
  if (test::small_only()) return {255, 40000, 5000};
  return {1, 255, 4097, 99991, (1u << 20) + 3, 9'000'001, 5000, 3'000'017};
}

template <class Cfg, class T>
void exact_across_sizes(reduce::workspace& ws) {
  for (std::uint64_t n : sizes()) {
    const auto h = test::random_bits<T>(n, n + sizeof(T));  // full range: the sum wraps
    const input<T> in(h);
    EXPECT_EQ((on_workspace<Cfg, T>(ws, in.buf.base, n)), wrapped_sum<T>(h)) << Cfg::name() << " n=" << n;
    if (n > 1)
      EXPECT_EQ((on_workspace<Cfg, T>(ws, in.buf.base + 1, n - 1)),
                wrapped_sum<T>(std::vector<T>(h.begin() + 1, h.end())))
          << Cfg::name() << " n=" << n - 1 << " from an unaligned address";
    EXPECT_TRUE(zeroed_region_is_zero(ws)) << Cfg::name() << " left its word set after n=" << n;
  }
}

TEST(WorkspaceAtomic, IntegerSumsExactAndTheWordLeftZero) {
  REQUIRE_GPU();
  reduce::workspace ws;
  boost::mp11::mp_for_each<boost::mp11::mp_list<atomic_vec4, atomic_blocked, atomic_tree, atomic_per_thread>>(
      [&](auto c) {
        exact_across_sizes<decltype(c), std::int32_t>(ws);
        exact_across_sizes<decltype(c), std::uint32_t>(ws);
      });
  EXPECT_GE(ws.zeroed_bytes(), sizeof(unsigned long long));  // the tally word lives in the zeroed region
  // and nothing else but, where the tally is not certain, the slot a host output's atomics would take
  EXPECT_LE(ws.scratch_bytes(), reduce::detail::storage_alignment);
}

// 16-bit elements summed into a 32-bit accumulator; the default on 32-bit ones (its exact table picks the atomic grid).
TEST(WorkspaceAtomic, NarrowInputsAndTheDefault) {
  REQUIRE_GPU();
  reduce::workspace ws;
  for (std::uint64_t n : sizes()) {
    const auto h = test::random_bits<std::int16_t>(n, 7 * n);
    const input<std::int16_t> in(h);
    EXPECT_EQ((on_workspace<atomic_vec4, std::int32_t>(ws, in.buf.base, n)), wrapped_sum<std::int32_t>(h)) << "n=" << n;
    const auto w = test::random_bits<std::int32_t>(n, 9 * n);
    const input<std::int32_t> in_w(w);
    EXPECT_EQ((on_workspace<reduce::default_config, std::int32_t>(ws, in_w.buf.base, n)), wrapped_sum<std::int32_t>(w));
    EXPECT_TRUE(zeroed_region_is_zero(ws)) << "n=" << n;
  }
}

// Tally calls between polled calls on one workspace: each finds the region at zero and leaves it so.
TEST(WorkspaceAtomic, SharesTheZeroedRegionWithPolled) {
  REQUIRE_GPU();
  const std::uint64_t n = test::small_only() ? 40000 : 1'000'003;
  const auto ints = test::random_vector<int>(n, -1, 1, 3);  // float sums of -1/0/1 are exact in any order
  const std::vector<float> f(ints.begin(), ints.end());
  const input<int> in_i(ints);
  const input<float> in_f(f);
  const float exact_f = float(test::reference<long long>(ints, reduce::sum{}));
  reduce::workspace ws;
  for (int round = 0; round < 3; ++round) {
    EXPECT_EQ((on_workspace<atomic_vec4, int>(ws, in_i.buf.base, n)), wrapped_sum<int>(ints)) << "round " << round;
    EXPECT_EQ((on_workspace<polled, float>(ws, in_f.buf.base, n)), exact_f) << "round " << round;
    EXPECT_EQ((on_workspace<atomic_per_thread, int>(ws, in_i.buf.base, n)), wrapped_sum<int>(ints))
        << "round " << round;
    EXPECT_TRUE(zeroed_region_is_zero(ws)) << "round " << round;
  }
}

// Captures Cfg's reduction of n elements at d_in into an Acc at out, and expects its graph to hold `kernels` kernel
// nodes and `memsets` memset nodes and nothing else.
template <class Cfg, class Acc, class T, class Op>
void expect_captured_nodes(reduce::workspace& ws, const T* d_in, void* out, std::uint64_t n, Op op, cudaStream_t s,
                           int kernels, int memsets, const char* what) {
  Acc* d_out = static_cast<Acc*>(out);
  CUDA_OK(reduce::device_reduce<Cfg>(ws, d_in, d_out, n, op, s).code);  // grows the workspace first
  CUDA_OK(cudaStreamSynchronize(s));
  cudaGraph_t graph = nullptr;
  CUDA_OK(cudaStreamBeginCapture(s, cudaStreamCaptureModeThreadLocal));
  const reduce::status captured = reduce::device_reduce<Cfg>(ws, d_in, d_out, n, op, s);
  CUDA_OK(cudaStreamEndCapture(s, &graph));
  CUDA_OK(captured.code);
  std::size_t count = 0;
  CUDA_OK(cudaGraphGetNodes(graph, nullptr, &count));
  std::vector<cudaGraphNode_t> nodes(count);
  CUDA_OK(cudaGraphGetNodes(graph, nodes.data(), &count));
  int kernel_nodes = 0, memset_nodes = 0;
  for (cudaGraphNode_t node : nodes) {
    cudaGraphNodeType t;
    CUDA_OK(cudaGraphNodeGetType(node, &t));
    kernel_nodes += t == cudaGraphNodeTypeKernel;
    memset_nodes += t == cudaGraphNodeTypeMemset;
  }
  CUDA_OK(cudaGraphDestroy(graph));
  EXPECT_EQ(std::size_t(kernel_nodes + memset_nodes), count) << what << ": nodes other than kernels and memsets";
  EXPECT_EQ(kernel_nodes, kernels) << what;
  EXPECT_EQ(memset_nodes, memsets) << what;
}

// What the tally saves: a 32-bit integer sum on a workspace is one kernel and nothing else; a float sum, a 64-bit sum,
// a 32-bit max and a sum over more than tally_max_arrivals results keep the preset of the output (a memset, or for max
// a kernel).
TEST(WorkspaceAtomic, OneKernelAndNoMemset) {
  REQUIRE_GPU();
  cudaStream_t s;
  CUDA_OK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  const std::uint64_t n = 1'000'003;
  const auto ints = test::random_vector<int>(n, -1000, 1000, 11);
  const std::vector<float> f(ints.begin(), ints.end());
  const input<int> in_i(ints);
  const input<float> in_f(f);
  test::device_buffer<long long> out(1);  // room for any of the accumulators below
  reduce::workspace ws;
  const int* d_i = in_i.buf.base;
  expect_captured_nodes<atomic_vec4, int>(ws, d_i, out.base, n, reduce::sum{}, s, 1, 0, "int sum");
  const unsigned* d_u = reinterpret_cast<const unsigned*>(d_i);  // the same bits as unsigned elements
  expect_captured_nodes<atomic_vec4, unsigned>(ws, d_u, out.base, n, reduce::sum{}, s, 1, 0, "unsigned sum");
  expect_captured_nodes<atomic_vec4, float>(ws, in_f.buf.base, out.base, n, reduce::sum{}, s, 1, 1, "float sum");
  expect_captured_nodes<atomic_vec4, long long>(ws, d_i, out.base, n, reduce::sum{}, s, 1, 1, "int into long long");
  expect_captured_nodes<atomic_vec4, int>(ws, d_i, out.base, n, reduce::max{}, s, 2, 0, "int max (identity kernel)");
  // 1'000'003 elements: 1954 blocks of 512-element tiles take the tally; a result per thread (250001) the preset.
  expect_captured_nodes<atomic_blocked, int>(ws, d_i, out.base, n, reduce::sum{}, s, 1, 0, "int sum, 1954 blocks");
  expect_captured_nodes<atomic_per_thread, int>(ws, d_i, out.base, n, reduce::sum{}, s, 1, 1,
                                                "int sum, 250001 results");
  EXPECT_TRUE(zeroed_region_is_zero(ws));
  ws = reduce::workspace();  // frees in s's order, before s goes
  CUDA_OK(cudaStreamDestroy(s));
}

}  // namespace
