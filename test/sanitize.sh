#!/usr/bin/env bash
# Runs compute-sanitizer memcheck, racecheck, synccheck and initcheck over the whole kernel matrix (two sizes: one
# smaller than a block, one spanning many blocks), the block-level axis tests, the API surface, the builds for older
# architectures, the reliability, extension and segmented tests and the differential sweep, with REDUCE_TEST_SMALL=1,
# on a machine with a GPU.
# Nothing is filtered out. The runs go JOBS at a time (default 4). Exits non-zero on any error, failed test or
# program not found (a wrong BIN_DIR fails, it does not pass).
#   test/sanitize.sh BIN_DIR [LOG_DIR [TOOL...]]    (BIN_DIR: build/test; TOOL: memcheck racecheck synccheck initcheck)
set -uo pipefail
bin=${1:?usage: test/sanitize.sh BIN_DIR [LOG_DIR [TOOL...]]}
logs=${2:-.}
tools=("${@:3}")
[ ${#tools[@]} -gt 0 ] || tools=(memcheck racecheck synccheck initcheck)
mkdir -p "$logs"
export REDUCE_TEST_SMALL=1
export REDUCE_SWEEP_CASE_SECONDS=1800  # a case runs many times slower under a tool: the sweep's watchdog waits longer

# Each executable (found under BIN_DIR) and the tests of it that run under the sanitizers.
runs=()
for shard in $(cd "$bin" && ls reduce-matrix-tests-* 2>/dev/null); do runs+=("$shard|*Exact*"); done
if [ ${#runs[@]} -eq 0 ]; then
  echo "no reduce-matrix-tests-* in $bin: pass the build's test folder (build/test)" >&2
  exit 2
fi
runs+=("reduce-axis-tests|BlockFinish*:Indexing*:Load/*:Workspace.*:WorkspaceAtomic.*:Surface.*:BadInput.*")
runs+=("reduce-port-tests|*")
runs+=("reduce-arch-ptx80|*" "reduce-arch-fat|*")
runs+=("reduce-reliability-tests|*" "reduce-extension-tests|*" "reduce-segmented-tests|*")
runs+=("reduce-sweep-tests|*" "reduce-sweep-ptx80|*")  # the differential sweep's small run: 120 cases each
for shard in $(cd "$bin" && ls reduce-segmented-matrix-tests-* 2>/dev/null); do runs+=("$shard|*"); done

one() {  # tool exe filter
  local path=$bin/$2
  [ -x "$path" ] || path=$(find "$bin" -name "$2" -type f -perm -u+x | head -1)
  if [ -z "$path" ]; then
    echo "$1 $2: not found under $bin"
    return 1
  fi
  local log="$logs/sanitize-$1-$2.log"
  compute-sanitizer --tool "$1" --error-exitcode 99 "$path" --gtest_filter="$3" >"$log" 2>&1
  local rc=$?
  local summary passed
  summary=$(grep -E "ERROR SUMMARY|RACECHECK SUMMARY" "$log" | tail -1)
  passed=$(grep -E "^\[  PASSED  \]" "$log" | tail -1)
  echo "$1 $2 rc=$rc | $summary | $passed"
  return $rc
}
export -f one
export bin logs
for tool in "${tools[@]}"; do
  for r in "${runs[@]}"; do printf '%s\0%s\0%s\0' "$tool" "${r%%|*}" "${r#*|}"; done
done | xargs -0 -n 3 -P "${JOBS:-4}" bash -c 'one "$@"' _
