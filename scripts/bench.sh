#!/usr/bin/env bash
# The bench command: installs what is missing, builds reduce-bench (all six element types), then runs the full matrix,
# every journey, the sweeps and the latency rows, and writes report.md, CSV, JSON and plots to OUT_DIR.
#   scripts/bench.sh [OUT_DIR]        (default: results/<gpu name>)
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/deps.sh
cmake -S . -B build-bench -G Ninja -DREDUCE_BUILD_TESTS=OFF
cmake --build build-bench -j"$(nproc)"
gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -1 | tr ' ' '-' || true)
exec bench/run_all.sh "${1:-results/${gpu:-gpu}}" build-bench/bench/reduce-bench
