// Indexing policies: the addressing of the shared-memory tree, the parameter of BlockFinish tree<Indexing>.
#pragma once
#include <string>

namespace reduce::policy {

// Thread t works when t % (2s) == 0 on s[t] += s[t+s]: divergent warps and a slow modulo (reduce_0).
struct interleaved_modulo {
  static std::string name() { return "modulo"; }
};
// Thread t works on index i = 2*s*t: no divergence, but 2-way and worse bank conflicts (reduce_1).
struct interleaved_strided {
  static std::string name() { return "strided"; }
};
// Stride halves from B/2; thread t < s adds s[t+s]: contiguous, conflict free (reduce_2 onward).
struct sequential {
  static std::string name() { return "sequential"; }
};

}  // namespace reduce::policy
