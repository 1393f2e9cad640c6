#!/usr/bin/env bash
# Builds reduce-segmented-bench (and, where a newer CCCL is found, the same bench against it), runs it, times
# torch.sum(dim) on the matrix shapes where PyTorch is installed, and writes the report:
# OUT_DIR/segmented.csv.gz (every point and contender) and OUT_DIR/segmented.md.
#   bash bench/segmented/run.sh OUT_DIR [reduce-segmented-bench options, e.g. --quick]
# The newer CCCL: REDUCE_NEWER_CCCL=<include folder>, or the nvidia-cuda-cccl wheel fetched with pip where the
# network allows (its version is named in the report).
set -uo pipefail
out=${1:?usage: bash bench/segmented/run.sh OUT_DIR [options]}
shift
mkdir -p "$out"
out=$(cd "$out" && pwd)
cd "$(dirname "$0")/../.."
source scripts/deps.sh
source scripts/newer_cccl.sh
build=${REDUCE_SEGMENTED_BUILD:-build-segmented}
mapfile -t exes < <(build_bench_programs bench/segmented "$build" reduce-segmented-bench)  # both programs run
[[ ${#exes[@]} -gt 0 ]] || exit 1
status=0
csvs=()
for exe in "${exes[@]}"; do
  "$build/$exe" --out "$out/$exe.csv" "$@" || status=1
  csvs+=("$out/$exe.csv")
done
quick=()
for a in "$@"; do [[ $a == --quick ]] && quick=(--quick); done
python3 bench/segmented/torch_bench.py "$out/torch.csv" ${quick[@]+"${quick[@]}"} && [[ -s $out/torch.csv ]] &&
  csvs+=("$out/torch.csv")
# The raw CSVs go once the report (with segmented.csv.gz, every row of them) is written.
python3 bench/segmented/report.py "${csvs[@]}" --out "$out" && rm -f "${csvs[@]}" || status=1
exit $status
