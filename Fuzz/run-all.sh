#!/usr/bin/env bash
# Runs every fuzz target for SECONDS each (see run.sh); exits non-zero if any found a crash.
#   Fuzz/run-all.sh 60
set -uo pipefail
if [[ $# -ne 1 ]]; then
    echo "usage: $0 SECONDS" >&2
    exit 64
fi
here="$(cd "$(dirname "$0")" && pwd)"
status=0
for target in FuzzRules FuzzJSON FuzzEngine FuzzRecording; do
    "$here/run.sh" "$target" "$1" || status=1
done
exit "$status"
