// A total past 2^32 elements: uint8 shards summed into uint64 over every GPU, against each shard's one-GPU sum added
// exactly on the host. The data is made on each GPU by a hash of the global index (never all zero).
#include "drive.cuh"

namespace {
using namespace ntest;

__global__ void fill_hash(std::uint8_t* p, std::uint64_t n, std::uint64_t first) {
  for (std::uint64_t i = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; i < n;
       i += std::uint64_t(gridDim.x) * blockDim.x) {
    std::uint64_t x = (first + i) * 0x9E3779B97F4A7C15ull;
    x ^= x >> 29;
    p[i] = std::uint8_t(x >> 24);
  }
}

TEST(NcclLarge, Uint8IntoUint64PastTwoToThe32) {
  REQUIRE_GPUS();
  world& w = shared_world();
  ASSERT_GE(w.k, 2);
  const std::uint64_t total = (std::uint64_t(1) << 32) + (1u << 20) + 7;
  const auto len = layout("uneven", w.k, total);
  std::vector<std::uint8_t*> in(w.k, nullptr);
  std::vector<std::uint64_t*> out(w.k, nullptr);
  std::vector<reduce::nccl::shard<std::uint8_t, std::uint64_t>> s(w.k);
  std::uint64_t first = 0, host_sum = 0;
  for (int r = 0; r < w.k; ++r) {
    cudaSetDevice(r);
    CUDA_OK(cudaMalloc(&in[r], len[r] + 16));
    CUDA_OK(cudaMalloc(&out[r], 2 * sizeof(std::uint64_t)));
    fill_hash<<<1024, 256>>>(in[r], len[r], first);
    first += len[r];
    host_sum += reduce::reduce<cfg, std::uint64_t>(in[r], len[r]);  // this shard's one-GPU sum
    s[r] = {w.comms[r], in[r], len[r], out[r], w.streams[r]};
  }
  STATUS_OK(reduce::nccl::device_reduce<cfg>(s.data(), w.k));
  std::vector<void*> temp(w.k);
  for (int r = 0; r < w.k; ++r) {
    cudaSetDevice(r);
    CUDA_OK(cudaMalloc(&temp[r], s[r].temp_bytes));
    s[r].d_temp = temp[r];
  }
  STATUS_OK(reduce::nccl::device_reduce<cfg>(s.data(), w.k));
  w.sync();
  for (int r = 0; r < w.k; ++r) {
    std::uint64_t got = 0;
    cudaSetDevice(r);
    CUDA_OK(cudaMemcpy(&got, out[r], sizeof got, cudaMemcpyDeviceToHost));
    EXPECT_EQ(got, host_sum) << "rank " << r;
    cudaFree(temp[r]), cudaFree(in[r]), cudaFree(out[r]);
  }
  EXPECT_GT(host_sum, total * 100);  // mean byte near 127.5
  cudaSetDevice(0);
}

}  // namespace
