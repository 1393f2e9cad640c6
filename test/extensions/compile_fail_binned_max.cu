// Must NOT compile: a binned accumulator adds its bins exactly, so it sums and nothing else; the static_assert says
// to pass reduce::sum (ctest compile-fail-binned-max checks the message).
#include <reduce/reduce.cuh>

int main() {
  std::size_t bytes = 0;
  reduce::device_reduce({nullptr, bytes}, (const float*)nullptr, (reduce::binned<float>*)nullptr, 1, reduce::max{});
  return 0;
}
