// How the per-GPU partials become one value: the combine rule of reduce/nccl.cuh. Each way of combining is a type of
// its own in combine/, with the same parts:
//
//   fits<Cfg, Acc, Op>   whether it can combine this config's partials of Acc under Op (compile time)
//   takes(lengths, win)  whether this call asks for it: every rank's length known, a window given (run time)
//   engine_storage       whether the local pass is the engine's shard-into-slot run, on storage of its own
//   head                 the bytes before the local pass's storage (partials, gathered tiles), or a refusal
//   local<Step>          the rank's shard reduced by the one-GPU engine (partials.cuh) into the combine's slot: the
//                        whole pass, or its first pass, or the launches after it (run_step)
//   exchange             what NCCL does between the ranks, on the rank's stream (nothing for a window)
//   finish               what the ranks that receive the result run after it
//
// The rule is the list below in order: the first that fits and takes the call. A new way is its file plus one entry.
#pragma once
#include <boost/mp11.hpp>

#include "combine/nccl_reduction.cuh"
#include "combine/rank_gather.cuh"
#include "combine/tile_gather.cuh"
#include "combine/window_fold.cuh"

namespace reduce::detail::nccl {

// tile_gather first: a reproducible Grid's result over tiles is the one-GPU result, whatever else the call passed.
// rank_gather last: it fits everything.
using combines = boost::mp11::mp_list<tile_gather, window_fold, nccl_reduction, rank_gather>;

template <class Cfg, class Acc, class Op>
struct combine_fits {
  template <class C>
  using fn = boost::mp11::mp_bool<C::template fits<Cfg, Acc, Op>>;
};
template <class Cfg, class Acc, class Op>
using candidates = boost::mp11::mp_copy_if_q<combines, combine_fits<Cfg, Acc, Op>>;

// Calls f(mp_identity<Combine>) with the call's combine and returns what f returns.
template <class Cfg, class Acc, class Op, class F>
decltype(auto) with_combine(bool lengths_known, bool window_given, F&& f) {
  using list = candidates<Cfg, Acc, Op>;
  std::size_t chosen = 0;
  bool found = false;  // the last candidate, rank_gather, takes every call
  boost::mp11::mp_for_each<boost::mp11::mp_iota<boost::mp11::mp_size<list>>>([&](auto i) {
    if (!found && boost::mp11::mp_at_c<list, i>::takes(lengths_known, window_given)) chosen = i, found = true;
  });
  return boost::mp11::mp_with_index<boost::mp11::mp_size<list>::value>(
      chosen, [&](auto i) -> decltype(auto) { return f(boost::mp11::mp_identity<boost::mp11::mp_at_c<list, i>>{}); });
}

}  // namespace reduce::detail::nccl
