import Foundation
import RewriteKit

/// What `rewrite lsp` does for each change to a large open file: the 10,000 generated rules
/// of the check rows (about 1 MB), one rule's header value edited per change, the whole text
/// compiled again for its diagnostics, as the server does on `didChange` (full sync). Timed
/// in process after a first load; the JSON-RPC framing around it is not (a clean file's
/// `publishDiagnostics` is a few dozen bytes). Goal (issue 60): ≤ 50 ms a change.
struct EditorBenchmark {
    var quick: Bool

    func run() -> (rows: [ResultRow], notes: [String]) {
        let name = "editors: a change to a 10,000-rule file answered with diagnostics (rewrite lsp's compile)"
        let text = GeneratedRule.file(count: 10_000)
        let marker = "\"X-Rule\" \"5000\""
        guard text.contains(marker) else { return ([.unavailable(name, reason: "the generated file has no rule 5000", goal: "≤ 50 ms")], []) }
        // The first load.
        _ = Compiler.compile(SourceFile(name: "big.rules", text: text))
        var samples = Samples()
        var clean = true
        for round in 0..<(quick ? 10 : 40) {
            let edited = text.replacingOccurrences(of: marker, with: "\"X-Rule\" \"5000-\(round)\"")
            var diagnostics: [Diagnostic] = []
            samples.append(Stopwatch.time { diagnostics = Compiler.compile(SourceFile(name: "big.rules", text: edited)).diagnostics })
            if !diagnostics.isEmpty { clean = false }
        }
        let median = samples.median
        let row = ResultRow(
            name: name, measured: "\(Format.duration(median)) median, p99 \(Format.duration(samples.percentile(99)))\(clean ? "" : ", with diagnostics")",
            baseline: "\(Format.memory(Double(text.utf8.count))) of rules", ratio: "",
            goal: "≤ 50 ms", verdict: clean && median <= 50_000_000 ? .met : .missed)
        return ([row], ["editors: \(samples.count) changes, one rule's header value each, after a first load"])
    }
}
