#!/usr/bin/env bash
# Builds reduce-binned-bench (against a newer CCCL where one is found, for CUB's gpu_to_gpu Reduce; else against the
# toolkit's), runs it and writes the report: OUT_DIR/binned.csv.gz (every size and contender) and OUT_DIR/binned.md.
#   bash bench/binned/run.sh OUT_DIR [reduce-binned-bench options, e.g. --quick]
# The newer CCCL: REDUCE_NEWER_CCCL=<include folder>, or the nvidia-cuda-cccl wheel fetched with pip where the
# network allows (its version is named in the report).
set -uo pipefail
out=${1:?usage: bash bench/binned/run.sh OUT_DIR [options]}
shift
mkdir -p "$out"
out=$(cd "$out" && pwd)
cd "$(dirname "$0")/../.."
source scripts/deps.sh
source scripts/newer_cccl.sh
build=${REDUCE_BINNED_BUILD:-build-binned}
built=$(build_bench_programs bench/binned "$build" reduce-binned-bench) || exit 1
exe=$(tail -n 1 <<<"$built")  # the newer CCCL's where it built: it also times CUB's gpu_to_gpu Reduce
status=0
"$build/$exe" --out "$out/binned.csv" "$@" || status=1
python3 bench/binned/report.py "$out/binned.csv" --out "$out" && rm -f "$out/binned.csv" || status=1
exit $status
