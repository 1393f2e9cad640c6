// reduce-segmented-bench: many sums at once (docs/segmented.md) beside CUB's DeviceSegmentedReduce and
// thrust::reduce_by_key, on uniform, variable, huge, row and column segments of float data
// (bench/segmented/shapes.hpp). L2 flushed by a read before every sample, CUDA events around one call, contenders
// alternated sample by sample, medians; every contender's results checked against an exact reference before timing.
// Writes one CSV row per point and contender (% of the theoretical bandwidth counting the input read and the results
// written; offsets not counted).
//
//   reduce-segmented-bench --out FILE.csv [--samples 9] [--log2-total 28] [--quick] [--filter TEXT[,TEXT...]]
#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <mutex>
#include <string>
#include <thread>

#include "../common/cuda_bench.cuh"
#include "contenders.cuh"

namespace {
using namespace sbench;

// Element i: a multiple of 1/16 in [-1, 1] from a hash of i (never all zero; every prefix sum is exact in double).
__host__ __device__ inline float value(std::uint64_t i) {
  std::uint64_t x = (i + 1) * 0x9E3779B97F4A7C15ull;
  x ^= x >> 29;
  x *= 0xBF58476D1CE4E5B9ull;
  x ^= x >> 32;
  return float(int(x % 33) - 16) * 0.0625f;
}
__global__ void fill(float* p, std::uint64_t n) {
  for (std::uint64_t i = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; i < n;
       i += std::uint64_t(gridDim.x) * blockDim.x)
    p[i] = value(i);
}
struct options {
  std::string out = "segmented.csv", filter;
  int samples = 9, log2_total = 28;
  bool quick = false;
};
options parse(int argc, char** argv) {
  options o;
  for (int i = 1; i < argc; ++i) {
    const std::string k = argv[i];
    const char* v = i + 1 < argc ? argv[i + 1] : "";
    if (k == "--quick") {
      o.quick = true;
      continue;
    }
    if (k == "--out")
      o.out = v;
    else if (k == "--samples")
      o.samples = std::max(3, std::atoi(v));
    else if (k == "--log2-total")
      o.log2_total = std::clamp(std::atoi(v), 20, 30);
    else if (k == "--filter")
      o.filter = v;
    else {
      std::fprintf(stderr,
                   "usage: reduce-segmented-bench --out FILE.csv [--samples N] [--log2-total 28] [--quick] "
                   "[--filter TEXT[,TEXT...]]\n");
      std::exit(2);
    }
    ++i;
  }
  return o;
}

// The exact sums of every segment (prefix sums in double are exact for multiples of 1/16 below 2^49), and the sums
// of magnitudes, which bound a float sum's rounding error.
struct reference {
  std::vector<double> prefix, abs_prefix;  // of elements 0..n
  explicit reference(std::uint64_t n) : prefix(n + 1), abs_prefix(n + 1) {
    for (std::uint64_t i = 0; i < n; ++i) {
      const double x = value(i);
      prefix[i + 1] = prefix[i] + x, abs_prefix[i + 1] = abs_prefix[i] + std::fabs(x);
    }
  }
};

// f(begin, end) over [0, n) split among the host's cores (the checks of 2^28 results would otherwise take seconds).
template <class F>
void parallel_for(std::uint64_t n, F f) {
  const std::uint64_t chunks = std::min<std::uint64_t>(std::max(1u, std::thread::hardware_concurrency()), n / 4096 + 1);
  std::vector<std::thread> threads;
  for (std::uint64_t i = 0; i < chunks; ++i) threads.emplace_back([=] { f(n * i / chunks, n * (i + 1) / chunks); });
  for (std::thread& t : threads) t.join();
}

// A column or middle-axis point's exact sums and sums of magnitudes, once per point (every contender is checked
// against them): a middle point is B matrices of K x D side by side, result b * D + d.
struct column_reference {
  std::vector<double> sum, mag;
  explicit column_reference(const shape& sh) : sum(sh.count()), mag(sh.count()) {
    if (sh.what != kind::columns && sh.what != kind::middle) return;
    std::mutex m;
    const std::uint64_t rows = sh.outer * sh.rows;                // rows of D elements, matrix b's from b * K
    parallel_for(rows, [&](std::uint64_t r0, std::uint64_t r1) {  // exact sums: any grouping gives the same
      std::vector<double> s(sum.size()), a(sum.size());
      for (std::uint64_t r = r0; r < r1; ++r)
        for (std::uint64_t c = 0; c < sh.size; ++c) {
          const double x = value(r * sh.size + c);
          const std::uint64_t at = r / sh.rows * sh.size + c;
          s[at] += x, a[at] += std::fabs(x);
        }
      const std::lock_guard<std::mutex> lock(m);
      for (std::size_t c = 0; c < sum.size(); ++c) sum[c] += s[c], mag[c] += a[c];
    });
  }
};

// Checks a point's results: |got - exact| <= length * 2^-24 * sum |x| per segment (a float sum's bound, any order).
std::uint64_t count_wrong(const shape& sh, const reference& ref, const column_reference& cols,
                          const std::vector<float>& got) {
  std::atomic<std::uint64_t> wrong{0};
  auto ok = [&](std::uint64_t s, double want, double mag, std::uint64_t len) {
    return std::fabs(double(got[s]) - want) <= double(len) * 0x1p-24 * mag;
  };
  parallel_for(sh.count(), [&](std::uint64_t s0, std::uint64_t s1) {
    std::uint64_t bad = 0;
    for (std::uint64_t s = s0; s < s1; ++s) {
      if (sh.what == kind::columns || sh.what == kind::middle) {
        bad += !ok(s, cols.sum[s], cols.mag[s], sh.rows);
        continue;
      }
      const std::uint64_t b = sh.what == kind::variable ? sh.offsets[s] : s * sh.stride();
      const std::uint64_t e = sh.what == kind::variable ? sh.offsets[s + 1] : b + sh.size;
      bad += !ok(s, ref.prefix[e] - ref.prefix[b], ref.abs_prefix[e] - ref.abs_prefix[b], e - b);
    }
    wrong += bad;
  });
  return wrong;
}

double theoretical_gbps() {
  int dev = 0, clock_khz = 0, bus_bits = 0;
  BENCH_CHECK(cudaGetDevice(&dev));
  BENCH_CHECK(cudaDeviceGetAttribute(&clock_khz, cudaDevAttrMemoryClockRate, dev));
  BENCH_CHECK(cudaDeviceGetAttribute(&bus_bits, cudaDevAttrGlobalMemoryBusWidth, dev));
  return 2.0 * clock_khz * 1e3 * (bus_bits / 8) / 1e9;
}

}  // namespace

int main(int argc, char** argv) {
  const options o = parse(argc, argv);
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess || count == 0) {
    std::fprintf(stderr, "reduce-segmented-bench: no CUDA device\n");
    return 1;
  }
  cudaDeviceProp prop{};
  BENCH_CHECK(cudaGetDeviceProperties(&prop, 0));
  const double peak = theoretical_gbps();
  std::vector<shape> shapes = all_shapes(o.log2_total, o.quick);
  if (!o.filter.empty()) {  // comma-separated parts: a point whose name contains any of them
    std::vector<std::string> parts;
    for (std::size_t at = 0; at <= o.filter.size();) {
      const std::size_t comma = std::min(o.filter.find(',', at), o.filter.size());
      parts.push_back(o.filter.substr(at, comma - at));
      at = comma + 1;
    }
    shapes.erase(std::remove_if(shapes.begin(), shapes.end(),
                                [&](const shape& s) {
                                  return std::none_of(parts.begin(), parts.end(), [&](const std::string& p) {
                                    return !p.empty() && s.name.find(p) != std::string::npos;
                                  });
                                }),
                 shapes.end());
  }
  std::uint64_t n = 0, max_count = 0;
  for (const shape& s : shapes) n = std::max(n, s.extent()), max_count = std::max(max_count, s.count());
  std::fprintf(stderr, "%s, theoretical %.0f GB/s, %s; %zu points, the exact reference of 2^%.0f elements...\n",
               prop.name, peak, cub_name().c_str(), shapes.size(), std::log2(double(n)));
  const reference ref(n);

  float *in = nullptr, *out = nullptr;
  int* offsets = nullptr;
  uint4* flush = nullptr;
  unsigned* sink = nullptr;
  const std::size_t flush_words = 2 * std::size_t(prop.l2CacheSize) / 16 + 1;
  BENCH_CHECK(cudaMalloc(&in, n * sizeof(float)));
  BENCH_CHECK(cudaMalloc(&out, (max_count + 1) * sizeof(float)));
  BENCH_CHECK(cudaMalloc(&offsets, (max_count + 1) * sizeof(int)));
  BENCH_CHECK(cudaMalloc(&flush, flush_words * 16));
  BENCH_CHECK(cudaMalloc(&sink, 4));
  BENCH_CHECK(cudaMemset(flush, 1, flush_words * 16));
  fill<<<1024, 256>>>(in, n);
  BENCH_CHECK(cudaGetLastError());
  BENCH_CHECK(cudaDeviceSynchronize());  // the contenders run on a non-blocking stream
  cudaStream_t stream;
  BENCH_CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  bench_common::event_timer timer(stream);
  bench_common::scratch temp;

  std::ofstream csv(o.out);
  csv << "gpu,cub,shape,kind,total,segments,max_length,contender,role,samples,median_us,min_us,bytes,"
         "pct_theoretical,wrong\n";
  bool failed = false;
  for (const shape& sh : shapes) {
    const std::uint64_t segs = sh.count();
    if (sh.what == kind::uniform || sh.what == kind::variable) {  // CSR offsets, int32 (every total is below 2^31)
      std::vector<int> h(segs + 1);
      for (std::uint64_t s = 0; s <= segs; ++s) h[s] = int(sh.what == kind::variable ? sh.offsets[s] : s * sh.size);
      BENCH_CHECK(cudaMemcpy(offsets, h.data(), h.size() * sizeof(int), cudaMemcpyHostToDevice));
    }
    const point_data d{in, out, offsets};
    const column_reference cols(sh);
    std::vector<contender> cs = contenders_of(sh, d);
    std::vector<std::vector<float>> times(cs.size());
    std::vector<std::uint64_t> wrong(cs.size());
    std::vector<float> got(segs);
    std::vector<bool> slow(cs.size());
    // One call between two events on the stream, its microseconds.
    auto timed = [&](std::size_t c) {
      return timer.microseconds([&] { return cs[c].call(temp.p, temp.bytes, stream); });
    };
    for (std::size_t c = 0; c < cs.size(); ++c) {  // storage, a warm-up into a poisoned output, the check
      std::size_t bytes = 0;
      BENCH_CHECK(cs[c].call(nullptr, bytes, stream));
      temp.fit(bytes);
      BENCH_CHECK(cudaMemsetAsync(out, 0xFF, segs * sizeof(float), stream));  // NaN
      slow[c] = timed(c) > 30000;  // calls over 30 ms (CUB on tiny segments) take 3 samples
      BENCH_CHECK(cudaMemcpy(got.data(), out, segs * sizeof(float), cudaMemcpyDeviceToHost));
      wrong[c] = count_wrong(sh, ref, cols, got);
      if (wrong[c]) {
        failed = true;
        std::fprintf(stderr, "WRONG: %s / %s: %llu of %llu results\n", sh.name.c_str(), cs[c].name.c_str(),
                     (unsigned long long)wrong[c], (unsigned long long)segs);
      }
    }
    for (int sample = 0; sample < o.samples; ++sample)
      for (std::size_t i = 0; i < cs.size(); ++i) {
        const std::size_t c = (i + sample) % cs.size();  // a rotating order: no contender always runs first
        if (slow[c] && sample >= 3) continue;
        bench_common::flush_read<<<2 * prop.multiProcessorCount, 512, 0, stream>>>(flush, flush_words, 0x12345678u,
                                                                                   sink);
        times[c].push_back(timed(c));
      }
    const double bytes = double(sh.total + segs) * sizeof(float);
    for (std::size_t c = 0; c < cs.size(); ++c) {
      std::vector<float> t = times[c];
      std::sort(t.begin(), t.end());
      const double med = t.size() % 2 ? t[t.size() / 2] : 0.5 * (t[t.size() / 2 - 1] + t[t.size() / 2]);
      const char* kinds[] = {"uniform", "variable", "rows", "columns", "middle"};
      csv << '"' << prop.name << "\",\"" << cub_name() << "\",\"" << sh.name << "\"," << kinds[int(sh.what)] << ','
          << sh.total << ',' << segs << ',' << sh.max_length() << ",\"" << cs[c].name << "\"," << cs[c].role << ','
          << t.size() << ',' << med << ',' << t.front() << ',' << bytes << ','
          << 100 * bytes / (med * 1e-6) / 1e9 / peak << ',' << wrong[c] << '\n';
      std::fprintf(stderr, "%-28s %-52s %10.1f us %5.1f%%%s\n", sh.name.c_str(), cs[c].name.c_str(), med,
                   100 * bytes / (med * 1e-6) / 1e9 / peak, wrong[c] ? " WRONG" : "");
    }
    csv.flush();  // every finished point on disk, should the run be cut short
  }
  std::fprintf(stderr, "wrote %s\n", o.out.c_str());
  return failed ? 3 : 0;
}
