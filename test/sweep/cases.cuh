// The differential sweep's cases: the run's settings, device memory with guard bytes around what a call may write,
// input placement at any legal address, and the random sizes and segment shapes (with zeros, tiny and huge ones).
#pragma once
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <reduce/segmented.cuh>
#include <string>
#include <vector>

#include "values.cuh"

namespace sweep {

// What a run may do: small (the sanitizers' runs: short inputs, few segments), huge (inputs past 2^31 elements for
// every element type, not only the 1- and 2-byte ones), the stream and the workspace its calls share.
struct context {
  bool small = false;
  bool huge = false;
  cudaStream_t stream = 0;
  reduce::workspace* ws = nullptr;
  // Told each case's call once it is drawn, before anything runs (the driver's watchdog names a call that hangs).
  void (*drawn)(const std::string& call) = nullptr;
};

// Guard bytes on both sides of what a call may write: a write outside [p, p + bytes) changes them.
inline constexpr std::size_t guard_bytes = 64;
inline constexpr unsigned char guard_value = 0xA5;

// One device allocation: `lead` bytes before the data (the input's offset, or the guard), the data, then `trail`.
struct region {
  unsigned char* base = nullptr;
  std::size_t lead = 0, bytes = 0, trail = 0;
  cudaError_t error = cudaSuccess;
  region(std::size_t lead_bytes, std::size_t data_bytes, std::size_t trail_bytes)
      : lead(lead_bytes), bytes(data_bytes), trail(trail_bytes) {
    error = cudaMalloc(&base, lead + bytes + trail);
    if (!error) error = cudaMemset(base, guard_value, lead + bytes + trail);
  }
  ~region() { cudaFree(base); }
  region(const region&) = delete;
  region& operator=(const region&) = delete;
  template <class T>
  T* data() const {
    return reinterpret_cast<T*>(base + lead);
  }
  // Whether the guards still hold their value (call after the device is synchronised).
  bool guards_intact() const {
    std::vector<unsigned char> h(lead + bytes + trail);
    if (cudaMemcpy(h.data(), base, h.size(), cudaMemcpyDeviceToHost)) return false;
    for (std::size_t i = 0; i < lead; ++i)
      if (h[i] != guard_value) return false;
    for (std::size_t i = lead + bytes; i < h.size(); ++i)
      if (h[i] != guard_value) return false;
    return true;
  }
};

// The input's address: every address legal for T modulo 16 (a multiple of its alignment), sometimes a few 16-byte
// steps further. The allocation ends right after the input, so a read past it is one memcheck reports.
template <class T>
std::size_t input_offset(rng& r) {
  constexpr std::size_t a = alignof(T);
  const std::size_t within = a < 16 ? a * r.below(16 / a) : 0;
  return within + 16 * (r.chance(25) ? r.below(4) : 0);
}

// A length near a boundary b: b - 2 .. b + 2 (never below 0).
inline std::uint64_t near(rng& r, std::uint64_t b) {
  const std::uint64_t d = r.below(5);
  return b + d >= 2 ? b + d - 2 : 0;
}
// Log-uniform in [2^lo, 2^hi).
inline std::uint64_t log_uniform(rng& r, unsigned lo, unsigned hi) {
  const unsigned e = lo + unsigned(r.below(hi - lo));
  return (std::uint64_t(1) << e) + r.below(std::uint64_t(1) << e);
}

// A one-array length: 0, 1, a few, around one of the call's boundaries (its tiles, its table's rows), up to 2^25, and,
// rarely, 2^31 - 1, 2^31 or 2^31 + 1 (the 32-bit offsets' limit) where the run allows inputs that large.
inline std::uint64_t draw_length(rng& r, const context& c, const std::vector<std::uint64_t>& boundaries, bool huge_ok) {
  const unsigned k = unsigned(r.below(100));
  std::uint64_t n;
  if (k < 8)
    n = 0;
  else if (k < 14)
    n = 1;
  else if (k < 28)
    n = 2 + r.below(300);
  else if (k < 58 && !boundaries.empty())
    n = near(r, boundaries[r.below(boundaries.size())]);
  else if (k < 88)
    n = log_uniform(r, 9, 22);
  else if (k < 98 || !huge_ok)
    n = log_uniform(r, 22, 25);
  else
    n = (std::uint64_t(1) << 31) - 1 + r.below(3);
  if (c.small) n = std::min<std::uint64_t>(n, 40000);
  return n;
}

// A segment length: mostly short (0 to a few hundred), sometimes a few thousand, rarely tens of thousands or more.
inline std::uint64_t draw_segment_length(rng& r, bool small) {
  const unsigned k = unsigned(r.below(100));
  if (k < 12) return 0;
  if (k < 25) return 1;
  if (k < 60) return r.below(17);
  if (k < 85) return r.below(600);
  if (k < 97 || small) return r.below(6000);
  return 20000 + r.below(200000);
}

// A segment count: none, one, a few, thousands, rarely 10^5.
inline std::uint64_t draw_count(rng& r, bool small) {
  const unsigned k = unsigned(r.below(100));
  if (k < 6) return 0;
  if (k < 16) return 1;
  if (k < 50) return 2 + r.below(64);
  if (k < 92 || small) return 65 + r.below(small ? 400 : 5000);
  return 100000 + r.below(100000);
}

// The kinds of segments, each with the host's view of its segments (first element, length, stride; the index the
// transform sees is the position in the segment) and the device description. A shape keeps its elements below about
// 2^25 (2^16 when small) by shortening the segments of a large count.
struct shape {
  std::uint64_t count = 0, length = 0, rows = 0, columns = 0, ld = 0, bound = 0;
  std::vector<std::int64_t> begin, end;  // offsets
  bool csr = false;                      // end = begin + 1 in one array of count + 1
  std::uint64_t extent = 0;              // elements the input must hold
  std::string text;
};
struct segment_view {
  std::uint64_t first, length, stride;
};

inline std::uint64_t capped(std::uint64_t count, std::uint64_t length, bool small) {
  const std::uint64_t most = small ? (std::uint64_t(1) << 16) : (std::uint64_t(1) << 25);
  return count && length > most / count ? most / count : length;
}

// Offsets: CSR (end to end, one array) or begin and end arrays in any order, with gaps and end < begin (empty).
inline void draw_offsets(rng& r, bool small, shape& s) {
  s.count = draw_count(r, small);
  s.csr = r.chance(50);
  std::uint64_t at = r.below(20);
  if (s.csr) s.begin.push_back(std::int64_t(at));
  std::uint64_t budget = small ? (1u << 16) : (1u << 25);
  for (std::uint64_t i = 0; i < s.count; ++i) {
    std::uint64_t len = std::min(draw_segment_length(r, small), budget);
    budget -= len;
    if (s.csr) {
      s.begin.push_back(std::int64_t(at += len));
      continue;
    }
    at += r.chance(30) ? r.below(5) : 0;
    if (len == 0 && r.chance(40)) {
      s.begin.push_back(std::int64_t(at + 1 + r.below(9))), s.end.push_back(std::int64_t(at));
    } else {
      s.begin.push_back(std::int64_t(at)), s.end.push_back(std::int64_t(at + len));
    }
    at += len;
  }
  if (!s.csr)
    for (std::uint64_t i = s.count; i > 1; --i) {  // segment i need not follow segment i - 1
      const std::uint64_t k = r.below(i);
      std::swap(s.begin[i - 1], s.begin[k]), std::swap(s.end[i - 1], s.end[k]);
    }
  s.extent = 0;
  std::uint64_t longest = 0;
  for (std::uint64_t i = 0; i < s.count; ++i) {
    const std::int64_t b = s.begin[i], e = s.csr ? s.begin[i + 1] : s.end[i];
    if (e > b)
      s.extent = std::max<std::uint64_t>(s.extent, std::uint64_t(e)), longest = std::max(longest, std::uint64_t(e - b));
  }
  // The bound of bounded offsets: the longest length, a larger one, or (still legal: reduced right, more slowly) less.
  const unsigned k = unsigned(r.below(10));
  s.bound = k < 6 ? longest : k < 8 ? longest * 2 + r.below(100) : longest / 2;
  s.text = "offsets(count=" + std::to_string(s.count) + (s.csr ? ", csr" : ", begin/end") +
           ", bound=" + std::to_string(s.bound) + ")";
}

inline segment_view view_of_offsets(const shape& s, std::uint64_t i) {
  const std::int64_t b = s.begin[i], e = s.csr ? s.begin[i + 1] : s.end[i];
  return {std::uint64_t(b), e > b ? std::uint64_t(e - b) : 0, 1};
}

// A matrix: rows, columns and a leading dimension at its minimum (the row length), a little more, or a wide gap.
inline void draw_matrix(rng& r, bool small, shape& s) {
  s.rows = r.chance(50) ? draw_count(r, small) : draw_segment_length(r, small);
  s.columns = r.chance(50) ? draw_count(r, small) : draw_segment_length(r, small);
  s.columns = capped(s.rows, s.columns, small);
  const unsigned k = unsigned(r.below(10));
  s.ld = s.columns + (k < 5 ? 0 : k < 8 ? r.below(8) : 32 + r.below(100));
  s.extent = s.rows && s.columns ? (s.rows - 1) * s.ld + s.columns : 0;
}

}  // namespace sweep
