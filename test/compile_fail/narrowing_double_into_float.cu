// Must not compile: double elements into a float accumulator, through the convenience call and the tuned default.
#include <reduce/reduce.cuh>
float f(const double* in) { return reduce::reduce<reduce::default_config, float>(in, 1); }
