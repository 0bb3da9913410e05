// RecordReplay: record real traffic into a rule file, stop the server, replay it.
//
//   swift run RecordReplay [FOLDER]
//
// Starts a loopback server, sends a few requests through a session with a rewriter that
// captures them, writes the recording (FOLDER/example.rules and FOLDER/bodies/) and a
// HAR 1.2 export (FOLDER/example.har), stops the server, and sends the same requests
// through a session that replays the recording, whose capture becomes an HTML report of
// what the recorded rules answered (FOLDER/replay-report.html). FOLDER defaults to a new
// temporary folder.
//
// Exit status: 0 when every replayed answer matches the recorded one byte for byte.
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import RewriteKit
import RewriteTestSupport

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("RecordReplay: error: \(message)\n".utf8))
    exit(1)
}

let folder = CommandLine.arguments.count > 1
    ? URL(fileURLWithPath: CommandLine.arguments[1])
    : FileManager.default.temporaryDirectory.appendingPathComponent("RecordReplay-\(UUID().uuidString)")

let server: TestHTTPServer
do { server = try TestHTTPServer() } catch { fail("cannot start the loopback server: \(error)") }

/// The requests the "app" makes: JSON, a feed that fails once then works, a JSON search,
/// and binary bytes fetched with a token that must not end up in any file.
func requests() -> [URLRequest] {
    var search = URLRequest(url: server.url("/anything/search"))
    search.httpMethod = "POST"
    search.setValue("application/json", forHTTPHeaderField: "Content-Type")
    search.httpBody = Data(#"{"query": "mugs", "page": 1}"#.utf8)
    var image = URLRequest(url: server.url("/bytes/4096?seed=3"))
    image.setValue("Bearer s3cr3t-t0ken", forHTTPHeaderField: "Authorization")
    let feed = URLRequest(url: server.url("/sequence/feed?statuses=503,200"))
    return [URLRequest(url: server.url("/json")), feed, feed, search, image]
}

func send(_ requests: [URLRequest], through session: URLSession) async -> [(status: Int, body: Data)] {
    var answers: [(Int, Data)] = []
    for request in requests {
        do {
            let (data, response) = try await session.data(for: request)
            answers.append(((response as? HTTPURLResponse)?.statusCode ?? 0, data))
        } catch {
            answers.append((-1, Data("\(error)".utf8)))
        }
    }
    return answers
}

// 1. Record.
let recorder = Rewriter(ruleSets: [])
let configuration = URLSessionConfiguration.ephemeral
try recorder.install(in: configuration)
let session = URLSession(configuration: configuration)
let capture = recorder.startCapture()
let recorded = await send(requests(), through: session)
capture.stop()
session.finishTasksAndInvalidate()

let summary: RecordingSummary
do {
    summary = try capture.record(RecordingWriter(folder: folder, name: "example", mode: .all))
    try capture.archive.data().write(to: folder.appendingPathComponent("example.har"))
} catch {
    fail("cannot write the recording: \(error)")
}
print("Recorded \(summary.exchangesRecorded) exchanges into \(summary.rulesFile.path) (\(summary.rulesWritten) rules, \(summary.bodiesWritten) body files)")
print("and \(folder.appendingPathComponent("example.har").path) (HAR 1.2, \(capture.exchanges.count) entries).\n")
print((try? String(contentsOf: summary.rulesFile, encoding: .utf8)) ?? "")

// 2. Stop the server: from now on nothing answers on its port.
server.stop()
print("Server stopped. Replaying from the recording:")

// 3. Replay.
let replayer: Rewriter
do { replayer = try Rewriter(contentsOf: summary.rulesFile) } catch { fail("the recording does not load: \(error)") }
let replayConfiguration = URLSessionConfiguration.ephemeral
try replayer.install(in: replayConfiguration)
let replay = URLSession(configuration: replayConfiguration)
let replayCapture = replayer.startCapture()
let replayed = await send(requests(), through: replay)
replay.finishTasksAndInvalidate()
replayCapture.stop()
let reportFile = folder.appendingPathComponent("replay-report.html")
var replayReport = replayCapture.report
replayReport.title = "RecordReplay: the replay"
do { try replayReport.write(to: reportFile) } catch { fail("cannot write the report: \(error)") }

var mismatches = 0
for (index, request) in requests().enumerated() {
    let same = recorded[index].status == replayed[index].status && recorded[index].body == replayed[index].body
    if !same { mismatches += 1 }
    let path = request.url.map { $0.path + ($0.query.map { "?" + $0 } ?? "") } ?? "?"
    let line = "  \(same ? "✓" : "✗") \(request.httpMethod ?? "GET") \(path)".padding(toLength: 48, withPad: " ", startingAt: 0)
    print(line + "recorded \(recorded[index].status), \(recorded[index].body.count) B; replayed \(replayed[index].status), \(replayed[index].body.count) B")
}
if let leaked = try? FileManager.default.subpathsOfDirectory(atPath: folder.path).first(where: { file in
    (try? String(contentsOf: folder.appendingPathComponent(file), encoding: .isoLatin1))?.contains("s3cr3t-t0ken") == true
}) {
    fail("\(leaked) holds the token")
}
guard mismatches == 0 else { fail("\(mismatches) replayed answers differ from the recorded ones") }
print("Every answer replayed byte for byte, with the server stopped; no file holds the token.")
print("What the recorded rules did to each request: \(reportFile.path)")
