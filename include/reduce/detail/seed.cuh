// Initial values (reduce::with_init, ops.cuh), one level above the engine: a seeded call becomes an unseeded one whose
// transform folds init into element 0. Each element is transformed exactly once, in the first pass, so init is taken
// exactly once whatever the Grid, the split into blocks and passes, or the alignment (an element of the head peel is
// transformed by thread 0 like any other). The op must be associative (as for every reduction): init op (x0 op x1 ...)
// is then the same as (init op x0) op x1 .... Two cases:
//
// - The op has an identity (the library's ops, make_op, a libcu++ functor mapped to one): the engine runs as usual
//   with that transform, straight into the output; n = 0 writes init after it.
// - It has none (a user's associative functor, CUB style): the engine folds adjoined<A>, a value with a flag saying
//   whether it holds one. The empty pair is the identity of that fold, so the kernels pad and start their folds as
//   ever, and no padding ever enters the user's op. The result lands in a slot after the Combine's own storage, and a
//   one-thread kernel writes its value, or init where no element came (n = 0), to the output.
//
// A segmented call combines init with each segment's result instead (segment/entry.cuh): every segment has its own
// element 0. The multi-GPU layer takes no initial value (each rank's shard would start its own; call_types refuses
// it, with that message).
#pragma once
#include <cuda_runtime.h>

#include <cstdint>
#include <string>

#include "dispatch.cuh"
#include "library_ops.cuh"
#include "words.cuh"

namespace reduce::detail {

// The op of a call, without its initial value.
template <class Op>
struct unseeded_op {
  using type = Op;
};
template <class Op, class V>
struct unseeded_op<seeded<Op, V>> {
  using type = Op;
};

template <class A>
struct adjoined_layout {
  static constexpr std::size_t base = alignof(A) > 4 ? alignof(A) : 4;
  static constexpr std::size_t size = (sizeof(A) + 4 + base - 1) / base * base;
  // 8 or 16 bytes are aligned to their size, so that later passes read partials as vectors (detail/vector.cuh).
  static constexpr std::size_t align = size == 8 || size == 16 ? size : base;
};

// A value, or none (has == 0): the accumulator of an op without an identity.
template <class A>
struct alignas(adjoined_layout<A>::align) adjoined {
  A value;
  std::uint32_t has;
  static std::string name() { return "adjoined<" + type_name<A>() + ">"; }
};

// The op over adjoined values: the empty one is its identity, two values combine with the user's op.
template <class Op>
struct adjoin {
  Op op;
  template <class U>
  __device__ U operator()(const U& a, const U& b) const {
    if (!a.has) return b;
    if (!b.has) return a;
    using A = decltype(U::value);
    return U{A(op(a.value, b.value)), 1u};
  }
  template <class U>
  __host__ __device__ U identity() const {
    return U{};
  }
  static std::string name() { return "adjoin"; }
};

// The caller's transform, then init folded into element 0.
template <class Tr, class A, class Op>
struct seed_first {
  Tr tr;
  A init;
  Op op;
  template <class T>
  __device__ A operator()(const T& x, std::uint64_t i) const {
    const A v = transformed<A>(tr, x, i);
    return i == 0 ? A(op(init, v)) : v;
  }
};
// The same, into an adjoined value that holds it.
template <class Tr, class A, class Op>
struct seed_adjoined {
  Tr tr;
  A init;
  Op op;
  template <class T>
  __device__ adjoined<A> operator()(const T& x, std::uint64_t i) const {
    const A v = transformed<A>(tr, x, i);
    return {i == 0 ? A(op(init, v)) : v, 1u};
  }
};

template <class A>
__global__ void write_adjoined(const adjoined<A>* slot, A* out, A init) {
  wait_for_previous_grid();  // launch_finisher: after the call's last kernel
  const adjoined<A> r = *slot;
  store_words(out, r.has ? r.value : init);
}

// A storage with room for `count` Slots after what the Combine or segment Map asks: the engine's results go there, and
// the checks see the caller's output (an iterator_output where the caller gave an iterator: nothing to check).
template <class Storage, class Slot, class Out>
struct with_slot {
  const Storage& inner;
  Out* caller_out;
  Slot** slot;
  std::uint64_t count = 1;
  static constexpr bool keeps_zeroed = Storage::keeps_zeroed;
  static constexpr run_step step = Storage::step;

  storage_need grown(storage_need need) const {
    constexpr std::size_t most = ~std::size_t(0) / 2;  // an impossible size, which no allocation meets
    const std::size_t slots = count > most / sizeof(Slot) ? most : std::size_t(count) * sizeof(Slot);
    need.scratch = align_up(need.scratch) + slots;
    return need;
  }
  bool is_query() const { return inner.is_query(); }
  void report(storage_need need) const { inner.report(grown(need)); }
  template <class T, class Acc>
  status take(storage_need need, const T* in, Acc*, std::uint64_t n, cudaStream_t stream, storage_regions& r) const {
    if (status s = inner.take(grown(need), in, caller_out, n, stream, r)) return s;
    *slot = reinterpret_cast<Slot*>(static_cast<char*>(r.scratch) + align_up(need.scratch));
    r.host_output = false;  // the kernels write the slot, in the storage
    return {};
  }
  Slot* destination(Slot*) const { return *slot; }  // after take
  Out* checked(Slot*) const { return caller_out; }
};

template <class Cfg, class Storage, class T, class Acc, class Tr, class Op, class V>
status run_seeded(const Storage& storage, const T* in, Acc* out, std::uint64_t n, Tr tr, seeded<Op, V> s,
                  cudaStream_t stream) {
  using O = library_op_t<Op, Acc>;
  if constexpr (!call_types<T, Acc, Tr, O, true>::ok) {
    return {cudaErrorInvalidValue, "reduce: this call's types are refused"};  // a static_assert has said why
  } else if constexpr (has_identity_v<O, Acc>) {
    const Acc init = Acc(s.init);
    const O op = [&] {
      if constexpr (cuda::std::is_same_v<O, Op>)
        return s.op;
      else
        return O{};  // the library's op for a libcu++ functor (stateless)
    }();
    if (status st = run<Cfg>(storage, in, out, n, seed_first<Tr, Acc, O>{tr, init, op}, op, stream)) return st;
    if (n == 0 && !storage.is_query()) {
      store_value<<<1, 1, 0, stream>>>(storage.destination(out), init);
      if (cudaError_t e = cudaGetLastError()) return {e, "reduce: a kernel launch failed"};
    }
    return {};
  } else {
    const Acc init = Acc(s.init);
    adjoined<Acc>* slot = nullptr;
    const with_slot<Storage, adjoined<Acc>, Acc> slotted{storage, out, &slot};
    if (status st = run<Cfg>(slotted, in, static_cast<adjoined<Acc>*>(nullptr), n,
                             seed_adjoined<Tr, Acc, O>{tr, init, s.op}, adjoin<O>{s.op}, stream))
      return st;
    if (storage.is_query()) return {};
    if (cudaError_t e = launch_finisher<write_adjoined<Acc>>(stream, static_cast<const adjoined<Acc>*>(slot),
                                                             storage.destination(out), init))
      return {e, "reduce: a kernel launch failed"};
    return {};
  }
}

}  // namespace reduce::detail
