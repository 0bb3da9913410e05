#!/usr/bin/env bash
# Builds one libFuzzer target and fuzzes it for a given time.
#
#   Fuzz/run.sh FuzzRules 60      # the rule-language front end (and compiler)
#   Fuzz/run.sh FuzzJSON 60       # the JSON body actions
#   Fuzz/run.sh FuzzEngine 60     # generated rules x requests through the whole engine
#   Fuzz/run.sh FuzzRecording 60  # hostile traffic written as a recording, and the HAR reader
#   Fuzz/run.sh --ci FuzzEngine 60  # what CI runs: seed 1 from the committed corpus only
#
# Plain runs explore: a fresh random seed each time, and the inputs found so far in
# fuzz-artifacts/TARGET/corpus as well as the committed seeds. With --ci a run starts from
# the committed seed corpus alone with libFuzzer's seed 1, so one commit explores the same
# inputs in the same order on every machine (a faster one gets further in the time), and a
# CI failure reproduces here with the same command.
#
# New inputs and crash artifacts go to fuzz-artifacts/TARGET/ at the repository root
# (git-ignored); the seed corpus in Fuzz/corpus/ is only read. A crash makes the script
# exit non-zero and leaves `crash-*` / `timeout-*` files there: reproduce one with
#   .build-fuzz/release/TARGET fuzz-artifacts/TARGET/crash-…
#
# Environment: FUZZ_SANITIZERS (default fuzzer,address; "fuzzer" alone skips AddressSanitizer
# and builds into .build-fuzz-fuzzer), FUZZ_ARGS (extra libFuzzer flags, e.g. -max_len=1024).
set -euo pipefail

ci=0
if [[ ${1:-} == --ci ]]; then
    ci=1
    shift
fi
if [[ $# -ne 2 ]]; then
    echo "usage: $0 [--ci] FuzzRules|FuzzJSON|FuzzEngine|FuzzRecording|FuzzMultipart SECONDS" >&2
    exit 64
fi
target=$1
seconds=$2
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"

case "$target" in
    FuzzRules) seeds=rules; max_len=4096 ;;
    FuzzJSON) seeds=json; max_len=16384 ;;
    FuzzEngine) seeds=engine; max_len=2048 ;;
    FuzzRecording) seeds=recording; max_len=4096 ;;
    FuzzMultipart) seeds=multipart; max_len=4096 ;;
    *) echo "error: unknown target '$target' (expected FuzzRules, FuzzJSON, FuzzEngine, FuzzRecording or FuzzMultipart)" >&2; exit 64 ;;
esac

sanitizers=${FUZZ_SANITIZERS:-fuzzer,address}
scratch="$root/.build-fuzz"
[[ "$sanitizers" == "fuzzer,address" ]] || scratch="$root/.build-fuzz-${sanitizers//,/-}"

echo "== building $target (-sanitize=$sanitizers, release)"
(cd "$here" && swift build -c release --product "$target" --scratch-path "$scratch" \
    -Xswiftc "-sanitize=$sanitizers" -Xswiftc -use-ld=lld)
binary="$scratch/release/$target"

work="$root/fuzz-artifacts/$target"
mkdir -p "$work/corpus"
log="$work/last-run.log"
corpus="$work/corpus"
seed_flag=()
if [[ $ci -eq 1 ]]; then
    corpus="$(mktemp -d)"
    trap 'rm -rf "$corpus"' EXIT
    seed_flag=(-seed=1)
    # Swift seeds its hashing per process; fixed, Set and Dictionary orders (and so the
    # coverage an input reaches) are the same on every run.
    export SWIFT_DETERMINISTIC_HASHING=1
fi

echo "== fuzzing $target for ${seconds}s (max_len $max_len${seed_flag[*]:+, ${seed_flag[*]}, seed corpus only}, log $log)"
export SWIFT_BACKTRACE=enable=no
# Foundation and libcurl keep a few process-lifetime allocations that LeakSanitizer flags.
export LSAN_OPTIONS="suppressions=$here/lsan.supp:print_suppressions=0${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
status=0
# shellcheck disable=SC2086
"$binary" "$corpus" "$here/corpus/$seeds" "${seed_flag[@]}" \
    -dict="$here/$seeds.dict" -max_len="$max_len" -timeout=10 -rss_limit_mb=4096 \
    -max_total_time="$seconds" -artifact_prefix="$work/" -print_final_stats=1 \
    ${FUZZ_ARGS:-} >"$log" 2>&1 || status=$?

# The final stats line; after a crash, the last progress line's "#N".
executions=$(grep -m1 '^stat::number_of_executed_units' "$log" | awk '{print $2}' || true)
if [[ -z "$executions" ]]; then
    executions=$(grep -Eo '^#[0-9]+' "$log" | tail -1 | tr -d '#' || true)
fi
# The time the run took (a -runs limit in FUZZ_ARGS may end it before SECONDS).
took=$(grep -m1 -Eo '^Done [0-9]+ runs in [0-9]+' "$log" | awk '{print $5}' || true)
echo "$target: ${executions:-unknown} executions in ${took:-$seconds}s (exit status $status)"
if [[ $status -ne 0 ]]; then
    echo "== $target FAILED; the end of the log:" >&2
    tail -60 "$log" >&2
    ls "$work"/crash-* "$work"/timeout-* "$work"/oom-* 2>/dev/null >&2 || true
fi
exit "$status"
