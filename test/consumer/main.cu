// Builds against an installed reduce: find_package(reduce) and one call.
#include <cstdio>
#include <reduce/reduce.cuh>

int main() {
  using cfg =
      reduce::policy::config<reduce::policy::vector<2>, reduce::policy::shuffle, reduce::policy::single_pass<>, 256>;
  std::size_t bytes = 0;
  const cudaError_t e = reduce::device_reduce<cfg>(nullptr, bytes, (const float*)nullptr, (float*)nullptr, 0);
  std::printf("reduce %s, query: %s\n", REDUCE_VERSION_STRING, cudaGetErrorName(e));
  return 0;
}
