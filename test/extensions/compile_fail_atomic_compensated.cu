// Must NOT compile: the atomic Grid has no native atomic for a compensated accumulator; the static_assert says to use
// single_pass, gridstride or multipass (ctest compile-fail-atomic-compensated checks the message).
#include <reduce/reduce.cuh>

namespace p = reduce::policy;
using cfg = p::config<p::vector<2>, p::shuffle, p::atomic, 256>;

int main() {
  std::size_t bytes = 0;
  reduce::device_reduce<cfg>({nullptr, bytes}, (const float*)nullptr, (reduce::compensated<float>*)nullptr, 1);
  return 0;
}
