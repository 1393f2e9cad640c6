// Temporary storage as the Grid strategies see it: 16-byte aligned regions of scratch bytes and of zeroed bytes.
#pragma once
#include <cstddef>

namespace reduce::detail {

inline constexpr std::size_t storage_alignment = 16;  // every region and buffer starts on a 16-byte boundary
inline std::size_t align_up(std::size_t b) {
  return (b + storage_alignment - 1) / storage_alignment * storage_alignment;
}

// What a Combine asks of storage: scratch bytes (any contents at entry) and zeroed bytes (read zero at entry, left
// zero at exit: a reduce::workspace keeps them so for free; on the caller's temporary storage each call zeroes them).
struct storage_need {
  std::size_t scratch = 0, zeroed = 0;
};
// Whether a Combine asks for zeroed bytes: never, always (its storage must read zero at entry), or only where they are
// free (a reduce::workspace), using another way on the caller's temporary storage.
enum class zeroed_use : unsigned char { never, always, where_free };

struct storage_regions {
  void* scratch = nullptr;
  void* zeroed = nullptr;    // null where the Combine asked for no zeroed bytes
  bool host_output = false;  // the output the kernels write is host memory (pinned, or pageable the device reaches)
};

}  // namespace reduce::detail
