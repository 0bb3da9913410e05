import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import RewriteKit
import RewriteTesting
import Testing

/// Recording real traffic into a rule file, then replaying it with the server gone.
@Suite("Record and replay, intercepted")
struct RecordReplayTests {
    static let canary = "CANARY-7f3a9c"

    /// The requests recorded and replayed: JSON, binary, gzip, a redirect chain, a JSON
    /// POST, a URL answered 503 then 200, secrets in headers, query and Set-Cookie.
    static func requests(_ base: URL) -> [(name: String, request: URLRequest, caller: Caller)] {
        func get(_ path: String) -> URLRequest { URLRequest(url: URL(string: path, relativeTo: base)!.absoluteURL) }
        var secret = get("/anything/profile?token=\(canary)&page=2")
        secret.setValue("Bearer \(canary)", forHTTPHeaderField: "Authorization")
        secret.setValue("session=\(canary)", forHTTPHeaderField: "Cookie")
        var post = URLRequest(url: URL(string: "/anything/search", relativeTo: base)!.absoluteURL)
        post.httpMethod = "POST"
        post.setValue("application/json", forHTTPHeaderField: "Content-Type")
        post.httpBody = Data(#"{"query": "shoes", "filters": {"size": 42, "colors": ["red"]}}"#.utf8)
        return [
            ("json", get("/json"), .async),
            ("binary, streamed to a delegate", get("/bytes/70000?seed=7"), .delegate),
            ("gzip", get("/gzip"), .async),
            ("redirect chain", get("/redirect/2"), .completionHandler),
            ("JSON POST", post, .async),
            ("first call fails", get("/sequence/feed?statuses=503,200"), .async),
            ("then it works", get("/sequence/feed?statuses=503,200"), .async),
            ("secrets", secret, .async),
            ("Set-Cookie", get("/response-headers?Set-Cookie=id%3D\(canary)&X-Kept=yes"), .async),
        ]
    }

    /// Headers a replay need not repeat: they describe one transfer.
    static let transferHeaders: Set<String> = ["date", "content-length", "content-encoding", "transfer-encoding", "connection", "keep-alive", "set-cookie"]

    static func comparableHeaders(_ response: HTTPURLResponse?) -> [String: String] {
        var result: [String: String] = [:]
        for (name, value) in response?.allHeaderFields ?? [:] {
            guard let name = name as? String, !transferHeaders.contains(name.lowercased()) else { continue }
            result[name.lowercased()] = value as? String
        }
        return result
    }

    @Test("record against the loopback server, stop it, replay: same statuses, headers and body bytes; no secret written")
    func recordStopReplay() async throws {
        let server = try TestHTTPServer()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("record-\(UUID().uuidString)")
        defer { if ProcessInfo.processInfo.environment["KEEP_RECORDING"] == nil { try? FileManager.default.removeItem(at: folder) } else { print("RECORDING", folder.path) } }

        // Record.
        let recorder = Rewriter(ruleSets: [])
        let configuration = URLSessionConfiguration.ephemeral
        recorder.install(in: configuration)
        let session = URLSession(configuration: configuration)
        let capture = recorder.startCapture()
        var recorded: [Fetched] = []
        for (name, request, caller) in Self.requests(server.baseURL) {
            let fetched = await caller.fetch(request, in: session)
            #expect(fetched.error == nil, "\(name): \(String(describing: fetched.error))")
            recorded.append(fetched)
        }
        session.finishTasksAndInvalidate()
        capture.stop()
        #expect(recorded[5].status == 503 && recorded[6].status == 200, "the server answers the sequence differently")
        let summary = try capture.record(RecordingWriter(folder: folder, name: "session", mode: .once))
        #expect(summary.exchangesRecorded == Self.requests(server.baseURL).count, "\(summary.skipped)")
        #expect(summary.skipped.isEmpty)
        server.stop()

        // The recording checks clean and holds no secret.
        let ruleSet = try RuleSet(contentsOf: summary.rulesFile)
        #expect(ruleSet.warnings.isEmpty, "\(ruleSet.warnings)")
        let text = try String(contentsOf: summary.rulesFile, encoding: .utf8)
        #expect(text.contains("times 1"), "the 503 is answered once, then the 200")
        #expect(text.contains("body == json"), "the POST is matched by its JSON body")
        for file in try FileManager.default.subpathsOfDirectory(atPath: folder.path) {
            let data = (try? Data(contentsOf: folder.appendingPathComponent(file))) ?? Data()
            #expect(!String(decoding: data, as: UTF8.self).contains(Self.canary), "\(file) holds the canary")
        }

        // Replay with the server stopped.
        let replayer = try Rewriter(contentsOf: summary.rulesFile)
        replayer.reportsUnmatchedRequests = true
        let replayConfiguration = URLSessionConfiguration.ephemeral
        replayer.install(in: replayConfiguration)
        let replay = URLSession(configuration: replayConfiguration)
        defer { replay.finishTasksAndInvalidate() }
        for (index, (name, request, caller)) in Self.requests(server.baseURL).enumerated() {
            let fetched = await caller.fetch(request, in: replay)
            #expect(fetched.error == nil, "\(name): \(String(describing: fetched.error))")
            #expect(fetched.status == recorded[index].status, "\(name)")
            // A body that echoed a secret replays with the secret redacted, and only that changed.
            // (A whole secret value goes first: `Bearer …`, `session=…`, `id=…`.)
            var echoed = String(decoding: recorded[index].data, as: UTF8.self)
            for prefix in ["Bearer ", "session=", "id=", ""] { echoed = echoed.replacingOccurrences(of: prefix + Self.canary, with: "<redacted>") }
            let expectedBody = Data(echoed.utf8)
            #expect(fetched.data == (["secrets", "Set-Cookie"].contains(name) ? expectedBody : recorded[index].data), "\(name): \(fetched.data.count) bytes against \(recorded[index].data.count)")
            var expected = Self.comparableHeaders(recorded[index].response)
            if name == "secrets" { expected["set-cookie"] = nil }
            #expect(Self.comparableHeaders(fetched.response) == expected, "\(name)")
        }

        // JSON bodies match as JSON: key order does not matter.
        var reordered = Self.requests(server.baseURL)[4].request
        reordered.httpBody = Data(#"{"filters": {"colors": ["red"], "size": 42}, "query": "shoes"}"#.utf8)
        let again = await Caller.async.fetch(reordered, in: replay)
        #expect(again.status == recorded[4].status && again.data == recorded[4].data)

        // An unrecorded request goes on as without the recording (here: nothing listens),
        // and the unmatched event names the nearest recorded rule.
        let events = Locked<[ActivityEvent]>([])
        let observation = replayer.addObserver { event in events.withLock { $0.append(event) } }
        defer { observation.cancel() }
        let missing = await Caller.async.fetch(URLRequest(url: server.url("/jsonx")), in: replay)
        #expect(missing.error?.code == .cannotConnectToHost)
        var unmatched: ActivityEvent?
        for _ in 0..<200 where unmatched == nil {
            unmatched = events.withLock { $0.first { $0.kind == .unmatched } }
            if unmatched == nil { try await Task.sleep(for: .milliseconds(50)) }
        }
        let names = unmatched?.nearMisses.map(\.rule.name) ?? []
        #expect(names.first == "GET /json", "\(names)")
    }
}
