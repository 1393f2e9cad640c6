// Bad arguments: an error code and a message, nothing launched, nothing written. The first group needs no GPU and
// runs everywhere (CI included); the second runs on a one-rank communicator of its own (GPU 0), some of its checks
// with a second GPU.
#include "drive.cuh"

namespace {
using namespace ntest;

template <class Acc = float>
reduce::status one_rank(void* temp, std::size_t& bytes, const float* in, Acc* out, std::uint64_t n,
                        reduce::nccl::collective c, cudaStream_t stream = 0) {
  return reduce::nccl::device_reduce<cfg>({temp, bytes}, in, out, n, c, reduce::sum{}, stream);
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
// Only -1 means every rank: a rank passing -2 where the others pass -1 would be refused, not silently all-reduce.
TEST(NcclArgsHost, NegativeRootOtherThanEveryRank) {
  std::size_t bytes = 4096;
  expect_error(one_rank(fake_temp, bytes, fake_in, fake_out, 10, reduce::nccl::to_root(-2, nullptr)), "every_rank");
  reduce::nccl::shard<float, float> s[1];
  expect_error(reduce::nccl::device_reduce<cfg>(s, 1, -2), "every_rank");
}
TEST(NcclArgsHost, NoShards) {
  expect_error(reduce::nccl::device_reduce<cfg>(static_cast<reduce::nccl::shard<float, float>*>(nullptr), 2),
               "no shards");
  reduce::nccl::shard<float, float> s[1];
  expect_error(reduce::nccl::device_reduce<cfg>(s, 0), "no shards");
  expect_error(reduce::nccl::device_reduce<cfg>(s, 1), "communicator");
}

// ---- with GPUs: each call is checked for its error and for an output left untouched ------------------------------

// A communicator of one rank on GPU 0, made for the test. A check that regressed would then run the collective alone
// and return; on one rank of a larger world it would wait in NCCL for the other ranks, and the test would hang.
struct rank0 {
  int device = (cudaSetDevice(0), 0);
  ncclComm_t comm = nullptr;
  cudaStream_t stream = nullptr;
  dvec<float> in{ntest::random_data<float>(1000, 31)};
  dvec<float> out{std::size_t(1)};
  void* temp = nullptr;
  std::size_t bytes = 0;
  const float sentinel = 12345.0f;
  rank0() {
    if (ncclCommInitAll(&comm, 1, &device) != ncclSuccess) comm = nullptr;
    cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking);
    one_rank(nullptr, bytes, in.p, out.p, 1000, all(), stream);
    cudaMalloc(&temp, bytes);
    cudaMemcpy(out.p, &sentinel, sizeof(float), cudaMemcpyHostToDevice);
  }
  ~rank0() {
    cudaSetDevice(0);
    cudaStreamSynchronize(stream);
    cudaStreamDestroy(stream);
    cudaFree(temp);
    if (comm) ncclCommDestroy(comm);
  }
  reduce::nccl::collective all(const std::uint64_t* lengths = nullptr) const {
    return reduce::nccl::all_ranks(comm, lengths);
  }
  void untouched() {
    cudaDeviceSynchronize();
    float v = 0;
    cudaMemcpy(&v, out.p, sizeof(float), cudaMemcpyDeviceToHost);
    EXPECT_EQ(v, sentinel) << "a refused call wrote its output";
  }
};

// A stream of GPU 1, destroyed with the test.
struct stream_on_gpu1 {
  cudaStream_t s = nullptr;
  stream_on_gpu1() {
    cudaSetDevice(1);
    cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
    cudaSetDevice(0);
  }
  ~stream_on_gpu1() { cudaStreamDestroy(s); }
};

TEST(NcclArgs, StreamOnAnotherDevice) {
  REQUIRE_GPUS();
  stream_on_gpu1 other;
  rank0 t;
  ASSERT_NE(t.comm, nullptr);
  expect_error(one_rank(t.temp, t.bytes, t.in.p, t.out.p, 1000, t.all(), other.s), "different devices");
  t.untouched();
}
TEST(NcclArgs, CurrentDeviceNotTheCommunicators) {
  REQUIRE_GPUS();
  rank0 t;
  ASSERT_NE(t.comm, nullptr);
  cudaSetDevice(1);
  expect_error(one_rank(t.temp, t.bytes, t.in.p, t.out.p, 1000, t.all(), t.stream), "current device");
  cudaSetDevice(0);
  t.untouched();
}
TEST(NcclArgs, ShardOnAnotherDevice) {
  REQUIRE_GPUS();
  rank0 t;
  ASSERT_NE(t.comm, nullptr);
  cudaSetDevice(1);
  dvec<float> other{ntest::random_data<float>(1000, 32)};
  cudaSetDevice(0);
  expect_error(one_rank(t.temp, t.bytes, other.p, t.out.p, 1000, t.all(), t.stream), "shard is on another device");
  t.untouched();
}
TEST(NcclArgs, WorkspaceOnAnotherDevice) {  // grown by a call on GPU 1, then handed to GPU 0's communicator
  REQUIRE_GPUS();
  stream_on_gpu1 other;
  rank0 t;
  ASSERT_NE(t.comm, nullptr);
  {
    reduce::workspace ws;
    cudaSetDevice(1);
    STATUS_OK(ws.reserve(256, 4096, other.s));
    cudaSetDevice(0);
    expect_error(reduce::nccl::device_reduce<cfg>(ws, t.in.p, t.out.p, 1000, t.all(), reduce::sum{}, t.stream),
                 "workspace holds memory on another device");
    t.untouched();
  }  // ws frees on its last stream, GPU 1's, before that stream goes
}
TEST(NcclArgs, RootOutOfRangeAndNullOutputOnRoot) {
  REQUIRE_ONE_GPU();
  rank0 t;
  ASSERT_NE(t.comm, nullptr);
  expect_error(one_rank(t.temp, t.bytes, t.in.p, t.out.p, 1000, reduce::nccl::to_root(1, t.comm), t.stream),
               "root is not a rank");
  expect_error(one_rank(t.temp, t.bytes, t.in.p, t.out.p, 1000, reduce::nccl::to_root(-2, t.comm), t.stream),
               "root is not a rank");
  expect_error(
      one_rank(t.temp, t.bytes, t.in.p, static_cast<float*>(nullptr), 1000, reduce::nccl::to_root(0, t.comm), t.stream),
      "null on the root");
  t.untouched();
}
TEST(NcclArgs, StorageAndLengths) {
  REQUIRE_ONE_GPU();
  rank0 t;
  ASSERT_NE(t.comm, nullptr);
  std::size_t small = t.bytes - 1;
  expect_error(one_rank(t.temp, small, t.in.p, t.out.p, 1000, t.all(), t.stream), "smaller than this call needs");
  const std::uint64_t wrong[1] = {999};
  expect_error(one_rank(t.temp, t.bytes, t.in.p, t.out.p, 1000, t.all(wrong), t.stream), "lengths[rank]");
  expect_error(one_rank(t.temp, t.bytes, t.in.p, t.out.p, 1u << 30, t.all(), t.stream), "past the end");
  reduce::indexed<float>* idx = nullptr;
  cudaMalloc(&idx, sizeof(*idx));
  expect_error(reduce::nccl::device_argmin<cfg>({t.temp, t.bytes}, t.in.p, idx, 1000, t.all(), t.stream),
               "needs every rank's shard length");
  cudaFree(idx);
  t.untouched();
}
TEST(NcclArgs, ShardsNotOnePerRank) {
  REQUIRE_ONE_GPU();
  rank0 t;
  ASSERT_NE(t.comm, nullptr);
  reduce::nccl::shard<float, float> s[2];
  for (auto& x : s) x.comm = t.comm;  // two shards of a one-rank communicator
  expect_error(reduce::nccl::device_reduce<cfg>(s, 2), "one per rank");
}

}  // namespace
