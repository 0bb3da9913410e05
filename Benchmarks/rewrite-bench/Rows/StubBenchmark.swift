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
    static let floorName = "floor: a bare URLProtocol answering from the same compiled rule"
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
        do {
            // The floor: a bare URLProtocol answering from the same compiled rule.
            RuleStubProtocol.pipeline = try PipelineFactory.pipeline(Self.stub(Self.aloneName, path: "/users/7"), name: "stubs.rules")
            let bare = URLSessionConfiguration.ephemeral
            bare.protocolClasses = [RuleStubProtocol.self] + (bare.protocolClasses ?? [])
            variants.append(Variant(name: Self.floorName, session: URLSession(configuration: bare), url: url("/users/7"), rewriter: nil, goal: nil))
        } catch {
            notes.append("stubs, floor: \(error)")
        }
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
        return (rows, notes)
    }
}
