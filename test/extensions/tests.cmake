# Tests of the extensions (narrow input types, argmin/argmax, transform-reduce, compensated sums, 1- and 2-byte
# accumulators): docs/extensions.md. Included by test/CMakeLists.txt (its targets are the test folder's, built first).
set(ext_dir ${CMAKE_CURRENT_LIST_DIR})

# One executable; one source per extension, the heaviest in two parts, so the kernels compile in parallel. GPU tests
# skip without a device, the host tests (test_ext_host.cu) always run.
add_executable(reduce-extension-tests ${ext_dir}/test_ext_host.cu ${ext_dir}/test_transform.cu
                                      ${ext_dir}/test_compensated.cu ${ext_dir}/test_arg_order.cu
                                      ${ext_dir}/test_binned.cu)
# 32-bit offsets only: these tests stay below 2^31 elements (the 64-bit kernels: test_large.cu, portability.cu).
target_compile_definitions(reduce-extension-tests PRIVATE REDUCE_FORCE_32_BIT_OFFSETS)
foreach(source test_narrow.cu test_argminmax.cu test_accumulators.cu)
  reduce_test_parts(reduce-extension-tests ${ext_dir}/${source} 2)
endforeach()
target_link_libraries(reduce-extension-tests PRIVATE reduce_matrix GTest::gtest GTest::gtest_main)
add_test(NAME extensions COMMAND reduce-extension-tests)
set_tests_properties(extensions PROPERTIES COST 25)

# The atomic Grid must reject a compensated accumulator at compile time with the message that names the fix.
add_test(NAME compile-fail-atomic-compensated
  COMMAND ${CMAKE_CUDA_COMPILER} -std=c++17 -arch=sm_90 -I${PROJECT_SOURCE_DIR}/include
          -I${PROJECT_SOURCE_DIR}/policies -c ${ext_dir}/compile_fail_atomic_compensated.cu
          -o /dev/null)
set_tests_properties(compile-fail-atomic-compensated PROPERTIES PASS_REGULAR_EXPRESSION "Use policy::single_pass")

# A binned accumulator sums: any other op is refused at compile time with the message that names the fix.
add_test(NAME compile-fail-binned-max
  COMMAND ${CMAKE_CUDA_COMPILER} -std=c++17 -arch=sm_90 -I${PROJECT_SOURCE_DIR}/include
          -I${PROJECT_SOURCE_DIR}/policies -c ${ext_dir}/compile_fail_binned_max.cu -o /dev/null)
set_tests_properties(compile-fail-binned-max PROPERTIES PASS_REGULAR_EXPRESSION "binned<T> accumulator sums")
