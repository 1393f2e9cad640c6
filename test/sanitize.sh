#!/usr/bin/env bash
# Runs compute-sanitizer memcheck, racecheck, synccheck and initcheck over the whole kernel matrix (two sizes: one
# smaller than a block, one spanning many blocks), the block-level axis tests, the reliability tests and the
# extension tests, with REDUCE_TEST_SMALL=1, on a machine with a GPU. Nothing is filtered out. Exits non-zero on any
# error or failed test.
#   test/sanitize.sh BIN_DIR [LOG_DIR [TOOL...]]      (BIN_DIR: build/test; TOOL: memcheck racecheck synccheck initcheck)
set -uo pipefail
bin=${1:?usage: test/sanitize.sh BIN_DIR [LOG_DIR [TOOL...]]}
logs=${2:-.}
tools=("${@:3}")
[ ${#tools[@]} -gt 0 ] || tools=(memcheck racecheck synccheck initcheck)
mkdir -p "$logs"
export REDUCE_TEST_SMALL=1
status=0
declare -A filters=(
  [reduce-matrix-tests]='*Exact*'
  [reduce-axis-tests]='BlockFinish*:Indexing*:Load/*:Workspace.*:WorkspaceAtomic.*'
  [reduce-reliability-tests]='*'
  [reduce-extension-tests]='*'
)
for tool in "${tools[@]}"; do
  for exe in reduce-matrix-tests reduce-axis-tests reduce-reliability-tests reduce-extension-tests; do
    path=$bin/$exe
    [ -x "$path" ] || path=$(find "$bin" -name "$exe" -type f -perm -u+x | head -1)
    if [ -z "$path" ]; then
      echo "$tool $exe: not built, skipped"
      continue
    fi
    log="$logs/sanitize-$tool-$exe.log"
    filter=${filters[$exe]}
    compute-sanitizer --tool "$tool" --error-exitcode 99 "$path" --gtest_filter="$filter" >"$log" 2>&1
    rc=$?
    summary=$(grep -E "ERROR SUMMARY|RACECHECK SUMMARY" "$log" | tail -1)
    passed=$(grep -E "^\[  PASSED  \]" "$log" | tail -1)
    echo "$tool $exe rc=$rc | $summary | $passed"
    [ $rc -eq 0 ] || status=1
  done
done
exit $status
