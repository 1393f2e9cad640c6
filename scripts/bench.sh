#!/usr/bin/env bash
# The bench command: installs what is missing, builds reduce-bench (float, double, int32, int64; -DREDUCE_BENCH_TYPES
# on a build of your own adds the others), then runs the full matrix (float), double, int32 and int64 at 2^20 and 2^28,
# every journey, the sweeps, the latency rows and the extensions, and writes report.md, CSV, JSON and plots to OUT_DIR.
#   scripts/bench.sh [OUT_DIR]        (default: results/<gpu name>)
set -euo pipefail
cd "$(dirname "$0")/.."
REDUCE_NEEDS_PLOTS=1 source scripts/deps.sh
cmake -S . -B build-bench -G Ninja -DREDUCE_BUILD_TESTS=OFF -DREDUCE_BENCH_TYPES="float;double;int32;int64"
cmake --build build-bench -j"$(nproc)"
gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -1 | tr ' ' '-' || true)
exec bench/run_all.sh "${1:-results/${gpu:-gpu}}" build-bench/bench/reduce-bench
