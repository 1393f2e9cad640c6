#!/usr/bin/env bash
# Runs compute-sanitizer memcheck, racecheck and synccheck over the whole kernel matrix (and the block-level axis
# tests) at small n, on a machine with a GPU. Usage: test/sanitize.sh BIN_DIR [LOG_DIR] (BIN_DIR: build/test)
set -uo pipefail
bin=${1:?usage: test/sanitize.sh BIN_DIR [LOG_DIR]}
logs=${2:-.}
export REDUCE_TEST_SMALL=1
status=0
for tool in memcheck racecheck synccheck; do
  for exe in reduce-matrix-tests reduce-axis-tests; do
    filter='*Exact*'
    [ "$exe" = reduce-axis-tests ] && filter='BlockFinish*:Indexing*:Load/*'
    log="$logs/sanitize-$tool-$exe.log"
    compute-sanitizer --tool "$tool" --error-exitcode 99 "$bin/$exe" --gtest_filter="$filter" >"$log" 2>&1
    rc=$?
    summary=$(grep -E "ERROR SUMMARY|RACECHECK SUMMARY" "$log" | tail -1)
    passed=$(grep -E "^\[  PASSED  \]" "$log" | tail -1)
    echo "$tool $exe rc=$rc | $summary | $passed"
    [ $rc -eq 0 ] || status=1
  done
done
exit $status
