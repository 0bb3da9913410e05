#!/usr/bin/env bash
# Runs every fuzz target for SECONDS each (see run.sh); exits non-zero if any found a crash.
#   Fuzz/run-all.sh 60        # explore
#   Fuzz/run-all.sh --ci 60   # what CI runs: seed 1, committed corpus only (see run.sh)
set -uo pipefail
mode=()
if [[ ${1:-} == --ci ]]; then
    mode=(--ci)
    shift
fi
if [[ $# -ne 1 ]]; then
    echo "usage: $0 [--ci] SECONDS" >&2
    exit 64
fi
here="$(cd "$(dirname "$0")" && pwd)"
status=0
for target in FuzzRules FuzzJSON FuzzEngine FuzzRecording FuzzMultipart; do
    "$here/run.sh" "${mode[@]}" "$target" "$1" || status=1
done
exit "$status"
