#!/usr/bin/env bash
# Regenerates a results directory in one go: the full matrix, paired rows of every deterministic kernel at mid sizes
# (and of the vec4 ones at large sizes), every journey (with system time), both sweeps, back-to-back latency and the
# extensions, each as Google Benchmark JSON plus the console tables, then report.py (report.md, results.csv, PNG
# plots). Needs a GPU, a built reduce-bench, python3 and matplotlib.
#
#   bench/run_all.sh OUT_DIR [REDUCE_BENCH] [reduce-bench flags...]
#   bench/run_all.sh docs/results/h100 build/bench/reduce-bench
#   bench/run_all.sh docs/results/h100-double build/bench/reduce-bench --type=double
#
# Exits non-zero if any run failed a check or a CUDA call (every run is still attempted and reported).
set -uo pipefail

if [[ $# -lt 1 || $1 == -h || $1 == --help ]]; then
  sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'
  exit 2
fi
out=$1
exe=${2:-build/bench/reduce-bench}
extra=("${@:3}")
here=$(cd "$(dirname "$0")" && pwd)
if [[ ! -x $exe ]]; then
  echo "run_all.sh: $exe is not an executable; build it first (see docs/bench.md)" >&2
  exit 2
fi
# report.py draws its plots with matplotlib: find a python3 that has it before the runs, not after them.
py=
for candidate in python3 /usr/bin/python3; do
  if command -v "$candidate" >/dev/null && "$candidate" -c 'import matplotlib' 2>/dev/null; then
    py=$candidate
    break
  fi
done
if [[ -z $py ]]; then
  echo "run_all.sh: no python3 with matplotlib, which report.py needs (apt-get install python3-matplotlib)" >&2
  exit 2
fi
mkdir -p "$out"

status=0
run() {
  local name=$1
  shift
  echo "run_all.sh: $name: $exe $* ${extra[*]}" >&2
  "$exe" "$@" "${extra[@]}" --benchmark_out="$out/$name.json" --benchmark_out_format=json | tee "$out/$name.txt"
  local rc=${PIPESTATUS[0]}
  if [[ $rc -ne 0 ]]; then
    echo "run_all.sh: $name exited with $rc" >&2
    status=1
    [[ $rc -eq 1 && ! -s $out/$name.json ]] && exit 1  # no device, or a fatal error before any result
    [[ $rc -eq 2 ]] && exit 2                          # a bad flag (reduce-bench said which): every run would fail
  fi
}

run matrix --matrix
# Every deterministic matrix kernel sampled alternately with CUB where the launch state moves two-launch calls
# (2^14..2^24): the data bench/tune.py compares kernels by.
run paired --matrix --sizes=2^14:2^24:2 --paired='/(multipass|gridstride|singlepass|cluster16|coop|polled)/' \
  --benchmark_filter='^paired/[^/]+/[^/]+/'
# At 2^26..2^30 the vec4 deterministic kernels (no other load competes there): the data
# of the float table's large-size entries (the pairs also cancel the run-to-run drift of about 1%).
run paired-large --matrix --sizes=2^26:2^30:2 --paired='^vec4-striped/[^/]+/(multipass|gridstride|singlepass|coop)/' \
  --benchmark_filter='^paired/[^/]+/[^/]+/'
# Both defaults (raw and on a workspace, aligned and +1) at the odd powers of two as well, sampled alternately with
# CUB: the tuning tables' boundaries sit between the even sizes the groups above measure, and a kernel's cost steps
# with its tile count there.
run paired-odd --matrix --sizes=2^11:2^29:2 --benchmark_filter='^paired/default'
# And just past every power of two from 2^10 to 2^24 (2^k + 2^(k-4)): a kernel measured on one tile at 2^k runs two
# there, so the tables end such a range at its tile; these rows show that they do.
steps=$("$py" -c 'print(",".join(str(2**k + 2**(k - 4)) for k in range(10, 25)))')
run paired-steps --matrix --sizes="$steps" --benchmark_filter='^paired/default'
run journeys --journey=all --system
run sweeps --sweep=all
# double, int32 and int64 sums at 2^20 and 2^28, where this build has the type (exit 2: not)
for t in double int32 int64; do
  "$exe" --type=$t --sizes=2^10 --benchmark_filter='^$' >/dev/null 2>&1
  [[ $? -ne 2 ]] && run matrix-$t --matrix --type=$t --sizes=2^20,2^28
done
run extensions --extensions  # narrow types, squares, argmin/argmax, compensated: 2^20, 2^24, 2^28 (docs/extensions.md)
# Back-to-back rows, the longest part: every kernel where launches dominate (2^10..2^22, about 2.5 minutes on an H100),
# then only CUB, thrust and the default at 2^24..2^30, where a call's time hides its launch. Every kernel at every
# size took about 4 minutes more.
run latency --latency --sizes=2^10:2^22:2 --benchmark_filter=/back-to-back
run latency-large --latency --sizes=2^24:2^30:2 \
  --benchmark_filter='^matrix/(cub::|thrust::|default/|default-workspace/).*/back-to-back'

jsons=("$out/matrix.json" "$out/paired.json" "$out/paired-large.json" "$out/paired-odd.json" "$out/paired-steps.json"
  "$out/journeys.json" "$out/sweeps.json" "$out/latency.json" "$out/latency-large.json" "$out/extensions.json")
for t in double int32 int64; do [[ -s $out/matrix-$t.json ]] && jsons+=("$out/matrix-$t.json"); done
"$py" "$here/report.py" "${jsons[@]}" --out "$out" || status=1
exit $status
