import Foundation
import RewriteKit

/// `wrap-json` and `inject-json` through the pipeline on 1 KB, 100 KB and 10 MB bodies,
/// against JSONSerialization parse + edit + serialize of the same body, interleaved; and a
/// byte scan of the same body (every byte read once and compared, the least any reader
/// of the whole body costs) as the ceiling the JSON rows are measured against.
struct JSONBenchmark {
    var quick: Bool

    static let rules = """
        rule "wrap" {
            when path == "/wrap"
            request { wrap-json "data" }
        }
        rule "inject" {
            when path == "/inject"
            request { inject-json "meta.proxied_by" "rewrite-bench" }
        }
        rule "header" {
            when path == "/header"
            request { set-header "X-Bench" "1" }
        }
        """

    private enum Action: String, CaseIterable {
        case wrap = "wrap-json"
        case inject = "inject-json"
    }

    func run() -> (rows: [ResultRow], notes: [String]) {
        // JSONSerialization is slow here (well under 1 MB/s on this machine), so the
        // baseline gets fewer samples than the pipeline; both are interleaved.
        let sizes: [(label: String, bytes: Int, rounds: Int, baselineRounds: Int)] = [
            ("1 KB", 1_000, quick ? 2_000 : 20_000, quick ? 200 : 2_000),
            ("100 KB", 100_000, quick ? 40 : 300, quick ? 8 : 30),
            ("10 MB", 10_000_000, quick ? 3 : 12, quick ? 1 : 3),
        ]
        let pipeline: Pipeline
        do {
            pipeline = try PipelineFactory.pipeline(Self.rules, name: "json.rules")
        } catch {
            return (sizes.flatMap { size in
                Action.allCases.map { ResultRow.unavailable("\($0.rawValue), \(size.label) body", reason: "\(error)", goal: goal(size.bytes)) }
            }, [])
        }
        var rows: [ResultRow] = []
        var notes: [String] = []
        for size in sizes {
            let body = JSONDocument.make(size: size.bytes)
            var samples: [Action: (pipeline: Samples, baseline: Samples)] = [:]
            for action in Action.allCases { samples[action] = (Samples(), Samples()) }
            var scans = Samples()
            var validations = Samples()
            // The same request through a rule that only sets a header: what one pipeline
            // run costs around a body edit (matching, acting, the outcome).
            var fixedCosts = Samples()
            // The same edits by the JSON engine alone, outside the pipeline: what the
            // engine costs, so that the difference to the pipeline row is what a run adds.
            var engineSamples: [Action: Samples] = [:]
            // The same edits through the least run a pipeline could make (the index's
            // look-up, the engine's edit, the request copied, a two-entry trace, the
            // outcome; no condition tested, no action dispatched): the floor of any run.
            var leastRunSamples: [Action: Samples] = [:]
            // CPU time of the process around each 10 MB edit: a body that large is
            // validated in parts on several threads, so its CPU time exceeds its wall time.
            var cpuSamples: [Action: Samples] = [:]
            let engineEdits = engineEdits()
            let headerOnly = HTTPRequest(
                method: "POST", url: "https://api.example.com/header", headers: ["Content-Type": "application/json"], body: body)
            let requests = Dictionary(uniqueKeysWithValues: Action.allCases.map { action in
                (action, request(for: action, body: body))
            })
            for action in Action.allCases {
                let output = pipeline.processRequest(requests[action] ?? request(for: action, body: body)).request.body
                if let problem = verify(output, action) {
                    notes.append("\(action.rawValue), \(size.label): \(problem)")
                }
                if size.bytes < 100_000, let edit = engineEdits[action], let request = requests[action] {
                    if edit(body) != output {
                        notes.append("\(action.rawValue), \(size.label): the JSON engine alone and the pipeline made different bytes")
                    }
                    let least = pipeline.leastRun(request, edit: edit)
                    if least.request.body != output {
                        notes.append("\(action.rawValue), \(size.label): the least run and the pipeline made different bytes")
                    }
                    // The same rule applied, with a trace of two entries (applied, changed).
                    let run = pipeline.processRequest(request)
                    if least.appliedRules != run.appliedRules || least.trace.entries.map(\.rule) != Array(run.trace.entries.prefix(2).map(\.rule))
                        || least.trace.entries.count != 2 {
                        notes.append("\(action.rawValue), \(size.label): the least run's trace is not the run's first two entries")
                    }
                }
            }
            // One warm-up round of the pipeline, then rounds with every variant in turn;
            // the baseline runs in every `stride`-th round.
            let stride = max(size.rounds / size.baselineRounds, 1)
            for round in -1..<size.rounds {
                let scanTime = Stopwatch.time { Sink.consume(Self.byteScan(body)) }
                let validationTime = Stopwatch.time { Sink.consume(JSONSyntax.isValid(body) ? 1 : 0) }
                let fixedTime = Stopwatch.time { Sink.consume(headerOnly.map { pipeline.processRequest($0).request.headers.count } ?? 0) }
                if round >= 0 {
                    scans.append(scanTime)
                    validations.append(validationTime)
                    fixedCosts.append(fixedTime)
                }
                if size.bytes < 100_000 {
                    for action in Action.allCases {
                        guard let edit = engineEdits[action] else { continue }
                        let time = Stopwatch.time { Sink.consume(edit(body)?.count ?? 0) }
                        if round >= 0 { engineSamples[action, default: Samples()].append(time) }
                        guard let request = requests[action] else { continue }
                        let leastTime = Stopwatch.time { Sink.consume(pipeline.leastRun(request, edit: edit).request.body?.count ?? 0) }
                        if round >= 0 { leastRunSamples[action, default: Samples()].append(leastTime) }
                    }
                }
                for action in Action.allCases {
                    guard let request = requests[action] else { continue }
                    var outputSize = 0
                    let cpuBefore = Stopwatch.processCPU()
                    let time = Stopwatch.time { outputSize = pipeline.processRequest(request).request.body?.count ?? 0 }
                    let cpu = Stopwatch.processCPU() &- cpuBefore
                    Sink.consume(outputSize)
                    guard round >= 0 else { continue }
                    samples[action]?.pipeline.append(time)
                    cpuSamples[action, default: Samples()].append(cpu)
                    if round % stride == 0 {
                        var baselineSize = 0
                        let baselineTime = Stopwatch.time { baselineSize = Self.baseline(body, action) }
                        Sink.consume(baselineSize)
                        samples[action]?.baseline.append(baselineTime)
                    }
                }
            }
            let scanRate = Double(body.count) / (scans.median / 1e9)
            if size.bytes >= 10_000_000 {
                rows.append(ResultRow(
                    name: "byte scan, \(size.label) body (the ceiling)",
                    measured: "\(Format.throughput(scanRate)) (median \(Format.duration(scans.median)))",
                    baseline: "—", ratio: "", goal: "", verdict: .informational))
            }
            if size.bytes < 100_000, let wrap = samples[.wrap] {
                // What no JSON edit can skip: validating the body before editing it.
                let validationRate = Double(body.count) / (validations.median / 1e9)
                let baselineRate = Double(body.count) / (wrap.baseline.median / 1e9)
                rows.append(ResultRow(
                    name: "validation alone, \(size.label) body (the floor of a JSON edit)",
                    measured: "\(Format.throughput(validationRate)) (median \(Format.duration(validations.median)))",
                    baseline: "\(Format.throughput(baselineRate)) JSONSerialization (wrap)",
                    ratio: Format.ratio(validationRate / baselineRate), goal: "", verdict: .informational))
                // The least a JSON edit can cost through this pipeline: validating the body
                // plus the fixed cost of one of its runs; a goal above this ratio cannot be
                // met without a cheaper run.
                let floor = validations.median + fixedCosts.median
                rows.append(ResultRow(
                    name: "JSON edit, \(size.label) body, floor (validation + one run that only sets a header)",
                    measured: "\(Format.duration(floor)): \(Format.duration(validations.median)) + \(Format.duration(fixedCosts.median))",
                    baseline: "\(Format.duration(wrap.baseline.median)) JSONSerialization (wrap)",
                    ratio: Format.ratio(wrap.baseline.median / floor), goal: "", verdict: .informational))
                // The same edits beside the pipeline: by the engine alone, and through the
                // least run around it (the floor of any run: a goal above its ratio cannot
                // be met by a pipeline with this validator and editor).
                let beside: [(what: String, times: [Action: Samples])] = [
                    ("the JSON engine alone (validate and edit, no pipeline run)", engineSamples),
                    ("the least run (index look-up, engine's edit, request copied, two trace entries, outcome)", leastRunSamples),
                ]
                for (what, times) in beside {
                    for action in Action.allCases {
                        guard let time = times[action], let baseline = samples[action]?.baseline else { continue }
                        rows.append(ResultRow(
                            name: "\(action.rawValue), \(size.label) body, \(what)",
                            measured: Format.duration(time.median),
                            baseline: "\(Format.duration(baseline.median)) JSONSerialization",
                            ratio: Format.ratio(baseline.median / time.median), goal: "", verdict: .informational))
                    }
                }
            }
            for action in Action.allCases {
                guard let pair = samples[action] else { continue }
                let rate = Double(body.count) / (pair.pipeline.median / 1e9)
                let baselineRate = Double(body.count) / (pair.baseline.median / 1e9)
                let ratio = rate / baselineRate
                let ofCeiling = rate / scanRate
                let met = ratio >= Self.leastRatio(size.bytes) && (size.bytes < 10_000_000 || (rate >= 1e9 && ofCeiling >= 0.25))
                var share = ""
                if size.bytes >= 10_000_000 {
                    share = ", \(Int((ofCeiling * 100).rounded()))% of byte scan"
                    if let cpu = cpuSamples[action] { share += ", CPU \(Format.duration(cpu.median))" }
                }
                rows.append(ResultRow(
                    name: "\(action.rawValue), \(size.label) body (\(Format.count(body.count)) B)",
                    measured: "\(Format.throughput(rate)) (median \(Format.duration(pair.pipeline.median))\(share))",
                    baseline: "\(Format.throughput(baselineRate)) JSONSerialization",
                    ratio: Format.ratio(ratio), goal: goal(size.bytes), verdict: met ? .met : .missed))
            }
        }
        return (rows, notes)
    }

    /// The benchmark's two edits as the JSON engine makes them without a pipeline.
    private func engineEdits() -> [Action: JSONEngineEdit] {
        var edits: [Action: JSONEngineEdit] = [.wrap: .wrap(key: "data")]
        edits[.inject] = .inject(path: "meta.proxied_by", value: #""rewrite-bench""#)
        return edits
    }

    private func goal(_ bytes: Int) -> String {
        bytes >= 10_000_000 ? "≥ 1 GB/s and ≥ 25% of scan, ≥ 200×" : "≥ \(Int(Self.leastRatio(bytes)))×"
    }

    /// The least ratio to JSONSerialization an edit of a body this size must reach: 150× for
    /// 1 KB, where a run's fixed cost is the floor (issue 56, from the floors issue 21
    /// measured), 200× above.
    private static func leastRatio(_ bytes: Int) -> Double {
        bytes < 10_000 ? 150 : 200
    }

    /// Reads every byte once and counts the quotes: what any reader of the whole body
    /// pays at least.
    @inline(never)
    static func byteScan(_ body: [UInt8]) -> Int {
        body.withUnsafeBufferPointer { buffer in
            var quotes = 0
            for byte in buffer where byte == 0x22 { quotes &+= 1 }
            return quotes
        }
    }

    private func request(for action: Action, body: [UInt8]) -> HTTPRequest {
        let path = action == .wrap ? "/wrap" : "/inject"
        guard let request = HTTPRequest(
            method: "POST", url: "https://api.example.com\(path)",
            headers: ["Content-Type": "application/json"], body: body)
        else { fatalError("bench URL does not parse") }
        return request
    }

    /// What an app does without RewriteKit: parse, edit the object tree, serialize.
    private static func baseline(_ body: [UInt8], _ action: Action) -> Int {
        let data = Data(body)
        guard let object = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else { return 0 }
        let edited: Any
        switch action {
        case .wrap:
            edited = ["data": object]
        case .inject:
            guard var root = object as? [String: Any] else { return 0 }
            var meta = root["meta"] as? [String: Any] ?? [:]
            meta["proxied_by"] = "rewrite-bench"
            root["meta"] = meta
            edited = root
        }
        return (try? JSONSerialization.data(withJSONObject: edited, options: [.fragmentsAllowed]).count) ?? 0
    }

    /// Checks the pipeline's output parses and carries the edit.
    private func verify(_ output: [UInt8]?, _ action: Action) -> String? {
        guard let output, let object = try? JSONSerialization.jsonObject(with: Data(output)) as? [String: Any] else {
            return "the output is not a JSON object"
        }
        switch action {
        case .wrap:
            return object["data"] is [String: Any] ? nil : "the output has no \"data\" object"
        case .inject:
            let meta = object["meta"] as? [String: Any]
            return meta?["proxied_by"] as? String == "rewrite-bench" ? nil : "meta.proxied_by was not injected"
        }
    }
}
