#!/usr/bin/env bash
# The test command: installs what is missing, builds the tests, runs them in parallel (GPU tests skip without a GPU;
# on a GPU, several test programs share it at once).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/deps.sh
# Where no GPU answers, the GPU tests only compile and skip: then one shard of each kernel matrix is enough to compile.
sample=OFF
if [ ! -e /dev/nvidia0 ] && ! nvidia-smi -L >/dev/null 2>&1; then
  sample=ON
  echo "no GPU: the kernel matrices' tests build their first shard only (a GPU run builds and runs every shard)"
fi
cmake -S . -B build -G Ninja -DREDUCE_BUILD_BENCH=OFF -DREDUCE_TEST_SAMPLE_SHARDS=$sample
cmake --build build -j"$(nproc)"
ctest --test-dir build --output-on-failure -j"$(nproc)"
