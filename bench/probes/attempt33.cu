// Probes 43 and 44 of attempt 33 (docs/perf-attempts-33.md), outside the CMake build; the harness is pairing.cuh:
//   nvcc -O3 -arch=sm_90 -std=c++17 -Iinclude -Ipolicies -DPROBE=43 -DVARIANT='"r43"' bench/probes/attempt33.cu
// PROBE=43: float sums, paired with CUB, three rounds: Grid polled with a grid of one tile per block (polled<G>, G past
// the resident capacity, each block one 32 KiB or 16 KiB tile) beside the table's picks, which walk the input with a
// resident grid (polled<> b512 at 2^21.5..2^24.5, multipass b512 from 2^25.5) at 2^22..2^28 on a workspace, and
// on raw temporary storage at 2^24 beside the raw table's pick.
// PROBE=45: one paired round of the default on a workspace at 2^18..2^24 (float) and 2^20..2^21 (double), for builds
// against the library and against a copy with attempt33-staggered-poll.patch applied (-DPOLLS=4 -DGAP=100 or 200: the
// polls in flight and the ns between the first ones), run alternately.
// PROBE=46, against a copy with attempt33-poll-timeline.patch applied: where Grid polled's time after the walk goes
// (each block's entry and publish, the poller's start, the moment every mark was seen, the result's store).
// PROBE=44, run under `ncu --csv --metrics gpu__time_duration.sum --cache-control all --clock-control none`: the
// default's and CUB's float sums, aligned and offset by one element, interleaved, every call preceded by an
// empty kernel `mark_call` so that bench/probes/kernel_times.py can add up each call's kernels. It measures what
// the event clock's 32 ns steps and two launch-state levels cannot: whether an offset input costs the kernels time.
#include <cstdlib>

#include "pairing.cuh"

using v4 = p::vector<4>;

__global__ void mark_call() {}

int main(int argc, char** argv) {
#if PROBE == 44
  // argv: calls of each kind (21), the largest log2(n) (22); n = 2^10, 2^12, ... up to it. Even reps run the aligned
  // input first, odd reps the offset one.
  const int reps = argc > 1 ? std::atoi(argv[1]) : 21, max_lg = argc > 2 ? std::atoi(argv[2]) : 22;
  data<float> f(max_lg);
  for (int rep = 0; rep < reps; ++rep)
    for (int lg = 10; lg <= max_lg; lg += 2)
      for (size_t skip : {size_t(rep % 2), size_t(1 - rep % 2)}) {
        const size_t n = size_t(1) << lg;
        void* raw = nullptr;
        size_t raw_bytes = 0;
        CK(reduce::device_reduce<D>(nullptr, raw_bytes, f.in + skip, f.out, n));
        CK(cudaMalloc(&raw, raw_bytes));
        mark_call<<<1, 1>>>();
        CK(reduce::device_reduce<D>(raw, raw_bytes, f.in + skip, f.out, n));
        mark_call<<<1, 1>>>();
        CK(reduce::device_reduce<D>(f.ws, f.in + skip, f.out, n));
        mark_call<<<1, 1>>>();
        CK(cub::DeviceReduce::Sum(f.cub_tmp, f.cub_bytes, f.in + skip, f.out, n));
        CK(cudaDeviceSynchronize());
        CK(cudaFree(raw));
        float h;
        CK(cudaMemcpy(&h, f.out, sizeof h, cudaMemcpyDeviceToHost));
        if (double(h) != f.exact(skip, n)) std::printf("WRONG 2^%d +%zu\n", lg, skip);
      }
#elif PROBE == 46
  // Built against a copy with attempt33-poll-timeline.patch applied: 41 timed calls of the default on a workspace
  // (Grid polled at these sizes) per n, each followed by a read of the timeline the patch records (%globaltimer, ns).
  namespace d = reduce::detail;
  pairing_setup();
  data<float> f(24);
  unsigned long long *entry, *publish, *poller;
  CK(cudaGetSymbolAddress((void**)&entry, d::probe46_entry));
  CK(cudaGetSymbolAddress((void**)&publish, d::probe46_publish));
  CK(cudaGetSymbolAddress((void**)&poller, d::probe46_poller));
  std::vector<unsigned long long> e(8192), pub(8192), pol(4);
  for (int lg : {18, 20, 22, 24}) {
    const size_t n = size_t(1) << lg;
    std::vector<double> event, walk, last_gap, poll_start, seen, stored;
    for (int i = 0; i < 41; ++i) {
      const double us = timed([&] { CK(reduce::device_reduce<D>(f.ws, f.in, f.out, n)); },
                              [&] {
                                CK(cudaMemset(entry, 0, 8192 * 8));
                                CK(cudaMemset(publish, 0, 8192 * 8));
                                CK(cudaMemset(poller, 0, 4 * 8));
                              });
      CK(cudaMemcpy(e.data(), entry, 8192 * 8, cudaMemcpyDeviceToHost));
      CK(cudaMemcpy(pub.data(), publish, 8192 * 8, cudaMemcpyDeviceToHost));
      CK(cudaMemcpy(pol.data(), poller, 4 * 8, cudaMemcpyDeviceToHost));
      float h;
      CK(cudaMemcpy(&h, f.out, sizeof h, cudaMemcpyDeviceToHost));
      if (double(h) != f.exact(0, n)) std::printf("WRONG 2^%d\n", lg);
      unsigned long long first = ~0ull, last = 0, second_last = 0;
      for (int b = 0; b < 8192; ++b) {
        if (!e[b]) continue;
        first = std::min(first, e[b]);
        if (pub[b] > last)
          second_last = last, last = pub[b];
        else if (pub[b] > second_last)
          second_last = pub[b];
      }
      if (i == 0) continue;  // warm-up
      event.push_back(us);
      walk.push_back((last - first) * 1e-3);
      last_gap.push_back((double(last) - double(second_last)) * 1e-3);
      poll_start.push_back((double(pol[0]) - double(last)) * 1e-3);
      seen.push_back((double(pol[1]) - double(last)) * 1e-3);
      stored.push_back((double(pol[2]) - double(pol[1])) * 1e-3);
    }
    auto mean = [](const std::vector<double>& v) {
      double s = 0;
      for (double x : v) s += x;
      return s / v.size();
    };
    std::printf(
        "2^%d event %.2f us | first entry to last publish %.2f (median %.2f) | last two publishes %.3f apart | "
        "poll start - last publish %.3f | all marks seen - last publish %.3f (median %.3f) | seen to stored "
        "%.3f (us, means of 40)\n",
        lg, median(event), mean(walk), median(walk), mean(last_gap), mean(poll_start), mean(seen), median(seen),
        mean(stored));
  }
#elif PROBE == 45
  // One round of the default on a workspace, float and double, built against a tree whose poller spins with several
  // loads in flight (bench/probes/attempt33-staggered-poll.patch) or against the library as it is.
  pairing_setup();
  data<float> f(24);
  data<double> d(21);
  for (int lg : {18, 20, 21, 22, 23, 24}) row<D>("default-workspace", f, lg);
  for (int lg : {20, 21}) row<D>("default-workspace", d, lg);
#else
  pairing_setup();
  data<float> f(28);
  in_rounds(3, [&] {
    for (int lg : {22, 23, 24, 25, 26, 28}) {
      row<D>("default-workspace", f, lg);
      row<shuffled<v4, p::polled<>, 512>>("vec4-striped/shuffle/polled/b512", f, lg);
      row<shuffled<v4, p::multipass, 512>>("vec4-striped/shuffle/multipass/b512", f, lg);
      row<shuffled<v4, p::polled<1024>, 512>>("vec4-striped/shuffle/polled1024/b512", f, lg);
      row<shuffled<v4, p::polled<2048>, 512>>("vec4-striped/shuffle/polled2048/b512", f, lg);
      row<shuffled<v4, p::polled<4096>, 512>>("vec4-striped/shuffle/polled4096/b512", f, lg);
      row<shuffled<v4, p::polled<8192>, 512>>("vec4-striped/shuffle/polled8192/b512", f, lg);
      row<shuffled<v4, p::polled<4096>, 256>>("vec4-striped/shuffle/polled4096/b256", f, lg);
      if (lg == 24) {
        row<D>("default", f, lg, 0, storage::raw);
        row<shuffled<v4, p::polled<4096>, 512>>("vec4-striped/shuffle/polled4096/b512", f, lg, 0, storage::raw);
      }
    }
  });
#endif
}
