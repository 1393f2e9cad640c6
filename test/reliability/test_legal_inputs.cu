// Legal inputs that once crashed, kept as named cases beside the differential sweep that searches for the next one
// (test/sweep/): elements aligned below their size at every address legal for them (a 16-byte load at 4 mod 16 lost
// the CUDA context), and every kind of segments with a zero in its shape (columns(7, 0, 3) divided by zero on the
// host).
#include <reduce/segmented.cuh>

#include "../sweep/reference.cuh"
#include "configs.cuh"

namespace {

namespace rp = reduce::policy;
using f2 = sweep::pack<float, 2>;          // 8 bytes, 4-byte aligned
using f4 = sweep::pack<float, 4>;          // 16 bytes, 4-byte aligned
using b2 = sweep::pack<unsigned char, 2>;  // 2 bytes, 1-byte aligned
using vector_multipass = rp::config<rp::vector<4>, rp::shuffle, rp::multipass, 256>;
using thread_results = rp::config<rp::vector<1>, rp::none, rp::multipass, 256>;  // a result per thread, then passes

// n elements of T at every address legal for T modulo 16, through Cfg: each sum against the host's.
template <class Cfg, class T>
void sum_at_every_address(std::uint64_t n) {
  const auto op = sweep::op_of<reduce::custom<sweep::pack_add, T>>::make();
  sweep::rng r{n};
  std::vector<T> h(n);
  for (T& x : h) x = sweep::draw<T>(r, false);
  for (std::size_t offset = 0; offset < 16; offset += alignof(T)) {
    test::device_buffer<unsigned char> in(n * sizeof(T) + 16);
    T* d_in = reinterpret_cast<T*>(in.base + offset);
    ASSERT_EQ(cudaMemcpy(d_in, h.data(), n * sizeof(T), cudaMemcpyHostToDevice), cudaSuccess);
    test::device_buffer<T> out(1);
    std::size_t bytes = 0;
    ASSERT_EQ(reduce::device_reduce<Cfg>({nullptr, bytes}, d_in, out.base, n, op), cudaSuccess);
    test::device_buffer<char> temp(bytes);
    const cudaError_t e = reduce::device_reduce<Cfg>({temp.base, bytes}, d_in, out.base, n, op);
    ASSERT_EQ(e, cudaSuccess) << cudaGetErrorString(e);
    ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess) << Cfg::name() << " offset " << offset;
    T got{};
    ASSERT_EQ(cudaMemcpy(&got, out.base, sizeof(T), cudaMemcpyDeviceToHost), cudaSuccess);
    EXPECT_EQ(sweep::compare(got, h.data(), 0, n, 1, op, reduce::detail::no_transform{}), "")
        << Cfg::name() << " " << sizeof(T) << "-byte elements at " << offset << " mod 16";
  }
}

TEST(LegalInputs, ElementsAlignedBelowTheirSizeAtEveryAddress) {
  REQUIRE_GPU();
  sum_at_every_address<vector_multipass, f2>(1000);
  sum_at_every_address<vector_multipass, f4>(1000);
  sum_at_every_address<vector_multipass, b2>(1000);
  sum_at_every_address<reduce::default_config, f2>(100000);
}

// BlockFinish none leaves one result per thread; where a thread's loads hold one result (a 12-byte struct, a struct
// aligned below its size, read one by one; a 16-byte struct, one to a vector) its passes once left as many results
// as they read, and multipass launched forever.
TEST(LegalInputs, ThreadResultsOfOneElementALoadStillShrink) {
  REQUIRE_GPU();
  sum_at_every_address<thread_results, f2>(11436);
  sum_at_every_address<thread_results, sweep::pack<float, 3>>(11436);
  sum_at_every_address<thread_results, sweep::pack<float, 4, 16>>(11436);
}

// Every kind of segments with a zero in its shape: a success, one identity per result, nothing else written.
template <class Segs>
void expect_identities(const char* what, Segs segs, std::uint64_t results) {
  SCOPED_TRACE(what);
  test::device_buffer<float> in(16), out(results + 1);
  ASSERT_EQ(cudaMemset(out.base, 0xA5, (results + 1) * sizeof(float)), cudaSuccess);
  std::size_t bytes = 0;
  ASSERT_EQ(reduce::device_segmented_reduce({nullptr, bytes}, in.base, out.base, segs, reduce::max{}), cudaSuccess);
  test::device_buffer<char> temp(bytes);
  const reduce::status s = reduce::device_segmented_reduce({temp.base, bytes}, in.base, out.base, segs, reduce::max{});
  ASSERT_FALSE(s) << (s.message ? s.message : cudaGetErrorString(s.code));
  ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  std::vector<float> h(results + 1);
  ASSERT_EQ(cudaMemcpy(h.data(), out.base, h.size() * sizeof(float), cudaMemcpyDeviceToHost), cudaSuccess);
  for (std::uint64_t i = 0; i < results; ++i) EXPECT_EQ(h[i], -std::numeric_limits<float>::infinity()) << i;
  EXPECT_EQ(test::bits_of(h[results]), 0xA5A5A5A5u) << "written past the results";
}

TEST(LegalInputs, EveryShapeWithAZero) {
  REQUIRE_GPU();
  namespace seg = reduce::segments;
  expect_identities("fixed(1000, 0)", seg::fixed(1000, 0), 1000);
  expect_identities("fixed(0, 7)", seg::fixed(0, 7), 0);
  expect_identities("rows(0, 5, 5)", seg::rows(0, 5, 5), 0);
  expect_identities("rows(7, 0, 3)", seg::rows(7, 0, 3), 7);
  expect_identities("rows(7, 0, 0)", seg::rows(7, 0, 0), 7);
  expect_identities("columns(0, 5, 5)", seg::columns(0, 5, 5), 5);
  expect_identities("columns(7, 0, 3)", seg::columns(7, 0, 3), 0);
  expect_identities("columns(7, 0, 0)", seg::columns(7, 0, 0), 0);
  expect_identities("columns(0, 0, 0)", seg::columns(0, 0, 0), 0);
  test::device_buffer<int> offsets(8);
  ASSERT_EQ(cudaMemset(offsets.base, 0, 8 * sizeof(int)), cudaSuccess);
  expect_identities("offsets, none", seg::offsets(offsets.base, offsets.base + 1, 0), 0);
  expect_identities("offsets, all empty", seg::offsets(offsets.base, offsets.base + 1, 7), 7);
  expect_identities("offsets, bound 0", seg::offsets(offsets.base, offsets.base + 1, 7, 0), 7);
}

}  // namespace
