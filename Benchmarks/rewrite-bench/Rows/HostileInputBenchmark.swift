import Foundation
import RewriteKit

/// Hostile input (issue 15): regexes that would take more than linear time, against a
/// benign regex and a byte scan of the same body; and loading 100,000 rules, against
/// splitting the same text into lines, with the memory the loaded rules keep.
struct HostileInputBenchmark {
    var quick: Bool

    /// One regex rule run on a body of `a`s.
    private struct RegexCase {
        let name: String
        let rules: String
        let bodySize: Int
    }

    private static let regexCases = [
        RegexCase(
            name: "replace-body /a(a)/ (benign), 32 KB of 'a'",
            rules: #"rule "r" { request { replace-body /a(a)/ "${1}" } }"#, bodySize: 32_768),
        RegexCase(
            name: #"replace-body /\w*X|a/ (quadratic replace-all), 16 KB of 'a'"#,
            rules: #"rule "r" { request { replace-body /\w*X|a/ "b" } }"#, bodySize: 16_384),
        RegexCase(
            name: "when body ~ /.{0,999}x/ (1,000 threads a character), 32 KB of 'a'",
            rules: "rule \"r\" {\n    when body ~ /.{0,999}x/\n    request { log }\n}", bodySize: 32_768),
    ]

    func run() -> (rows: [ResultRow], notes: [String]) {
        var rows: [ResultRow] = []
        var notes: [String] = []
        let runs = quick ? 3 : 11
        for testCase in Self.regexCases {
            let body = Array(String(repeating: "a", count: testCase.bodySize).utf8)
            guard let pipeline = try? Pipeline(ruleSets: [RuleSet(rules: testCase.rules)], environment: .fixed(now: 0)),
                let request = HTTPRequest(method: "POST", url: "https://bench.example/", body: body)
            else {
                rows.append(.unavailable(testCase.name, reason: "the rule does not load"))
                continue
            }
            var samples = Samples()
            var scans = Samples()
            var outcome: RequestOutcome?
            for _ in 0..<runs {
                samples.append(Stopwatch.time { outcome = pipeline.processRequest(request) })
                scans.append(Stopwatch.time { Sink.consume(JSONBenchmark.byteScan(body)) })
            }
            let rate = Double(body.count) / (samples.median / 1e9)
            let scanRate = Double(body.count) / (scans.median / 1e9)
            let gaveUp = outcome?.trace.entries.contains { entry in
                switch entry.event {
                case .limitExceeded: true
                case .skipped(_, let reason): reason.contains("gave up")
                default: false
                }
            } ?? false
            rows.append(ResultRow(
                name: testCase.name,
                measured: "\(Format.throughput(rate)) (median \(Format.duration(samples.median)))\(gaveUp ? ", gave up at its budget" : "")",
                baseline: "\(Format.throughput(scanRate)) byte scan",
                ratio: Format.ratio(rate / scanRate), goal: "linear: no hang", verdict: samples.median < 1e9 ? .met : .missed))
        }
        do {
            _ = try RuleSet(rules: "rule \"r\" { when body ~ /(?:.{0,1000}){9}x/ }")
            notes.append("/(?:.{0,1000}){9}x/ loaded; it should be refused as too large")
        } catch let error as RuleSetError {
            notes.append("/(?:.{0,1000}){9}x/ is refused at load: \(error.diagnostics.first?.message ?? "\(error)")")
        } catch {
            notes.append("/(?:.{0,1000}){9}x/: \(error)")
        }
        rows += loadRows(&notes)
        return (rows, notes)
    }

    /// Loading 100,000 generated rules: time, and the heap they keep.
    private func loadRows(_ notes: inout [String]) -> [ResultRow] {
        let count = 100_000
        let text = GeneratedRule.file(count: count)
        let fileSize = Double(text.utf8.count)
        let runs = quick ? 2 : 5
        var loads = Samples()
        var splits = Samples()
        var kept: [Double] = []
        for _ in 0..<runs {
            ProcessMemory.trimHeap()
            let before = ProcessMemory.residentBytes() ?? 0
            var pipeline: Pipeline?
            loads.append(Stopwatch.time { pipeline = try? Pipeline(ruleSets: [RuleSet(rules: text)]) })
            ProcessMemory.trimHeap()
            let after = ProcessMemory.residentBytes() ?? 0
            if pipeline?.ruleCount == count { kept.append(Double(after - before)) }
            pipeline = nil
            splits.append(Stopwatch.time { Sink.consume(text.utf8.split(separator: UInt8(ascii: "\n")).count) })
        }
        guard let keptBytes = kept.sorted().dropFirst(kept.count / 2).first else {
            return [.unavailable("load 100,000 rules", reason: "the generated rules do not load")]
        }
        notes.append("load: \(runs) loads of a \(Format.memory(fileSize)) file; memory is resident memory after the load minus before it, the heap trimmed both times (median)")
        return [
            ResultRow(
                name: "load 100,000 rules: RuleSet + Pipeline",
                measured: Format.duration(loads.median), baseline: "\(Format.duration(splits.median)) splitting the text into lines",
                ratio: Format.ratio(loads.median / splits.median), goal: "≤ 0.5 s", verdict: loads.median <= 0.5e9 ? .met : .missed),
            ResultRow(
                name: "load 100,000 rules: memory kept per rule",
                measured: "\(Int(keptBytes / Double(count))) B (\(Format.memory(keptBytes)) in all)",
                baseline: "\(Int(fileSize / Double(count))) B of rule text",
                ratio: Format.ratio(keptBytes / fileSize), goal: "≤ 5× the file", verdict: keptBytes <= 5 * fileSize ? .met : .missed),
        ]
    }
}
