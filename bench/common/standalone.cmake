# The rest of a stand-alone bench project's set-up, included right after its project() (bench/nccl, bench/segmented,
# bench/binned): a Release build unless asked otherwise, and the library from the tree above, with neither its tests
# nor its bench.
if(NOT CMAKE_BUILD_TYPE)
  set(CMAKE_BUILD_TYPE Release)
endif()
add_subdirectory(${CMAKE_CURRENT_LIST_DIR}/../.. reduce EXCLUDE_FROM_ALL)
