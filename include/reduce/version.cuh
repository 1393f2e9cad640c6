// The library's version, the same as the CMake package's (project(reduce VERSION ...) in CMakeLists.txt; a test
// checks that they agree). 0.x: the API may still change between minor versions (CHANGELOG.md lists what changed).
#pragma once

#define REDUCE_VERSION_MAJOR 0
#define REDUCE_VERSION_MINOR 2
#define REDUCE_VERSION_PATCH 0
#define REDUCE_VERSION_STRING "0.2.0"
// One number that orders versions: major * 10000 + minor * 100 + patch.
#define REDUCE_VERSION (REDUCE_VERSION_MAJOR * 10000 + REDUCE_VERSION_MINOR * 100 + REDUCE_VERSION_PATCH)
