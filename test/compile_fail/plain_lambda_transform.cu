// Must not compile: a plain lambda as the transform, through the convenience call and the tuned default.
#include <reduce/reduce.cuh>
float f(const float* in) {
  return reduce::transform_reduce(in, 1, [](float x) { return x * x; });
}
