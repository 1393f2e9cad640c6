// Host test of reduce-bench's flags (bench/src/options.cpp, host code only): the size notation (2^K, 2^A:2^B[:STEP],
// counts, comma lists), and that every bad flag or value is one line that names the flag and says what it accepts.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "options.hpp"

namespace rb = reduce_bench;

namespace {

constexpr std::uint64_t p2(int k) { return std::uint64_t(1) << k; }

std::vector<std::uint64_t> sizes(const std::string& text) {
  std::vector<std::uint64_t> v;
  const std::string why = rb::parse_sizes(text, v);
  EXPECT_EQ(why, "") << text;
  return v;
}

std::string sizes_error(const std::string& text) {
  std::vector<std::uint64_t> v;
  return rb::parse_sizes(text, v);
}

struct parsed {
  rb::parse_status status;
  rb::options o;
  std::string error;
  std::vector<std::string> left;  // argv after parsing: argv[0] and the --benchmark_* flags
};

parsed parse(std::vector<std::string> args) {
  args.insert(args.begin(), "reduce-bench");
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  int argc = int(args.size());
  parsed p;
  const rb::vocabulary names{{"seed000", "seed001", "seed002", "seed003", "seed004"},
                             {"float", "double", "int32", "uint32", "int64", "uint64"}};
  p.status = rb::parse_options(argc, argv.data(), names, p.o, p.error);
  if (p.status == rb::parse_status::ok)
    for (int i = 0; i < argc; ++i) p.left.emplace_back(argv[i]);
  return p;
}

// One line, starting with the flag as given.
void expect_one_line_error(const std::vector<std::string>& args, const std::string& starts,
                           const std::string& contains) {
  const parsed p = parse(args);
  ASSERT_EQ(p.status, rb::parse_status::error) << args.front();
  EXPECT_EQ(p.error.find('\n'), std::string::npos) << p.error;
  EXPECT_EQ(p.error.rfind(starts, 0), 0u) << p.error;
  EXPECT_NE(p.error.find(contains), std::string::npos) << p.error;
}

}  // namespace

TEST(SizeNotation, PowersAndRangesOfPowers) {
  EXPECT_EQ(sizes("2^20"), (std::vector<std::uint64_t>{p2(20)}));
  EXPECT_EQ(sizes("2^10:2^14"), (std::vector<std::uint64_t>{p2(10), p2(11), p2(12), p2(13), p2(14)}));
  EXPECT_EQ(sizes("2^10:2^16:2"), (std::vector<std::uint64_t>{p2(10), p2(12), p2(14), p2(16)}));
  EXPECT_EQ(sizes("2^10:2^30:4"), (std::vector<std::uint64_t>{p2(10), p2(14), p2(18), p2(22), p2(26), p2(30)}));
  EXPECT_EQ(sizes("2^11:2^16:2"), (std::vector<std::uint64_t>{p2(11), p2(13), p2(15)}));  // stops at or below 2^B
  EXPECT_EQ(sizes("2^0"), (std::vector<std::uint64_t>{1}));
  EXPECT_EQ(sizes("2^34"), (std::vector<std::uint64_t>{p2(34)}));
}

TEST(SizeNotation, CountsAreAlwaysCounts) {
  EXPECT_EQ(sizes("1000"), (std::vector<std::uint64_t>{1000}));
  EXPECT_EQ(sizes("1000000"), (std::vector<std::uint64_t>{1000000}));
  EXPECT_EQ(sizes("1e6"), (std::vector<std::uint64_t>{1000000}));
  EXPECT_EQ(sizes("2.5e6"), (std::vector<std::uint64_t>{2500000}));
  EXPECT_EQ(sizes("64"), (std::vector<std::uint64_t>{64}));
  // Below 64 a plain number is refused rather than read: it was an exponent in the old notation.
  EXPECT_NE(sizes_error("30").find("2^30"), std::string::npos) << sizes_error("30");
  EXPECT_NE(sizes_error("63"), "");
  EXPECT_NE(sizes_error("1.5e0"), "");  // not a whole number
}

TEST(SizeNotation, ListsMixItemsInOrderWithoutDuplicates) {
  EXPECT_EQ(sizes("2^20,2^28"), (std::vector<std::uint64_t>{p2(20), p2(28)}));
  EXPECT_EQ(sizes("2^12:2^14,1000,2^12,1088"), (std::vector<std::uint64_t>{p2(12), p2(13), p2(14), 1000, 1088}));
}

TEST(SizeNotation, RejectsWithWhatIsAccepted) {
  for (const char* bad : {"10:34", "x", "", "2^", "2^x", "2^10:", "2^10:2^20:0", "2^10:2^20:x", "1000:2^20", "2^20,",
                          "2^35", "2^10:2^35", "2^30:2^10", "20000000000", "-5", "1e30"})
    EXPECT_NE(sizes_error(bad), "") << bad;
  EXPECT_EQ(sizes_error("10:34"),
            "expected 2^A:2^B[:STEP], 2^K or a count (write 2^10:2^34 for every power from 2^10 to 2^34, 2^10:2^34:2 "
            "for every second one)");
  EXPECT_NE(sizes_error("2^20,abc").find("'abc'"), std::string::npos);  // names the bad item of a list
}

TEST(SizeNotation, OneSizeForN) {
  std::uint64_t n = 0;
  EXPECT_EQ(rb::parse_size("2^26", n), "");
  EXPECT_EQ(n, p2(26));
  EXPECT_EQ(rb::parse_size("1e6", n), "");
  EXPECT_EQ(n, 1000000u);
  EXPECT_NE(rb::parse_size("2^10:2^12", n), "");
  EXPECT_NE(rb::parse_size("26", n), "");
}

TEST(Flags, DefaultsAndModes) {
  parsed p = parse({});
  ASSERT_EQ(p.status, rb::parse_status::ok);
  EXPECT_TRUE(p.o.matrix);
  EXPECT_EQ(p.o.sizes.size(), 11u);  // 2^10, 2^12, ..., 2^30
  EXPECT_EQ(p.o.sizes.front(), p2(10));
  EXPECT_EQ(p.o.sizes.back(), p2(30));
  p = parse({"--journey=all", "--n=2^26", "--benchmark_filter=x", "--benchmark_repetitions=3"});
  ASSERT_EQ(p.status, rb::parse_status::ok);
  EXPECT_FALSE(p.o.matrix);
  EXPECT_EQ(p.o.journeys.size(), 5u);
  EXPECT_EQ(p.o.n, p2(26));
  EXPECT_TRUE(p.o.user_repetitions);
  EXPECT_EQ(p.left, (std::vector<std::string>{"reduce-bench", "--benchmark_filter=x", "--benchmark_repetitions=3"}));
  p = parse({"--system"});
  EXPECT_EQ(p.o.journeys, std::vector<std::string>{"seed003"});
  EXPECT_EQ(parse({"--help"}).status, rb::parse_status::help);
  EXPECT_EQ(parse({"--sizes=x", "-h"}).status, rb::parse_status::error);  // flags are read in order
}

TEST(Flags, RunAllInvocationsParse) {  // bench/run_all.sh's size arguments
  for (const char* s : {"--sizes=2^14:2^24:2", "--sizes=2^26:2^30:2", "--sizes=2^11:2^29:2", "--sizes=2^20,2^28",
                        "--sizes=2^10:2^22:2", "--sizes=2^24:2^30:2", "--sizes=1088,2176,4352,17825792"}) {
    const parsed p = parse({"--matrix", s});
    EXPECT_EQ(p.status, rb::parse_status::ok) << s << ": " << p.error;
  }
}

TEST(Flags, EveryErrorIsOneLineNamingTheFlag) {
  expect_one_line_error({"--sizes=10:34"}, "--sizes=10:34: expected 2^A:2^B[:STEP], 2^K or a count", "2^10:2^34");
  expect_one_line_error({"--sizes=2^10:2^34"}, "--sizes=2^10:2^34: ", "2^31 - 1");  // past the matrix's range
  expect_one_line_error({"--sizes=30"}, "--sizes=30: ", "write 2^30");
  expect_one_line_error({"--n=2^40"}, "--n=2^40: ", "K <= 34");
  expect_one_line_error({"--n=2^10,2^12"}, "--n=2^10,2^12: ", "one size");
  expect_one_line_error({"--type=half"}, "--type=half: ", "float, double, int32, uint32, int64 or uint64");
  expect_one_line_error({"--journey=seed9"}, "--journey=seed9: ", "seed000, seed001");
  expect_one_line_error({"--sweep=blocks"}, "--sweep=blocks: ", "seed 002's kernels by block size");
  expect_one_line_error({"--paired=("}, "--paired=(: ", "regular expression");
  expect_one_line_error({"--frobnicate"}, "--frobnicate: unknown flag", "--sizes=");
  expect_one_line_error({"stray"}, "stray: unexpected argument", "--matrix");
  expect_one_line_error({"--matrix=yes"}, "--matrix=yes: ", "no value");
  expect_one_line_error({"--sizes"}, "--sizes: ", "needs a value");
}

TEST(Usage, SpeaksTheUsersWords) {
  const std::string u = rb::usage("reduce-bench");
  for (const char* word : {"tally", "lecture's", "reduce::matrix::all"}) EXPECT_EQ(u.find(word), std::string::npos);
  for (const char* flag : {"--matrix", "--journey=", "--sweep=", "--sizes=", "--n=", "--type=", "--paired=",
                           "--atomic-on-workspace", "--latency", "--system", "--extensions", "2^A:2^B[:S]"})
    EXPECT_NE(u.find(flag), std::string::npos) << flag;
}
