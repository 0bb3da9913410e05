// ActivityMonitor: what a network activity indicator sees. Runs a batch of requests —
// stubbed, to a loopback server, failing, slow — at once, shows the live in-flight count,
// then a table of every request built from activity events alone, secrets redacted.
//
//   swift run ActivityMonitor
//
// Exit status: 0 when the table is what it should be, 1 otherwise.
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import RewriteKit
import RewriteTestSupport

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("ActivityMonitor: error: \(message)\n".utf8))
    exit(1)
}

// A loopback server, and a port where nothing listens (for a refused connection).
let server: TestHTTPServer
let closedPort: URL
do {
    server = try TestHTTPServer()
    let stopped = try TestHTTPServer()
    closedPort = stopped.baseURL
    stopped.stop()
} catch {
    fail("cannot start the loopback server: \(error)")
}

let rewriter: Rewriter
do {
    rewriter = Rewriter(pipeline: Pipeline(ruleSets: [try MonitorRules.ruleSet(server: server.baseURL, closedPort: closedPort)]))
} catch {
    fail("\(error)")
}

// The monitor: every event carries the rewriter's in-flight count.
let display = InFlightDisplay()
let recorder = ActivityRecorder(rewriter)
let live = rewriter.addObserver { event in display.show(event.requestsInFlight) }

let configuration = URLSessionConfiguration.default
try rewriter.install(in: configuration)
let session = URLSession(configuration: configuration)

let batch = BatchRequest.batch
print("Sending \(batch.count) requests at once through a session with the rewriter installed…")
let started = Date()
await withTaskGroup(of: Void.self) { group in
    for request in batch {
        group.addTask { await request.send(through: session) }
    }
}
let finished = await recorder.finishedRequests(count: batch.count, timeout: 10)
display.show(rewriter.requestsInFlight)
display.finish()
live.stop()
print(String(format: "All done in %.2f s; peak in flight: %d.", Date().timeIntervalSince(started), display.peak))
print("")

let rows = ActivityTable.rows(for: batch, finished: finished)
print(ActivityTable.render(rows))

// What observers see of the request that carried a secret.
let authorized = rows.first { $0.request.headers["Authorization"] != nil }?.event
print("")
print("Request headers of \(authorized?.url ?? "the authorized request") as observers see them:")
for field in authorized?.requestHeaders ?? [:] { print("  \(field.name): \(field.value)") }

var problems = ActivityTable.problems(rows, expectedCount: batch.count)
if authorized?.requestHeaders["Authorization"] != "<redacted>" {
    problems.append("observers saw the Authorization header unredacted")
}
if server.requests(withHeader: "Authorization", value: BatchRequest.secret).isEmpty {
    problems.append("the server did not receive the real Authorization header")
}
if display.peak < 2 { problems.append("the requests did not overlap (peak in flight \(display.peak))") }
if rewriter.requestsInFlight != 0 { problems.append("\(rewriter.requestsInFlight) requests still in flight") }

session.finishTasksAndInvalidate()
rewriter.uninstall()
server.stop()
print("")
if problems.isEmpty {
    print("The table is as expected: \(batch.count) requests, every status, source, rule and byte count checked.")
    exit(0)
}
print("\(problems.count) problem\(problems.count == 1 ? "" : "s"):")
for problem in problems { print("  - \(problem)") }
exit(1)
