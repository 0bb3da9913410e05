#!/usr/bin/env bash
# Proves the RewriteRulesCheck build-tool plugin in an app package that applies it
# (Tests/Fixtures/RulesPluginUser, copied to a scratch folder):
#   1. clean rules build;
#   2. a typo fails `swift build`, printing api.rules:LINE:COL: error: ... did you mean ...;
#   3. fixing it makes the build pass, and a warning does not fail it;
#   4. touching an unrelated Swift file does not run the check again.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cp -R "$root/Tests/Fixtures/RulesPluginUser/." "$work/"
rm -rf "$work/.build"
export REWRITEKIT_ROOT="$root"
cd "$work"
rules=Sources/App/api.rules

echo "-- 1. clean rules: the build passes"
swift build 2>&1 | tail -3

echo "-- 2. a typo: the build fails at the rule file's line and column"
sed -i.bak 's/wrap-json/wrap-jsn/' "$rules" && rm -f "$rules.bak"
if swift build >build.log 2>&1; then
    cat build.log
    echo "error: the build passed with a broken rule file" >&2
    exit 1
fi
grep -E "api\.rules:4:15: error: unknown action 'wrap-jsn'; did you mean 'wrap-json'\?" build.log

echo "-- 3. fixed: the build passes again"
sed -i.bak 's/wrap-jsn/wrap-json/' "$rules" && rm -f "$rules.bak"
swift build 2>&1 | tail -3

echo "-- 3b. a warning stays a warning: the build passes and shows it"
cat >>"$rules" <<'RULE'
rule "length" {
    when host == "api.myapp.com"
    request { set-header "Content-Length" "3" }
}
RULE
swift build >warn.log 2>&1 || { cat warn.log; echo "error: a warning failed the build" >&2; exit 1; }
grep -E "api\.rules:[0-9]+:[0-9]+: warning: .*\[computed-header\]" warn.log

echo "-- 4. an unrelated Swift file changes: the check does not run again"
stamp="$(find .build -name 'RewriteRulesChecked_App.swift' | head -1)"
[[ -n "$stamp" ]] || { echo "error: no stamp written" >&2; exit 1; }
# The modification time in nanoseconds (BSD date has no %N).
mtime() { python3 -c 'import os, sys; print(os.stat(sys.argv[1]).st_mtime_ns)' "$1"; }
before="$(mtime "$stamp")"
sleep 1
touch Sources/App/main.swift
swift build -v >rebuild.log 2>&1
after="$(mtime "$stamp")"
if [[ "$before" != "$after" ]] || grep -q "Checking 1 rule file of App" rebuild.log; then
    echo "error: the check ran again although no rule file changed" >&2
    exit 1
fi
echo "the check did not run again (stamp unchanged)"
