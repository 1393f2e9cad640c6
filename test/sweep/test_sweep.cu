// The differential sweep (docs/reliability.md, "The differential sweep"): seeded random cases over element types,
// ops, configs, sizes, input addresses, kinds and shapes of segments and storage, each checked against the host's
// result, the guards around what the call may write, and the device's state. Compiled in parts (test/CMakeLists.txt):
// each registers its share of sweep::entries; part 0 also holds the tests. Settings (environment):
//   REDUCE_SWEEP_SECONDS  time budget (default 30; the sanitizers' small runs have none)
//   REDUCE_SWEEP_CASES    a number of cases instead (0: as many as the budget allows; small runs: 120)
//   REDUCE_SWEEP_SEED     the run's seed (default 2026), REDUCE_SWEEP_HUGE=1 inputs past 2^31 for every type
//   REDUCE_SWEEP_REPLAY   ENTRY:SEED, one case as a failure printed it
//   REDUCE_SWEEP_VERBOSE=1 prints each case before it runs; a case that runs past REDUCE_SWEEP_CASE_SECONDS (default
//   120) is reported with its replay line and ends the program (a hang is a failure too)
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <mutex>
#include <thread>

#include "../common.cuh"
#include "entries.cuh"

namespace {

const bool registered = sweep::register_entries<test::part<sweep::entries>>();

#if REDUCE_TEST_FIRST_PART

std::uint64_t env_number(const char* name, std::uint64_t otherwise) {
  const char* v = std::getenv(name);
  return v && *v ? std::strtoull(v, nullptr, 0) : otherwise;
}

std::string hex(std::uint64_t v) {
  std::ostringstream o;
  o << "0x" << std::hex << v;
  return o.str();
}

struct run_state {
  sweep::context ctx;
  reduce::workspace ws;
  cudaStream_t stream = nullptr;
  run_state() {
    cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking);
    ctx.stream = stream, ctx.ws = &ws, ctx.small = test::small_only(), ctx.huge = env_number("REDUCE_SWEEP_HUGE", 0);
  }
  ~run_state() {
    ws = reduce::workspace();
    cudaStreamDestroy(stream);
  }
};

// The case in flight, for the watchdog: its call (once drawn), its replay line and when it started.
struct in_flight {
  std::mutex m;
  std::string call, replay;
  std::atomic<double> since{-1};
  bool verbose = false;
};
in_flight& current() {
  static in_flight f;
  return f;
}
void drawn(const std::string& call) {
  std::lock_guard<std::mutex> g(current().m);
  current().call = call;
  if (current().verbose) std::printf("case: %s\n  %s\n", call.c_str(), current().replay.c_str()), std::fflush(stdout);
}
double now() { return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count(); }

// Ends the program where one case runs past the limit, naming it (a kernel that never finishes cannot be stopped).
struct watchdog {
  std::atomic<bool> done{false};
  std::thread t;
  explicit watchdog(double limit) {
    t = std::thread([this, limit] {
      while (!done) {
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
        const double since = current().since;
        if (since >= 0 && now() - since > limit) {
          std::lock_guard<std::mutex> g(current().m);
          std::fprintf(stderr, "sweep: a case ran past %.0f s: %s\n  replay: %s\n", limit, current().call.c_str(),
                       current().replay.c_str());
          std::_Exit(3);
        }
      }
    });
  }
  ~watchdog() {
    done = true;
    t.join();
  }
};

// The line that replays a case: the settings that change how cases are drawn, the entry and seed, the program.
std::string replay_line(const sweep::entry& e, std::uint64_t seed, const sweep::context& ctx) {
  return std::string(ctx.small ? "REDUCE_TEST_SMALL=1 " : "") + (ctx.huge ? "REDUCE_SWEEP_HUGE=1 " : "") +
         "REDUCE_SWEEP_REPLAY=" + e.name + ":" + hex(seed) + " " + ::testing::internal::GetArgvs()[0];
}

// Runs one case; on a failure, reports it with the line that replays it. Returns false where the sweep must stop.
bool run_one(const sweep::entry& e, std::uint64_t seed, const sweep::context& ctx, unsigned& failures) {
  {
    std::lock_guard<std::mutex> g(current().m);
    current().call = e.name;
    current().replay = replay_line(e, seed, ctx);
  }
  current().since = now();
  const sweep::outcome o = e.run(seed, ctx);
  current().since = -1;
  failures += !o.ok;
  if (!o.ok) ADD_FAILURE() << o.call << ": " << o.what << "\n  replay: " << replay_line(e, seed, ctx);
  return !o.device_lost;
}

std::vector<sweep::entry> sorted_entries() {
  std::vector<sweep::entry> v = sweep::registry();
  std::sort(v.begin(), v.end(), [](const auto& a, const auto& b) { return a.name < b.name; });
  return v;
}

TEST(Sweep, EveryEntryRegisteredOnce) {
#ifndef REDUCE_SWEEP_EVERY_PART
  GTEST_SKIP() << "this build compiles a part of the sweep's entries (test/sweep/sweep.cmake)";
#endif
  const auto v = sorted_entries();
  EXPECT_EQ(v.size(), boost::mp11::mp_size<sweep::entries>::value) << "a part of the sweep is not linked in";
  for (std::size_t i = 1; i < v.size(); ++i) EXPECT_NE(v[i - 1].name, v[i].name) << "two entries share a name";
}

TEST(Sweep, RandomCases) {
  REQUIRE_GPU();
  const auto entries = sorted_entries();
  ASSERT_FALSE(entries.empty());
  run_state st;
  st.ctx.drawn = drawn;
  current().verbose = env_number("REDUCE_SWEEP_VERBOSE", 0);
  const watchdog dog(double(env_number("REDUCE_SWEEP_CASE_SECONDS", 120)));
  if (const char* replay = std::getenv("REDUCE_SWEEP_REPLAY"); replay && *replay) {
    const std::string r = replay;
    const std::size_t colon = r.rfind(':');
    ASSERT_NE(colon, std::string::npos) << "REDUCE_SWEEP_REPLAY=ENTRY:SEED";
    const auto it =
        std::find_if(entries.begin(), entries.end(), [&](const auto& e) { return e.name == r.substr(0, colon); });
    ASSERT_NE(it, entries.end()) << "no entry " << r.substr(0, colon);
    unsigned failures = 0;
    run_one(*it, std::strtoull(r.c_str() + colon + 1, nullptr, 0), st.ctx, failures);
    return;
  }
  const std::uint64_t seed = env_number("REDUCE_SWEEP_SEED", 2026);
  const std::uint64_t cases = env_number("REDUCE_SWEEP_CASES", st.ctx.small ? 120 : 0);
  const double budget = double(env_number("REDUCE_SWEEP_SECONDS", 30));
  const auto start = std::chrono::steady_clock::now();
  auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
  std::vector<unsigned> per_entry(entries.size());
  std::uint64_t k = 0;
  unsigned failures = 0;
  for (; cases ? k < cases : elapsed() < budget; ++k) {
    sweep::rng r{seed * 0x2545F4914F6CDD1Dull + k};
    const std::uint64_t case_seed = r.next();
    const std::size_t i = r.below(entries.size());
    ++per_entry[i];
    if (!run_one(entries[i], case_seed, st.ctx, failures)) FAIL() << "the CUDA context is lost: the sweep stops";
    if (failures >= 20) FAIL() << "20 failures: the sweep stops";
  }
  const auto fewest = *std::min_element(per_entry.begin(), per_entry.end());
  std::printf("sweep: %llu cases over %zu entries (each at least %u) in %.1f s, seed %llu\n", (unsigned long long)k,
              entries.size(), fewest, elapsed(), (unsigned long long)seed);
}

#endif

}  // namespace
