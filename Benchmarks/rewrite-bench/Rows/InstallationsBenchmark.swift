import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import RewriteKit
import RewriteTestSupport

/// What installations an app forgets cost: 10,000 made (each in its own configuration
/// with its own rewriter, neither kept) and never uninstalled, against as many bare
/// configurations; and a request on the newest of them against the same rule installed
/// alone, both measured round-robin in one run.
struct InstallationsBenchmark {
    var quick: Bool

    static let count = 10_000

    static let rules = """
        rule "header only" {
            when method == POST and path == "/post"
            request { set-header "X-Bench" "1" }
        }
        """

    func run() -> (rows: [ResultRow], notes: [String]) {
        let name = "\(Format.count(Self.count)) forgotten installations"
        let pipeline: Pipeline
        let server: TestHTTPServer
        do {
            pipeline = try PipelineFactory.pipeline(Self.rules, name: "installations.rules")
            server = try TestHTTPServer()
        } catch {
            return ([.unavailable(name, reason: "\(error)")], [])
        }
        defer { server.stop() }

        // Baseline: the configurations alone, kept as the forgotten ones' sessions keep theirs.
        ProcessMemory.trimHeap()
        let bareStart = ProcessMemory.residentBytes() ?? 0
        var bare: [URLSessionConfiguration] = []
        for _ in 0..<Self.count { bare.append(URLSessionConfiguration.ephemeral) }
        let bareBytes = Double(max(1, (ProcessMemory.residentBytes() ?? 0) - bareStart)) / Double(Self.count)

        ProcessMemory.trimHeap()
        let start = ProcessMemory.residentBytes() ?? 0
        var configurations: [URLSessionConfiguration] = []
        do {
            for _ in 0..<Self.count {
                let configuration = URLSessionConfiguration.ephemeral
                try Rewriter(pipeline: pipeline).install(in: configuration)
                configurations.append(configuration)
            }
        } catch {
            return ([.unavailable(name, reason: "\(error)")], [])
        }
        let installedBytes = Double(max(0, (ProcessMemory.residentBytes() ?? 0) - start)) / Double(Self.count)
        let perInstallation = max(0, installedBytes - bareBytes)
        withExtendedLifetime(bare) {}

        // Latency: the newest forgotten installation against one installed alone.
        var body = URLRequest(url: server.url("/post"))
        body.httpMethod = "POST"
        body.httpBody = Data(#"{"forgotten":true}"#.utf8)
        let newest = configurations.last.map { URLSession(configuration: $0) }
        let aloneConfiguration = URLSessionConfiguration.ephemeral
        let alone = Rewriter(pipeline: pipeline)
        do { try alone.install(in: aloneConfiguration) } catch { return ([.unavailable(name, reason: "\(error)")], []) }
        let aloneSession = URLSession(configuration: aloneConfiguration)
        defer {
            newest?.invalidateAndCancel()
            aloneSession.invalidateAndCancel()
            alone.uninstall()
        }
        guard let newest else { return ([.unavailable(name, reason: "no installation")], []) }
        var newestSamples = Samples()
        var aloneSamples = Samples()
        var failures = 0
        let rounds = quick ? 300 : 2_000
        for round in -20..<rounds {
            // Alternate which goes first, so neither always follows the other.
            let order = round & 1 == 0 ? [newest, aloneSession] : [aloneSession, newest]
            for session in order {
                var ok = false
                let time = Stopwatch.time { ok = InterceptionBenchmark.send(body, on: session).status == 200 }
                if !ok { failures += 1 }
                guard round >= 0 else { continue }
                if session === newest { newestSamples.append(time) } else { aloneSamples.append(time) }
            }
        }
        let ratio = newestSamples.median / aloneSamples.median
        var notes = ["installations: \(Format.count(Self.count)) rewriters installed, one configuration each, neither kept by the benchmark; \(rounds) requests each on the newest and on one installed alone, alternating"]
        if failures > 0 { notes.append("installations: \(failures) requests failed") }
        let memoryGoal = 6144.0
        return ([
            ResultRow(
                name: "\(name): memory each (RSS growth beyond a bare configuration)",
                measured: "\(String(format: "%.1f", perInstallation / 1024)) KB each (\(Format.memory(perInstallation * Double(Self.count))) in all)",
                baseline: "\(String(format: "%.1f", bareBytes / 1024)) KB a bare configuration", ratio: Format.ratio(perInstallation / bareBytes),
                goal: "≤ 6 KB each", verdict: perInstallation <= memoryGoal ? .met : .missed),
            ResultRow(
                name: "\(name): a request on the newest",
                measured: "\(Format.duration(newestSamples.median)) median",
                baseline: "\(Format.duration(aloneSamples.median)) installed alone", ratio: Format.ratio(ratio),
                goal: "≤ 1.05× alone", verdict: ratio <= 1.05 ? .met : .missed),
        ], notes)
    }
}
