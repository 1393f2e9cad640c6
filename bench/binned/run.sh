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
mkdir -p "$build"
newer=$(newer_cccl "$build")
[[ -n $newer ]] || echo "run.sh: no newer CCCL (set REDUCE_NEWER_CCCL or allow pip): no CUB gpu_to_gpu row" >&2
cmake -S bench/binned -B "$build" -G Ninja -DREDUCE_NEWER_CCCL="$newer" >/dev/null || exit 1
exe=reduce-binned-bench
if [[ -n $newer ]]; then
  if cmake --build "$build" -j"$(nproc)" --target reduce-binned-bench-newer-cccl; then
    exe=reduce-binned-bench-newer-cccl
  else
    echo "run.sh: the build against $newer failed: the toolkit's CUB only" >&2
  fi
fi
[[ $exe == reduce-binned-bench ]] && { cmake --build "$build" -j"$(nproc)" --target reduce-binned-bench || exit 1; }
status=0
"$build/$exe" --out "$out/binned.csv" "$@" || status=1
python3 bench/binned/report.py "$out/binned.csv" --out "$out" && rm -f "$out/binned.csv" || status=1
exit $status
