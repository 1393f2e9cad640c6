// The contenders of one point of the segmented bench: the library's default (and, where the point asks, a sample of
// the segmented kernel matrix), CUB's DeviceSegmentedReduce (offsets; built against a newer CCCL also its fixed-size
// overload and its max_segment_size hint), and thrust::reduce_by_key. Each is a size query and a run on a stream.
#pragma once
#include <thrust/device_ptr.h>
#include <thrust/execution_policy.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/discard_iterator.h>
#include <thrust/iterator/transform_iterator.h>
#include <thrust/reduce.h>

#include <cub/device/device_segmented_reduce.cuh>
#include <cub/version.cuh>
#include <functional>
#include <reduce/segmented.cuh>
#include <string>
#include <vector>

#include "shapes.hpp"

namespace sbench {

struct contender {
  std::string name;
  std::string role;  // reduce, cub, thrust, candidate
  std::function<cudaError_t(void* temp, std::size_t& bytes, cudaStream_t stream)> call;  // temp null: the size
};

struct point_data {
  const float* in = nullptr;
  float* out = nullptr;
  const int* offsets = nullptr;  // count + 1 CSR offsets on the device (uniform and variable points)
};

// Index arithmetic for the iterators CUB and thrust are given (no arrays materialised for them).
struct times_k {
  std::int64_t k;
  __host__ __device__ std::int64_t operator()(std::int64_t i) const { return i * k; }
};
struct times_k_plus {  // i * k + c: the end of row i of c columns, k apart
  std::int64_t k, c;
  __host__ __device__ std::int64_t operator()(std::int64_t i) const { return i * k + c; }
};
struct divide_k {
  std::int64_t k;
  __host__ __device__ std::int64_t operator()(std::int64_t i) const { return i / k; }
};
struct transposed {  // element i of the column-major walk of a row-major rows x columns matrix
  const float* in;
  std::int64_t rows, columns;
  __host__ __device__ float operator()(std::int64_t i) const { return in[(i % rows) * columns + i / rows]; }
};

inline std::string cub_name() {
  return "cub " + std::to_string(CUB_MAJOR_VERSION) + "." + std::to_string(CUB_MINOR_VERSION) + "." +
         std::to_string(CUB_SUBMINOR_VERSION);
}

// The segmented kernels timed beside the default at the points that ask for them: a sample of
// reduce::matrix::segmented_all (every lane-group width with scalar and vector loads, the staged tile, the block per
// segment, the device-sorted lengths; 256 threads), each where its segment length is plausible for it.
namespace P = reduce::policy;
template <class Map, class Load = P::scalar<4>>
using cfg = P::segmented_config<Map, Load, P::shuffle, 256>;
template <class Map>
using lane_loads = boost::mp11::mp_list<cfg<Map>, cfg<Map, P::vector<1>>, cfg<Map, P::vector<4>>>;
using candidates = boost::mp11::mp_append<
    lane_loads<P::thread_per_segment>, lane_loads<P::lanes_per_segment<2>>, lane_loads<P::lanes_per_segment<4>>,
    lane_loads<P::lanes_per_segment<8>>, lane_loads<P::lanes_per_segment<16>>, lane_loads<P::warp_per_segment>,
    boost::mp11::mp_list<cfg<P::staged_tile>, cfg<P::staged_tile, P::vector<1>>, cfg<P::staged_tile, P::vector<4>>,
                         P::segmented_config<P::staged_tile, P::vector<4>, P::shuffle, 512>,
                         cfg<P::block_per_segment, P::vector<4>>,
                         P::segmented_config<P::block_per_segment, P::vector<4>, P::shuffle, 512>,
                         cfg<P::parts_per_segment, P::vector<4>>, cfg<P::by_length, P::vector<4>>>>;
// The column walk's other Loads and block size (columns points; the default is vector<4> x 256): scalars, one 16-byte
// vector a lane, and four in blocks of 128.
using column_candidates = boost::mp11::mp_list<cfg<P::column_walk>, cfg<P::column_walk, P::vector<1>>,
                                               P::segmented_config<P::column_walk, P::vector<4>, P::shuffle, 128>>;
template <class C>
bool plausible(std::uint64_t length) {
  constexpr int lanes = C::map::lanes;
  if constexpr (C::map::strided_only) return length <= 256;  // the staged tile: segments of a few elements
  if constexpr (lanes > 0) return 2 * length >= std::uint64_t(lanes) && length <= std::uint64_t(lanes) * 256;
  return length >= 256;
}

template <class Cfg, class Segs>
contender ours(std::string name, std::string role, const point_data& d, Segs segs) {
  return {std::move(name), std::move(role), [d, segs](void* temp, std::size_t& bytes, cudaStream_t s) {
            return reduce::device_segmented_reduce<Cfg>({temp, bytes}, d.in, d.out, segs, reduce::sum{}, s);
          }};
}

#ifdef REDUCE_BENCH_NEWER_CUB
// CUB's offsets with its max_segment_size hint (the dispatch layer's argument; DeviceSegmentedReduce passes 0).
template <class Off>
contender cub_hinted(const point_data& d, std::int64_t count, Off off, std::uint64_t max_length,
                     const std::string& what = " offsets") {
  return {cub_name() + what + " + max_segment_size hint", "cub", [=](void* t, std::size_t& b, cudaStream_t s) {
            return cub::detail::segmented_reduce::dispatch(t, b, d.in, d.out, count, off, off + 1,
                                                           ::cuda::std::plus<>{}, 0.0f, std::size_t(max_length), s);
          }};
}
#endif

inline std::vector<contender> contenders_of(const shape& sh, const point_data& d) {
  namespace S = reduce::segments;
  using reduce::default_segmented_config;
  std::vector<contender> v;
  const std::int64_t count = std::int64_t(sh.count()), k = std::int64_t(sh.size);
  const auto counting = thrust::make_counting_iterator<std::int64_t>(0);
  const std::string cub = cub_name();
  // The sample of the matrix, for the uniform and row points that ask for it (one size, as the default sees it); and
  // thrust. Both only in the toolkit's build: the newer CCCL's program times the default beside its own CUB only.
#ifdef REDUCE_BENCH_NEWER_CUB
  constexpr bool others = false;
#else
  constexpr bool others = true;
#endif
  auto add_candidates = [&](auto segs) {
    if (!sh.candidates || !others) return;
    using list = std::conditional_t<reduce::detail::is_columns<decltype(segs)>, column_candidates, candidates>;
    boost::mp11::mp_for_each<boost::mp11::mp_transform<boost::mp11::mp_identity, list>>([&](auto c) {
      using C = typename decltype(c)::type;
      if (C::map::columns_only || plausible<C>(sh.size)) v.push_back(ours<C>(C::name(), "candidate", d, segs));
    });
  };
  switch (sh.what) {
    case kind::uniform: {
      v.push_back(ours<default_segmented_config>("reduce fixed", "reduce", d, S::fixed(count, k)));
      v.push_back(
          ours<default_segmented_config>("reduce offsets", "reduce", d, S::offsets(d.offsets, d.offsets + 1, count)));
      v.push_back(ours<default_segmented_config>("reduce offsets + max_length", "reduce", d,
                                                 S::offsets(d.offsets, d.offsets + 1, count, k)));
      const auto off = thrust::make_transform_iterator(counting, times_k{k});
      v.push_back({cub + " offsets", "cub", [d, count, off](void* t, std::size_t& b, cudaStream_t s) {
                     return cub::DeviceSegmentedReduce::Sum(t, b, d.in, d.out, count, off, off + 1, s);
                   }});
#ifdef REDUCE_BENCH_NEWER_CUB
      if (k <= INT32_MAX)
        v.push_back({cub + " fixed-size", "cub", [d, count, k](void* t, std::size_t& b, cudaStream_t s) {
                       return cub::DeviceSegmentedReduce::Sum(t, b, d.in, d.out, count, int(k), s);
                     }});
      v.push_back(cub_hinted(d, count, off, k));
      // The like-for-like of "reduce offsets": the same offsets array read from memory (the calls above compute them).
      v.push_back(cub_hinted(d, count, d.offsets, k, " offsets (array)"));
#endif
      if (others)
        v.push_back(
            {"thrust reduce_by_key", "thrust", [d, count, k, counting](void* t, std::size_t& b, cudaStream_t s) {
               if (!t) return b = 0, cudaSuccess;
               const auto keys = thrust::make_transform_iterator(counting, divide_k{k});
               thrust::reduce_by_key(thrust::cuda::par.on(s), keys, keys + count * k, d.in,
                                     thrust::make_discard_iterator(), d.out);
               return cudaGetLastError();
             }});
      add_candidates(S::fixed(count, k));
      break;
    }
    case kind::variable:
      v.push_back(
          ours<default_segmented_config>("reduce offsets", "reduce", d, S::offsets(d.offsets, d.offsets + 1, count)));
      v.push_back(ours<default_segmented_config>("reduce offsets + max_length", "reduce", d,
                                                 S::offsets(d.offsets, d.offsets + 1, count, sh.max_length())));
      v.push_back({cub + " offsets", "cub", [d, count](void* t, std::size_t& b, cudaStream_t s) {
                     return cub::DeviceSegmentedReduce::Sum(t, b, d.in, d.out, count, d.offsets, d.offsets + 1, s);
                   }});
#ifdef REDUCE_BENCH_NEWER_CUB
      v.push_back(cub_hinted(d, count, d.offsets, sh.max_length()));
#endif
      break;
    case kind::rows: {
      const std::int64_t ld = std::int64_t(sh.stride());
      v.push_back(ours<default_segmented_config>("reduce rows", "reduce", d, S::rows(count, k, ld)));
      const auto off = thrust::make_transform_iterator(counting, times_k{ld});
      const auto end = thrust::make_transform_iterator(counting, times_k_plus{ld, k});
      v.push_back({cub + " offsets", "cub", [d, count, off, end](void* t, std::size_t& b, cudaStream_t s) {
                     return cub::DeviceSegmentedReduce::Sum(t, b, d.in, d.out, count, off, end, s);
                   }});
#ifdef REDUCE_BENCH_NEWER_CUB
      if (k <= INT32_MAX && ld == k)  // dense rows (ld = columns): CUB's fixed-size overload applies
        v.push_back({cub + " fixed-size", "cub", [d, count, k](void* t, std::size_t& b, cudaStream_t s) {
                       return cub::DeviceSegmentedReduce::Sum(t, b, d.in, d.out, count, int(k), s);
                     }});
#endif
      add_candidates(S::rows(count, k, ld));
      break;
    }
    case kind::columns: {
      const std::int64_t rows = std::int64_t(sh.rows);
      v.push_back(ours<default_segmented_config>("reduce columns", "reduce", d, S::columns(rows, k, k)));
      add_candidates(S::columns(rows, k, k));
      // CUB has no column walk: its best call reads the matrix column by column through an iterator.
      const auto in = thrust::make_transform_iterator(counting, transposed{d.in, rows, k});
      const auto off = thrust::make_transform_iterator(counting, times_k{rows});
      v.push_back(
          {cub + " offsets (transposed iterator)", "cub", [d, count, in, off](void* t, std::size_t& b, cudaStream_t s) {
             return cub::DeviceSegmentedReduce::Sum(t, b, in, d.out, count, off, off + 1, s);
           }});
      break;
    }
    case kind::middle:  // torch.sum(dim=1) is torch_bench.py's; CUB and thrust have no middle axis
      v.push_back(ours<default_segmented_config>("reduce middle", "reduce", d, S::middle(sh.outer, sh.rows, sh.size)));
      break;
  }
  return v;
}

}  // namespace sbench
