#include "text_table.hpp"

#include <algorithm>
#include <cstdio>

namespace reduce_bench {

void text_table::column(const std::string& header, bool left) {
  headers_.push_back(header);
  left_.push_back(left);
}

void text_table::add(std::vector<std::string> cells) {
  cells.resize(headers_.size());
  rows_.push_back(std::move(cells));
}

void text_table::rule() { rows_.emplace_back(); }

void text_table::print(std::ostream& os) const {
  std::vector<std::size_t> width(headers_.size());
  for (std::size_t c = 0; c < headers_.size(); ++c) width[c] = headers_[c].size();
  for (const auto& r : rows_)
    for (std::size_t c = 0; c < r.size(); ++c) width[c] = std::max(width[c], r[c].size());
  auto line = [&](const std::vector<std::string>& cells) {
    std::string out;
    for (std::size_t c = 0; c < cells.size(); ++c) {
      const std::string pad(width[c] - cells[c].size(), ' ');
      out += (c ? "  " : "") + (left_[c] ? cells[c] + pad : pad + cells[c]);
    }
    while (!out.empty() && out.back() == ' ') out.pop_back();
    os << out << '\n';
  };
  std::size_t total = 0;
  for (std::size_t w : width) total += w + 2;
  const std::string ruler(total > 2 ? total - 2 : 0, '-');
  line(headers_);
  os << ruler << '\n';
  for (const auto& r : rows_) {
    if (r.empty())
      os << ruler << '\n';
    else
      line(r);
  }
}

std::string fixed(double v, int decimals) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
  return buf;
}

std::string ratio(double v) { return v > 0 ? fixed(v, 2) + "x" : "-"; }

std::string size_label(std::uint64_t n) {
  if (n && (n & (n - 1)) == 0) {
    int e = 0;
    while ((std::uint64_t(1) << e) != n) ++e;
    return "2^" + std::to_string(e);
  }
  return std::to_string(n);
}

std::string bytes_label(double bytes) {
  if (bytes < 1048576.0) return fixed(bytes / 1024.0, 0) + " KiB";
  if (bytes < 1073741824.0) return fixed(bytes / 1048576.0, 1) + " MiB";
  return fixed(bytes / 1073741824.0, 2) + " GiB";
}

std::string micros(double us) { return fixed(us, us < 100 ? 2 : us < 10000 ? 1 : 0); }

}  // namespace reduce_bench
