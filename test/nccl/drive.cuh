// One process driving k GPUs: the shards of a host vector placed on GPUs 0..k-1, one multi-device call, the result
// of every rank read back.
#pragma once
#include "common.cuh"

namespace ntest {

template <class T>
std::vector<std::vector<T>> split(const std::vector<T>& all, const std::vector<std::uint64_t>& len) {
  std::vector<std::vector<T>> parts;
  std::uint64_t at = 0;
  for (std::uint64_t n : len) {
    parts.emplace_back(all.begin() + at, all.begin() + at + n);
    at += n;
  }
  return parts;
}

// Runs the multi-device call (query, then run; temporary storage or a workspace per GPU), `repeat` times, and
// returns each run's result on every rank (Acc{} where a rank does not receive it). win: one window per rank (the
// window combine), or null. Each output is set to all-ones
// bytes before each run (NaN for floating types), so that an output the call left unwritten never reads as a zero
// identity.
template <class Cfg, class Acc, class T, class Op, class Tr = reduce::detail::no_transform>
std::vector<std::vector<Acc>> on_gpus(const world& w, const std::vector<std::vector<T>>& parts, int root, Op op,
                                      Tr tr = {}, bool on_workspace = false, int repeat = 1,
                                      const reduce::nccl::window* win = nullptr) {
  const int k = w.k;
  std::vector<dvec<T>> in;
  std::vector<dvec<Acc>> out;
  std::vector<reduce::workspace> ws(k);
  std::vector<reduce::nccl::shard<T, Acc>> s(k);
  for (int r = 0; r < k; ++r) {
    cudaSetDevice(r);
    in.emplace_back(parts[r]);
    out.emplace_back(std::size_t(1));
    s[r].comm = w.comms[r];
    s[r].d_in = in[r].p;
    s[r].n = parts[r].size();
    s[r].d_out = out[r].p;
    s[r].stream = w.streams[r];
    s[r].win = win ? win + r : nullptr;
  }
  std::vector<void*> temp(k, nullptr);
  if (on_workspace) {
    for (int r = 0; r < k; ++r) s[r].ws = &ws[r];
  } else {
    const reduce::status q = reduce::nccl::device_transform_reduce<Cfg>(s.data(), k, root, tr, op);
    EXPECT_FALSE(q) << (q.message ? q.message : "");
    for (int r = 0; r < k; ++r) {
      cudaSetDevice(r);
      cudaMalloc(&temp[r], s[r].temp_bytes);
      s[r].d_temp = temp[r];
    }
  }
  std::vector<std::vector<Acc>> results;
  for (int i = 0; i < repeat; ++i) {
    for (int r = 0; r < k; ++r) {
      cudaSetDevice(r);
      cudaMemsetAsync(out[r].p, 0xff, sizeof(Acc), w.streams[r]);
    }
    const reduce::status st = reduce::nccl::device_transform_reduce<Cfg>(s.data(), k, root, tr, op);
    EXPECT_FALSE(st) << cudaGetErrorName(st.code) << " " << (st.message ? st.message : "");
    w.sync();
    std::vector<Acc> got(k, Acc{});
    for (int r = 0; r < k; ++r) {
      cudaSetDevice(r);
      if (root < 0 || r == root) cudaMemcpy(&got[r], out[r].p, sizeof(Acc), cudaMemcpyDeviceToHost);
    }
    results.push_back(got);
  }
  for (int r = 0; r < k; ++r) {
    cudaSetDevice(r);
    cudaFree(temp[r]);
  }
  cudaSetDevice(0);
  return results;
}

// One window per rank of the shared world, for the whole process (made once, as the world is); null if they could not
// be made (the tests then fail with the reason, and launch nothing).
inline const reduce::nccl::window* shared_windows() {
  static std::vector<reduce::nccl::window>* w = [] {
    auto* v = new std::vector<reduce::nccl::window>(shared_world().k);
    const reduce::status s = reduce::nccl::create_windows(shared_world().comms.data(), shared_world().k, v->data());
    if (s) {
      ADD_FAILURE() << "create_windows: " << cudaGetErrorName(s.code) << " " << (s.message ? s.message : "");
      v->clear();
    }
    return v;
  }();
  return w->empty() ? nullptr : w->data();
}

// The patterns every op runs over.
inline const std::vector<std::string>& patterns() {
  static const std::vector<std::string> p = {"even", "uneven", "first_empty", "last_empty", "one"};
  return p;
}

}  // namespace ntest
