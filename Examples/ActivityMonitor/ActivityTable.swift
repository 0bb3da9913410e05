import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import RewriteKit

/// The table a network monitor shows, one row per finished request, made from activity
/// events only; and the checks that it says what the batch should have produced.
enum ActivityTable {
    struct Row {
        var request: BatchRequest
        var event: ActivityEvent?
    }

    /// Pairs each request with its `.finished` event: the one whose sent URL keeps its path.
    static func rows(for batch: [BatchRequest], finished: [ActivityEvent]) -> [Row] {
        batch.map { request in
            let event = finished.first { event in
                URLComponents(string: event.url)?.path == request.path && event.method == request.method
            }
            return Row(request: request, event: event)
        }
    }

    static func render(_ rows: [Row]) -> String {
        let header = ["METHOD", "URL (as sent)", "STATUS", "TIME", "SENT", "RECEIVED", "SOURCE", "RULES APPLIED"]
        let body = rows.map { row -> [String] in
            guard let event = row.event, let done = event.completion else {
                return [row.request.method, row.request.url, "(no event)", "", "", "", "", ""]
            }
            return [
                event.method,
                event.url,
                status(done),
                String(format: "%.0f ms", event.duration * 1000),
                bytes(done.bytesSent),
                bytes(done.bytesReceived),
                done.source?.rawValue ?? "-",
                done.appliedRules.map(\.name).joined(separator: ", "),
            ]
        }
        let table = [header] + body
        let widths = header.indices.map { column in table.map { $0[column].count }.max() ?? 0 }
        let rightAligned: Set<Int> = [3, 4, 5]
        return table.map { cells in
            cells.indices.map { column in
                let padding = String(repeating: " ", count: widths[column] - cells[column].count)
                return rightAligned.contains(column) ? padding + cells[column] : cells[column] + padding
            }.joined(separator: "  ").trimmingCharacters(in: .whitespaces)
        }.joined(separator: "\n")
    }

    /// Every way the rows differ from what the batch expects.
    static func problems(_ rows: [Row], expectedCount: Int) -> [String] {
        var problems: [String] = []
        for row in rows {
            let request = row.request
            guard let event = row.event, let done = event.completion else {
                problems.append("\(request.url): no finished event")
                continue
            }
            func check(_ condition: Bool, _ what: String) {
                if !condition { problems.append("\(request.url): \(what)") }
            }
            check(done.status == request.status, "status \(status(done)), expected \(request.status.map(String.init) ?? "none")")
            check(done.source == request.source, "source \(done.source?.rawValue ?? "none"), expected \(request.source.rawValue)")
            check(done.appliedRules.map(\.name) == request.rules,
                  "rules \(done.appliedRules.map(\.name)), expected \(request.rules)")
            check(done.error?.urlErrorCode == request.errorCode,
                  "error \(done.error.map { "\($0.code)" } ?? "none"), expected \(request.errorCode.map { "\($0.rawValue)" } ?? "none")")
            check(event.duration >= request.minimumDuration,
                  String(format: "took %.3f s, expected at least %.1f s", event.duration, request.minimumDuration))
            if let sent = request.bytesSent { check(done.bytesSent == sent, "sent \(done.bytesSent) bytes, expected \(sent)") }
            if let received = request.bytesReceived {
                check(done.bytesReceived == received, "received \(done.bytesReceived) bytes, expected \(received)")
            } else if request.status == 200 {
                check(done.bytesReceived > 0, "received no bytes")
            }
        }
        let matched = Set(rows.compactMap { $0.event?.requestID })
        if matched.count != expectedCount { problems.append("\(matched.count) distinct events for \(expectedCount) requests") }
        return problems
    }

    private static func status(_ done: ActivityEvent.Completion) -> String {
        if let status = done.status { return String(status) }
        if let error = done.error { return "error \(error.code)" }
        return "-"
    }

    private static func bytes(_ count: Int) -> String {
        count >= 1024 ? String(format: "%.1f KB", Double(count) / 1024) : "\(count) B"
    }
}
