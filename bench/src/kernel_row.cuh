// A row for one engine configuration: reduce::device_reduce<Cfg> with op sum, accumulator = element type.
#pragma once
#include <boost/mp11.hpp>
#include <reduce/reduce.cuh>

#include "row.hpp"

namespace reduce_bench {

template <class Cfg, class T>
cudaError_t query_config(std::uint64_t n, std::size_t& temp_bytes) {
  return reduce::device_reduce<Cfg>({nullptr, temp_bytes}, static_cast<const T*>(nullptr), static_cast<T*>(nullptr), n,
                                    reduce::sum{});
}

template <class Cfg, class T>
cudaError_t run_config(const call_args& a) {
  std::size_t bytes = a.temp_bytes;
  return reduce::device_reduce<Cfg>({a.temp, bytes}, static_cast<const T*>(a.in), static_cast<T*>(a.out), a.n,
                                    reduce::sum{}, a.stream);
}

// A Grid whose storage must start zeroed (polled) runs on a reduce::workspace, one per kernel and element type, grown
// by the row's first (untimed) call: that is the storage it is for (on raw temporary storage it would pay a memset per
// call). One that uses zeroed storage where it is free (atomic) runs on one with --atomic-on-workspace (the data of
// the tuned default's table for integer sums on a workspace). A row's calls
// never overlap, and the workspace's size depends only on the grid, so it never grows inside a capture.
template <class Cfg, class T>
cudaError_t run_on_workspace(const call_args& a) {
  static auto* ws = new reduce::workspace;  // never destroyed: at exit its last stream may be gone already
  return reduce::device_reduce<Cfg>(*ws, static_cast<const T*>(a.in), static_cast<T*>(a.out), a.n, reduce::sum{},
                                    a.stream);
}

template <class Cfg, class T>
row make_kernel_row() {
  row r;
  r.name = Cfg::name();
  r.kind = row_kind::kernel;
  r.load = Cfg::load::name();
  r.finish = Cfg::finish::name();
  r.grid = Cfg::grid::name();
  r.block = Cfg::block;
  r.temp_query = &query_config<Cfg, T>;
  using reduce::detail::zeroed_use;
  constexpr zeroed_use zeroed = reduce::detail::strategy_of<Cfg>::zeroed;
  r.run = zeroed == zeroed_use::always ? &run_on_workspace<Cfg, T> : &run_config<Cfg, T>;
  if constexpr (zeroed == zeroed_use::where_free) r.run_on_workspace = &run_on_workspace<Cfg, T>;
  return r;
}

// The tuned default (reduce::default_config): a table lookup per call, named "default"; on_workspace: the same entry
// point on a reduce::workspace (its own table), named "default-workspace".
template <class T>
row make_default_row(bool on_workspace = false) {
  row r;
  r.name = reduce::default_config::name() + (on_workspace ? "-workspace" : "");
  r.kind = row_kind::kernel;
  r.grid = "default";
  r.block = 0;
  r.temp_query = &query_config<reduce::default_config, T>;
  r.run = on_workspace ? &run_on_workspace<reduce::default_config, T> : &run_config<reduce::default_config, T>;
  return r;
}

// Rows for every config of an Mp11 list, in list order.
template <class T, class List>
std::vector<row> kernel_rows() {
  std::vector<row> rows;
  boost::mp11::mp_for_each<boost::mp11::mp_transform<boost::mp11::mp_identity, List>>([&](auto id) {
    using Cfg = typename decltype(id)::type;
    rows.push_back(make_kernel_row<Cfg, T>());
  });
  return rows;
}

}  // namespace reduce_bench
