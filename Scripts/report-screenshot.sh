#!/usr/bin/env bash
# The README's screenshot of `rewrite report`: the hand-written browser export run through
# Tests/Fixtures/report/shop.rules, its first exchange open, rendered by headless chromium.
# Also checks that the page got ready without a console error. CI runs it.
#
#   Scripts/report-screenshot.sh [OUTPUT.png]
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-Sources/RewriteKit/RewriteKit.docc/Resources/report.png}"
chromium="${REWRITEKIT_CHROMIUM:-$(command -v chromium || command -v chromium-browser || true)}"
if [ -z "$chromium" ]; then
    echo "error: chromium is not installed (apt-get install chromium)" >&2
    exit 1
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
swift run rewrite report Tests/Fixtures/har/browser-export.har --rules Tests/Fixtures/report/shop.rules \
    --title "rewrite report: browser-export.har through shop.rules" --output "$work/report.html"
flags=(--headless --no-sandbox --disable-gpu --no-first-run --hide-scrollbars --user-data-dir="$work/profile")
dom=$("$chromium" "${flags[@]}" --dump-dom "file://$work/report.html#open=1" 2>/dev/null)
grep -o '<body[^>]*>' <<<"$dom"
grep -q 'data-state="ready" data-errors="0" data-blocked="0"' <<<"$dom"
mkdir -p "$(dirname "$out")"
"$chromium" "${flags[@]}" --window-size=1400,820 --screenshot="$out" "file://$work/report.html#open=1" 2>/dev/null
echo "wrote $out"
