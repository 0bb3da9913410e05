import Foundation
import RewriteKit

/// The HTML report of 1,000 exchanges (200 in a quick run) with 1 KB JSON bodies, run
/// through a rule that edits half of them: writing the page against exporting the same
/// exchanges as HAR, and rendering it in headless chromium (the page's own measure, from
/// navigation to the table ready) where chromium is installed.
struct ReportBenchmark {
    var quick: Bool

    /// The browser, when installed.
    static let chromium: String? = [ProcessInfo.processInfo.environment["REWRITEKIT_CHROMIUM"], "/usr/bin/chromium", "/usr/bin/chromium-browser"]
        .compactMap { $0 }.first { FileManager.default.isExecutableFile(atPath: $0) }

    func run() -> (rows: [ResultRow], notes: [String]) {
        let count = quick ? 200 : 1_000
        let label = Format.count(count)
        let rounds = quick ? 3 : 7
        let exchanges = TrafficBenchmark.exchanges(count: count)
        let archive = HTTPArchive(exchanges: exchanges)
        let rules: RuleSet
        do {
            rules = try RuleSet(rules: """
                rule "stamp" {
                    when host == "api.example.com" and method == GET
                    response { inject-json "stamped" true }
                }
                """, name: "bench.rules")
        } catch {
            return ([.unavailable("report of \(label) exchanges: write", reason: "\(error)")], [])
        }
        var write = Samples(), export = Samples()
        var page = Data()
        for _ in 0..<rounds {
            write.append(Stopwatch.time { page = TrafficReport(archive: archive, ruleSets: [rules]).html() })
            export.append(Stopwatch.time { Sink.consume(archive.data().count) })
        }
        var rows = [
            ResultRow(
                name: "report of \(label) exchanges: run the rules and write the page", measured: Format.duration(write.median),
                baseline: "\(Format.duration(export.median)) HAR export", ratio: Format.ratio(write.median / export.median),
                goal: quick ? "" : "≤ 0.5 s", verdict: quick ? .informational : write.median <= 0.5e9 ? .met : .missed),
        ]
        var notes = ["report: \(label) exchanges with 1 KB JSON bodies, a page of \(Format.memory(Double(page.count))); median of \(rounds) rounds"]
        let renderName = "report of \(label) exchanges: rendered in headless chromium"
        guard let chromium = Self.chromium else {
            rows.append(.unavailable(renderName, reason: "chromium is not installed", goal: quick ? "" : "≤ 2 s"))
            return (rows, notes)
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rewrite-bench-report-\(getpid())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("report.html")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try page.write(to: file)
        } catch {
            rows.append(.unavailable(renderName, reason: "cannot write the page: \(error)"))
            return (rows, notes)
        }
        var render = Samples(), process = Samples()
        for round in -1..<(quick ? 2 : 5) {
            let profile = folder.appendingPathComponent("profile-\(round)")
            guard let output = ChildProcess.run(chromium, [
                "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--user-data-dir=\(profile.path)", "--dump-dom", file.absoluteString,
            ]) else {
                rows.append(.unavailable(renderName, reason: "cannot start \(chromium)"))
                return (rows, notes)
            }
            guard let milliseconds = Self.renderMilliseconds(in: output.standardOutput) else {
                rows.append(.unavailable(renderName, reason: "the page did not get ready"))
                return (rows, notes)
            }
            guard round >= 0 else { continue }
            render.append(value: milliseconds * 1e6)
            process.append(output.elapsed)
        }
        rows.append(ResultRow(
            name: renderName, measured: "\(Format.duration(render.median)) in the page",
            baseline: "\(Format.duration(process.median)) the whole chromium process", ratio: Format.ratio(render.median / process.median),
            goal: quick ? "" : "≤ 2 s", verdict: quick ? .informational : render.median <= 2e9 ? .met : .missed))
        notes.append("report render: the page's data-render-ms (performance.now() when its table is ready), median of \(render.count) loads, \(chromium)")
        return (rows, notes)
    }

    /// The page's `data-render-ms`, once its script marked it ready.
    static func renderMilliseconds(in dom: String) -> Double? {
        guard dom.contains(#"data-state="ready""#), let range = dom.range(of: #"data-render-ms="[0-9]+""#, options: .regularExpression) else { return nil }
        return Double(dom[range].dropFirst(#"data-render-ms=""#.count).dropLast())
    }
}
