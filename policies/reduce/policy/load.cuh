// Load policies: how each thread reads its share of a tile from global memory.
#pragma once
#include <string>

namespace reduce::policy {

// Thread t of a block reads t, t+B, t+2B, ...: a warp's loads are coalesced.
struct striped {
  static std::string name() { return "striped"; }
};
// Thread t reads its own contiguous run t*K .. t*K+K-1 (the halving seed's arrangement).
struct blocked {
  static std::string name() { return "blocked"; }
};

// One element per load instruction, Items of them per thread and tile.
template <int Items, class Arrangement = striped>
struct scalar {
  static_assert(Items >= 1 && Items <= 64, "reduce: scalar<Items>: Items per thread must be in 1..64");
  static constexpr bool vectorized = false;
  static constexpr int items = Items;
  using arrangement = Arrangement;
  static std::string name() {
    return "scalar" + std::to_string(Items) + (Items > 1 ? "-" + Arrangement::name() : std::string());
  }
};

// 16-byte vector loads (float4 for float; 8 halves, 2 doubles, ...), Vectors of them per thread and tile.
// The head up to the first 16-byte boundary and the tail are read as scalars, so any pointer and any n work.
template <int Vectors, class Arrangement = striped>
struct vector {
  static_assert(Vectors >= 1 && Vectors <= 64, "reduce: vector<Vectors>: vectors per thread must be in 1..64");
  static constexpr bool vectorized = true;
  static constexpr int items = Vectors;
  using arrangement = Arrangement;
  static std::string name() {
    return "vec" + std::to_string(Vectors) + (Vectors > 1 ? "-" + Arrangement::name() : std::string());
  }
};

}  // namespace reduce::policy
