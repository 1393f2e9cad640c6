// A binary built for an older architecture, run on a newer GPU. CMake compiles this source several ways (for sm_75,
// for sm_80 with its PTX, for compute_80 PTX alone, and a fat binary of sm_80 and sm_90: test/CMakeLists.txt) and
// runs each on whatever GPU is there. On a Hopper GPU the first three run the driver's compilation of their PTX, whose
// kernels have no cluster code and no programmatic-launch wait: the default must run kernels that the loaded image
// has, every Grid must give the right result or, for the cluster Grid, a clear refusal that writes nothing, the
// segmented default must run every mapping it picks, and no launch may fail or crash the context.
#include <iostream>
#include <reduce/binned.cuh>
#include <reduce/segmented.cuh>

#include "../common.cuh"

namespace {

namespace p = reduce::policy;
namespace mp = boost::mp11;
using reduce::detail::no_transform;

__global__ void compiled_arch(int* out) {
#ifdef __CUDA_ARCH__
  *out = __CUDA_ARCH__;
#endif
}

// __CUDA_ARCH__ of this binary's loaded image, as its own kernel reports it.
int loaded_arch() {
  static const int arch = [] {
    test::device_buffer<int> d(1);
    int a = 0;
    compiled_arch<<<1, 1>>>(d.base);
    if (cudaDeviceSynchronize() != cudaSuccess || cudaMemcpy(&a, d.base, sizeof a, cudaMemcpyDeviceToHost)) return 0;
    return a;
  }();
  return arch;
}

TEST(Image, TheLibraryReadsTheArchitectureTheKernelsWereCompiledFor) {
  REQUIRE_GPU();
  int dev = 0, major = 0, minor = 0;
  CUDA_OK(cudaGetDevice(&dev));
  CUDA_OK(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, dev));
  CUDA_OK(cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, dev));
  const int arch = loaded_arch();
  ASSERT_GT(arch, 0) << "the probe kernel did not run";
  std::cout << "device compute capability " << major << "." << minor << ", kernels compiled for compute_" << arch / 10
            << "\n";
  using C = reduce::default_config::fallback;
  bool hopper = false;
  CUDA_OK((reduce::detail::hopper_image<C, float, float, reduce::sum, std::uint32_t, no_transform>(hopper)));
  // The input of every Hopper-only choice: the table, the cluster Grid, and a programmatic launch after this
  // reduction's own kernels (launch.cuh), which an image without the wait must never get.
  EXPECT_EQ(hopper, arch >= 900);
}

// Random data without zeros runs (never all zeros): small integers as T, so that integer sums are exact and float
// sums have a tight bound. A fast generator: the largest inputs hold 2^27 elements.
template <class T>
const std::vector<T>& data(std::size_t n) {
  static std::vector<T> v;
  if (v.size() < n) {
    v.resize(n);
    std::uint64_t s = 0x9E3779B97F4A7C15ull * (sizeof(T) + std::is_floating_point_v<T>);
    for (auto& x : v) {
      s ^= s << 13, s ^= s >> 7, s ^= s << 17;
      x = T(int(s % 201) - 100) / (std::is_floating_point_v<T> ? T(8) : T(1));  // in [-12.5, 12.5] or [-100, 100]
    }
  }
  return v;
}

// Reduces the first n elements of data<T>() at element offset `offset` with Cfg (on temporary storage, or on ws), and
// checks the result against a long double (floats) or wrapping (integers) reference. Returns the call's status.
template <class Cfg, class Acc, class T>
reduce::status check_sum(std::uint64_t n, unsigned offset, reduce::workspace* ws = nullptr) {
  const std::vector<T>& h = data<T>(n + offset);
  test::device_buffer<T> in(n + offset);
  test::device_buffer<Acc> out(1);
  EXPECT_EQ(cudaMemcpy(in.base, h.data(), (n + offset) * sizeof(T), cudaMemcpyHostToDevice), cudaSuccess);
  EXPECT_EQ(cudaMemset(out.base, 0xA5, sizeof(Acc)), cudaSuccess);
  const T* d_in = in.base + offset;
  reduce::status s;
  std::size_t bytes = 0;
  if (ws) {
    s = reduce::device_reduce<Cfg>(*ws, d_in, out.base, n);
  } else if (!(s = reduce::device_reduce<Cfg>({nullptr, bytes}, d_in, out.base, n))) {
    test::device_buffer<char> temp(bytes);
    s = reduce::device_reduce<Cfg>({temp.base, bytes}, d_in, out.base, n);
    EXPECT_EQ(cudaDeviceSynchronize(), cudaSuccess) << Cfg::name() << " n=" << n;
  }
  EXPECT_EQ(cudaDeviceSynchronize(), cudaSuccess) << Cfg::name() << " n=" << n;
  Acc got{};
  EXPECT_EQ(cudaMemcpy(&got, out.base, sizeof(Acc), cudaMemcpyDeviceToHost), cudaSuccess);
  if (s) {  // refused: nothing written
    Acc poison;
    std::memset(&poison, 0xA5, sizeof poison);
    EXPECT_EQ(std::memcmp(&got, &poison, sizeof(Acc)), 0) << Cfg::name() << " wrote a result after refusing";
    return s;
  }
  const T* x = h.data() + offset;
  if constexpr (reduce::is_binned<Acc>::value) {  // the host's binned sum, bit for bit
    Acc want;
    for (std::uint64_t i = 0; i < n; ++i) want.add(x[i]);
    EXPECT_EQ(test::bits_of(got.value()), test::bits_of(want.value())) << Cfg::name() << " n=" << n;
  } else if constexpr (std::is_floating_point_v<Acc>) {
    long double exact = 0, abs_sum = 0;
    for (std::uint64_t i = 0; i < n; ++i) exact += x[i], abs_sum += std::fabs(static_cast<long double>(x[i]));
    const long double tol = (n > 1 ? n - 1 : 0) * (std::numeric_limits<Acc>::epsilon() / 2) * abs_sum;
    EXPECT_LE(std::fabs(static_cast<long double>(got) - exact), tol) << Cfg::name() << " n=" << n << " got " << got;
  } else {
    using U = std::make_unsigned_t<Acc>;  // signed sums wrap as the library's do
    U ref = 0;
    for (std::uint64_t i = 0; i < n; ++i) ref += U(Acc(x[i]));
    EXPECT_EQ(U(got), ref) << Cfg::name() << " n=" << n;
  }
  return s;
}

// ---- the default: every row of every table it reads ---------------------------------------------------------------
template <class T, class Acc, bool OnWorkspace>
struct default_case {
  using type = T;
  using accumulator = Acc;
  static constexpr bool on_workspace = OnWorkspace;
};
template <class Case>
class Default : public ::testing::Test {};
using default_cases = ::testing::Types<
    default_case<float, float, false>, default_case<double, double, false>, default_case<int, int, false>,
    default_case<long long, long long, false>, default_case<float, double, false>, default_case<float, float, true>,
    default_case<double, double, true>, default_case<int, int, true>, default_case<float, reduce::binned<float>, false>,
    default_case<double, reduce::binned<double>, true>>;
TYPED_TEST_SUITE(Default, default_cases);

TYPED_TEST(Default, EveryTableRowRightWhateverTheBuild) {
  REQUIRE_GPU();
  using T = typename TypeParam::type;
  using Acc = typename TypeParam::accumulator;
  using table = reduce::detail::tuned_table<T, Acc, reduce::sum, TypeParam::on_workspace>;
  // The first and last n of each row (rows count n in elements of their class's size: the same n for these types).
  static_assert(sizeof(T) == 4 || sizeof(T) == 8);
  std::vector<std::uint64_t> sizes = {0, 1};
  constexpr std::size_t rows = mp::mp_size<typename table::configs>::value;
  for (std::size_t i = 0; i < rows; ++i) {
    const std::uint64_t first = i == 0 ? 2 : table::up_to[i - 1] + 1;
    sizes.push_back(first);
    sizes.push_back(i + 1 < rows ? table::up_to[i] : first + 2);
  }
  if (test::small_only())  // under compute-sanitizer: the rows up to 2^20
    sizes.erase(std::remove_if(sizes.begin(), sizes.end(), [](std::uint64_t n) { return n > (1u << 20); }),
                sizes.end());
  reduce::workspace ws;
  for (std::size_t k = 0; k < sizes.size(); ++k) {
    const reduce::status s =
        check_sum<reduce::default_config, Acc, T>(sizes[k], k % 2, TypeParam::on_workspace ? &ws : nullptr);
    ASSERT_FALSE(s) << "n=" << sizes[k] << ": " << s.message << " (" << cudaGetErrorString(s.code) << ")";
  }
}

// ---- every Grid, with the Load and BlockFinish the tables use -----------------------------------------------------
template <class C>
class Grid : public ::testing::Test {};
template <class G>
using on_grid = p::config<p::vector<4>, p::shuffle, G, 256>;
using grid_configs = mp::mp_push_back<mp::mp_transform<on_grid, reduce::matrix::grids>,
                                      p::config<p::vector<4>, p::shuffle, p::cluster<>, 1024>,
                                      p::config<p::scalar<4, p::blocked>, p::none, p::multipass, 256>>;
TYPED_TEST_SUITE(Grid, test::gtest_types<grid_configs>, test::config_name);

TYPED_TEST(Grid, RightOrRefusedWithTheFix) {
  REQUIRE_GPU();
  constexpr bool cluster = TypeParam::grid::walk::cluster > 0;
  for (std::uint64_t n : {0ull, 1ull, 33ull, 257ull, 4097ull, 16387ull, 99991ull, (1ull << 20) + 3, 9'000'007ull})
    for (unsigned offset : {0u, 3u}) {
      if (test::small_only() && n > 100000) continue;  // under compute-sanitizer
      for (const reduce::status s :
           {check_sum<TypeParam, float, float>(n, offset), check_sum<TypeParam, int, int>(n, offset)}) {
        const bool no_cluster_code = cluster && loaded_arch() < 900;
        if (no_cluster_code && n >= 99991) EXPECT_TRUE(s) << "n=" << n << ": ran as a cluster without cluster code";
        if (!s) continue;  // ran, and check_sum compared it with the reference
        // Only the cluster Grid may refuse, only where this image has no cluster code, and with the fix in words.
        EXPECT_TRUE(no_cluster_code) << "n=" << n << ": " << (s.message ? s.message : "no message");
        EXPECT_EQ(s.code, cudaErrorNotSupported) << "n=" << n;
        EXPECT_NE(std::string(s.message ? s.message : "").find("sm_90"), std::string::npos);
      }
    }
}

// ---- the segmented default: every row of its tables, offsets with long segments or a bound, rows with gaps, columns
struct segment_ref {
  std::uint64_t begin, size, stride;
};

// Reduces data<float>() over segs with the default (sum) and checks each result against a long double reference.
template <class Segs>
void expect_segmented(const Segs& segs, const std::vector<segment_ref>& ref, std::uint64_t extent, const char* what) {
  const std::vector<float>& h = data<float>(extent);
  test::device_buffer<float> in(extent);
  test::device_buffer<float> out(ref.size());
  ASSERT_EQ(cudaMemcpy(in.base, h.data(), extent * sizeof(float), cudaMemcpyHostToDevice), cudaSuccess);
  std::size_t bytes = 0;
  reduce::status s = reduce::device_segmented_reduce({nullptr, bytes}, in.base, out.base, segs);
  ASSERT_FALSE(s) << what << ": " << s.message;
  test::device_buffer<char> temp(bytes);
  s = reduce::device_segmented_reduce({temp.base, bytes}, in.base, out.base, segs);
  ASSERT_FALSE(s) << what << ": " << s.message;
  ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess) << what;
  std::vector<float> got(ref.size());
  ASSERT_EQ(cudaMemcpy(got.data(), out.base, got.size() * sizeof(float), cudaMemcpyDeviceToHost), cudaSuccess);
  for (std::size_t i = 0; i < ref.size(); ++i) {
    long double exact = 0, abs_sum = 0;
    for (std::uint64_t j = 0; j < ref[i].size; ++j) {
      const float x = h[ref[i].begin + j * ref[i].stride];
      exact += x, abs_sum += std::fabs(static_cast<long double>(x));
    }
    const long double tol = ref[i].size * (std::numeric_limits<float>::epsilon() / 2) * abs_sum;
    ASSERT_LE(std::fabs(got[i] - exact), tol) << what << ", segment " << i;
  }
}

TEST(Segmented, EveryMappingOfTheDefaultRightWhateverTheBuild) {
  REQUIRE_GPU();
  // One size: k = 1 and 64 (staged tile), 128 .. 2048 (lane groups, a warp), 4096 x 1000 (a block each), 3 x 2^17
  // (parts of a segment).
  for (auto [k, count] : {std::array<std::uint64_t, 2>{1, 5000},
                          {64, 3000},
                          {128, 2000},
                          {256, 1000},
                          {512, 500},
                          {1024, 300},
                          {2048, 200},
                          {4096, 1000},
                          {std::uint64_t(1) << 17, 3}}) {
    std::vector<segment_ref> ref(count);
    for (std::uint64_t s = 0; s < count; ++s) ref[s] = {s * k, k, 1};
    expect_segmented(reduce::segments::fixed(count, k), ref, k * count, "one size");
  }
  // Rows with gaps of a sector or more: a thread a row, or two lanes.
  for (auto [rows, cols, ld] : {std::array<std::uint64_t, 3>{1000, 4, 16}, {1000, 20, 40}, {500, 60, 70}}) {
    std::vector<segment_ref> ref(rows);
    for (std::uint64_t r = 0; r < rows; ++r) ref[r] = {r * ld, cols, 1};
    expect_segmented(reduce::segments::rows(rows, cols, ld), ref, rows * ld, "rows");
  }
  // Offsets (by_length): lengths 0 .. 3000 and one of 10^5, laid end to end.
  std::vector<long long> begin, end;
  std::vector<segment_ref> ref;
  for (std::uint64_t s = 0, at = 0; s < 400; ++s) {
    const std::uint64_t len = s == 200 ? 100000 : (s * 7919) % 3001;
    begin.push_back((long long)at), end.push_back((long long)(at + len)), ref.push_back({at, len, 1});
    at += len;
  }
  test::device_buffer<long long> d_begin(begin.size()), d_end(end.size());
  ASSERT_EQ(cudaMemcpy(d_begin.base, begin.data(), begin.size() * sizeof(long long), cudaMemcpyHostToDevice), 0);
  ASSERT_EQ(cudaMemcpy(d_end.base, end.data(), end.size() * sizeof(long long), cudaMemcpyHostToDevice), 0);
  expect_segmented(reduce::segments::offsets(d_begin.base, d_end.base, begin.size()), ref,
                   ref.back().begin + ref.back().size, "offsets");
  // Offsets with a bound on their lengths: each row of the bound's table (a thread, lane groups, a warp), lengths
  // 0 .. bound laid end to end.
  for (std::uint64_t bound : {1, 4, 8, 16, 64, 128, 256, 512, 1024, 2048}) {
    std::vector<long long> bb, be;
    std::vector<segment_ref> bref;
    for (std::uint64_t s = 0, at = 0; s < 600; ++s) {
      const std::uint64_t len = (s * 7919) % (bound + 1);
      bb.push_back((long long)at), be.push_back((long long)(at + len)), bref.push_back({at, len, 1});
      at += len;
    }
    test::device_buffer<long long> db(bb.size()), de(be.size());
    ASSERT_EQ(cudaMemcpy(db.base, bb.data(), bb.size() * sizeof(long long), cudaMemcpyHostToDevice), 0);
    ASSERT_EQ(cudaMemcpy(de.base, be.data(), be.size() * sizeof(long long), cudaMemcpyHostToDevice), 0);
    expect_segmented(reduce::segments::offsets(db.base, de.base, bb.size(), bound), bref,
                     bref.back().begin + bref.back().size, "bounded offsets");
  }
  // Columns: tall and narrow (rows split into chunks), dense and two wide (read flat), and one row of many columns.
  for (auto [rows, cols] : {std::array<std::uint64_t, 2>{1 << 17, 7}, {(1 << 17) + 1, 2}, {4096, 40}, {1, 150000}}) {
    std::vector<segment_ref> cref(cols);
    for (std::uint64_t c = 0; c < cols; ++c) cref[c] = {c, rows, cols};
    expect_segmented(reduce::segments::columns(rows, cols, cols), cref, rows * cols, "columns");
  }
}

}  // namespace
