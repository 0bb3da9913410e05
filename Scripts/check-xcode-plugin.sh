#!/usr/bin/env bash
# macOS only (Xcode, and XcodeGen: `brew install xcodegen`). Proves the RewriteRulesCheck
# build-tool plugin in an Xcode project (Tests/Fixtures/RulesPluginXcodeUser, an iOS app,
# copied to a scratch folder), where the plugin runs through XcodeBuildToolPlugin:
#   1. clean rules: the build for the iOS Simulator passes;
#   2. a typo fails it, printing api.rules:LINE:COL: error: ... did you mean ...;
#   3. fixing it makes the build pass again.
# Scripts/check-plugin.sh proves the same for a SwiftPM package, on Linux and macOS.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cp -R "$root/Tests/Fixtures/RulesPluginXcodeUser/." "$work/"
export REWRITEKIT_ROOT="$root"
cd "$work"
rules=Sources/App/api.rules
xcodegen generate --spec project.yml
build() {
    xcodebuild build -project RulesPluginXcodeUser.xcodeproj -scheme App \
        -destination 'generic/platform=iOS Simulator' -derivedDataPath "$work/DerivedData" \
        -skipPackagePluginValidation CODE_SIGNING_ALLOWED=NO
}

echo "-- 1. clean rules: the build passes"
build >build.log 2>&1 || { tail -60 build.log; echo "error: the clean build failed" >&2; exit 1; }

echo "-- 2. a typo: the build fails at the rule file's line and column"
sed -i '' 's/wrap-json/wrap-jsn/' "$rules"
if build >broken.log 2>&1; then
    tail -60 broken.log
    echo "error: the build passed with a broken rule file" >&2
    exit 1
fi
grep -E "api\.rules:4:15: error: unknown action 'wrap-jsn'; did you mean 'wrap-json'\?" broken.log

echo "-- 3. fixed: the build passes again"
sed -i '' 's/wrap-jsn/wrap-json/' "$rules"
build >fixed.log 2>&1 || { tail -60 fixed.log; echo "error: the fixed build failed" >&2; exit 1; }
echo "the plugin checks rule files in an Xcode project"
