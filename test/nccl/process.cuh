// One process per GPU: the test binary starts itself once per rank (/proc/self/exe --nccl-child SCENARIO RANK NRANKS
// DIR). The parent writes the ncclUniqueId to DIR/id before it starts them; each child joins with ncclCommInitRank,
// runs the scenario and writes its results, one "name hex-bytes" line each, to DIR/rank<R>.txt.
#pragma once
#include <fstream>
#include <map>
#include <sstream>

#include "common.cuh"

namespace ntest {

// What every rank holds, known to the parent too: rank r's shard of the scenario's data.
inline std::vector<std::uint64_t> child_lengths(int k) { return layout("uneven", k, (1u << 21) + 999); }
inline std::vector<std::uint64_t> child_tile_lengths(int k) {
  std::vector<std::uint64_t> len(k);
  const std::uint64_t tile = reduce::nccl::tile_elements<repro, float>();
  for (int r = 0; r < k; ++r) len[r] = (2 * r + 3) * tile;
  len[k - 1] += 64;
  return len;
}
inline std::vector<float> child_floats(int r, std::uint64_t n) { return ntest::random_data<float>(n, 100 + r); }
inline std::vector<std::int64_t> child_ints(int r, std::uint64_t n) {
  return ntest::random_data<std::int64_t>(n, 200 + r, -1e15, 1e15);
}

struct magnitude {  // a custom op: the largest magnitude (the gather path)
  __host__ __device__ float operator()(float a, float b) const { return fabsf(a) < fabsf(b) ? b : a; }
};

template <class T>
std::string hex(const T& v) {
  const auto* b = reinterpret_cast<const unsigned char*>(&v);
  std::string s;
  char buf[3];
  for (std::size_t i = 0; i < sizeof(T); ++i) std::snprintf(buf, sizeof buf, "%02x", b[i]), s += buf;
  return s;
}
template <class T>
T from_hex(const std::string& s) {
  T v{};
  auto* b = reinterpret_cast<unsigned char*>(&v);
  for (std::size_t i = 0; i < sizeof(T) && 2 * i + 1 < s.size(); ++i) b[i] = std::stoi(s.substr(2 * i, 2), nullptr, 16);
  return v;
}
inline std::map<std::string, std::string> read_results(const std::string& path) {
  std::map<std::string, std::string> m;
  std::ifstream f(path);
  std::string name, value;
  while (f >> name >> value) m[name] = value;
  return m;
}

// ---- the child ------------------------------------------------------------------------------------------------

struct child {
  int rank, k;
  ncclComm_t comm = nullptr;
  cudaStream_t stream = nullptr;
  std::ofstream out;
  int failures = 0;

  void fail(const char* what, reduce::status s) {
    std::fprintf(stderr, "rank %d: %s: %s %s\n", rank, what, cudaGetErrorName(s.code), s.message ? s.message : "");
    ++failures;
  }
  // Query, allocate, run; on ranks that receive the result, read it back and record it under `name`.
  template <class Acc, class Call>
  void record(const char* name, bool receives, Call run) {
    std::size_t bytes = 0;
    Acc* d_out = nullptr;
    cudaMalloc(&d_out, sizeof(Acc));
    if (reduce::status s = run(nullptr, bytes, d_out)) return fail(name, s);
    void* temp = nullptr;
    cudaMalloc(&temp, bytes);
    if (reduce::status s = run(temp, bytes, d_out)) return fail(name, s);
    cudaStreamSynchronize(stream);
    if (receives) {  // a rank that does not receive the result has nothing written to read back
      Acc v{};
      cudaMemcpy(&v, d_out, sizeof(Acc), cudaMemcpyDeviceToHost);
      out << name << " " << hex(v) << "\n";
    }
    cudaFree(temp);
    cudaFree(d_out);
  }
  void graph(const std::vector<float>& data);
  void windowed(const float* d_f, std::uint64_t n, const std::vector<std::uint64_t>& len);
  int run(const std::string& scenario);
};

inline int run_child(int argc, char** argv) {
  if (argc < 6) return 2;
  child c{std::atoi(argv[3]), std::atoi(argv[4])};
  const std::string dir = argv[5];
  ncclUniqueId id;
  std::ifstream idf(dir + "/id", std::ios::binary);
  idf.read(reinterpret_cast<char*>(&id), sizeof id);
  if (!idf) return 3;
  cudaSetDevice(c.rank);
  if (ncclCommInitRank(&c.comm, c.k, id, c.rank) != ncclSuccess) return 4;
  cudaStreamCreateWithFlags(&c.stream, cudaStreamNonBlocking);
  c.out.open(dir + "/rank" + std::to_string(c.rank) + ".txt");
  const int rc = c.run(argv[2]);
  c.out.close();
  cudaStreamSynchronize(c.stream);
  ncclCommDestroy(c.comm);
  return rc;
}

}  // namespace ntest
