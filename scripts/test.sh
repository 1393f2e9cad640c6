#!/usr/bin/env bash
# The test command: installs what is missing, builds the tests, runs them in parallel (GPU tests skip without a GPU;
# on a GPU, several test programs share it at once).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/deps.sh
cmake -S . -B build -G Ninja -DREDUCE_BUILD_BENCH=OFF
cmake --build build -j"$(nproc)"
ctest --test-dir build --output-on-failure -j"$(nproc)"
