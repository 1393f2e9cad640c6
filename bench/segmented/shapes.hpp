// The points of the segmented bench: uniform segments (one size, as a count and as CSR offsets), variable sizes
// (uniform 0..2k, a Zipf mix with a few segments over 10^7), a few huge segments, the rows and the columns of
// row-major matrices whose narrow side runs from 1 to 2^16, rows with gaps between them (a leading dimension
// wider than the rows), and the middle axis of [B, K, D] arrays. Every point's lengths are made on the host from a
// seed.
#pragma once
#include <cmath>
#include <cstdint>
#include <random>
#include <string>
#include <utility>
#include <vector>

namespace sbench {

enum class kind { uniform, variable, rows, columns, middle };

struct shape {
  kind what = kind::uniform;
  std::string name;                   // the row's label: "uniform k=2^10", "zipf", "rows 2^18 x 2^10", ...
  std::uint64_t total = 0;            // elements read
  std::uint64_t size = 0;             // uniform: the segment size; rows/columns: the columns; middle: D
  std::uint64_t rows = 0;             // rows/columns: the rows; middle: K, the reduced axis
  std::vector<std::int64_t> offsets;  // variable: CSR offsets (count + 1)
  bool candidates = false;            // also time the sample of the kernel matrix (bench.cu's candidates)
  std::uint64_t ld = 0;               // rows: the leading dimension where rows leave gaps (0: ld = columns)
  std::uint64_t outer = 1;            // middle: B
  // Elements from one segment's start to the next one's (uniform, rows), and the elements the point reaches.
  std::uint64_t stride() const { return ld ? ld : size; }
  std::uint64_t extent() const { return what == kind::rows && ld ? (rows - 1) * ld + size : total; }
  std::uint64_t count() const {
    return what == kind::uniform   ? total / size
           : what == kind::rows    ? rows
           : what == kind::columns ? size
           : what == kind::middle  ? outer * size
                                   : offsets.size() - 1;
  }
  std::uint64_t max_length() const {
    if (what != kind::variable) return what == kind::columns || what == kind::middle ? rows : size;
    std::uint64_t m = 0;
    for (std::size_t s = 0; s + 1 < offsets.size(); ++s) m = std::max<std::uint64_t>(m, offsets[s + 1] - offsets[s]);
    return m;
  }
};

inline std::string pow2_name(std::uint64_t n) {
  if (n && !(n & (n - 1)) && n >= 16) return "2^" + std::to_string(int(std::log2(double(n))));
  return std::to_string(n);
}

inline shape uniform(std::uint64_t total, std::uint64_t k, bool candidates) {
  shape s{kind::uniform, "uniform k=" + pow2_name(k), total / k * k, k, 0, {}, candidates};
  return s;
}
inline shape matrix(kind what, std::uint64_t rows, std::uint64_t columns) {
  return {what,
          std::string(what == kind::rows ? "rows " : "columns ") + pow2_name(rows) + " x " + pow2_name(columns),
          rows * columns,
          columns,
          rows,
          {},
          what == kind::columns};
}

// Rows of `columns` elements `ld` apart: a padded matrix, or a view of the first columns of a wider one.
inline shape padded_rows(std::uint64_t rows, std::uint64_t columns, std::uint64_t ld) {
  shape s = matrix(kind::rows, rows, columns);
  s.name += " ld " + std::to_string(ld);
  s.ld = ld;
  return s;
}

// The middle axis of a contiguous [B, K, D] array: one result per (b, d).
inline shape middle(std::uint64_t b, std::uint64_t k, std::uint64_t d) {
  shape s{kind::middle, "middle " + pow2_name(b) + " x " + pow2_name(k) + " x " + pow2_name(d), b * k * d, d, k};
  s.outer = b;
  return s;
}

// Variable lengths: `count` segments with lengths from `draw`, CSR.
template <class Draw>
shape variable(std::string name, std::uint64_t count, Draw draw) {
  shape s{kind::variable, std::move(name), 0, 0, 0, {0}, false};
  for (std::uint64_t i = 0; i < count; ++i) s.offsets.push_back(s.offsets.back() + std::int64_t(draw(i)));
  s.total = std::uint64_t(s.offsets.back());
  return s;
}

// log2_total: the uniform totals' exponent (28: 2^28 elements); quick: a few points only.
inline std::vector<shape> all_shapes(int log2_total, bool quick) {
  const std::uint64_t big = std::uint64_t(1) << log2_total, small = std::uint64_t(1) << 24;
  std::vector<shape> v;
  std::vector<std::uint64_t> ks = {1, 2, 3, 4};
  for (std::uint64_t k = 8; k <= (std::uint64_t(1) << 24); k *= 2) ks.push_back(k);
  if (quick) ks = {1, 4, 32, 1024, 1 << 16, 1 << 24};
  for (std::uint64_t k : ks) v.push_back(uniform(big, k, true));
  for (std::uint64_t k : ks)
    if (k <= (1u << 20) && !quick) v.push_back(uniform(small, k, false));
  std::mt19937_64 rng(42);
  for (std::uint64_t k : {4, 64, 1024}) {
    std::uniform_int_distribution<std::uint64_t> len(0, 2 * k);
    v.push_back(variable("uniform 0.." + std::to_string(2 * k), big / k, [&](std::uint64_t) { return len(rng); }));
  }
  // Zipf (exponent 1.1) over 0..2^16, then three segments over 10^7 at random places: about 2^28 elements in all.
  {
    std::vector<double> cdf(1 << 16);
    double acc = 0, mean = 0;  // length i with weight (i + 1)^-1.1
    for (std::size_t i = 0; i < cdf.size(); ++i) {
      const double w = 1.0 / std::pow(double(i + 1), 1.1);
      cdf[i] = acc += w, mean += w * double(i);
    }
    std::uniform_real_distribution<double> u(0, acc);
    const std::uint64_t count = std::uint64_t(double(big) / (mean / acc));
    std::uniform_int_distribution<std::uint64_t> where(0, count - 1);
    const std::uint64_t huge[3] = {where(rng), where(rng), where(rng)};
    v.push_back(variable("zipf 0..2^16 + 3 over 10^7", count, [&](std::uint64_t i) -> std::uint64_t {
      if (i == huge[0] || i == huge[1] || i == huge[2]) return 12000000 + i % 1000;
      return std::uint64_t(std::lower_bound(cdf.begin(), cdf.end(), u(rng)) - cdf.begin());
    }));
  }
  v.push_back(variable("4 x 2^26", 4, [](std::uint64_t) { return std::uint64_t(1) << 26; }));
  // Matrices of 2^28 elements: rows of 1 to 2^16 elements; columns of 1 to 2^16 columns and of 1 to 2^11 rows;
  // and 8 rows of 2^21 columns.
  for (std::uint64_t c = 1; c <= (1u << 16); c *= quick ? 16 : 2) {
    v.push_back(matrix(kind::rows, big / c, c));
    v.push_back(matrix(kind::columns, big / c, c));
  }
  for (std::uint64_t r = 1; r < big / (1u << 16); r *= quick ? 16 : 2) v.push_back(matrix(kind::columns, r, big / r));
  v.push_back(matrix(kind::columns, 8, small / 8));
  // Rows with gaps between them (the first 4, 8 or 16 columns of a wider matrix): gaps of 48 and 32 bytes, which whole
  // sectors of the range fall in, and one of 4 bytes.
  if (!quick)
    for (auto [columns, ld] : {std::pair<std::uint64_t, std::uint64_t>{4, 16}, {8, 16}, {16, 17}})
      v.push_back(padded_rows(big / ld, columns, ld));
  // The middle axis of [B, K, D] arrays of 2^26 elements: D and K from 1 and 4 up, B what is left (1 to 2^16).
  const std::uint64_t mid = std::uint64_t(1) << 26;
  for (std::uint64_t d = 1; d <= (1u << 16); d *= quick ? 64 : 8)
    for (std::uint64_t k = 4; k <= (1u << 20); k *= quick ? 256 : 16)
      if (mid / (d * k) >= 1 && mid / (d * k) <= (1u << 16)) v.push_back(middle(mid / (d * k), k, d));
  return v;
}

}  // namespace sbench
