import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import RewriteKit

/// What a stubbed request costs, next to the least a URLProtocol stub costs
/// (``MinimalStubProtocol``), and whether it grows with the rules around the stub: a
/// thousand rules of which a quarter, or all, share its first path segment, a thousand
/// elsewhere, and recordings of ten and ten thousand entries (of as many paths, or of one
/// path with as many queries). Sequential GETs, the variants
/// in rotating order each round, every answer checked.
struct StubBenchmark {
    var quick: Bool

    private struct Variant {
        var name: String
        var session: URLSession
        var url: URL
        var rewriter: Rewriter?
        /// The goal: at most this ratio to the variant named `against`.
        var goal: (ratio: Double, against: String)?
        var samples = Samples()
        var failures = 0
    }

    static let baselineName = "minimal stub URLProtocol (baseline)"
    static let aloneName = "respond rule, alone"
    static let recordingTenName = "recording of 10 entries"
    static let host = MinimalStubProtocol.host

    /// A `respond` rule named `name` answering as the baseline does, when `conditions` hold.
    static func rule(_ name: String, when conditions: String...) -> String {
        """
        rule "\(name)" {
        \(conditions.map { "    when \($0)\n" }.joined())    respond 200 {
                header "Content-Type" "text/plain"
                body "0123456789"
            }
        }

        """
    }

    /// A stub of `GET <path>` on `host`.
    static func stub(_ name: String, path: String, host: String = StubBenchmark.host) -> String {
        rule(name, when: "method == GET and host == \"\(host)\" and path == \"\(path)\"")
    }

    /// A rule in the shape a recording writes (method, scheme, host and path tested).
    static func recorded(_ index: Int) -> String {
        rule("GET https://\(host)/items/\(index)", when: "method == GET and scheme == \"https\" and host == \"\(host)\" and path == \"/items/\(index)\"")
    }

    /// A recording's rule for one query of one endpoint (its query parameter tested too).
    static func recordedSearch(_ index: Int) -> String {
        rule(
            "GET https://\(host)/search?q=\(index)",
            when: "method == GET and scheme == \"https\" and host == \"\(host)\" and path == \"/search\"", "query \"q\" == \"\(index)\"")
    }

    /// Rule files around the stub of `/users/7`: its name, its text and the URL it answers.
    static var ruleFiles: [(name: String, text: String, path: String, goal: (ratio: Double, against: String)?)] {
        let alone = stub("users 7", path: "/users/7")
        // 250 GET /users/N (the stub among them, in the middle), 750 under other segments.
        var quarter = ""
        for index in 0..<1_000 {
            quarter += index % 4 == 0 ? stub("users \(index / 4)", path: "/users/\(index / 4)") : stub("orders \(index)", path: "/orders/\(index)")
        }
        let all = (0..<1_000).map { stub("users \($0)", path: "/users/\($0)") }.joined()
        var elsewhere = ""
        for index in 0..<999 {
            elsewhere += index % 2 == 0 ? stub("orders \(index)", path: "/orders/\(index)") : stub("other host \(index)", path: "/users/7", host: "h\(index).bench.test")
        }
        elsewhere += alone
        return [
            (aloneName, alone, "/users/7", (1.08, baselineName)),
            ("respond rule among 1,000 rules, 250 of them GET /users/N", quarter, "/users/7", (1.05, aloneName)),
            ("respond rule among 1,000 GET /users/N rules", all, "/users/7", (1.05, aloneName)),
            ("respond rule after 999 rules under other segments and hosts", elsewhere, "/users/7", (1.05, aloneName)),
            (recordingTenName, (0..<10).map(recorded).joined(), "/items/7", nil),
            ("recording of 10,000 entries", (0..<10_000).map(recorded).joined(), "/items/7", (1.05, recordingTenName)),
            ("recording of 10,000 queries of one endpoint", (0..<10_000).map(recordedSearch).joined(), "/search?q=7", (1.05, recordingTenName)),
        ]
    }

    func run() -> (rows: [ResultRow], notes: [String]) {
        var notes: [String] = []
        let minimal = URLSessionConfiguration.ephemeral
        minimal.protocolClasses = [MinimalStubProtocol.self] + (minimal.protocolClasses ?? [])
        func url(_ path: String) -> URL {
            var components = URLComponents()
            let parts = path.split(separator: "?", maxSplits: 1).map(String.init)
            (components.scheme, components.host, components.path) = ("https", Self.host, parts.first ?? "/")
            components.query = parts.count > 1 ? parts[1] : nil
            return components.url ?? URL(fileURLWithPath: "/")
        }
        var variants = [Variant(name: Self.baselineName, session: URLSession(configuration: minimal), url: url("/users/7"), rewriter: nil, goal: nil)]
        for file in Self.ruleFiles {
            do {
                let rewriter = Rewriter(pipeline: try PipelineFactory.pipeline(file.text, name: "stubs.rules"))
                let configuration = URLSessionConfiguration.ephemeral
                try rewriter.install(in: configuration)
                variants.append(Variant(
                    name: file.name, session: URLSession(configuration: configuration), url: url(file.path), rewriter: rewriter, goal: file.goal))
            } catch {
                notes.append("stubs, \(file.name): \(error)")
            }
        }
        defer {
            for variant in variants {
                variant.session.invalidateAndCancel()
                variant.rewriter?.uninstall()
            }
        }

        let count = quick ? 600 : 3_000
        let warmUp = quick ? 50 : 200
        for round in -warmUp..<count {
            for offset in 0..<variants.count {
                let index = (round + warmUp + offset) % variants.count
                var answer: (status: Int?, data: Data?) = (nil, nil)
                let time = Stopwatch.time { answer = InterceptionBenchmark.send(URLRequest(url: variants[index].url), on: variants[index].session) }
                if answer.status != 200 || answer.data != MinimalStubProtocol.body { variants[index].failures += 1 }
                if round >= 0 { variants[index].samples.append(time) }
            }
        }

        let floor = Self.rulesWork(url("/users/7"), rounds: quick ? 2_000 : 20_000)
        if let problem = floor.problem { notes.append("stubs, floor: \(problem)") }

        var medians: [String: Double] = [:]
        for variant in variants { medians[variant.name] = variant.samples.median }
        let baseline = medians[Self.baselineName] ?? .nan
        var rows: [ResultRow] = []
        for variant in variants {
            let median = variant.samples.median
            var measured = "\(Format.duration(median)) median, p99 \(Format.duration(variant.samples.percentile(99)))"
            if variant.name != Self.baselineName { measured += ", \(Format.ratio(median / baseline)) the minimal stub" }
            if variant.failures > 0 {
                measured += ", \(variant.failures) wrong answers"
                notes.append("stubs, \(variant.name): \(variant.failures) answers were not 200 with the stub's body")
            }
            guard let (target, against) = variant.goal, let base = medians[against] else {
                rows.append(ResultRow(
                    name: "stubs: \(variant.name)", measured: measured, baseline: variant.name == Self.baselineName ? "—" : "\(Format.duration(baseline)) minimal",
                    ratio: variant.name == Self.baselineName ? "1.000×" : Format.ratio(median / baseline), goal: "", verdict: .informational))
                continue
            }
            let ratio = median / base
            let verdict: ResultRow.Verdict = variant.failures == 0 && ratio <= target ? .met : .missed
            rows.append(ResultRow(
                name: "stubs: \(variant.name)", measured: measured,
                baseline: "\(Format.duration(base)) \(against == Self.baselineName ? "minimal" : against)",
                ratio: Format.ratio(ratio), goal: "≤ \(String(format: "%.2f", target))× \(against == Self.baselineName ? "minimal stub" : against)",
                verdict: verdict))
        }
        if floor.problem == nil {
            let total = baseline + floor.work
            rows.append(ResultRow(
                name: "stubs: floor (the minimal stub + the rules' own work)",
                measured: "\(Format.duration(total)): minimal \(Format.duration(baseline)) + \(Format.duration(floor.work)) "
                    + "converting, matching, building the stub, its response phase and a Content-Length in its HTTPURLResponse",
                baseline: "\(Format.duration(baseline)) minimal", ratio: Format.ratio(total / baseline), goal: "", verdict: .informational))
        }
        return (rows, notes)
    }

    /// The least a rule-file stub adds to a hand-written one for one request, timed in
    /// process: the URLRequest converted (public API), the rules run (the index, the rule's
    /// conditions, the stub built), its response phase, and its HTTPURLResponse, which says
    /// the body's `Content-Length` as a server's does; less the HTTPURLResponse the minimal
    /// stub builds too. Whatever an interceptor does besides (keeping the load's state,
    /// reading what the task is, telling observers) comes on top of this.
    static func rulesWork(_ url: URL, rounds: Int) -> (work: Double, problem: String?) {
        let pipeline: Pipeline
        do {
            pipeline = try PipelineFactory.pipeline(stub(aloneName, path: url.path), name: "stubs.rules")
        } catch {
            return (.nan, "\(error)")
        }
        let request = URLRequest(url: url)
        var stubbed = Samples()
        var minimal = Samples()
        var answered = true
        for _ in 0..<rounds {
            stubbed.append(Stopwatch.time {
                guard let head = HTTPRequest(request) else { return }
                let outcome = pipeline.processRequest(head)
                guard case .respond(let stub) = outcome.disposition else {
                    answered = false
                    return
                }
                let answer = pipeline.processResponse(stub, for: outcome)
                var fields = Dictionary(answer.response.headers.map { ($0.name, $0.value) }) { $1 }
                fields["Content-Length"] = String(answer.response.body.count)
                let built = HTTPURLResponse(url: url, statusCode: answer.response.status, httpVersion: "HTTP/1.1", headerFields: fields)
                Sink.consume((built?.statusCode ?? 0) + answer.response.body.count)
            })
            minimal.append(Stopwatch.time {
                let built = HTTPURLResponse(url: url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: ["Content-Type": "text/plain"])
                Sink.consume(built?.statusCode ?? 0)
            })
        }
        guard answered else { return (.nan, "the stub's rule did not answer") }
        return (max(0, stubbed.median - minimal.median), nil)
    }
}
