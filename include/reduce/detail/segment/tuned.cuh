// The segmented default (reduce::default_segmented_config): a config per call. Columns: the column walk. Offsets
// (lengths unknown on the host): by_length, which sorts segments by length on the device. One size and rows: by the
// bytes of a segment, a lane group whose lanes each read about 128 bytes (eight 16-byte vectors) of it, a block per
// segment where there are enough segments to fill the GPU, else parts of segments. Measured on float: wider
// elements take the row of their bytes.
// Evidence: H200, 2026-11-27, float sums of 2^28 elements in all (bench/segmented), each entry's kernel in µs against
// the fastest CUB call of the same run (3.0.1 offsets; 3.5.0 offsets, fixed-size or max_segment_size hint).
#pragma once
#include <boost/mp11.hpp>
#include <cstdint>
#include <reduce/policy/segments.cuh>

#include "../per_device.cuh"
#include "segments.cuh"

namespace reduce::detail {

namespace p = policy;
template <class Map, class Load>
using seg_cfg = p::segmented_config<Map, Load, p::shuffle, 256>;

struct segment_choice {
  std::uint64_t up_to_bytes;  // a segment of at most this many bytes
  std::size_t config;         // index in segmented_choices
};
using segmented_choices = boost::mp11::mp_list<seg_cfg<p::thread_per_segment, p::scalar<4>>,     // 0
                                               seg_cfg<p::lanes_per_segment<2>, p::scalar<4>>,   // 1
                                               seg_cfg<p::thread_per_segment, p::vector<1>>,     // 2
                                               seg_cfg<p::lanes_per_segment<2>, p::vector<1>>,   // 3
                                               seg_cfg<p::lanes_per_segment<4>, p::vector<1>>,   // 4
                                               seg_cfg<p::lanes_per_segment<8>, p::vector<1>>,   // 5
                                               seg_cfg<p::lanes_per_segment<16>, p::vector<1>>,  // 6
                                               seg_cfg<p::warp_per_segment, p::vector<1>>,       // 7
                                               seg_cfg<p::block_per_segment, p::vector<4>>,      // 8
                                               seg_cfg<p::parts_per_segment, p::vector<4>>>;     // 9
using offsets_config = seg_cfg<p::by_length, p::vector<4>>;
using columns_config = seg_cfg<p::column_walk, p::scalar<4>>;
inline constexpr segment_choice segment_lengths[] = {
    {4, 0},     // k = 1: 635 µs vs CUB 840 (3.5.0 fixed-size)
    {8, 1},     // k = 2: 599 vs 537 (fixed-size)
    {16, 0},    // k = 3, 4: 502 vs 436, 388 vs 330 (fixed-size; thread/vec4 at k = 4: 441)
    {128, 2},   // k = 8, 16, 32: 305 vs 306, 288 vs 258 (offsets + hint), 317 vs 844
    {256, 3},   // k = 64: 276 vs 507
    {512, 4},   // k = 128: 252 vs 455
    {1024, 5},  // k = 256: 245 vs 323
    {2048, 6},  // k = 512: 240 vs 238
    {4096, 7},  // k = 1024: 236 vs 460
    {8192, 6},  // k = 2048: 237 vs 319 (a warp: 242)
};
inline constexpr std::size_t block_choice = 8, parts_choice = 9;
// Longer segments: a block each where there are at least this many segments per SM (k = 2^12 .. 2^19: 233-245 vs
// 232-238); fewer, longer ones split into parts (k = 2^20 .. 2^24: 241-248 vs 237-239; a block each: 256-2590).
inline constexpr std::uint64_t segments_per_sm_for_block_choice = 3;

// A segment of one element is a thread's whatever its bytes (a wider element would leave a group's lanes idle).
inline std::size_t segmented_choice(std::uint64_t length, std::uint64_t bytes, std::uint64_t count, int sms) {
  if (length <= 1) return 0;
  for (const segment_choice& c : segment_lengths)
    if (bytes <= c.up_to_bytes) return c.config;
  return count >= segments_per_sm_for_block_choice * std::uint64_t(sms) ? block_choice : parts_choice;
}

// One size or rows (the length known on the host).
template <class T, class Segs>
cudaError_t segmented_choice_of(const Segs& s, std::size_t& choice) {
  int sms = 0;
  if (cudaError_t e = per_device_value(
          sms, [](int dev, int& v) { return cudaDeviceGetAttribute(&v, cudaDevAttrMultiProcessorCount, dev); }))
    return e;
  const std::uint64_t length = s.count ? s(0).size : 0;
  choice = segmented_choice(length, length * sizeof(T), s.count, sms);
  return cudaSuccess;
}

}  // namespace reduce::detail
