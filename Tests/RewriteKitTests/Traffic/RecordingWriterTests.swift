import Foundation
import Testing

@testable import RewriteKit

/// The recording writer: rule text a person can read, that loads clean and answers each
/// recorded request as it was answered, in every mode.
@Suite("Recording writer")
struct RecordingWriterTests {
    /// A fresh folder, removed after the test.
    static func folder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("writer-\(UUID().uuidString)")
    }

    static func exchange(
        _ url: String, method: String = "GET", status: Int = 200, body: String = "", type: String = "application/json",
        requestBody: String? = nil, headers: [(String, String)] = []
    ) -> RecordedExchange {
        let request = HTTPRequest(method: method, url: url, body: requestBody.map { Array($0.utf8) })!
        let response = HTTPResponse(status: status, headers: HTTPHeaders([("Content-Type", type)] + headers), body: Array(body.utf8))
        return RecordedExchange(request: request, response: response)
    }

    /// What the written rules answer to each request, in order, through one pipeline (so
    /// `times` counts carry over): status and body text, or nil when no rule answers.
    static func replay(_ file: URL, _ requests: [RecordedExchange]) throws -> [(Int, String)?] {
        let ruleSet = try RuleSet(contentsOf: file)
        #expect(ruleSet.warnings.isEmpty, "\(ruleSet.warnings)")
        let pipeline = Pipeline(ruleSet: ruleSet)
        return requests.map { exchange in
            guard case .respond(let stub) = pipeline.processRequest(exchange.request).disposition else { return nil }
            return (stub.status, String(decoding: stub.body, as: UTF8.self))
        }
    }

    @Test("each distinct request is a rule; repeated calls answered differently are times rules in order, the last one open")
    func repeatedCalls() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let feed = "https://api.example.com/v1/feed"
        let calls = [
            Self.exchange(feed, status: 503, body: #"{"error":"busy"}"#),
            Self.exchange(feed, body: #"{"items":[1]}"#),
            Self.exchange(feed, body: #"{"items":[1]}"#),
            Self.exchange(feed, body: #"{"items":[1,2]}"#),
            Self.exchange("https://api.example.com/v1/user", body: #"{"id":7}"#),
        ]
        let summary = try RecordingWriter(folder: folder, name: "api").write(calls)
        #expect(summary.rulesWritten == 4)
        #expect(summary.exchangesRecorded == 5)
        let text = try String(contentsOf: summary.rulesFile, encoding: .utf8)
        #expect(text.components(separatedBy: "times 1").count == 2, "503 once")
        #expect(text.contains("times 2"), "two identical answers in a row are one rule")
        let answers = try Self.replay(summary.rulesFile, calls + [Self.exchange(feed)])
        #expect(answers.map { $0?.0 } == [503, 200, 200, 200, 200, 200])
        #expect(answers.map { $0?.1 } == [#"{"error":"busy"}"#, #"{"items":[1]}"#, #"{"items":[1]}"#, #"{"items":[1,2]}"#, #"{"id":7}"#, #"{"items":[1,2]}"#])
    }

    @Test("a request with a query or body is never answered by a rule recorded without them")
    func specificFirst() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let calls = [
            Self.exchange("https://a.test/search", body: "all"),
            Self.exchange("https://a.test/search?q=shoes&page=2", body: "shoes 2"),
            Self.exchange("https://a.test/search?q=shoes", body: "shoes"),
            Self.exchange("https://a.test/search", method: "POST", body: "posted a", requestBody: #"{"a": 1, "b": [true, null]}"#),
            Self.exchange("https://a.test/search", method: "POST", body: "posted b", requestBody: #"{"a": 2}"#),
        ]
        let summary = try RecordingWriter(folder: folder).write(calls)
        // Query order and JSON key order do not matter.
        let reordered = [
            Self.exchange("https://a.test/search?page=2&q=shoes"),
            Self.exchange("https://a.test/search", method: "POST", requestBody: #"{"b": [true, null],"a":1}"#),
        ]
        let answers = try Self.replay(summary.rulesFile, calls + reordered)
        #expect(answers.map { $0?.1 } == ["all", "shoes 2", "shoes", "posted a", "posted b", "shoes 2", "posted a"])
    }

    @Test("request values are data: quotes, backslashes, ${…} and control characters cannot change the rule")
    func hostileValues() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let query = "a%22%20%7D%0Arule%20%22x%22%20%7B%20respond%20500%20%7D%20%24%7Benv.HOME%7D%5C"
        let calls = [
            Self.exchange("https://a.test/p%22ath/$%7B1%7D?v=\(query)", body: "ok", headers: [("X-Note", "say \"hi\" ${env.HOME} \\ done")]),
            Self.exchange("https://a.test/text", method: "POST", body: "text", type: "text/plain", requestBody: "line one\nline \"two\" ${uuid}\t\u{1}"),
        ]
        let summary = try RecordingWriter(folder: folder).write(calls)
        let ruleSet = try RuleSet(contentsOf: summary.rulesFile)
        #expect(ruleSet.ruleCount == 2)
        let answers = try Self.replay(summary.rulesFile, calls)
        #expect(answers.map { $0?.1 } == ["ok", "text"])
        guard case .respond(let stub) = Pipeline(ruleSet: ruleSet).processRequest(calls[0].request).disposition else {
            Issue.record("not answered")
            return
        }
        #expect(stub.headers["X-Note"] == "say \"hi\" ${env.HOME} \\ done", "the header value is written as data, not a template")
    }

    @Test("once keeps an existing recording; new appends only what it does not answer; all replaces it and its bodies")
    func modes() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = [Self.exchange("https://a.test/one", body: "1"), Self.exchange("https://a.test/two", body: "2")]
        let written = try RecordingWriter(folder: folder, name: "r", mode: .once).write(first)
        let before = try Data(contentsOf: written.rulesFile)

        let again = try RecordingWriter(folder: folder, name: "r", mode: .once).write([Self.exchange("https://a.test/three", body: "3")])
        #expect(again.keptExisting && again.rulesWritten == 0)
        #expect(try Data(contentsOf: written.rulesFile) == before, "record once never rewrites")

        let grown = try RecordingWriter(folder: folder, name: "r", mode: .new)
            .write([Self.exchange("https://a.test/two", body: "changed"), Self.exchange("https://a.test/three", body: "3")])
        #expect(grown.rulesWritten == 1)
        #expect(grown.skipped == ["GET https://a.test/two: already recorded"])
        let probes = ["one", "two", "three"].map { Self.exchange("https://a.test/\($0)") }
        #expect(try Self.replay(written.rulesFile, probes).map { $0?.1 } == ["1", "2", "3"])

        let replaced = try RecordingWriter(folder: folder, name: "r", mode: .all).write([Self.exchange("https://a.test/four", body: "4")])
        #expect(replaced.rulesWritten == 1)
        #expect(try Self.replay(written.rulesFile, probes).map { $0?.1 } == [nil, nil, nil])
        let bodies = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("bodies").path)
        #expect(bodies.count == 1, "the replaced recording's bodies are gone: \(bodies)")
    }

    @Test("answers from rules, failures and incomplete bodies are skipped with a reason; secrets are redacted; transfer headers dropped")
    func skippedAndRedacted() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var stubbed = Self.exchange("https://a.test/stub")
        stubbed.source = .stub
        stubbed.serverResponse = nil
        let failed = RecordedExchange(request: HTTPRequest(method: "GET", url: "https://a.test/down")!, response: nil, error: RequestError(URLError(.timedOut)))
        var partial = Self.exchange("https://a.test/big", body: "…")
        partial.hasCompleteBody = false
        let kept = Self.exchange("https://a.test/me?api_key=k3y-VALUE", body: "{}", headers: [
            ("Set-Cookie", "sid=abc123; Path=/"), ("X-Api-Key", "s3cr3t-value"), ("Date", "Tue, 24 Nov 2026 10:00:00 GMT"),
            ("Content-Length", "2"), ("Cache-Control", "no-store"),
        ])
        var writer = RecordingWriter(folder: folder)
        writer.redactedHeaderNames.insert("X-Api-Key")
        let summary = try writer.write([stubbed, failed, partial, kept])
        #expect(summary.rulesWritten == 1)
        #expect(summary.skipped.count == 3, "\(summary.skipped)")
        let text = try String(contentsOf: summary.rulesFile, encoding: .utf8)
        #expect(!text.contains("k3y-VALUE") && !text.contains("s3cr3t-value") && !text.contains("abc123"))
        #expect(text.contains(#"header "X-Api-Key" "<redacted>""#))
        #expect(text.contains(#"header "Cache-Control" "no-store""#))
        #expect(!text.contains("Set-Cookie") && !text.contains("Date") && !text.contains("Content-Length"))
        #expect(text.contains(#"# query "api_key" is a secret: not matched"#))
    }

    @Test("mode all removes only body files it could have written; a name with a path is refused")
    func allRemovesOnlyItsOwnFiles() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bodies = folder.appendingPathComponent("bodies")
        try FileManager.default.createDirectory(at: bodies, withIntermediateDirectories: true)
        try Data("keep".utf8).write(to: bodies.appendingPathComponent("notes.txt"))
        try Data("old".utf8).write(to: bodies.appendingPathComponent("001-get-old.json"))
        for name in ["002-get-events.sse", "002-get-events.timing", "003-Get-Upper.json"] {
            try Data("old".utf8).write(to: bodies.appendingPathComponent(name))
        }
        try Data("""
            # An existing file naming paths a writer never writes.
            rule "r" {
                respond 200 { body file "bodies/notes.txt" }
            }
            rule "s" {
                when path == "/old"
                respond 200 { body file "bodies/001-get-old.json" }
            }
            rule "t" {
                when path == "/events"
                respond 200 { stream file "bodies/002-get-events.sse" }
            }
            # body file "bodies/.."
            # body file "bodies/003-Get-Upper.json" (capitals: not a name the writer gives)

            """.utf8).write(to: folder.appendingPathComponent("recording.rules"))
        _ = try RecordingWriter(folder: folder, mode: .all).write([Self.exchange("https://a.test/new", body: "new")])
        let left = try FileManager.default.contentsOfDirectory(atPath: bodies.path).sorted()
        #expect(
            left == ["003-Get-Upper.json", "004-get-new.txt", "notes.txt"],
            "the old recording's body and stream (with its timing) are gone, the files it did not write stay (and new numbers follow theirs)")
        #expect(throws: CocoaError.self) { try RecordingWriter(folder: folder, name: "../escape").write([]) }
    }
}
