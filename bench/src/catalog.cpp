#include "catalog.hpp"

#include <boost/mp11.hpp>
#include <reduce/matrix.cuh>
#include <stdexcept>

#include "compiled_types.hpp"

namespace reduce_bench {

const std::vector<std::string>& known_types() {
  static const std::vector<std::string> types{"float", "double", "int32", "uint32", "int64", "uint64"};
  return types;
}

std::string compiled_types() { return REDUCE_BENCH_COMPILED_TYPES; }

bool is_compiled(const std::string& type) {
#define REDUCE_BENCH_IS(name, cxx) \
  if (type == #name) return true;
  REDUCE_BENCH_FOR_EACH_TYPE(REDUCE_BENCH_IS)
#undef REDUCE_BENCH_IS
  return false;
}

namespace {
template <class T>
element_type assemble() {
  element_type t = make_element_type<T>();
  // Grid policy by Grid policy, each from its own translation unit (so rows are grouped by Grid policy).
  boost::mp11::mp_for_each<boost::mp11::mp_transform<boost::mp11::mp_identity, reduce::matrix::grids>>(
      [&](auto id) { append_matrix_rows<T, typename decltype(id)::type>(t.matrix); });
  t.presets = make_preset_rows<T>();
  return t;
}
}  // namespace

element_type load_element_type(const std::string& type) {
#define REDUCE_BENCH_LOAD(name, cxx) \
  if (type == #name) return assemble<cxx>();
  REDUCE_BENCH_FOR_EACH_TYPE(REDUCE_BENCH_LOAD)
#undef REDUCE_BENCH_LOAD
  throw std::invalid_argument("type " + type + " is not compiled into this reduce-bench");
}

}  // namespace reduce_bench
