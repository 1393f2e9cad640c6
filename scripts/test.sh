#!/usr/bin/env bash
# The test command: installs what is missing, builds the tests, runs them in parallel (GPU tests skip without a GPU;
# on a GPU, several test programs share it at once).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/deps.sh
# Where no GPU answers, the GPU tests only compile and skip: then one shard of each kernel matrix is enough to compile.
# Their device code is then compiled to PTX alone (no ptxas: about 30% of a test source's compile), which catches
# every C++ error; the GPU run compiles machine code and checks ptxas's spills.
sample=OFF
archs=()
if [ ! -e /dev/nvidia0 ] && ! nvidia-smi -L >/dev/null 2>&1; then
  sample=ON
  archs=(-DCMAKE_CUDA_ARCHITECTURES=90-virtual)
  echo "no GPU: the kernel matrices' tests build their first shard only, as PTX (a GPU run builds and runs them all)"
fi
cmake -S . -B build -G Ninja -DREDUCE_BUILD_BENCH=OFF -DREDUCE_TEST_SAMPLE_SHARDS=$sample ${archs[@]+"${archs[@]}"}
cmake --build build -j"$(nproc)"
ctest --test-dir build --output-on-failure -j"$(nproc)"
