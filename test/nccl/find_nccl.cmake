# NCCL for the multi-GPU tests and bench: the imported target reduce_nccl_lib, where nccl.h and libnccl are found:
# NCCL_ROOT (a NCCL install, or pip's nvidia/nccl folder), then the CUDA toolkit's include and library folders.
# CMake's CUDAToolkit module defines no NCCL target. Sets REDUCE_NCCL_FOUND.
if(TARGET reduce_nccl_lib)
  set(REDUCE_NCCL_FOUND TRUE)
  return()
endif()
find_package(CUDAToolkit REQUIRED)
find_path(REDUCE_NCCL_INCLUDE_DIR nccl.h
  HINTS ${NCCL_ROOT} $ENV{NCCL_ROOT} ${CUDAToolkit_INCLUDE_DIRS} ${CUDAToolkit_LIBRARY_ROOT}
  PATH_SUFFIXES include)
find_library(REDUCE_NCCL_LIBRARY NAMES nccl libnccl.so.2
  HINTS ${NCCL_ROOT} $ENV{NCCL_ROOT} ${CUDAToolkit_LIBRARY_DIR} ${CUDAToolkit_LIBRARY_ROOT}
  PATH_SUFFIXES lib lib64 lib/x86_64-linux-gnu)
if(REDUCE_NCCL_INCLUDE_DIR AND REDUCE_NCCL_LIBRARY)
  add_library(reduce_nccl_lib UNKNOWN IMPORTED GLOBAL)
  set_target_properties(reduce_nccl_lib PROPERTIES IMPORTED_LOCATION ${REDUCE_NCCL_LIBRARY}
                                                   INTERFACE_INCLUDE_DIRECTORIES ${REDUCE_NCCL_INCLUDE_DIR})
  set(REDUCE_NCCL_FOUND TRUE)
  message(STATUS "reduce: NCCL ${REDUCE_NCCL_LIBRARY} (headers ${REDUCE_NCCL_INCLUDE_DIR})")
else()
  set(REDUCE_NCCL_FOUND FALSE)
endif()
