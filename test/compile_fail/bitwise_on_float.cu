// Must not compile: a bitwise op on a floating-point accumulator, through the convenience call and the tuned default.
#include <reduce/reduce.cuh>
float f(const float* in) { return reduce::reduce(in, 1, reduce::bit_or{}); }
