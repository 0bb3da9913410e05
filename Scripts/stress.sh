#!/usr/bin/env bash
# Runs the interception tests that race cancels, invalidation and delivery again and
# again beside busy loops, one per core, so thread timing is as unlike a quiet machine's
# as it gets. A run fails on any failed expectation or crash (a trap is a signal exit).
#
#   Scripts/stress.sh [RUNS] [FILTER]     # defaults: 100, the cancellation, load and differential suites
#
# Logs of failed runs are kept in .build/stress/. Prints "N passed, M failed" last.
set -uo pipefail
cd "$(dirname "$0")/.."
runs=${1:-100}
filter=${2:-'CancellationTests|LoadTests|DifferentialTests'}
swift build --build-tests >/dev/null || exit 1
mkdir -p .build/stress
busy=()
for _ in $(seq "$(nproc)"); do
    ( while :; do :; done ) &
    busy+=($!)
done
trap 'kill "${busy[@]}" 2>/dev/null' EXIT
passed=0
failed=0
for run in $(seq "$runs"); do
    log=".build/stress/run-$run.log"
    start=$(date +%s)
    swift test --skip-build --filter "$filter" >"$log" 2>&1
    status=$?
    if [[ $status -eq 0 ]]; then
        passed=$((passed + 1))
        rm -f "$log"
        echo "run $run: passed in $(( $(date +%s) - start )) s"
    else
        failed=$((failed + 1))
        echo "run $run: FAILED (exit $status), log kept in $log"
        grep -E "✘|error:|Fatal error|signal" "$log" | head -5
    fi
done
echo "$passed passed, $failed failed"
[[ $failed -eq 0 ]]
