// reduce-binned-bench: the sums whose bits do not depend on order (docs/extensions.md, "Binned"): reduce::binned<T>
// beside the plain default sum, compensated<T>, CUB's DeviceReduce::Sum and, where the CUB built against has it,
// CUB's gpu_to_gpu Reduce (its reproducible floating accumulator, RFA), for float and double. L2 flushed by a read
// before every sample, CUDA events around one call, contenders alternated sample by sample, medians. Every result is
// checked before timing: the binned sums bit for bit against the host's binned sum of the same data, the others
// within n u sum|x| of the exact sum. One CSV row per size and contender.
//
//   reduce-binned-bench --out FILE.csv [--samples 15] [--quick]
#include <cub/device/device_reduce.cuh>
#include <cub/version.cuh>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <functional>
#include <mutex>
#include <reduce/binned.cuh>
#include <reduce/compensated.cuh>
#include <reduce/reduce.cuh>
#include <string>
#include <thread>
#include <vector>

#include "../common/cuda_bench.cuh"

// CUB's gpu_to_gpu determinism (cuda::execution::require) came with CCCL 3.1.
#if CUB_VERSION >= 300100
#include <cuda/std/execution>
#include <cuda/stream_ref>
#define BINNED_BENCH_CUB_RFA 1
#endif

namespace {

// Element i: a 24-bit signed integer times 2^e, e in [-20, 20] (exact in float and double; 41 binades of magnitude,
// so that a plain sum's bits depend on its order).
template <class T>
__host__ __device__ T value(std::uint64_t i) {
  std::uint64_t x = (i + 1) * 0x9E3779B97F4A7C15ull;
  x ^= x >> 29;
  x *= 0xBF58476D1CE4E5B9ull;
  x ^= x >> 32;
  const T m = T(std::int64_t(x & 0xFFFFFF) - 0x800000);
  const int e = int((x >> 24) % 41) - 20;
  return e >= 0 ? m * T(std::uint64_t(1) << e) : m / T(std::uint64_t(1) << -e);
}
template <class T>
__global__ void fill(T* p, std::uint64_t n) {
  for (std::uint64_t i = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; i < n;
       i += std::uint64_t(gridDim.x) * blockDim.x)
    p[i] = value<T>(i);
}

// The host's references over [0, n), split among the cores: the binned sum (partials combine exactly, so any split
// gives its bits), the exact sum (every element is a whole number of 2^-20 below 2^63 of them: an __int128 count,
// rounded once to long double) and the sum of magnitudes.
template <class T>
struct reference {
  T binned = 0;
  long double sum = 0, magnitude = 0;
  explicit reference(std::uint64_t n) {
    const unsigned k = std::max(1u, std::thread::hardware_concurrency());
    std::vector<reduce::binned<T>> b(k);
    std::vector<__int128> s(k);
    std::vector<long double> m(k);
    std::vector<std::thread> threads;
    for (unsigned t = 0; t < k; ++t)
      threads.emplace_back([&, t] {
        for (std::uint64_t i = n * t / k; i < n * (t + 1) / k; ++i) {
          const T x = value<T>(i);
          b[t].add(x), s[t] += std::int64_t(std::ldexp(static_cast<long double>(x), 20));
          m[t] += std::fabs(static_cast<long double>(x));
        }
      });
    reduce::binned<T> all;
    __int128 units = 0;
    for (unsigned t = 0; t < k; ++t) threads[t].join(), all = all + b[t], units += s[t], magnitude += m[t];
    binned = all.value();
    sum = std::ldexp(static_cast<long double>(units), -20);
  }
};

struct contender {
  std::string name;
  std::function<cudaError_t(void* temp, std::size_t& bytes, cudaStream_t stream)> call;  // temp null: the size
  std::function<bool()> check;                                                           // the result, read back
};

std::string cub_name() {
  return "cub " + std::to_string(CUB_MAJOR_VERSION) + "." + std::to_string(CUB_MINOR_VERSION) + "." +
         std::to_string(CUB_SUBMINOR_VERSION);
}

template <class Acc>
Acc read_back(const void* out) {
  Acc a;
  BENCH_CHECK(cudaMemcpy(&a, out, sizeof(Acc), cudaMemcpyDeviceToHost));
  return a;
}

template <class T>
std::vector<contender> contenders(const T* in, std::uint64_t n, void* out, const reference<T>& ref) {
  // A sum in any order of k additions a thread, then a tree: |error| <= (k + depth) u sum|x|. Every kernel timed
  // here (ours, CUB's) adds at most n / 2^16 elements a thread, and its trees are under 64 deep. A compensated sum:
  // u |s| + 4 n u^2 sum|x| (docs/extensions.md).
  const long double u = std::numeric_limits<T>::epsilon() / 2;
  const long double bound = (n / 65536 + 64) * u * ref.magnitude;
  const long double compensated_bound = u * std::fabs(ref.sum) + 4 * n * u * u * ref.magnitude;
  const auto near = [=, &ref](long double got, long double within) {
    const bool ok = std::fabs(got - ref.sum) <= within;
    if (!ok) std::fprintf(stderr, "  got %.17Lg, exact %.17Lg, bound %.3Lg\n", got, ref.sum, within);
    return ok;
  };
  const std::string t = sizeof(T) == 4 ? "float" : "double";
  std::vector<contender> c;
  c.push_back({"reduce " + t + " (plain)",
               [=](void* tmp, std::size_t& b, cudaStream_t s) {
                 return reduce::device_reduce({tmp, b}, in, (T*)out, n, reduce::sum{}, s);
               },
               [=] { return near(read_back<T>(out), bound); }});
  c.push_back({"reduce compensated<" + t + ">",
               [=](void* tmp, std::size_t& b, cudaStream_t s) {
                 return reduce::device_reduce({tmp, b}, in, (reduce::compensated<T>*)out, n, reduce::sum{}, s);
               },
               [=] { return near(read_back<reduce::compensated<T>>(out).value(), compensated_bound); }});
  c.push_back({"reduce binned<" + t + ">",
               [=](void* tmp, std::size_t& b, cudaStream_t s) {
                 return reduce::device_reduce({tmp, b}, in, (reduce::binned<T>*)out, n, reduce::sum{}, s);
               },
               [=, &ref] {
                 const T got = read_back<reduce::binned<T>>(out).value();
                 return std::memcmp(&got, &ref.binned, sizeof(T)) == 0;
               }});
  c.push_back(
      {cub_name() + " Sum",
       [=](void* tmp, std::size_t& b, cudaStream_t s) { return cub::DeviceReduce::Sum(tmp, b, in, (T*)out, n, s); },
       [=] { return near(read_back<T>(out), bound); }});
#ifdef BINNED_BENCH_CUB_RFA
  // The environment form allocates its temporary storage itself (from the stream's pool), as a caller of it does.
  c.push_back({cub_name() + " gpu_to_gpu Reduce",
               [=](void* tmp, std::size_t& b, cudaStream_t s) {
                 if (!tmp) return b = 0, cudaSuccess;
                 const auto env = cuda::std::execution::env{
                     cuda::stream_ref{s}, cuda::execution::require(cuda::execution::determinism::gpu_to_gpu)};
                 return cub::DeviceReduce::Reduce(in, (T*)out, n, cuda::std::plus<>{}, T(0), env);
               },
               [=] { return near(read_back<T>(out), bound); }});
#endif
  return c;
}

struct options {
  std::string out = "binned.csv";
  int samples = 15;
  bool quick = false;
};

template <class T>
bool run(const options& o, const cudaDeviceProp& prop, std::ofstream& csv) {
  const std::vector<int> logs = o.quick ? std::vector<int>{20, 24, 28}
                                        : (sizeof(T) == 4 ? std::vector<int>{12, 16, 20, 22, 24, 26, 28, 30}
                                                          : std::vector<int>{12, 16, 20, 22, 24, 26, 28, 29});
  const std::uint64_t most = std::uint64_t(1) << logs.back();
  T* in = nullptr;
  void* out = nullptr;
  uint4* flush = nullptr;
  unsigned* sink = nullptr;
  const std::size_t flush_words = 2 * std::size_t(prop.l2CacheSize) / 16 + 1;
  BENCH_CHECK(cudaMalloc(&in, most * sizeof(T)));
  BENCH_CHECK(cudaMalloc(&out, 256));
  BENCH_CHECK(cudaMalloc(&flush, flush_words * 16));
  BENCH_CHECK(cudaMalloc(&sink, 4));
  BENCH_CHECK(cudaMemset(flush, 1, flush_words * 16));
  fill<<<1024, 256>>>(in, most);
  BENCH_CHECK(cudaDeviceSynchronize());
  cudaStream_t stream;
  BENCH_CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  bench_common::event_timer timer(stream);
  bench_common::scratch temp;
  bool ok = true;
  for (int lg : logs) {
    const std::uint64_t n = std::uint64_t(1) << lg;
    const reference<T> ref(n);
    std::vector<contender> cs = contenders(in, n, out, ref);
    std::vector<std::vector<float>> times(cs.size());
    auto timed = [&](std::size_t c) {
      return timer.microseconds([&] { return cs[c].call(temp.p, temp.bytes, stream); });
    };
    std::vector<bool> right(cs.size());
    for (std::size_t c = 0; c < cs.size(); ++c) {  // storage, a warm-up into a poisoned output, the check
      std::size_t bytes = 0;
      BENCH_CHECK(cs[c].call(nullptr, bytes, stream));
      temp.fit(bytes);
      BENCH_CHECK(cudaMemsetAsync(out, 0xFF, 256, stream));
      timed(c);
      right[c] = cs[c].check();
      if (!right[c]) {  // ours fail the run; another library's wrong result is reported, marked in the report
        std::fprintf(stderr, "WRONG: %s at 2^%d\n", cs[c].name.c_str(), lg);
        ok = ok && cs[c].name.rfind("reduce ", 0) != 0;
      }
    }
    for (int sample = 0; sample < o.samples; ++sample)
      for (std::size_t i = 0; i < cs.size(); ++i) {
        const std::size_t c = (i + sample) % cs.size();  // a rotating order: no contender always runs first
        bench_common::flush_read<<<2 * prop.multiProcessorCount, 512, 0, stream>>>(flush, flush_words, 0x12345678u,
                                                                                   sink);
        times[c].push_back(timed(c));
      }
    std::vector<double> med(cs.size());
    for (std::size_t c = 0; c < cs.size(); ++c) {
      std::sort(times[c].begin(), times[c].end());
      med[c] = times[c][times[c].size() / 2];
    }
    for (std::size_t c = 0; c < cs.size(); ++c) {
      const double gbps = double(n) * sizeof(T) / (med[c] * 1e-6) / 1e9;
      csv << '"' << prop.name << "\",\"" << cub_name() << "\"," << (sizeof(T) == 4 ? "float" : "double") << ',' << n
          << ",\"" << cs[c].name << "\"," << times[c].size() << ',' << med[c] << ',' << times[c].front() << ',' << gbps
          << ',' << med[0] / med[c] << ',' << (right[c] ? 1 : 0) << '\n';
      std::fprintf(stderr, "%-6s 2^%-2d %-36s %9.1f us %7.0f GB/s %5.2f of plain%s\n",
                   sizeof(T) == 4 ? "float" : "double", lg, cs[c].name.c_str(), med[c], gbps, med[0] / med[c],
                   right[c] ? "" : " WRONG");
    }
    csv.flush();
  }
  BENCH_CHECK(cudaFree(in));
  BENCH_CHECK(cudaFree(out));
  BENCH_CHECK(cudaFree(flush));
  BENCH_CHECK(cudaFree(sink));
  return ok;
}

}  // namespace

int main(int argc, char** argv) {
  options o;
  for (int i = 1; i < argc; ++i) {
    const std::string k = argv[i];
    if (k == "--quick") {
      o.quick = true;
    } else if (k == "--out" && i + 1 < argc) {
      o.out = argv[++i];
    } else if (k == "--samples" && i + 1 < argc) {
      o.samples = std::max(3, std::atoi(argv[++i]));
    } else {
      std::fprintf(stderr, "usage: reduce-binned-bench --out FILE.csv [--samples 15] [--quick]\n");
      return 2;
    }
  }
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess || count == 0) {
    std::fprintf(stderr, "reduce-binned-bench: no CUDA device\n");
    return 1;
  }
  cudaDeviceProp prop{};
  BENCH_CHECK(cudaGetDeviceProperties(&prop, 0));
  std::ofstream csv(o.out);
  csv << "gpu,cub,type,n,contender,samples,median_us,min_us,gbps,of_plain,right\n";
  const bool ok = run<float>(o, prop, csv) & run<double>(o, prop, csv);
  std::fprintf(stderr, "wrote %s\n", o.out.c_str());
  return ok ? 0 : 3;
}
