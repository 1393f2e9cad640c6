// The element types compiled into this executable (REDUCE_BENCH_TYPES), with their rows.
#pragma once
#include <string>
#include <vector>

#include "row.hpp"

namespace reduce_bench {

// Every type the bench knows, whether compiled in or not.
const std::vector<std::string>& known_types();
// The types compiled into this executable, e.g. "float;double".
std::string compiled_types();
bool is_compiled(const std::string& type);
// The full description of a compiled type: data, reference, CUB/thrust, the matrix and the presets.
element_type load_element_type(const std::string& type);

}  // namespace reduce_bench
