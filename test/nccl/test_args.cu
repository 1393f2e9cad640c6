// Bad arguments: an error code and a message, nothing launched, nothing written. The first group needs no GPU and
// runs everywhere (CI included); the second needs two GPUs.
#include "drive.cuh"

namespace {
using namespace ntest;

template <class Acc = float>
reduce::status one_rank(void* temp, std::size_t& bytes, const float* in, Acc* out, std::uint64_t n,
                        reduce::nccl::collective c, cudaStream_t stream = 0) {
  return reduce::nccl::device_reduce_status<cfg>(temp, bytes, in, out, n, c, reduce::sum{}, stream);
}
void expect_error(reduce::status s, const char* words) {
  EXPECT_EQ(s.code, cudaErrorInvalidValue);
  ASSERT_NE(s.message, nullptr);
  EXPECT_NE(std::string(s.message).find(words), std::string::npos) << s.message;
}

// Pointers that are never dereferenced: every check below fails before any use of them.
float* const fake_out = reinterpret_cast<float*>(std::uintptr_t(256));
const float* const fake_in = reinterpret_cast<const float*>(std::uintptr_t(512));
void* const fake_temp = reinterpret_cast<void*>(std::uintptr_t(1024));

TEST(NcclArgsHost, NullShardWithElements) {
  std::size_t bytes = 4096;
  expect_error(one_rank(fake_temp, bytes, nullptr, fake_out, 10, reduce::nccl::all_ranks(nullptr)),
               "shard pointer is null");
}
TEST(NcclArgsHost, NullOutputOnAnAllReduce) {
  std::size_t bytes = 4096;
  expect_error(one_rank(fake_temp, bytes, fake_in, static_cast<float*>(nullptr), 10, reduce::nccl::all_ranks(nullptr)),
               "output pointer is null");
}
TEST(NcclArgsHost, NullCommunicator) {
  std::size_t bytes = 4096;
  expect_error(one_rank(fake_temp, bytes, fake_in, fake_out, 10, reduce::nccl::all_ranks(nullptr)), "communicator");
  std::size_t query = 0;  // the size query needs the communicator too (its rank count sizes the storage)
  expect_error(one_rank(nullptr, query, fake_in, fake_out, 10, reduce::nccl::to_root(0, nullptr)), "communicator");
  EXPECT_EQ(query, 0u);
}
TEST(NcclArgsHost, EmptyShardMayBeNull) {  // n = 0 with a null shard passes the shard check; the comm check speaks
  std::size_t bytes = 4096;
  expect_error(one_rank(fake_temp, bytes, nullptr, fake_out, 0, reduce::nccl::all_ranks(nullptr)), "communicator");
}
TEST(NcclArgsHost, NoShards) {
  expect_error(reduce::nccl::device_reduce_status<cfg>(static_cast<reduce::nccl::shard<float, float>*>(nullptr), 2),
               "no shards");
  reduce::nccl::shard<float, float> s[1];
  expect_error(reduce::nccl::device_reduce_status<cfg>(s, 0), "no shards");
  expect_error(reduce::nccl::device_reduce_status<cfg>(s, 1), "communicator");
}

// ---- with GPUs: each call is checked for its error and for an output left untouched ------------------------------

struct rank0 {
  world& w = shared_world();
  dvec<float> in{ntest::random_data<float>(1000, 31)};
  dvec<float> out{std::size_t(1)};
  void* temp = nullptr;
  std::size_t bytes = 0;
  const float sentinel = 12345.0f;
  rank0() {
    cudaSetDevice(0);
    one_rank(nullptr, bytes, in.p, out.p, 1000, reduce::nccl::all_ranks(w.comms[0]), w.streams[0]);
    cudaMalloc(&temp, bytes);
    cudaMemcpy(out.p, &sentinel, sizeof(float), cudaMemcpyHostToDevice);
  }
  ~rank0() { cudaFree(temp); }
  void untouched() {
    cudaDeviceSynchronize();
    float v = 0;
    cudaMemcpy(&v, out.p, sizeof(float), cudaMemcpyDeviceToHost);
    EXPECT_EQ(v, sentinel) << "a refused call wrote its output";
  }
};

TEST(NcclArgs, StreamOnAnotherDevice) {
  REQUIRE_GPUS();
  rank0 t;
  cudaSetDevice(0);
  expect_error(one_rank(t.temp, t.bytes, t.in.p, t.out.p, 1000, reduce::nccl::all_ranks(t.w.comms[0]), t.w.streams[1]),
               "different devices");
  t.untouched();
}
TEST(NcclArgs, CurrentDeviceNotTheCommunicators) {
  REQUIRE_GPUS();
  rank0 t;
  cudaSetDevice(1);
  expect_error(one_rank(t.temp, t.bytes, t.in.p, t.out.p, 1000, reduce::nccl::all_ranks(t.w.comms[0]), t.w.streams[0]),
               "current device");
  cudaSetDevice(0);
  t.untouched();
}
TEST(NcclArgs, ShardOnAnotherDevice) {
  REQUIRE_GPUS();
  rank0 t;
  cudaSetDevice(1);
  dvec<float> other{ntest::random_data<float>(1000, 32)};
  cudaSetDevice(0);
  expect_error(one_rank(t.temp, t.bytes, other.p, t.out.p, 1000, reduce::nccl::all_ranks(t.w.comms[0]), t.w.streams[0]),
               "shard is on another device");
  t.untouched();
}
TEST(NcclArgs, RootOutOfRangeAndNullOutputOnRoot) {
  REQUIRE_GPUS();
  rank0 t;
  cudaSetDevice(0);
  const auto c = reduce::nccl::to_root(t.w.k, t.w.comms[0]);
  expect_error(one_rank(t.temp, t.bytes, t.in.p, t.out.p, 1000, c, t.w.streams[0]), "root is not a rank");
  expect_error(one_rank(t.temp, t.bytes, t.in.p, static_cast<float*>(nullptr), 1000,
                        reduce::nccl::to_root(0, t.w.comms[0]), t.w.streams[0]),
               "null on the root");
  t.untouched();
}
TEST(NcclArgs, StorageAndLengths) {
  REQUIRE_GPUS();
  rank0 t;
  cudaSetDevice(0);
  std::size_t small = t.bytes - 1;
  expect_error(one_rank(t.temp, small, t.in.p, t.out.p, 1000, reduce::nccl::all_ranks(t.w.comms[0]), t.w.streams[0]),
               "smaller than the size the query returned");
  std::vector<std::uint64_t> wrong(t.w.k, 999);
  expect_error(one_rank(t.temp, t.bytes, t.in.p, t.out.p, 1000, reduce::nccl::all_ranks(t.w.comms[0], wrong.data()),
                        t.w.streams[0]),
               "lengths[rank]");
  expect_error(
      one_rank(t.temp, t.bytes, t.in.p, t.out.p, 1u << 30, reduce::nccl::all_ranks(t.w.comms[0]), t.w.streams[0]),
      "past the end");
  reduce::indexed<float>* idx = nullptr;
  cudaMalloc(&idx, sizeof(*idx));
  expect_error(reduce::nccl::device_arg_min_status<cfg>(t.temp, t.bytes, t.in.p, idx, 1000,
                                                        reduce::nccl::all_ranks(t.w.comms[0]), t.w.streams[0]),
               "needs every rank's shard length");
  cudaFree(idx);
  t.untouched();
}
TEST(NcclArgs, ShardsNotOnePerRank) {
  REQUIRE_GPUS();
  world& w = shared_world();
  std::vector<reduce::nccl::shard<float, float>> s(w.k);
  for (int r = 0; r < w.k; ++r) s[r].comm = w.comms[0];  // rank 0 every time
  expect_error(reduce::nccl::device_reduce_status<cfg>(s.data(), w.k), "one per rank");
}

}  // namespace
