// The segmented default (reduce::default_segmented_config): a config per call. Columns: the column walk (16-byte
// vectors where the rows keep them aligned). Offsets (lengths unknown on the host): by_length, which sorts segments by
// length on the device; with the caller's bound on the lengths, a thread or a lane group per segment by the bound's
// bytes. One size and rows: by the bytes of a segment, up to 256 bytes the staged tile (whole segments through shared
// memory; for rows with wide gaps between them a thread or two lanes a row), then a lane group whose lanes each read
// about 128 bytes (eight 16-byte vectors) of it, a block per segment where there are enough segments to fill the GPU,
// else parts of segments. Measured on float: wider elements take the row of their bytes.
// Evidence: 2026-11-27, float sums of 2^28 elements in all (bench/segmented), each entry's kernel in µs against the
// fastest CUB call of the same run (3.0.1 offsets; 3.5.0 offsets, fixed-size or max_segment_size hint).
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
using segmented_choices = boost::mp11::mp_list<seg_cfg<p::staged_tile, p::vector<4>>,            // 0
                                               seg_cfg<p::lanes_per_segment<4>, p::vector<1>>,   // 1
                                               seg_cfg<p::lanes_per_segment<8>, p::vector<1>>,   // 2
                                               seg_cfg<p::lanes_per_segment<16>, p::vector<1>>,  // 3
                                               seg_cfg<p::warp_per_segment, p::vector<1>>,       // 4
                                               seg_cfg<p::block_per_segment, p::vector<4>>,      // 5
                                               seg_cfg<p::parts_per_segment, p::vector<4>>,      // 6
                                               seg_cfg<p::thread_per_segment, p::scalar<4>>,     // 7
                                               seg_cfg<p::thread_per_segment, p::vector<1>>,     // 8
                                               seg_cfg<p::lanes_per_segment<2>, p::vector<1>>>;  // 9
using offsets_config = seg_cfg<p::by_length, p::vector<4>>;
// Columns: four 16-byte vectors a lane (H100, 2026-11-28, µs against scalar<4>, torch.sum(dim=0) and CUB 3.0.1 through
// a transposed iterator, same run: 2^16 x 2^12 351 vs 359, torch 383, CUB 3025; 4 x 2^26 471 vs 737, torch 463;
// 1 x 2^28 898 vs 964, torch 1048; 2^20 x 2^8 365 vs 362, torch 468; a later run, 2^28 x 1 read flat: 352 vs 409,
// torch 353).
using columns_config = seg_cfg<p::column_walk, p::vector<4>>;
inline constexpr segment_choice segment_lengths[] = {
    {256, 0},   // k = 1, 2, 3, 4: H100 710 µs vs CUB 917, 522 vs 602, 458 vs 516, 430 vs 433 (3.5.0 fixed-size);
                // H200 518 vs 824, 377 vs 529, 332 vs 430, 333 vs 327. k = 8, 16, 32, 64: H100 391 vs 390 (offsets +
                // hint), 374 vs 374 (hint), 364 vs 847, 359 vs 518; H200 287 vs 305, 272 vs 260, 266 vs 831, 279 vs 502
    {512, 1},   // k = 128: H200 257 vs 448 (fixed-size; H100 372 vs 480, lanes8 363)
    {1024, 2},  // k = 256: H200 249 vs 321 (H100 353 vs 382)
    {2048, 3},  // k = 512: H200 243 vs 242 (offsets + hint; H100 344 vs 345)
    {4096, 4},  // k = 1024: H200 240 vs 453 (H100 343 vs 481)
    {8192, 3},  // k = 2048: H200 241 vs 318 (H100 348 vs 376)
};
// Rows of up to 256 bytes whose gaps (ld - columns) span a 32-byte sector or more: the staged tile would read the
// gaps too, where a thread or a lane group reads only its rows' sectors.
// One element a row: four rows a thread in flight (H200 635 µs vs CUB 840, dense, 2026-11-27; 3.5.0 fixed-size).
inline constexpr std::size_t gapped_single_choice = 7;
inline constexpr segment_choice gapped_lengths[] = {
    {128, 8},  // a thread a row of 16-byte vectors: 2^24 rows of 4 and 8 floats 16 apart (2026-11-28) H100 373, 377 vs
               // CUB 18875, 18874 (3.0.1 offsets; torch 476, 849; four rows a thread, A/B: 628, 736), H200 261, 262 vs
               // 18721, 18719 (torch 443, 843; 415, 469); dense 8, 16, 32 (H200, 2026-11-27): 305 vs CUB 306, 288 vs
               // 258 (offsets + hint), 317 vs 844
    {256, 9},  // k = 64: 276 vs 507
};
// Offsets with a bound on the lengths (segments::offsets(..., max_length)): by the bound's bytes, a thread or a lane
// group per segment; past 8 KB by_length, as without a bound (a bound past the lane groups' range says little about
// the typical length, and a block per segment on mostly short ones would be a cliff). Evidence: 2026-11-28, float
// sums of 2^28 elements over uniform CSR offsets, µs against CUB 3.5.0's call over the same array with the same
// max_segment_size hint, same run, H100 / H200.
using bounded_choices = boost::mp11::mp_list<seg_cfg<p::thread_per_segment, p::scalar<4>>,     // 0
                                             seg_cfg<p::lanes_per_segment<2>, p::scalar<4>>,   // 1
                                             seg_cfg<p::thread_per_segment, p::vector<1>>,     // 2
                                             seg_cfg<p::lanes_per_segment<2>, p::vector<1>>,   // 3
                                             seg_cfg<p::lanes_per_segment<4>, p::vector<1>>,   // 4
                                             seg_cfg<p::lanes_per_segment<8>, p::vector<1>>,   // 5
                                             seg_cfg<p::lanes_per_segment<16>, p::vector<1>>,  // 6
                                             seg_cfg<p::warp_per_segment, p::vector<1>>,       // 7
                                             offsets_config>;                                  // 8
inline constexpr segment_choice bounded_lengths[] = {
    {16, 0},    // k = 1, 2, 3, 4: 1115 vs 1471, 742 vs 879, 578 vs 688, 517 vs 561 / 854 vs 1327, 621 vs 787, 452 vs
                // 599, 380 vs 436
    {32, 1},    // k = 8: 435 vs 435 / 330 vs 345
    {64, 2},    // k = 16: 408 vs 398 / 331 vs 277 (the closest; by_length 566 / 528)
    {128, 2},   // k = 32: 433 vs 1241 / 328 vs 1206
    {256, 3},   // k = 64: 394 vs 702 / 295 vs 677
    {512, 4},   // k = 128: 373 vs 566 / 267 vs 533
    {1024, 5},  // k = 256: 356 vs 414 / 254 vs 361
    {2048, 6},  // k = 512: 348 vs 346 / 248 vs 242
    {4096, 7},  // k = 1024: 344 vs 557 / 241 vs 528
    {8192, 6},  // k = 2048: 348 vs 405 / 242 vs 353
};
inline constexpr std::size_t bounded_unbounded_choice = 8;
inline std::size_t bounded_choice(std::uint64_t bytes) {
  for (const segment_choice& c : bounded_lengths)
    if (bytes <= c.up_to_bytes) return c.config;
  return bounded_unbounded_choice;
}
// The bound in elements of T (its bytes saturate rather than wrap).
template <class T>
std::size_t bounded_choice_of(std::uint64_t max_length) {
  constexpr std::uint64_t most = ~std::uint64_t(0);
  return bounded_choice(max_length > most / sizeof(T) ? most : max_length * sizeof(T));
}

inline constexpr std::uint64_t sector_bytes = 32;
inline constexpr std::size_t block_choice = 5, parts_choice = 6;
// Longer segments: a block each where there are at least this many segments per SM (k = 2^12 .. 2^19: H200 236-249
// vs 236-241, H100 337-352 vs 339-346); fewer, longer ones dealt to several blocks (k = 2^20 .. 2^24: H100 350-354 vs
// 343-346; a block each: 355-2598).
inline constexpr std::uint64_t segments_per_sm_for_block_choice = 3;

// A segment of one element is staged whatever its bytes (a lane group would leave all but one lane idle), unless the
// rows leave gaps of a sector or more (gap: bytes from one row's end to the next row's start; 0 for one size).
inline std::size_t segmented_choice(std::uint64_t length, std::uint64_t bytes, std::uint64_t count, int sms,
                                    std::uint64_t gap = 0) {
  if (gap >= sector_bytes) {
    if (length <= 1) return gapped_single_choice;
    for (const segment_choice& c : gapped_lengths)
      if (bytes <= c.up_to_bytes) return c.config;
  }
  if (length <= 1) return 0;
  for (const segment_choice& c : segment_lengths)
    if (bytes <= c.up_to_bytes) return c.config;
  return count >= segments_per_sm_for_block_choice * std::uint64_t(sms) ? block_choice : parts_choice;
}

// One size or rows (the length known on the host).
template <class T, class Segs>
cudaError_t segmented_choice_of(const Segs& s, std::size_t& choice) {
  int sms = 0;
  if (cudaError_t e = sm_count(sms)) return e;
  const std::uint64_t length = s.count ? s(0).size : 0;
  std::uint64_t gap = 0;
  if constexpr (cuda::std::is_same_v<Segs, row_segments>) gap = (s.ld - s.columns) * sizeof(T);
  choice = segmented_choice(length, length * sizeof(T), s.count, sms, gap);
  return cudaSuccess;
}

}  // namespace reduce::detail
