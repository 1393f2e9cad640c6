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
  // Shard by shard, each from its own translation unit; then in reduce::matrix::all's order (shard s holds kernels
  // s, s + shards, s + 2 shards, ...), so that rows are grouped as the matrix lists them.
  constexpr std::size_t shards = REDUCE_BENCH_SHARDS;
  std::vector<row> parts[shards];
  boost::mp11::mp_for_each<boost::mp11::mp_iota_c<shards>>([&](auto s) { append_matrix_rows<T, s>(parts[s]); });
  std::size_t total = 0;
  for (const auto& p : parts) total += p.size();
  for (std::size_t i = 0; i < total; ++i) t.matrix.push_back(parts[i % shards][i / shards]);
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
