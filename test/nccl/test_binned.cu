// Binned sums over several GPUs (reduce::binned, binned.cuh), one process driving 2-4 GPUs: the bits of the host's
// binned sum of the whole input, for any split into shards (the named layouts and random lengths, empty shards
// among them), on every rank and on a root, for the default config and a fixed Grid, through the gather of partials
// and through the window.
#include <algorithm>

#include "drive.cuh"

namespace {
using namespace ntest;

template <class T>
T host_binned(const std::vector<T>& all) {
  reduce::binned<T> b;
  for (T x : all) b.add(x);
  return b.value();
}

// Values over 2 span binades, signs mixed, some cancelling exactly: a sum whose bits depend on the order of a plain
// fold.
template <class T>
std::vector<T> wide_values(std::uint64_t n, int span, std::uint64_t seed) {
  std::mt19937_64 g(seed);
  std::vector<T> v(n);
  for (auto& x : v) x = std::ldexp(T(std::int64_t(g() >> 40) - (std::int64_t(1) << 23)), int(g() % (2 * span)) - span);
  for (std::uint64_t i = 0; i < n / 64; ++i) v[g() % n] = -v[g() % n];
  return v;
}

// k random lengths adding up to total, one in four empty.
std::vector<std::uint64_t> random_lengths(int k, std::uint64_t total, std::mt19937_64& g) {
  std::vector<std::uint64_t> cut = {0, total};
  for (int r = 0; r < k - 1; ++r) cut.push_back(g() % 4 == 0 ? cut[g() % cut.size()] : g() % (total + 1));
  std::sort(cut.begin(), cut.end());
  std::vector<std::uint64_t> len(k);
  for (int r = 0; r < k; ++r) len[r] = cut[r + 1] - cut[r];
  return len;
}

template <class Cfg, class T>
void the_hosts_bits(const std::vector<T>& all, const std::vector<std::uint64_t>& len, const reduce::nccl::window* win,
                    const std::string& what) {
  world& w = shared_world();
  const T want = host_binned(all);
  for (int root : {reduce::nccl::every_rank, w.k - 1}) {
    const auto runs = on_gpus<Cfg, reduce::binned<T>>(w, split(all, len), root, reduce::sum{},
                                                      reduce::detail::no_transform{}, false, 1, win);
    for (int r = 0; r < w.k; ++r)
      if (root < 0 || r == root)
        EXPECT_TRUE(same_bits(runs[0][r].value(), want))
            << what << " rank " << r << " root " << root << ": " << runs[0][r].value() << " vs " << want;
  }
}

template <class T>
void any_split(std::uint64_t n, int span, std::uint64_t seed) {
  world& w = shared_world();
  ASSERT_GE(w.k, 2);
  const auto all = wide_values<T>(n, span, seed);
  std::mt19937_64 g(seed);
  std::vector<std::pair<std::string, std::vector<std::uint64_t>>> splits;
  for (const std::string& p : patterns()) splits.push_back({p, layout(p, w.k, n)});
  for (int i = 0; i < 6; ++i) splits.push_back({"random " + std::to_string(i), random_lengths(w.k, n, g)});
  for (const auto& [name, len] : splits) {
    the_hosts_bits<reduce::default_config, T>(all, len, nullptr, "default, " + name);
    the_hosts_bits<cfg, T>(all, len, nullptr, "single_pass, " + name);
    if (const reduce::nccl::window* win = shared_windows()) the_hosts_bits<cfg, T>(all, len, win, "window, " + name);
  }
}

TEST(NcclBinned, TheHostsBitsForAnySplit) {
  REQUIRE_GPUS();
  any_split<float>((1u << 22) + 4321, 30, 61);
  any_split<double>((1u << 21) + 777, 200, 62);
}

}  // namespace
