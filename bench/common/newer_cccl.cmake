# What the stand-alone bench projects timed beside a newer CCCL share (bench/segmented, bench/binned):
# reduce_bench_program(NAME SOURCE) adds the program NAME and, with REDUCE_NEWER_CCCL set to the include folder of a
# newer CCCL (for example the nvidia-cuda-cccl wheel's nvidia/cu13/include/cccl), NAME-newer-cccl: the same source
# built against it, with REDUCE_BENCH_NEWER_CUB defined.
set(REDUCE_NEWER_CCCL "" CACHE PATH "Include folder of a newer CCCL (cub/, thrust/, cuda/) for a second bench build")
if(REDUCE_NEWER_CCCL AND NOT EXISTS ${REDUCE_NEWER_CCCL}/cub/version.cuh)
  message(FATAL_ERROR "REDUCE_NEWER_CCCL=${REDUCE_NEWER_CCCL} holds no cub/version.cuh")
endif()
find_package(Threads REQUIRED)  # the results' checks run on every core

function(reduce_bench_program name source)
  set(programs ${name})
  if(REDUCE_NEWER_CCCL)
    list(APPEND programs ${name}-newer-cccl)
  endif()
  foreach(program ${programs})
    add_executable(${program} ${source})
    target_link_libraries(${program} PRIVATE reduce::reduce Threads::Threads)
    target_compile_features(${program} PRIVATE cuda_std_17)
    target_compile_options(${program} PRIVATE $<$<COMPILE_LANGUAGE:CUDA>:--extended-lambda>)
  endforeach()
  if(REDUCE_NEWER_CCCL)
    target_include_directories(${name}-newer-cccl BEFORE PRIVATE ${REDUCE_NEWER_CCCL})
    target_compile_definitions(${name}-newer-cccl PRIVATE REDUCE_BENCH_NEWER_CUB)
  endif()
endfunction()
