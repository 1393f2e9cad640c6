// The kinds of segments the sweep draws: offsets (32- and 64-bit, signed and unsigned, CSR or begin/end arrays),
// offsets with a bound on the lengths, one size, rows and columns of a matrix. Each kind draws a shape, says how many
// results it has and where the host finds segment i, and makes the library's description of it.
#pragma once
#include "cases.cuh"

namespace sweep {

template <class O, bool Bounded>
struct offsets_kind {
  static constexpr bool columns = false, strided = false, offsets = true;
  using offset_type = O;
  static std::string name() {
    return std::string(Bounded ? "bounded_" : "") + (std::is_signed_v<O> ? "int" : "uint") +
           std::to_string(8 * sizeof(O)) + "_offsets";
  }
  static void draw(rng& r, bool small, shape& s) { draw_offsets(r, small, s); }
  static std::uint64_t results(const shape& s) { return s.count; }
  static segment_view view(const shape& s, std::uint64_t i) { return view_of_offsets(s, i); }
  // The offsets as the device reads them: CSR in one array (end = begin + 1), else begin then end.
  static std::vector<O> device_offsets(const shape& s) {
    std::vector<O> h(s.begin.begin(), s.begin.end());
    h.insert(h.end(), s.end.begin(), s.end.end());
    return h;
  }
  static auto make(const shape& s, const O* d) {
    const O* e = s.csr ? d + 1 : d + s.count;
    if constexpr (Bounded)
      return reduce::segments::offsets(d, e, s.count, s.bound);
    else
      return reduce::segments::offsets(d, e, s.count);
  }
};

struct fixed_kind {
  static constexpr bool columns = false, strided = true, offsets = false;
  static std::string name() { return "fixed"; }
  static void draw(rng& r, bool small, shape& s) {
    s.count = draw_count(r, small);
    s.length = capped(s.count, draw_segment_length(r, small), small);
    s.extent = s.count * s.length;
    s.text = "fixed(count=" + std::to_string(s.count) + ", size=" + std::to_string(s.length) + ")";
  }
  static std::uint64_t results(const shape& s) { return s.count; }
  static segment_view view(const shape& s, std::uint64_t i) { return {i * s.length, s.length, 1}; }
  static auto make(const shape& s, const void*) { return reduce::segments::fixed(s.count, s.length); }
};

struct rows_kind {
  static constexpr bool columns = false, strided = true, offsets = false;
  static std::string name() { return "rows"; }
  static void draw(rng& r, bool small, shape& s) {
    draw_matrix(r, small, s);
    s.text = "rows(" + std::to_string(s.rows) + ", " + std::to_string(s.columns) + ", ld=" + std::to_string(s.ld) + ")";
  }
  static std::uint64_t results(const shape& s) { return s.rows; }
  static segment_view view(const shape& s, std::uint64_t i) { return {i * s.ld, s.columns, 1}; }
  static auto make(const shape& s, const void*) { return reduce::segments::rows(s.rows, s.columns, s.ld); }
};

struct columns_kind {
  static constexpr bool columns = true, strided = false, offsets = false;
  static std::string name() { return "columns"; }
  static void draw(rng& r, bool small, shape& s) {
    draw_matrix(r, small, s);
    s.text =
        "columns(" + std::to_string(s.rows) + ", " + std::to_string(s.columns) + ", ld=" + std::to_string(s.ld) + ")";
  }
  static std::uint64_t results(const shape& s) { return s.columns; }
  static segment_view view(const shape& s, std::uint64_t i) { return {i, s.rows, s.ld}; }
  static auto make(const shape& s, const void*) { return reduce::segments::columns(s.rows, s.columns, s.ld); }
};

// Whether a segmented config takes a kind: the default takes every kind; column_walk columns only; staged_tile one
// size and rows; the other mappings everything but columns (segments.cuh's rules, which refuse the rest at compile
// time).
template <class Kind, class Cfg>
struct takes {
  static constexpr bool value = [] {
    if constexpr (std::is_same_v<Cfg, reduce::default_segmented_config>) {
      return true;
    } else {
      using map = typename Cfg::map;
      if (map::columns_only != Kind::columns) return false;
      return !map::strided_only || Kind::strided;
    }
  }();
};

using int32_offsets = offsets_kind<std::int32_t, false>;
using int64_offsets = offsets_kind<std::int64_t, false>;
using uint32_offsets = offsets_kind<std::uint32_t, false>;
using bounded_offsets = offsets_kind<std::int32_t, true>;
using all_kinds = boost::mp11::mp_list<int32_offsets, int64_offsets, uint32_offsets, bounded_offsets, fixed_kind,
                                       rows_kind, columns_kind>;

}  // namespace sweep
