# The differential sweep (test/sweep/, docs/reliability.md): seeded random cases over types, ops, configs, sizes,
# addresses, segments and storage against host references, within a time budget. Included by test/CMakeLists.txt.
# Its entries compile in parts, each a translation unit that registers its share of sweep::entries (the heaviest
# sources of the suite otherwise): every part for the default build (sm_90), and a fifth of them in a build of PTX
# for compute_80 alone, which the driver compiles for the Hopper GPU it runs on. Without a GPU
# (REDUCE_TEST_SAMPLE_SHARDS) only the first part of the default build is compiled: its tests skip there.
set(sweep_dir ${CMAKE_CURRENT_LIST_DIR})
set(sweep_parts 10)  # about three entries a part: each translation unit pays some 14 s for its headers alone

# sweep_target(TARGET PARTS STRIDE): parts 0, STRIDE, 2 * STRIDE, ... of PARTS (part k: entries k, k + PARTS, ...).
function(sweep_target target parts stride)
  add_executable(${target})
  math(EXPR last "${parts} - 1")
  set(built 0)
  foreach(k RANGE 0 ${last} ${stride})
    set(part ${CMAKE_CURRENT_BINARY_DIR}/parts/${target}-${k}.cu)
    file(WRITE ${part}.in
         "#define REDUCE_TEST_PART ${k}\n#define REDUCE_TEST_PARTS ${parts}\n#include \"${sweep_dir}/test_sweep.cu\"\n")
    configure_file(${part}.in ${part} COPYONLY)
    target_sources(${target} PRIVATE ${part})
    math(EXPR built "${built} + 1")
  endforeach()
  if(built EQUAL parts)
    target_compile_definitions(${target} PRIVATE REDUCE_SWEEP_EVERY_PART)
  endif()
  target_link_libraries(${target} PRIVATE reduce_matrix GTest::gtest GTest::gtest_main)
  add_test(NAME ${target} COMMAND ${target})
  # The budget is 30 s of cases: started first, it overlaps the rest of the suite.
  set_tests_properties(${target} PROPERTIES COST 40)
endfunction()

if(REDUCE_TEST_SAMPLE_SHARDS)
  sweep_target(reduce-sweep-tests ${sweep_parts} ${sweep_parts})
else()
  sweep_target(reduce-sweep-tests ${sweep_parts} 1)
  sweep_target(reduce-sweep-ptx80 ${sweep_parts} 5)
  set_target_properties(reduce-sweep-ptx80 PROPERTIES CUDA_ARCHITECTURES 80-virtual)
  target_compile_definitions(reduce-sweep-ptx80 PRIVATE REDUCE_SWEEP_NO_CLUSTER)
endif()
