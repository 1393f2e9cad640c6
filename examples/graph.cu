// Reductions inside a CUDA graph: the storage lives in a reduce::workspace, grown by one ordinary call before the
// capture (a workspace cannot allocate while its stream is captured), then the captured graph is replayed on new data
// without any allocation or host synchronisation between the reductions.
//   nvcc -std=c++17 -arch=sm_90 -I include -I policies examples/graph.cu -o graph && ./graph
#include <cstdio>
#include <random>
#include <vector>

#include <reduce/reduce.cuh>

#include "check.cuh"

int main() {
  if (!have_gpu()) return 0;

  const std::size_t n = 1 << 22;
  int* d_in = nullptr;
  long long* d_sum = nullptr;
  int* d_max = nullptr;
  CHECK(cudaMalloc(&d_in, n * sizeof(int)));
  CHECK(cudaMalloc(&d_sum, sizeof(long long)));
  CHECK(cudaMalloc(&d_max, sizeof(int)));
  cudaStream_t stream;
  CHECK(cudaStreamCreate(&stream));

  // One workspace for both reductions (they run one after the other on the stream, so they never overlap). The first
  // calls grow it to the size these calls need; after that no call on it allocates.
  reduce::workspace ws;
  CHECK(reduce::device_reduce(ws, d_in, d_sum, n, reduce::sum{}, stream));
  CHECK(reduce::device_reduce(ws, d_in, d_max, n, reduce::max{}, stream));

  cudaGraph_t graph;
  CHECK(cudaStreamBeginCapture(stream, cudaStreamCaptureModeGlobal));
  CHECK(reduce::device_reduce(ws, d_in, d_sum, n, reduce::sum{}, stream));  // sum into 64 bits
  CHECK(reduce::device_reduce(ws, d_in, d_max, n, reduce::max{}, stream));
  CHECK(cudaStreamEndCapture(stream, &graph));
  cudaGraphExec_t exec;
  CHECK(cudaGraphInstantiate(&exec, graph, 0));

  // Replay on new data each time; the graph reads whatever d_in holds when it runs.
  bool right = true;
  std::mt19937 rng(7);
  std::vector<int> host(n);
  for (int replay = 0; replay < 3; ++replay) {
    long long sum = 0;
    int max = -1;
    std::uniform_int_distribution<int> value(0, 1000 * (replay + 1));
    for (int& x : host) sum += x = value(rng), max = x > max ? x : max;
    CHECK(cudaMemcpyAsync(d_in, host.data(), n * sizeof(int), cudaMemcpyHostToDevice, stream));
    CHECK(cudaGraphLaunch(exec, stream));
    long long got_sum = 0;
    int got_max = 0;
    CHECK(cudaMemcpyAsync(&got_sum, d_sum, sizeof got_sum, cudaMemcpyDeviceToHost, stream));
    CHECK(cudaMemcpyAsync(&got_max, d_max, sizeof got_max, cudaMemcpyDeviceToHost, stream));
    CHECK(cudaStreamSynchronize(stream));
    std::printf("replay %d: sum %lld (expected %lld), max %d (expected %d)\n", replay, got_sum, sum, got_max, max);
    right = right && got_sum == sum && got_max == max;
  }

  CHECK(cudaGraphExecDestroy(exec));
  CHECK(cudaGraphDestroy(graph));
  CHECK(cudaFree(d_max));
  CHECK(cudaFree(d_sum));
  CHECK(cudaFree(d_in));
  std::printf("%s\n", right ? "ok" : "WRONG");
  // The workspace frees its memory on its last stream when it goes out of scope, so the stream outlives it.
  ws = reduce::workspace();
  CHECK(cudaStreamDestroy(stream));
  return right ? 0 : 1;
}
