#!/usr/bin/env bash
# Builds the DocC archive of every public module with the toolchain's own `docc`
# (no package dependency), one archive per module under .build/docs/, and fails
# on any DocC warning.
#   Scripts/build-docs.sh            # archives in .build/docs/MODULE.doccarchive
set -euo pipefail
cd "$(dirname "$0")/.."

docc=$(command -v docc || true)
if [[ -z "$docc" ]]; then
    # Swift toolchains on Linux ship docc beside swift.
    docc="$(dirname "$(readlink -f "$(command -v swift)")")/docc"
fi
[[ -x "$docc" ]] || { echo "error: docc not found" >&2; exit 1; }

out=.build/docs
scratch=.build/docs-build
graphs="$scratch/symbol-graphs"
rm -rf "$out" "$scratch"
mkdir -p "$out" "$graphs"

# One build of the top module emits the symbol graphs of all three. It starts from an
# empty scratch folder of its own, so no graph is stale or missing (an incremental build
# skips modules that did not change and would not write theirs again).
swift build --scratch-path "$scratch" --target RewriteTesting \
    -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$PWD/$graphs" >/dev/null

modules=(RewriteKit RewriteTestSupport RewriteTesting)
for module in "${modules[@]}"; do
    # Each archive gets its own module's graphs (and its extensions of other modules).
    mkdir -p "$out/graphs/$module"
    cp "$graphs/$module.symbols.json" "$graphs/$module"@*.symbols.json "$out/graphs/$module/" 2>/dev/null || \
        cp "$graphs/$module.symbols.json" "$out/graphs/$module/"
done

status=0
for module in "${modules[@]}"; do
    catalog="Sources/$module/$module.docc"
    log="$out/$module.log"
    if ! "$docc" convert "$catalog" \
        --additional-symbol-graph-dir "$out/graphs/$module" \
        --fallback-display-name "$module" \
        --fallback-bundle-identifier "org.rewritekit.$module" \
        --warnings-as-errors \
        --output-path "$out/$module.doccarchive" >"$log" 2>&1; then
        cat "$log" >&2
        echo "error: DocC failed for $module" >&2
        status=1
    elif grep -q "warning:" "$log"; then
        cat "$log" >&2
        echo "error: DocC warned for $module" >&2
        status=1
    else
        echo "$module: $out/$module.doccarchive"
    fi
done
exit "$status"
