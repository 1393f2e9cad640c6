# Installs the project to WORK/prefix, then configures and builds examples/cmake against it (cmake -P script) with the
# static CUDA runtime, which the consumer must then link alone, and no CUDA architecture named (nvcc's default, older
# than the GPU's), and runs it: one reduction checked against the host (it says so and passes where there is no GPU);
# then a parent project that takes reduce with add_subdirectory and installs itself must install none of reduce's
# files (REDUCE_INSTALL is off below the top level).
function(step what)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE r)
  if(r)
    message(FATAL_ERROR "${what} failed")
  endif()
endfunction()

file(REMOVE_RECURSE ${WORK})
step("configuring reduce" ${CMAKE_COMMAND} -S ${SOURCE} -B ${WORK}/build -G ${GENERATOR} -DREDUCE_BUILD_TESTS=OFF
     -DREDUCE_BUILD_BENCH=OFF -DCMAKE_INSTALL_PREFIX=${WORK}/prefix)
step("installing reduce" ${CMAKE_COMMAND} --install ${WORK}/build)
step("find_package(reduce) from the installed tree" ${CMAKE_COMMAND} -S ${SOURCE}/examples/cmake -B ${WORK}/consumer
     -G ${GENERATOR} -DCMAKE_PREFIX_PATH=${WORK}/prefix -DCMAKE_CUDA_RUNTIME_LIBRARY=Static)
step("building the consumer against the installed tree" ${CMAKE_COMMAND} --build ${WORK}/consumer)
execute_process(COMMAND ldd ${WORK}/consumer/consumer OUTPUT_VARIABLE libs RESULT_VARIABLE r)
if(r EQUAL 0 AND libs MATCHES "libcudart")
  message(FATAL_ERROR "the consumer asked for the static CUDA runtime but links the shared one:\n${libs}")
endif()
message(STATUS "installed package found and consumer built with the static CUDA runtime")
step("running the consumer (built for nvcc's default architecture)" ${WORK}/consumer/consumer)

step("configuring a parent project with add_subdirectory(reduce)" ${CMAKE_COMMAND} -S ${SOURCE}/test/consumer/subdir
     -B ${WORK}/parent -G ${GENERATOR} -DREDUCE_SOURCE=${SOURCE} -DCMAKE_INSTALL_PREFIX=${WORK}/parent-prefix)
step("building the parent project" ${CMAKE_COMMAND} --build ${WORK}/parent)
step("installing the parent project" ${CMAKE_COMMAND} --install ${WORK}/parent)
file(GLOB_RECURSE installed RELATIVE ${WORK}/parent-prefix ${WORK}/parent-prefix/*)
list(FIND installed "bin/parent" at)
if(at EQUAL -1)
  message(FATAL_ERROR "the parent project's install did not install its program")
endif()
list(FILTER installed INCLUDE REGEX "reduce")
if(installed)
  message(FATAL_ERROR "a parent project's install installed reduce's files: ${installed}")
endif()
message(STATUS "add_subdirectory(reduce) built, and the parent's install left reduce out")
