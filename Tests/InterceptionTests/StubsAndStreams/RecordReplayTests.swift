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

    /// Sends every request through `replay` and compares with what the app got while
    /// recording: status, body bytes, and headers but the transfer ones.
    static func check(_ replay: URLSession, against recorded: [Fetched], base: URL) async throws {
        for (index, (name, request, caller)) in requests(base).enumerated() {
            let fetched = await caller.fetch(request, in: replay)
            #expect(fetched.error == nil, "\(name): \(String(describing: fetched.error))")
            #expect(fetched.status == recorded[index].status, "\(name)")
            // A body that echoed a secret replays with the secret redacted, and only that changed.
            // (A whole secret value goes first where it looks like a credential itself,
            // `session=…`, `id=…`; `Bearer …` has a space, so its token alone is replaced.)
            var echoed = String(decoding: recorded[index].data, as: UTF8.self)
            for prefix in ["session=", "id=", ""] { echoed = echoed.replacingOccurrences(of: prefix + canary, with: "<redacted>") }
            let expectedBody = ["secrets", "Set-Cookie"].contains(name) ? Data(echoed.utf8) : recorded[index].data
            #expect(fetched.data == expectedBody, "\(name): \(fetched.data.count) bytes against \(recorded[index].data.count)")
            #expect(comparableHeaders(fetched.response) == comparableHeaders(recorded[index].response), "\(name)")
        }
    }

    @Test("record against the loopback server, stop it, replay the recording and its HAR export: same statuses, headers and body bytes; no secret written")
    func recordStopReplay() async throws {
        let server = try TestHTTPServer()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("record-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }

        // Record.
        let recorder = Rewriter(ruleSets: [])
        let configuration = URLSessionConfiguration.ephemeral
        try recorder.install(in: configuration)
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
        // Every hop is an exchange of its own: the requests, and the chain's two redirects.
        let hops = Self.requests(server.baseURL).count + 2
        #expect(summary.exchangesRecorded == hops, "\(summary.skipped)")
        #expect(try String(contentsOf: summary.rulesFile, encoding: .utf8).contains("respond 302 {"), "the chain's hops replay as redirects")
        #expect(summary.skipped.isEmpty)
        // The same traffic exported as HAR 1.2 (no secret in it either) and imported again: a second recording.
        let harData = capture.archive.data()
        #expect(!String(decoding: harData, as: UTF8.self).contains(Self.canary), "the HAR export holds the canary")
        let archive = try HTTPArchive(data: harData)
        #expect(archive.exchanges.count == capture.exchanges.count && archive.skippedEntries.isEmpty)
        let fromHAR = try RecordingWriter(folder: folder.appendingPathComponent("from-har"), name: "session").write(archive.exchanges)
        #expect(fromHAR.exchangesRecorded == hops, "\(fromHAR.skipped)")
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

        // Replay with the server stopped, from the recording and from the HAR's.
        let harReplayer = try Rewriter(contentsOf: fromHAR.rulesFile)
        let harConfiguration = URLSessionConfiguration.ephemeral
        try harReplayer.install(in: harConfiguration)
        let harReplay = URLSession(configuration: harConfiguration)
        try await Self.check(harReplay, against: recorded, base: server.baseURL)
        harReplay.finishTasksAndInvalidate()
        let replayer = try Rewriter(contentsOf: summary.rulesFile)
        replayer.reportsUnmatchedRequests = true
        let replayConfiguration = URLSessionConfiguration.ephemeral
        try replayer.install(in: replayConfiguration)
        let replay = URLSession(configuration: replayConfiguration)
        defer { replay.finishTasksAndInvalidate() }
        try await Self.check(replay, against: recorded, base: server.baseURL)

        // JSON bodies match as JSON: key order does not matter.
        var reordered = Self.requests(server.baseURL)[4].request
        reordered.httpBody = Data(#"{"filters": {"colors": ["red"], "size": 42}, "query": "shoes"}"#.utf8)
        let again = await Caller.async.fetch(reordered, in: replay)
        #expect(again.status == recorded[4].status && again.data == recorded[4].data)

        // An unrecorded request goes on as without the recording (here: nothing listens),
        // and the unmatched event names the nearest recorded rule.
        let events = Locked<[ActivityEvent]>([])
        let observation = replayer.addObserver { event in events.withLock { $0.append(event) } }
        defer { observation.stop() }
        let missing = await Caller.async.fetch(URLRequest(url: server.url("/jsonx")), in: replay)
        #expect(missing.error?.code == .cannotConnectToHost)
        var unmatched: ActivityEvent?
        for _ in 0..<200 where unmatched == nil {
            unmatched = events.withLock { $0.first { $0.kind == .unmatched } }
            if unmatched == nil { try await Task.sleep(nanoseconds: 50_000_000) }
        }
        let names = unmatched?.unmatched?.nearMisses.map(\.rule.name) ?? []
        #expect(names.first == "GET /json", "\(names)")
    }

    @Test("a capture sees all traffic only while it is held, keeps bodies up to its limit and at most its exchange limit")
    func captureLifetimeAndLimits() async throws {
        let server = LoopbackServer.shared
        let rewriter = Rewriter(ruleSets: [])
        let configuration = URLSessionConfiguration.ephemeral
        try rewriter.install(in: configuration)
        let session = URLSession(configuration: configuration)
        defer { session.finishTasksAndInvalidate() }
        let started = Locked(0)
        let observation = rewriter.addObserver { event in if event.kind == .started { started.withLock { $0 += 1 } } }
        defer { observation.stop() }

        var capture: TrafficCapture? = rewriter.startCapture(bodyLimit: 1_000, exchangeLimit: 2)
        var upload = URLRequest(url: server.url("/anything/upload"))
        upload.httpMethod = "POST"
        upload.httpBody = Data(repeating: 0x61, count: 2_000)
        for request in [URLRequest(url: server.url("/bytes/500")), URLRequest(url: server.url("/bytes/5000")), upload] {
            #expect(await Caller.async.fetch(request, in: session).status == 200)
        }
        let exchanges = capture?.exchanges ?? []
        #expect(exchanges.count == 2)
        #expect(capture?.droppedExchanges == 1)
        #expect(exchanges.first?.response?.body.count == 500 && exchanges.first?.hasCompleteBody == true)
        #expect(exchanges.last?.response?.body.isEmpty == true && exchanges.last?.hasCompleteBody == false, "a body over the limit is not kept")
        #expect(started.withLock { $0 } == 3, "with a capture, requests no rule is about go through the interceptor")

        capture = nil
        #expect(await Caller.async.fetch(URLRequest(url: server.url("/bytes/10")), in: session).status == 200)
        // The positive control: a new capture's request is intercepted. Its `.started`
        // comes after anything the request above caused (events arrive in order).
        let control = rewriter.startCapture()
        #expect(await Caller.async.fetch(URLRequest(url: server.url("/bytes/11")), in: session).status == 200)
        try await waitUntil { started.withLock { $0 } >= 4 }
        control.stop()
        #expect(started.withLock { $0 } == 4, "a released capture intercepts nothing: the rewriter has no rules; the one started is the control's")
    }

    @Test("a recording test session: the first run records, later runs replay offline, mode new appends what is missing")
    func testSessionRecording() async throws {
        let server = try TestHTTPServer()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("session-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let feed = URLRequest(url: server.url("/sequence/feed?statuses=503,200"))

        let first = try RewriteTestSession(recording: "feed", in: folder)
        #expect(first.isRecording)
        let live = [await Caller.async.fetch(feed, in: first.session), await Caller.async.fetch(feed, in: first.session)]
        #expect(live.map(\.status) == [503, 200])
        #expect(first.archive?.exchanges.count == 2)
        let written = try first.finishRecording()
        #expect(written?.rulesWritten == 2)
        first.invalidate()
        server.stop()

        let second = try RewriteTestSession(recording: "feed", in: folder)
        #expect(!second.isRecording, "record once: the recording exists, so it replays")
        let replayed = [await Caller.async.fetch(feed, in: second.session), await Caller.async.fetch(feed, in: second.session)]
        #expect(replayed.map(\.status) == [503, 200])
        #expect(replayed.map(\.data) == live.map(\.data))
        #expect(try second.finishRecording() == nil)
        second.invalidate()

        let again = try TestHTTPServer()
        defer { again.stop() }
        let third = try RewriteTestSession(recording: "feed", in: folder, mode: .new)
        #expect(await Caller.async.fetch(feed, in: third.session).status == 503, "replayed, not recorded again")
        #expect(await Caller.async.fetch(URLRequest(url: again.url("/json")), in: third.session).status == 200)
        let added = try third.finishRecording()
        #expect(added?.rulesWritten == 1, "\(String(describing: added))")
        third.invalidate()
    }
}
