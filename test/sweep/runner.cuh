// The sweep's entries: an element type, accumulator, op and transform, with the one-array configs and the (kind of
// segments, segmented config) pairs it calls. A case, drawn from one seed, picks one of those calls, its size or shape,
// the input's address and the storage (the caller's temporary storage or a workspace), runs it into an output between
// guard bytes, and checks the status, the device, the guards and every result against the host's.
#pragma once
#include <boost/mp11.hpp>
#include <memory>
#include <reduce/reduce.cuh>
#include <reduce/segmented.cuh>

#include "kinds.cuh"
#include "reference.cuh"

namespace sweep {

struct outcome {
  bool ok = true;
  bool device_lost = false;  // the CUDA context no longer works: the sweep cannot go on
  std::string call, what;    // the call as drawn; what went wrong
};
using run_fn = outcome (*)(std::uint64_t seed, const context& c);
struct entry {
  std::string name;
  run_fn run;
};
inline std::vector<entry>& registry() {
  static std::vector<entry> r;
  return r;
}

template <class T>
std::string label() {
  if constexpr (is_pack<T>::value) {
    using C = std::remove_reference_t<decltype(T{}.v[0])>;
    constexpr int n = sizeof(T) / sizeof(C);
    return "pack_" + reduce::type_name<C>() + "_x" + std::to_string(n) +
           (alignof(T) != alignof(C) ? "_a" + std::to_string(alignof(T)) : "");
  } else {
    return reduce::type_name<T>();
  }
}

// After a call: the device's state. An error here (a fault in a kernel) is sticky: the context is lost.
inline outcome device_state(outcome o) {
  const cudaError_t sync = cudaDeviceSynchronize(), last = cudaGetLastError();
  if (sync || last) {
    o.ok = false;
    o.what = std::string("the device failed after the call: ") + cudaGetErrorString(sync ? sync : last);
    void* probe = nullptr;
    o.device_lost = cudaMalloc(&probe, 16) != cudaSuccess;
    cudaFree(probe);
  }
  return o;
}
inline outcome failed(outcome o, const std::string& what) {
  o.ok = false;
  o.what = what;
  return o;
}

// Runs call(temp, bytes) on the caller's temporary storage (a size query, then exactly that many bytes, guard bytes
// after them) or call_ws(ws) on the run's workspace.
template <class Call, class CallWs>
reduce::status on_storage(bool workspace, const context& c, Call call, CallWs call_ws, std::string& text,
                          bool& guards_ok) {
  if (workspace) {
    text += " storage=workspace";
    return call_ws(*c.ws);
  }
  text += " storage=temp";
  std::size_t bytes = 0;
  if (reduce::status s = call(nullptr, bytes)) return s;
  region temp(0, bytes, guard_bytes);
  if (!temp.error) temp.error = cudaDeviceSynchronize();  // the guards' memset ran on the legacy default stream
  if (temp.error) return {temp.error, "sweep: allocating the temporary storage failed"};
  const reduce::status s = call(temp.data<void>(), bytes);
  if (cudaDeviceSynchronize() == cudaSuccess) guards_ok = temp.guards_intact();
  return s;
}

template <class Kind, class Cfg>
struct seg_call {};
// A one-array config called on the caller's temporary storage only (the tuned default on a workspace reads tables of
// its own: half the entries call it there, which halves what the sweep compiles for it).
template <class Cfg>
struct temp_only {};
template <class C>
struct call_config {
  using type = C;
  static constexpr bool workspace = true;
};
template <class C>
struct call_config<temp_only<C>> {
  using type = C;
  static constexpr bool workspace = false;
};

template <class T, class Acc, class Op, class Tr, class Configs, class SegCalls>
struct entry_of {
  using no_tr = reduce::detail::no_transform;
  static std::string name() {
    const std::string op = std::is_same_v<Op, reduce::argmin_op>   ? "argmin"
                           : std::is_same_v<Op, reduce::argmax_op> ? "argmax"
                                                                   : op_of<Op>::label();
    const bool own = std::is_same_v<Acc, T> || !std::is_same_v<Tr, no_tr>;
    return label<T>() + "/" + op + (own ? "" : "/" + label<Acc>());
  }

  // A random element: signed zeros and infinities only where no floating sum adds them; odd integers for a product
  // (one even factor in a few dozen would leave only zeros).
  static T element(rng& r) {
    T x = draw<T>(r, !floating_sum<Acc, Op>);
    if constexpr (std::is_same_v<Op, reduce::product> && std::is_integral_v<T>) x |= T(1);
    return x;
  }

  // The case's data, over segments of at most `longest` elements; returns whether a floating sum must be exact. A
  // floating sum draws, half the time, integers in [-m, m] with longest * m below 2^(digits - 1) of the accumulator
  // (and m exact in T): every partial sum in any order is then exact, and a lost or doubled element shows in the bits.
  // Other ops draw, half the time, one background value and a few planted ones (at either end or anywhere): min, max
  // and argmin then turn on a handful of elements, so a lost tile shows (random bits put the extreme everywhere).
  static bool fill(std::vector<T>& h, rng& r, std::uint64_t longest) {
    if constexpr (floating_sum<Acc, Op>) {
      constexpr int acc_bits = parts<Acc>::digits, in_bits = parts<T>::digits;
      const std::uint64_t room = (std::uint64_t(1) << (acc_bits - 1)) / std::max<std::uint64_t>(longest, 1);
      const std::uint64_t m = std::min(room, std::uint64_t(1) << std::min(in_bits, 20));
      if (m >= 1 && r.chance(50)) {
        for (T& x : h) x = draw_integer<T>(r, m);
        return true;
      }
    } else if (!h.empty() && r.chance(50)) {
      const T background = element(r);
      std::fill(h.begin(), h.end(), background);
      for (std::uint64_t k = 1 + r.below(8); k > 0; --k) {
        const unsigned where = unsigned(r.below(4));
        h[where == 0 ? 0 : where == 1 ? h.size() - 1 : r.below(h.size())] = element(r);
      }
      return false;
    }
    for (T& x : h) x = element(r);
    return false;
  }

  // The lengths around which a call's behaviour changes: its tiles (16-byte vectors of T where the vector rule
  // allows) and, for the tuned default, its tables' rows.
  template <class Cfg>
  static std::vector<std::uint64_t> boundaries() {
    std::vector<std::uint64_t> b = {16 / sizeof(T) + 1, 31, 32, 33};
    auto tiles = [&](auto cfg) {
      using C = typename decltype(cfg)::type;
      using agent = reduce::detail::agent<typename C::load, C::block>;
      const std::uint64_t tile = agent::tile_units * (agent::template vectors_of<T> ? 16 / sizeof(T) : 1);
      for (std::uint64_t k : {1, 2, 3, 8, 64}) b.push_back(k * tile);
    };
    if constexpr (reduce::detail::is_tuned<Cfg>::value) {
      tiles(boost::mp11::mp_identity<typename Cfg::fallback>{});
      auto rows = [&](auto table) {
        for (std::uint64_t up : decltype(table)::type::up_to)
          if (up < (std::uint64_t(1) << 40)) b.push_back(up * reduce::detail::table_element_bytes<T> / sizeof(T));
      };
      rows(boost::mp11::mp_identity<reduce::detail::tuned_table<T, Acc, Op, false>>{});
      rows(boost::mp11::mp_identity<reduce::detail::tuned_table<T, Acc, Op, true>>{});
    } else {
      tiles(boost::mp11::mp_identity<Cfg>{});
    }
    return b;
  }

  template <class Call>
  static outcome one(rng& r, const context& c) {
    using Cfg = typename call_config<Call>::type;
    const bool huge = c.huge || sizeof(T) <= 2;
    const std::uint64_t n = draw_length(r, c, boundaries<Cfg>(), huge && !c.small);
    const std::size_t offset = input_offset<T>(r);
    const bool ws = r.chance(40);
    constexpr bool on_ws = call_config<Call>::workspace;
    outcome o;
    o.call =
        name() + " device_reduce<" + Cfg::name() + "> n=" + std::to_string(n) + " offset=" + std::to_string(offset);
    if (c.drawn) c.drawn(o.call);
    std::vector<T> h(n);
    const bool exact = fill(h, r, n);
    region in(offset, n * sizeof(T), 0), out(guard_bytes, sizeof(Acc), guard_bytes);
    if (in.error || out.error) return failed(o, "sweep: allocating the input and output failed");
    if (n && cudaMemcpy(in.data<T>(), h.data(), n * sizeof(T), cudaMemcpyHostToDevice))
      return failed(o, "sweep: copying the input failed");
    const T* d_in = n || r.chance(50) ? in.data<T>() : nullptr;  // n = 0 takes a null input
    const Op op = op_of<Op>::make();
    bool temp_guards = true;
    // The guards' memset and the copies ran on the legacy default stream, which the call's non-blocking stream does
    // not wait for (a pageable copy may still be in flight when cudaMemcpy returns).
    if (cudaDeviceSynchronize()) return failed(o, "sweep: preparing the input failed");
    const reduce::status s = on_storage(
        on_ws && ws, c,
        [&](void* t, std::size_t& bytes) {
          if constexpr (std::is_same_v<Tr, no_tr>)
            return reduce::device_reduce<Cfg>({t, bytes}, d_in, out.data<Acc>(), n, op, c.stream);
          else
            return reduce::device_transform_reduce<Cfg>({t, bytes}, d_in, out.data<Acc>(), n, Tr{}, op, c.stream);
        },
        [&](reduce::workspace& w) {
          if constexpr (on_ws)
            return reduce::device_transform_reduce<Cfg>(w, d_in, out.data<Acc>(), n, Tr{}, op, c.stream);
          else
            return reduce::status{cudaErrorInvalidValue, "sweep: this call runs on temporary storage only"};
        },
        o.call, temp_guards);
    o = device_state(o);
    if (!o.ok) return o;
    if (s) return failed(o, std::string("refused: ") + (s.message ? s.message : cudaGetErrorString(s.code)));
    if (!out.guards_intact() || !temp_guards) return failed(o, "bytes outside the output or the storage were written");
    Acc got;
    if (cudaMemcpy(&got, out.data<Acc>(), sizeof(Acc), cudaMemcpyDeviceToHost)) return failed(o, "reading back failed");
    const std::string d = compare(got, h.data(), 0, n, 1, op, Tr{}, exact);
    return d.empty() ? o : failed(o, d);
  }

  template <class Kind, class Cfg>
  static outcome seg(rng& r, const context& c) {
    shape s;
    Kind::draw(r, c.small, s);
    const std::size_t offset = input_offset<T>(r);
    const bool ws = r.chance(40);
    const std::uint64_t results = Kind::results(s);
    outcome o;
    o.call = name() + " device_segmented_reduce<" + Cfg::name() + "> " + Kind::name() + " " + s.text +
             " offset=" + std::to_string(offset);
    if (c.drawn) c.drawn(o.call);
    std::vector<T> h(s.extent);
    std::uint64_t longest = 0;
    for (std::uint64_t i = 0; i < results; ++i) longest = std::max(longest, Kind::view(s, i).length);
    const bool exact = fill(h, r, longest);
    // Offsets are not read on the host, so their input must be device memory even where every segment is empty: one
    // element past an empty allocation's end is not (docs/segmented.md).
    const std::size_t room = Kind::offsets && s.extent == 0 ? 1 : s.extent;
    region in(offset, room * sizeof(T), 0), out(guard_bytes, results * sizeof(Acc), guard_bytes);
    if (in.error || out.error) return failed(o, "sweep: allocating the input and output failed");
    if (s.extent && cudaMemcpy(in.data<T>(), h.data(), h.size() * sizeof(T), cudaMemcpyHostToDevice))
      return failed(o, "sweep: copying the input failed");
    const T* d_in = s.extent || Kind::offsets || r.chance(50) ? in.data<T>() : nullptr;
    const auto segs = [&] {
      if constexpr (Kind::offsets) {
        using O = typename Kind::offset_type;
        const std::vector<O> offs = Kind::device_offsets(s);
        auto dev = std::make_unique<region>(0, std::max<std::size_t>(offs.size(), 1) * sizeof(O), 0);
        if (!dev->error && !offs.empty())
          dev->error =
              cudaMemcpy(dev->template data<O>(), offs.data(), offs.size() * sizeof(O), cudaMemcpyHostToDevice);
        auto d = Kind::make(s, dev->template data<O>());
        return std::make_pair(d, std::move(dev));
      } else {
        return std::make_pair(Kind::make(s, nullptr), std::unique_ptr<region>());
      }
    }();
    if (segs.second && segs.second->error) return failed(o, "sweep: allocating or copying the offsets failed");
    const Op op = op_of<Op>::make();
    bool temp_guards = true;
    if (cudaDeviceSynchronize()) return failed(o, "sweep: preparing the input failed");  // as in one()
    const reduce::status st = on_storage(
        ws, c,
        [&](void* t, std::size_t& bytes) {
          return reduce::device_segmented_transform_reduce<Cfg>({t, bytes}, d_in, out.data<Acc>(), segs.first, Tr{}, op,
                                                                c.stream);
        },
        [&](reduce::workspace& w) {
          return reduce::device_segmented_transform_reduce<Cfg>(w, d_in, out.data<Acc>(), segs.first, Tr{}, op,
                                                                c.stream);
        },
        o.call, temp_guards);
    o = device_state(o);
    if (!o.ok) return o;
    if (st) return failed(o, std::string("refused: ") + (st.message ? st.message : cudaGetErrorString(st.code)));
    if (!out.guards_intact() || !temp_guards) return failed(o, "bytes outside the output or the storage were written");
    std::vector<Acc> got(results);
    if (results && cudaMemcpy(got.data(), out.data<Acc>(), results * sizeof(Acc), cudaMemcpyDeviceToHost))
      return failed(o, "reading back failed");
    for (std::uint64_t i = 0; i < results; ++i) {
      const segment_view v = Kind::view(s, i);
      const std::string d = compare(got[i], h.data(), v.first, v.length, v.stride, op, Tr{}, exact);
      if (!d.empty()) return failed(o, "segment " + std::to_string(i) + ": " + d);
    }
    return o;
  }

  template <class Call>
  struct is_taken : std::false_type {};
  template <class Kind, class Cfg>
  struct is_taken<seg_call<Kind, Cfg>> : std::bool_constant<takes<Kind, Cfg>::value> {};
  using segs = boost::mp11::mp_copy_if<SegCalls, is_taken>;
  static constexpr std::size_t ones = boost::mp11::mp_size<Configs>::value,
                               seg_count = boost::mp11::mp_size<segs>::value;

  // One case: a one-array call half the time where the entry has segmented calls too.
  static outcome run(std::uint64_t seed, const context& c) {
    static_assert(ones + seg_count > 0, "sweep: an entry makes at least one call");
    rng r{seed};
    if constexpr (ones > 0)
      if (seg_count == 0 || r.chance(50))
        return boost::mp11::mp_with_index<ones>(
            r.below(ones), [&](auto i) { return one<boost::mp11::mp_at_c<Configs, decltype(i)::value>>(r, c); });
    if constexpr (seg_count > 0)
      return boost::mp11::mp_with_index<seg_count>(
          r.below(seg_count), [&](auto i) { return seg_case(r, c, boost::mp11::mp_at_c<segs, decltype(i)::value>{}); });
    else
      return outcome{};
  }
  template <class Kind, class Cfg>
  static outcome seg_case(rng& r, const context& c, seg_call<Kind, Cfg>) {
    return seg<Kind, Cfg>(r, c);
  }
};

// Registers every entry of a list (each translation unit of the sweep registers its part of the one list).
template <class L>
bool register_entries() {
  boost::mp11::mp_for_each<boost::mp11::mp_transform<boost::mp11::mp_identity, L>>([](auto e) {
    using E = typename decltype(e)::type;
    registry().push_back({E::name(), &E::run});
  });
  return true;
}

}  // namespace sweep
