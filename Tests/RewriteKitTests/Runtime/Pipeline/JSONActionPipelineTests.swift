import Testing

@testable import RewriteKit

/// JSON actions through the pipeline keep untouched bytes and never corrupt a body.
struct JSONActionPipelineTests {
    static let actions = ["wrap-json \"w\"", "inject-json \"a.b\" 1", "remove-json \"a\"", "inject-json \"items[0]\" 1"]

    static let untouchable: [String] = [
        "not json at all",
        "{\"a\": 1,}",
        "[1, 2, 3]",
        "\"just a string\"",
        "{\"a\": \"x\", \"b\": [1]",
        "\u{FEFF}{\"a\": 1}",
    ]

    @Test(arguments: untouchable)
    func invalidOrWrongShapeBodiesPassThroughByteIdentical(_ body: String) throws {
        for action in Self.actions where !(action.hasPrefix("wrap-json") && JSONSyntax.validate(Array(body.utf8)) == nil) {
            let pipeline = try PipelineFixture.pipeline("rule \"r\" {\n request { \(action) }\n response { \(action) }\n}")
            let request = try PipelineFixture.request("POST", "http://h/", headers: ["Content-Length": "99"], body: body)
            let outcome = pipeline.processRequest(request)
            #expect(outcome.request.body == Array(body.utf8), "\(action)")
            #expect(outcome.request.headers["Content-Length"] == "99")
            let skipped = outcome.trace.entries.contains { if case .skipped(let name, let reason) = $0.event { name == action.split(separator: " ")[0] && !reason.isEmpty } else { false } }
            #expect(skipped, "\(action): \(outcome.trace)")
            let response = HTTPResponse(status: 200, body: Array(body.utf8))
            #expect(pipeline.processResponse(response, for: outcome).response.body == Array(body.utf8))
        }
    }

    @Test func untouchedBytesAreKeptExactly() throws {
        let body = "{\n  \"keep\" :  [1.50, 2e3, \"\\u00e9\"],\n  \"a\": {\"b\": 0, \"c\": true}\n}"
        let pipeline = try PipelineFixture.pipeline("""
            rule "r" {
                request {
                    inject-json "a.b" 7
                    remove-json "a.c"
                }
            }
            """)
        let outcome = pipeline.processRequest(try PipelineFixture.request("POST", "http://h/", body: body))
        #expect(outcome.request.body?.utf8Text == "{\n  \"keep\" :  [1.50, 2e3, \"\\u00e9\"],\n  \"a\": {\"b\": 7}\n}")
    }

    /// A templated path whose value would add path syntax is skipped once, with its own
    /// reason, in both phases; the same action with a plain value edits the body.
    @Test func templatedPathThatWouldChangeStructureIsSkippedOnce() throws {
        let pipeline = try PipelineFixture.pipeline("""
            rule "r" {
                request { inject-json "a.${query.k}" 1 }
                response { remove-json "a.${query.k}" }
            }
            """)
        let body = #"{"a":{"b":2,"x":3}}"#
        let hostile = PipelineFixture.exchange(
            pipeline, try PipelineFixture.request("POST", "http://h/?k=b.c", body: body), response: HTTPResponse(status: 200, body: Array(body.utf8)))
        #expect(hostile.outcome.request.body == Array(body.utf8))
        #expect(hostile.response.body == Array(body.utf8))
        let skips = hostile.trace.entries.compactMap { if case .skipped(let name, let reason) = $0.event { "\($0.phase) \(name): \(reason)" } else { nil } }
        #expect(skips == [
            "request inject-json: the value of ${query.k} would change the JSON path's structure",
            "response remove-json: the value of ${query.k} would change the JSON path's structure",
        ])
        let plain = PipelineFixture.exchange(
            pipeline, try PipelineFixture.request("POST", "http://h/?k=x", body: body), response: HTTPResponse(status: 200, body: Array(body.utf8)))
        #expect(plain.response.body.utf8Text == #"{"a":{"b":2}}"#)
    }

    @Test func noBodyIsReported() throws {
        let pipeline = try PipelineFixture.pipeline("rule \"r\" {\n request { wrap-json \"w\" }\n}")
        let outcome = pipeline.processRequest(try PipelineFixture.request("GET", "http://h/"))
        #expect(outcome.request.body == nil)
        #expect(outcome.trace.eventList.contains(.skipped(action: "wrap-json", reason: "there is no body")))
    }

    @Test func replaceBodyLeavesInvalidUTF8Alone() throws {
        let pipeline = try PipelineFixture.pipeline("rule \"r\" {\n response { replace-body /a/ \"b\" }\n}")
        let bytes: [UInt8] = [0x61, 0xFF, 0x61]
        let result = PipelineFixture.exchange(pipeline, try PipelineFixture.request("GET", "http://h/"), response: HTTPResponse(status: 200, body: bytes))
        #expect(result.response.body == bytes)
        #expect(result.trace.eventList.contains(.skipped(action: "replace-body", reason: "the body is not valid UTF-8 text")))
    }

    /// An unpaired surrogate escape is grammatical JSON: the body is edited like any other,
    /// and the escape is kept as written.
    @Test func bodiesWithUnpairedSurrogateEscapesAreEdited() throws {
        let pipeline = try PipelineFixture.pipeline(#"rule "r" { request { inject-json "ok" true } }"#)
        let outcome = pipeline.processRequest(try PipelineFixture.request("POST", "http://h/", body: #"{"s":"\ud800"}"#))
        #expect(outcome.request.body?.utf8Text == #"{"s":"\ud800","ok":true}"#)
    }
}
