import Foundation
import Testing
import RewriteKit

/// Inputs the fuzz targets (Fuzz/) flagged, kept so the decision made about each stays made.
/// Each test names the target and the input; see Fuzz/run.sh to reproduce.
@Suite("Fuzz regressions")
struct FuzzRegressionTests {
    /// Runs `body` through one request action of a one-rule pipeline.
    func processed(_ action: String, _ body: String) throws -> String {
        let rules = "rule \"r\" {\n    request { \(action) }\n}\n"
        let pipeline = Pipeline(ruleSets: [try RuleSet(rules: rules, name: "fuzz.rules")])
        let request = try #require(HTTPRequest(
            method: "POST", url: "https://fuzz.example/", headers: ["Content-Type": "application/json"],
            body: Array(body.utf8)))
        return String(decoding: pipeline.processRequest(request).request.body ?? [], as: UTF8.self)
    }

    /// FuzzJSON, input `  9e355 `: a number beyond Double's range is valid RFC 8259 JSON
    /// (JSONSerialization refuses it; RFC 8259 §6 lets parsers limit range). The body
    /// engine keeps number text as written, so wrapping keeps the digits, not `inf`.
    @Test("wrap-json keeps a number beyond Double's range as written")
    func wrapHugeNumber() throws {
        let output = try processed("wrap-json \"w\"", "  9e355 ")
        #expect(output.hasPrefix("{\"w\":"))
        #expect(output.contains("9e355"))
        #expect(output.hasSuffix("}"))
    }

    /// The same number inside an object survives an inject elsewhere byte for byte.
    @Test("inject-json leaves a huge number's text alone")
    func injectBesideHugeNumber() throws {
        let output = try processed("inject-json \"a.b\" 1", "{\"n\": -1E+400}")
        #expect(output.contains("-1E+400"))
        #expect(output.contains("\"b\""))
    }

    /// Writes `exchanges` as a recording in a fresh folder and replays them in order.
    func recordedAnswers(_ exchanges: [RecordedExchange]) throws -> (text: String, answers: [(Int, [UInt8])?]) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-regression-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let summary = try RecordingWriter(folder: folder, name: "fuzz").write(exchanges)
        let pipeline = Pipeline(ruleSet: try RuleSet(contentsOf: summary.rulesFile))
        let answers = exchanges.map { exchange -> (Int, [UInt8])? in
            guard case .respond(let stub) = pipeline.processRequest(exchange.request).disposition else { return nil }
            return (stub.status, stub.body)
        }
        return (try String(contentsOf: summary.rulesFile, encoding: .utf8), answers)
    }

    /// FuzzRecording, a response header value holding a line feed (a HAR can hold anything):
    /// the recording was refused (`invalid header value`). Now that header is left out, and
    /// a note in the rule says so.
    @Test("a recorded header HTTP forbids is left out with a note, and the rest replays")
    func unwritableHeader() throws {
        let request = try #require(HTTPRequest(method: "POST", url: "https://fuzz.example/p"))
        let response = HTTPResponse(status: 266, headers: ["X-Fuzz": "line1\nline2", "X-Ok": "yes"], body: Array("body".utf8))
        let (text, answers) = try recordedAnswers([RecordedExchange(request: request, response: response)])
        #expect(text.contains(#"# header "X-Fuzz" not replayed: its value is not a valid header value"#))
        #expect(text.contains(#"header "X-Ok" "yes""#))
        #expect(answers.first??.0 == 266 && answers.first??.1 == Array("body".utf8))
    }

    /// FuzzRecording, URL tail `\u{64E}\u{FFFD}%22x%`: a combining mark after `/` joined the
    /// slash into one character, so the URL parser took the whole path for the host and the
    /// recorded rule never matched. Delimiters are now found among Unicode scalars.
    @Test("a combining mark after the path's slash keeps the path a path, and the recording replays")
    func combiningMarkAfterSlash() throws {
        let request = try #require(HTTPRequest(method: "POST", url: "https://fuzz.example/\u{64E}\u{FFFD}%22x%"))
        #expect(request.url.host == "fuzz.example")
        let exchanges = [
            RecordedExchange(request: request, response: HTTPResponse(status: 266, body: Array("first".utf8))),
            RecordedExchange(request: request, response: HTTPResponse(status: 200, body: Array("second".utf8))),
        ]
        let (_, answers) = try recordedAnswers(exchanges)
        #expect(answers.map { $0?.0 } == [266, 200])
    }

    /// FuzzEngine, a header `OOOOOOOOps://x.ex2/a/../b?n\u{FFFD}\u{FFFD}lt?` through
    /// `set-url "${header.X-V}"`: the URL kept the value's `..`. That is the design: a template
    /// whose own text has no `://` lets its values name the whole URL (the rule chose to), so
    /// there is nothing for a value to climb out of. A value inside a structured template
    /// still cannot add or climb a segment.
    @Test("a value that names the whole URL keeps its own path; inside a path it cannot climb")
    func wholeURLFromAValue() throws {
        let whole = Pipeline(ruleSets: [try RuleSet(rules: "rule \"r\" {\n    request { set-url \"${header.X-V}\" }\n}\n")])
        let inside = Pipeline(ruleSets: [try RuleSet(rules: "rule \"r\" {\n    request { set-url \"https://a.test/files/${header.X-V}\" }\n}\n")])
        let request = try #require(HTTPRequest(method: "GET", url: "https://h/v1", headers: ["X-V": "https://x.example/a/../b"]))
        #expect(whole.processRequest(request).request.url.description == "https://x.example/a/../b")
        let dots = try #require(HTTPRequest(method: "GET", url: "https://h/v1", headers: ["X-V": ".."]))
        #expect(inside.processRequest(dots).request.url.path == "/files/%2E%2E")
    }

    /// FuzzEngine, a header `tps://h\u{FFFD}…e%/?=vI\tjected:` through `set-url "${header.X-V}"`:
    /// the new URL kept the value's tab in its query, so the request went out with a control
    /// character in its URL. The user info, query and fragment are now kept in the encoded form
    /// the path already was: space, controls and non-ASCII percent-encoded, as `URL` does.
    @Test("a whole URL from a value gets its query, fragment and user info encoded like its path")
    func wholeURLWithControlCharacters() throws {
        let whole = Pipeline(ruleSets: [try RuleSet(rules: "rule \"r\" {\n    request { set-url \"${header.X-V}\" }\n}\n")])
        let request = try #require(HTTPRequest(
            method: "GET", url: "https://h/v1", headers: ["X-V": "https://u\tv@x.example/a b?q=\tc d é#f\u{7F}g"]))
        let url = whole.processRequest(request).request.url
        #expect(url.description == "https://u%09v@x.example/a%20b?q=%09c%20d%20%C3%A9#f%7Fg")
        #expect(url.queryValue("q") == "\tc d é")
        #expect(!url.description.utf8.contains { $0 <= 0x20 || $0 == 0x7F })
    }

    /// FuzzEngine (CI, seed 1), a header `s://h]ttpd::///h/v2` through
    /// `set-url "${header.X-V}"`: the value was read as a URL whose host is `h]ttpd:` (the
    /// last colon taken for an empty port). Written out, a host with a colon is bracketed,
    /// and `s://[h]ttpd:]///h/v2` reads back as another host. A host without brackets may now
    /// hold no `:`, `[` or `]`, so the action leaves the URL as it was and the trace says why;
    /// `set-host` refuses the same host.
    @Test("a value whose host would not read back is not a URL; the request keeps its own")
    func hostThatDoesNotReadBack() throws {
        for action in [#"set-url "${header.X-V}""#, #"set-host "${header.X-V}""#] {
            let pipeline = Pipeline(ruleSets: [try RuleSet(rules: "rule \"r\" {\n    request { \(action) }\n}\n")])
            for value in ["s://h]ttpd::///h/v2", "h]ttpd:"] {
                let request = try #require(HTTPRequest(method: "GET", url: "https://h/v1", headers: ["X-V": value]))
                let outcome = pipeline.processRequest(request)
                #expect(outcome.request.url == request.url, "\(action) with \(value)")
                #expect(outcome.trace.entries.contains { if case .skipped = $0.event { true } else { false } }, "\(action) with \(value)")
            }
        }
    }
}
