import Foundation
import RewriteKit

/// Match cost per request for 10 … 100,000 generated rules: `processRequest` and
/// `mightApply` against a naive linear scan of the same rules, variants interleaved.
struct MatchBenchmark {
    var quick: Bool

    var ruleCounts: [Int] { [10, 1_000, 10_000, 100_000] }

    func run() -> (rows: [ResultRow], notes: [String]) {
        var rows: [ResultRow] = []
        var notes: [String] = []
        for count in ruleCounts {
            let label = "match, \(Format.count(count)) rules"
            let text = GeneratedRule.file(count: count)
            let pipeline: Pipeline
            let compileTime: UInt64
            do {
                var compiled: Pipeline?
                compileTime = try Stopwatch.time { compiled = try PipelineFactory.pipeline(text) }
                guard let compiled else { continue }
                pipeline = compiled
            } catch {
                rows.append(.unavailable("\(label): processRequest median", reason: "\(error)", goal: goal(count)))
                continue
            }
            let naive = NaiveRuleScan(count: count)
            let requests = GeneratedRule.requests(count: 4_096, ruleCount: count, seed: UInt64(count))
            if let mismatch = agreement(pipeline, naive, requests) {
                notes.append("\(label): the pipeline and the baseline disagree: \(mismatch)")
            }
            let measured = measure(pipeline, naive, requests, budget: quick ? 1.5 : 6)
            notes.append(
                "\(label): compiled in \(Format.duration(Double(compileTime))); samples: \(measured.process.count) pipeline, \(measured.naive.count) baseline; "
                    + "\(measured.matchingShare)% of requests match a rule")
            let baseline = measured.naive.median
            let process = measured.process.median
            let might = measured.mightApply.median
            let processGoal = goal(count)
            let met: ResultRow.Verdict = count == 100_000 ? (process <= 1_000 ? .met : .missed) : .informational
            rows.append(ResultRow(
                name: "\(label): processRequest median",
                measured: "\(Format.duration(process)) (p99 \(Format.duration(measured.process.percentile(99))))",
                baseline: "\(Format.duration(baseline)) linear scan",
                ratio: Format.ratio(process / baseline), goal: processGoal, verdict: met))
            rows.append(ResultRow(
                name: "\(label): mightApply median",
                measured: "\(Format.duration(might)) (p99 \(Format.duration(measured.mightApply.percentile(99))))",
                baseline: "\(Format.duration(baseline)) linear scan",
                ratio: Format.ratio(might / baseline), goal: "", verdict: .informational))
        }
        return (rows, notes)
    }

    private func goal(_ count: Int) -> String {
        count == 100_000 ? "≤ 1 µs" : ""
    }

    private struct Measurement {
        var process = Samples()
        var mightApply = Samples()
        var naive = Samples()
        var matchingShare = 0
    }

    /// Interleaves the variants: each round times `mightApply` and `processRequest` on a
    /// batch of requests and the baseline on one, until the time budget (seconds) is spent.
    private func measure(_ pipeline: Pipeline, _ naive: NaiveRuleScan, _ requests: [HTTPRequest], budget: Double) -> Measurement {
        var result = Measurement()
        var matching = 0
        // Warm up: caches, lazily built tables, page faults.
        for request in requests.prefix(256) {
            Sink.consume(pipeline.processRequest(request).appliedRules.count)
            Sink.consume(pipeline.mightApply(to: request) ? 1 : 0)
        }
        Sink.consume(naive.process(requests[0]).matches)

        let deadline = Stopwatch.now() + UInt64(budget * 1e9)
        let batch = 32
        var next = 0
        var naiveNext = 0
        while Stopwatch.now() < deadline || result.naive.count < 5 {
            for _ in 0..<batch {
                let request = requests[next % requests.count]
                next += 1
                var might = false
                result.mightApply.append(Stopwatch.time { might = pipeline.mightApply(to: request) })
                var applied = 0
                result.process.append(Stopwatch.time { applied = pipeline.processRequest(request).appliedRules.count })
                Sink.consume(applied + (might ? 1 : 0))
                if applied > 0 { matching += 1 }
            }
            let request = requests[naiveNext % requests.count]
            naiveNext += 1
            var matches = 0
            result.naive.append(Stopwatch.time { matches = naive.process(request).matches })
            Sink.consume(matches)
            if result.process.count >= 2_000_000 { break }
        }
        result.matchingShare = Int((Double(matching) / Double(max(result.process.count, 1)) * 100).rounded())
        return result
    }

    /// Checks the pipeline and the baseline agree on which requests match (on a subset).
    private func agreement(_ pipeline: Pipeline, _ naive: NaiveRuleScan, _ requests: [HTTPRequest]) -> String? {
        var disagreements = 0
        var example = ""
        for request in requests.prefix(200) {
            let outcome = pipeline.processRequest(request)
            let baseline = naive.process(request)
            let pipelineHeader = outcome.request.headers["X-Rule"]
            let baselineHeader = baseline.request.headers["X-Rule"]
            if outcome.appliedRules.count != baseline.matches || pipelineHeader != baselineHeader {
                disagreements += 1
                if example.isEmpty {
                    example = "\(request.method) \(request.url): pipeline applied \(outcome.appliedRules.count) (X-Rule \(pipelineHeader ?? "none")), baseline \(baseline.matches) (X-Rule \(baselineHeader ?? "none"))"
                }
            }
        }
        return disagreements == 0 ? nil : "\(disagreements) of 200 requests, e.g. \(example)"
    }
}
