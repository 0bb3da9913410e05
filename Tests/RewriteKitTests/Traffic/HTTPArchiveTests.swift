import Foundation
import Testing

@testable import RewriteKit

/// HAR 1.2 out (every required field) and in (exports of other tools, with their quirks).
@Suite("HTTP Archive")
struct HTTPArchiveTests {
    static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/har")

    static func exchanges() -> [RecordedExchange] {
        var post = HTTPRequest(method: "POST", url: "https://api.example.com/v1/items?draft=true", headers: ["Content-Type": "application/json", "Cookie": "a=1; b=2"])!
        post.body = Array(#"{"name":"mug"}"#.utf8)
        let binary = (0..<256).map { UInt8($0) }
        return [
            RecordedExchange(
                request: post, response: HTTPResponse(status: 201, headers: ["Content-Type": "application/json", "Set-Cookie": "s=9; Path=/"], body: Array(#"{"id":1}"#.utf8)),
                startedAt: Date(timeIntervalSince1970: 1_800_000_000.25), duration: 0.0425, appliedRules: [RuleReference(name: "stamp", file: "api.rules", line: 3)]),
            RecordedExchange(
                request: HTTPRequest(method: "GET", url: "https://api.example.com/v1/logo")!,
                response: HTTPResponse(status: 200, headers: ["Content-Type": "image/png"], body: binary),
                startedAt: Date(timeIntervalSince1970: 1_800_000_001)),
            RecordedExchange(
                request: HTTPRequest(method: "GET", url: "https://api.example.com/v1/stubbed")!,
                response: HTTPResponse(status: 404), source: .stub, startedAt: Date(timeIntervalSince1970: 1_800_000_002), appliedRules: [RuleReference(name: "missing", file: "stubs.rules", line: 12)]),
            RecordedExchange(
                request: HTTPRequest(method: "GET", url: "https://down.example.com/")!, response: nil, source: .network,
                error: RequestError(URLError(.timedOut)), startedAt: Date(timeIntervalSince1970: 1_800_000_003), duration: 60),
            RecordedExchange(
                request: HTTPRequest(method: "POST", url: "https://pay.example.com/charge")!, response: nil, source: .failure,
                error: RequestError(domain: "com.myapp.payments", code: 402), startedAt: Date(timeIntervalSince1970: 1_800_000_004),
                appliedRules: [RuleReference(name: "declined", file: "stubs.rules", line: 40)]),
        ]
    }

    /// Every field HAR 1.2 requires, with its type, checked on `value` at `path`.
    /// `2026-12-02T13:45:02.123Z`: each `9` of the template a digit, anything else itself.
    static func isISO8601WithMilliseconds(_ text: String) -> Bool {
        let template = "9999-99-99T99:99:99.999Z"
        return text.count == template.count && zip(text, template).allSatisfy { $1 == "9" ? $0.isASCII && $0.isNumber : $0 == $1 }
    }

    static func checkRequired(_ object: Any?, _ fields: [String: String], at path: String) -> [String] {
        guard let object = object as? [String: Any] else { return ["\(path): not an object"] }
        var problems: [String] = []
        for (name, type) in fields {
            let value = object[name]
            let ok: Bool
            switch type {
            case "string": ok = value is String
            case "number": ok = value is NSNumber
            case "array": ok = value is [Any]
            case "object": ok = value is [String: Any]
            default: ok = false
            }
            if !ok { problems.append("\(path).\(name): expected \(type), found \(String(describing: value))") }
        }
        return problems
    }

    @Test("an export has every field HAR 1.2 requires, time is the sum of the timings, binary bodies are base64")
    func schema() throws {
        let data = HTTPArchive(exchanges: Self.exchanges()).data()
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let log = try #require(root["log"] as? [String: Any])
        var problems = Self.checkRequired(log, ["version": "string", "creator": "object", "pages": "array", "entries": "array"], at: "log")
        #expect(log["version"] as? String == "1.2")
        problems += Self.checkRequired(log["creator"], ["name": "string", "version": "string"], at: "log.creator")
        let entries = try #require(log["entries"] as? [[String: Any]])
        #expect(entries.count == Self.exchanges().count)
        for (index, entry) in entries.enumerated() {
            let at = "log.entries[\(index)]"
            problems += Self.checkRequired(entry, [
                "startedDateTime": "string", "time": "number", "request": "object", "response": "object", "cache": "object", "timings": "object",
            ], at: at)
            problems += Self.checkRequired(entry["request"], [
                "method": "string", "url": "string", "httpVersion": "string", "cookies": "array", "headers": "array",
                "queryString": "array", "headersSize": "number", "bodySize": "number",
            ], at: at + ".request")
            problems += Self.checkRequired(entry["response"], [
                "status": "number", "statusText": "string", "httpVersion": "string", "cookies": "array", "headers": "array",
                "content": "object", "redirectURL": "string", "headersSize": "number", "bodySize": "number",
            ], at: at + ".response")
            problems += Self.checkRequired((entry["response"] as? [String: Any])?["content"], ["size": "number", "mimeType": "string"], at: at + ".response.content")
            problems += Self.checkRequired(entry["timings"], ["send": "number", "wait": "number", "receive": "number"], at: at + ".timings")
            let timings = try #require(entry["timings"] as? [String: Double])
            let sum = timings.values.filter { $0 >= 0 }.reduce(0, +)
            #expect(abs(sum - (entry["time"] as? Double ?? -1)) < 0.001, "\(at): time is the sum of the timings")
            let started = try #require(entry["startedDateTime"] as? String)
            #expect(Self.isISO8601WithMilliseconds(started), "\(started) is ISO 8601 with milliseconds")
            #expect((entry["_rewrite"] as? [String: Any])?["source"] is String)
        }
        #expect(problems.isEmpty, "\(problems)")
        let post = try #require(entries[0]["request"] as? [String: Any])
        #expect((post["postData"] as? [String: Any])?["text"] as? String == #"{"name":"mug"}"#)
        #expect((post["queryString"] as? [[String: String]]) == [["name": "draft", "value": "true"]])
        #expect((post["cookies"] as? [[String: String]])?.map { $0["name"] } == ["a", "b"])
        let rule = ((entries[0]["_rewrite"] as? [String: Any])?["rules"] as? [[String: Any]])?.first
        #expect(rule?["name"] as? String == "stamp")
        #expect(rule?["file"] as? String == "api.rules")
        #expect(rule?["line"] as? Int == 3)
        #expect(entries[0]["time"] as? Double == 42.5)
        let logo = try #require((entries[1]["response"] as? [String: Any])?["content"] as? [String: Any])
        #expect(logo["encoding"] as? String == "base64")
        #expect(Data(base64Encoded: logo["text"] as? String ?? "") == Data((0..<256).map { UInt8($0) }))
        let failed = try #require(entries[3]["response"] as? [String: Any])
        #expect(failed["status"] as? Int == 0)
        #expect((entries[3]["_rewrite"] as? [String: Any])?["error"] as? String == "NSURLErrorDomain -1001")
    }

    @Test("an export reads back as the same exchanges")
    func roundTrip() throws {
        let original = Self.exchanges()
        let read = try HTTPArchive(data: HTTPArchive(exchanges: original).data(), revealingSecrets: true)
        #expect(read.skippedEntries.isEmpty)
        #expect(read.creator == "RewriteKit \(HTTPArchive.version)")
        #expect(read.exchanges.map(\.request) == original.map(\.request))
        #expect(read.exchanges.map(\.response) == original.map(\.response))
        #expect(read.exchanges.map(\.source) == original.map(\.source))
        #expect(read.exchanges.map(\.error) == original.map(\.error))
        #expect(read.exchanges.map(\.startedAt) == original.map(\.startedAt))
        #expect(read.exchanges.map(\.appliedRules) == original.map(\.appliedRules), "each rule with its file and line")
    }

    @Test("a stream's message times are seconds in the API and milliseconds in the HAR, and read back the same")
    func messageTimesInSeconds() throws {
        let body = Array("data: a\n\ndata: b\n\n".utf8)
        var exchange = RecordedExchange(
            request: HTTPRequest(method: "GET", url: "https://api.example.com/events")!,
            response: HTTPResponse(status: 200, headers: ["Content-Type": "text/event-stream"], body: body))
        let marks = [RecordedMessage(offset: 0, time: 0.0005), RecordedMessage(offset: 9, time: 0.1508)]
        exchange.messages = marks
        let data = HTTPArchive(exchanges: [exchange]).data()
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let entry = try #require(((root["log"] as? [String: Any])?["entries"] as? [[String: Any]])?.first)
        let content = try #require((entry["response"] as? [String: Any])?["content"] as? [String: Any])
        let written = try #require((content["_rewrite"] as? [String: Any])?["messages"] as? [[String: Any]])
        #expect(written.map { $0["time"] as? Double } == [0.5, 150.8], "milliseconds in the file")
        #expect(try HTTPArchive(data: data).exchanges.first?.messages == marks)
    }

    @Test("a HAR an earlier version wrote names its rules alone: they read as rules known by name")
    func rulesByNameAlone() throws {
        let har = #"{"log": {"version": "1.2", "creator": {"name": "RewriteKit", "version": "0.9"}, "entries": [{"#
            + #""startedDateTime": "2026-12-02T13:45:02.123Z", "time": 1, "#
            + #""request": {"method": "GET", "url": "https://api.example.com/a", "httpVersion": "HTTP/1.1", "cookies": [], "headers": [], "#
            + #""queryString": [], "headersSize": -1, "bodySize": 0}, "#
            + #""response": {"status": 200, "statusText": "OK", "httpVersion": "HTTP/1.1", "cookies": [], "headers": [], "#
            + #""content": {"size": 0, "mimeType": "text/plain", "text": ""}, "redirectURL": "", "headersSize": -1, "bodySize": 0}, "#
            + #""cache": {}, "timings": {"send": 0, "wait": 1, "receive": 0}, "#
            + #""_rewrite": {"rules": ["stamp", {"name": "wrap", "file": "api.rules", "line": 7}], "source": "network"}}]}}"#
        let read = try HTTPArchive(data: Data(har.utf8))
        let rules = try #require(read.exchanges.first?.appliedRules)
        #expect(rules == [RuleReference(name: "stamp", file: "", line: 0), RuleReference(name: "wrap", file: "api.rules", line: 7)])
        #expect(rules.map(\.description) == [#""stamp""#, #""wrap" (api.rules:7)"#])
    }

    @Test("secrets read from a HAR are redacted unless asked for")
    func readingRedacts() throws {
        let data = HTTPArchive(exchanges: Self.exchanges()).data()
        let read = try HTTPArchive(data: data)
        #expect(read.exchanges[0].request.headers["Cookie"] == "<redacted>")
        #expect(read.exchanges[0].response?.headers["Set-Cookie"] == "<redacted>")
        #expect(read.exchanges[0].request.headers["Content-Type"] == "application/json")
        let browser = try HTTPArchive(data: Data(contentsOf: Self.fixtures.appendingPathComponent("browser-export.har")))
        #expect(browser.exchanges[0].request.headers["Authorization"] == "<redacted>")
        #expect(try HTTPArchive(data: data, revealingSecrets: true).exchanges[0].request.headers["Cookie"] == "a=1; b=2")
    }

    @Test("a browser's export imports: quirks handled, unusable entries named, the recording checks clean and replays in order")
    func browserExport() throws {
        let archive = try HTTPArchive(data: Data(contentsOf: Self.fixtures.appendingPathComponent("browser-export.har")))
        #expect(archive.creator == "Firefox 120.0")
        #expect(archive.skippedEntries.count == 1)
        #expect(archive.skippedEntries.first?.hasPrefix("entry 6: GET data:image/gif") == true)
        #expect(archive.exchanges.count == 8)
        #expect(archive.exchanges[6].request.method == "POST", "methods are upper-cased")
        #expect(archive.exchanges[6].request.headers.contains(":authority") == false, "pseudo-headers are not headers")
        #expect(archive.exchanges[2].request.body.map { String(decoding: $0, as: UTF8.self) } == "user=ann%40example.com&remember=yes")
        #expect(archive.exchanges[3].response?.body.count == 67, "base64 content decoded")

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("har-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let summary = try RecordingWriter(folder: folder, name: "shop").write(archive.exchanges)
        #expect(summary.rulesWritten == 6, "\(summary)")
        #expect(summary.skipped.count == 2, "the blocked beacon and the body the browser did not keep: \(summary.skipped)")
        for file in try FileManager.default.subpathsOfDirectory(atPath: folder.path) {
            let text = String(decoding: (try? Data(contentsOf: folder.appendingPathComponent(file))) ?? Data(), as: UTF8.self)
            #expect(!text.contains("HAR-CANARY"), "\(file) holds a secret")
        }
        let recorded = archive.exchanges.filter { $0.response != nil && $0.hasCompleteBody }
        let answers = try RecordingWriterTests.replay(summary.rulesFile, recorded)
        #expect(answers.map { $0?.0 } == recorded.map { $0.response?.status })
        #expect(answers.map { $0?.1 } == recorded.map { String(decoding: $0.response?.body ?? [], as: UTF8.self) })
    }

    @Test("a recording tells http from https on default ports: each hop of a redirect chain answers only its own URL")
    func schemesAreMatched() throws {
        let archive = try HTTPArchive(data: Data(contentsOf: Self.fixtures.appendingPathComponent("chromium-redirect.har")))
        #expect(archive.exchanges.map(\.request.url.description) == ["https://theverge.com/", "http://www.theverge.com/", "https://www.theverge.com/"])
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("har-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let summary = try RecordingWriter(folder: folder, name: "verge").write(archive.exchanges)
        let answers = try RecordingWriterTests.replay(summary.rulesFile, archive.exchanges)
        // Before, https://www.theverge.com/ was answered by the http hop's 301 to itself.
        #expect(answers.map { $0?.0 } == [301, 301, 200])
    }

    @Test("a call whose body the HAR lacks keeps its place: the calls after it get their own answers, in order",
          .enabled(if: SharedData.url("har-corpus/chrome-51--harviewer.har") != nil, "needs ../shared/har-corpus; CI has it"))
    func unreplayableCallsKeepTheirPlace() throws {
        let file = try #require(SharedData.url("har-corpus/chrome-51--harviewer.har"))
        let archive = try HTTPArchive(data: Data(contentsOf: file))
        let page = archive.exchanges.filter { $0.request.url.description == "http://gitgrimbo.github.io/harviewer/issue-62/" }
        #expect(page.map { $0.response?.status } == [200, 304, 304])
        #expect(page.map(\.hasCompleteBody) == [false, true, true], "the 200's body is not in the HAR (a 304 has none)")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("har-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let summary = try RecordingWriter(folder: folder, name: "harviewer").write(archive.exchanges)
        let pipeline = Pipeline(ruleSet: try RuleSet(contentsOf: summary.rulesFile))
        let answers = page.map { exchange -> Int? in
            guard case .respond(let stub) = pipeline.processRequest(exchange.request).disposition else { return nil }
            return stub.status
        }
        // Before, the first call (whose 200 the HAR lacks) got the second call's 304, and the
        // second the third's.
        #expect(answers == [nil, 304, 304], "the call without its body goes to the network; the 304s are replayed")
    }

    @Test("a HAR that says it holds no bodies (no size, bodySize -1) is not read as empty bodies",
          .enabled(if: SharedData.url("har-corpus/firefox-111--mitmproxy.har") != nil, "needs ../shared/har-corpus; CI has it"))
    func unknownBodiesAreNotEmpty() throws {
        let file = try #require(SharedData.url("har-corpus/firefox-111--mitmproxy.har"))
        let archive = try HTTPArchive(data: Data(contentsOf: file))
        let unknown = archive.exchanges.filter { !$0.hasCompleteBody }
        #expect(unknown.count == 5, "the five entries mitmproxy wrote without their bodies")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("har-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let summary = try RecordingWriter(folder: folder, name: "mitmproxy").write(archive.exchanges)
        let said = summary.skipped.filter { $0.contains("the HAR holds no body for this response (it says: Response bodies are not included.)") }
        #expect(said.count == 5, "\(summary.skipped)")
        // Before, each was recorded as `respond 200` with an empty body.
        let pipeline = Pipeline(ruleSet: try RuleSet(contentsOf: summary.rulesFile))
        for exchange in unknown {
            if case .respond(let stub) = pipeline.processRequest(exchange.request).disposition {
                #expect(!stub.body.isEmpty, "\(exchange.request.url) is not answered with an empty body")
            }
        }
    }

    @Test("a cookie holding ordinary text is redacted in its cookie only: the same URL or timestamp elsewhere is replayed as it was",
          .enabled(if: SharedData.url("har-corpus/firebug-1.12--haralyzer-cnn.har") != nil, "needs ../shared/har-corpus; CI has it"))
    func ordinaryCookieTextIsNotScrubbedElsewhere() throws {
        let file = try #require(SharedData.url("har-corpus/firebug-1.12--haralyzer-cnn.har"))
        let archive = try HTTPArchive(data: Data(contentsOf: file))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("har-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let summary = try RecordingWriter(folder: folder, name: "cnn").write(archive.exchanges)
        var written = ""
        for name in try FileManager.default.subpathsOfDirectory(atPath: folder.path) {
            written += String(decoding: (try? Data(contentsOf: folder.appendingPathComponent(name))) ?? Data(), as: UTF8.self)
        }
        // Before: `content="1800;url=<redacted>/?refresh=1"` and `X-Timer: S<redacted>.078731`.
        #expect(written.contains(#"content="1800;url=http://www.cnn.com/?refresh=1""#))
        #expect(!written.contains("url=<redacted>") && !written.contains("S<redacted>"))
        #expect(summary.rulesWritten > 0)
        #expect(SecretValues.looksSecret("eyJhbGciOiJIUzI1NiJ9x") && SecretValues.looksSecret("CANARY-7f3a9c"))
        #expect(!SecretValues.looksSecret("1424574938.109922") && !SecretValues.looksSecret("http%3A%2F%2Fwww.cnn.com"))
    }

    @Test("a large HAR of redirects reads hop by hop")
    func manyRedirects() throws {
        var entries: [String] = []
        for number in 0..<20_000 {
            entries.append(#"{"request": {"method": "GET", "url": "https://a.test/r\#(number)"}, "response": {"status": 302, "headers": [{"name": "Location", "value": "/nowhere"}], "content": {"size": 0}}}"#)
        }
        entries.append(#"{"request": {"method": "GET", "url": "https://a.test/start"}, "response": {"status": 301, "headers": [{"name": "location", "value": "https://a.test/end"}]}}"#)
        entries.append(#"{"request": {"method": "GET", "url": "https://a.test/end"}, "response": {"status": 200, "content": {"size": 3, "text": "end"}}}"#)
        let archive = try HTTPArchive(data: Data((#"{"log": {"entries": ["# + entries.joined(separator: ",") + "]}}").utf8))
        #expect(archive.exchanges.count == 20_002, "every hop is an exchange of its own")
        #expect(archive.exchanges.suffix(2).map { $0.response?.status } == [301, 200])
    }

    @Test("what is not a HAR file is an error that says where, with its line and column", arguments: [
        ("{", "not a HAR file: not valid JSON: expected string key or '}' at start of object, found end of input", 1, 2),
        ("{\n  \"entries\": []}", "not a HAR file: log: missing", 1, 1),
        (#"{"log": {"entries": [{"request": {"url": "https://a.test/"}}]}}"#, "not a HAR file: log.entries[0].request.method: missing", 1, 34),
        ("{\"log\": {\"entries\": [\n  {\"request\": {\"method\": \"GET\", \"url\": 5}}]}}", "not a HAR file: log.entries[0].request.url: expected a string, found a number", 2, 40),
        ("{\"log\": {}}", "not a HAR file: log.entries: missing", 1, 9),
        ("\u{FEFF}{\"log\": {\"entries\": 3}}", "not a HAR file: log.entries: expected an array, found a number", 1, 22),
    ])
    func malformed(text: String, message: String, line: Int, column: Int) {
        do {
            _ = try HTTPArchive(data: Data(text.utf8))
            Issue.record("read as a HAR: \(text)")
        } catch let error as HTTPArchiveError {
            #expect("\(error)" == message)
            #expect(error.localizedDescription == message, "an app that shows localizedDescription shows the same sentence")
            #expect(error.location.line == line && error.location.column == column, "\(error): \(error.location)")
        } catch {
            Issue.record("\(error)")
        }
    }
}
