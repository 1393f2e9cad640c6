// A plain-text table: columns sized to their widest cell, numbers right-aligned.
#pragma once
#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

namespace reduce_bench {

class text_table {
 public:
  // A column; `left` for text, right-aligned otherwise.
  void column(const std::string& header, bool left = false);
  void add(std::vector<std::string> cells);
  void rule();  // a horizontal line before the next row
  void print(std::ostream& os) const;

 private:
  std::vector<std::string> headers_;
  std::vector<bool> left_;
  std::vector<std::vector<std::string>> rows_;  // an empty row is a rule
};

std::string fixed(double v, int decimals);
std::string ratio(double v);              // "1.23x", "-" for 0
std::string size_label(std::uint64_t n);  // "2^20" for powers of two, the count otherwise
std::string micros(double us);
std::string bytes_label(double bytes);  // "4 KiB", "4.0 MiB", "4.00 GiB"           // 3 significant decimals for small
                                        // times, fewer for large ones

}  // namespace reduce_bench
