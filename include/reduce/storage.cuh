// The storage a call runs on, its first argument: the caller's temporary storage, CUB style, or a reduce::workspace.
//
//   std::size_t bytes = 0;
//   reduce::device_reduce({nullptr, bytes}, d_in, d_out, n);          // CUB's two phases: the size query, then
//   reduce::device_reduce({d_temp, bytes}, d_in, d_out, n, op, s);    // the run on the caller's bytes
//   reduce::workspace ws;
//   reduce::device_reduce(ws, d_in, d_out, n, op, s);                 // or memory the library keeps between calls
//
// The caller's bytes: d_temp == nullptr asks for temp_bytes and runs nothing; a run checks temp_bytes against its own
// query and refuses less. Any zeroed region a Grid needs is zeroed on each call. A workspace grows in stream order
// and keeps its zeroed region zero between calls (workspace.cuh).
//
// Each entry point is written once, with the storage as a template parameter that defaults to temp_storage: a braced
// {d_temp, temp_bytes} deduces nothing and so is a temp_storage, a workspace deduces itself. The kind is known at
// compile time, so a call instantiates the kernels of its own storage only (the default reads other tables on a
// workspace).
#pragma once
#include <cstddef>
#include <type_traits>

#include "detail/dispatch.cuh"
#include "workspace.cuh"

namespace reduce {

// The caller's temporary storage: temp_bytes bytes at d_temp (device memory, 16-byte aligned), or the size query.
struct temp_storage {
  void* d_temp;
  std::size_t& temp_bytes;
};

namespace detail {

// The engine's view of each storage (dispatch.cuh).
inline temp_bytes_storage view_of(const reduce::temp_storage& s) { return {s.d_temp, s.temp_bytes}; }
inline workspace_storage view_of(workspace& ws) { return {ws}; }

template <class S>
inline constexpr bool is_storage_v =
    std::is_same_v<std::decay_t<S>, reduce::temp_storage> || std::is_same_v<std::remove_reference_t<S>, workspace>;
template <class S>
using if_storage = std::enable_if_t<is_storage_v<S>, int>;

}  // namespace detail
}  // namespace reduce
