import Foundation
import RewriteKit

/// Recordings and HAR for 1,000 exchanges with 1 KB JSON bodies (200 in a quick run):
/// writing a recording against writing the same bodies as plain files, exporting HAR
/// against `JSONSerialization` writing the same entries as dictionaries, and reading HAR
/// against `JSONSerialization` parsing it. Each ratio is the cost of RewriteKit's work
/// over the least any implementation must do.
struct TrafficBenchmark {
    var quick: Bool

    /// The exchanges: distinct GETs and POSTs with JSON bodies, every fifth URL called twice.
    static func exchanges(count: Int) -> [RecordedExchange] {
        let items = (0..<24).map { "{\"id\": \($0), \"name\": \"item \($0)\"}" }.joined(separator: ", ")
        return (0..<count).map { index in
            // Distinct bodies, so a recording writes a file for each (identical ones share a file).
            let body = Array(#"{"index": \#(index), "items": [\#(items)]}"#.utf8)
            let url = "https://api.example.com/v1/items/\(index / 5 * 5 + (index % 5 == 4 ? 0 : index % 5))?page=\(index % 3)"
            var request = HTTPRequest(method: index % 2 == 0 ? "GET" : "POST", url: url, headers: ["Content-Type": "application/json"])!
            if request.method == "POST" { request.body = Array(#"{"query": "item", "index": \#(index)}"#.utf8) }
            let response = HTTPResponse(status: 200, headers: ["Content-Type": "application/json", "X-Index": String(index)], body: body)
            return RecordedExchange(request: request, response: response, startedAt: Date(timeIntervalSince1970: 1_800_000_000 + Double(index)), duration: 0.01)
        }
    }

    func run() -> (rows: [ResultRow], notes: [String]) {
        let count = quick ? 200 : 1_000
        let rounds = quick ? 3 : 7
        let exchanges = Self.exchanges(count: count)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rewrite-bench-traffic-\(getpid())")
        defer { try? FileManager.default.removeItem(at: folder) }
        var notes: [String] = []

        var record = Samples(), plainWrites = Samples(), export = Samples(), serialize = Samples(), read = Samples(), parse = Samples()
        let harData = HTTPArchive(exchanges: exchanges).data()
        let dictionaries: [[String: Any]] = exchanges.map { exchange in
            [
                "request": ["method": exchange.request.method, "url": exchange.request.url.description,
                            "headers": exchange.request.headers.map { ["name": $0.name, "value": $0.value] }],
                "response": ["status": exchange.response?.status ?? 0,
                             "headers": exchange.response?.headers.map { ["name": $0.name, "value": $0.value] } ?? [],
                             "content": ["text": String(decoding: exchange.response?.body ?? [], as: UTF8.self)]],
            ]
        }
        for round in 0..<rounds {
            try? FileManager.default.removeItem(at: folder)
            let recordTime = Stopwatch.time {
                do {
                    try RecordingWriter(folder: folder.appendingPathComponent("r\(round)"), mode: .all).write(exchanges)
                } catch {
                    notes.append("traffic: the recording failed: \(error)")
                }
            }
            let plainTime = Stopwatch.time {
                let bodies = folder.appendingPathComponent("plain\(round)")
                try? FileManager.default.createDirectory(at: bodies, withIntermediateDirectories: true)
                for (index, exchange) in exchanges.enumerated() {
                    try? Data(exchange.response?.body ?? []).write(to: bodies.appendingPathComponent("\(index).json"), options: .atomic)
                }
            }
            record.append(recordTime)
            plainWrites.append(plainTime)
            export.append(Stopwatch.time { Sink.consume(HTTPArchive(exchanges: exchanges).data().count) })
            serialize.append(Stopwatch.time { Sink.consume((try? JSONSerialization.data(withJSONObject: ["log": ["entries": dictionaries]], options: [.prettyPrinted, .sortedKeys]))?.count ?? 0) })
            read.append(Stopwatch.time { Sink.consume((try? HTTPArchive(data: harData))?.exchanges.count ?? 0) })
            parse.append(Stopwatch.time { Sink.consume(((try? JSONSerialization.jsonObject(with: harData)) as? [String: Any])?.count ?? 0) })
        }
        func row(_ name: String, _ measured: Samples, _ baseline: Samples, _ baselineName: String) -> ResultRow {
            ResultRow(
                name: name, measured: Format.duration(measured.median), baseline: "\(Format.duration(baseline.median)) \(baselineName)",
                ratio: Format.ratio(measured.median / baseline.median), goal: "", verdict: .informational)
        }
        let label = Format.count(count)
        notes.append("traffic: \(label) exchanges, 1 KB JSON response bodies, median of \(rounds) rounds; HAR of \(Format.memory(Double(harData.count)))")
        return ([
            row("record \(label) exchanges: RecordingWriter (rules + bodies, checked)", record, plainWrites, "writing the bodies alone"),
            row("HAR export of \(label) exchanges", export, serialize, "JSONSerialization, same entries"),
            row("HAR read of \(label) exchanges", read, parse, "JSONSerialization parse"),
        ], notes)
    }
}
