import Testing

@testable import RewriteKit

/// Every request action: GIVEN a rule with one action, WHEN a request goes through,
/// THEN the request is what the action says (written out by hand).
struct RequestActionTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let action: String
        let url: String
        let headers: [String]
        var body: String? = nil
        var testDescription: String { action }
    }

    static let original = "https://api.example.com/v1/users?page=2&sort=asc"

    static let cases: [Case] = [
        Case(action: "set-header \"Accept\" \"text/plain\"", url: original, headers: ["Accept: text/plain", "X-Multi: 1", "X-Multi: 2"]),
        Case(action: "set-header \"X-Multi\" \"3\"", url: original, headers: ["Accept: */*", "X-Multi: 3"]),
        Case(action: "add-header \"X-Multi\" \"3\"", url: original, headers: ["Accept: */*", "X-Multi: 1", "X-Multi: 2", "X-Multi: 3"]),
        Case(action: "add-header \"X-New\" 42", url: original, headers: ["Accept: */*", "X-Multi: 1", "X-Multi: 2", "X-New: 42"]),
        Case(action: "remove-header \"x-multi\"", url: original, headers: ["Accept: */*"]),
        Case(action: "set-query \"page\" \"3\"", url: "https://api.example.com/v1/users?page=3&sort=asc", headers: defaults),
        Case(action: "set-query \"q\" \"a b&c\"", url: "https://api.example.com/v1/users?page=2&sort=asc&q=a%20b%26c", headers: defaults),
        Case(action: "remove-query \"page\"", url: "https://api.example.com/v1/users?sort=asc", headers: defaults),
        Case(action: "set-url \"http://localhost:8080/mock\"", url: "http://localhost:8080/mock", headers: defaults),
        Case(action: "set-url \"not a url\"", url: original, headers: defaults),
        Case(action: "set-host \"staging.example.com\"", url: "https://staging.example.com/v1/users?page=2&sort=asc", headers: defaults),
        Case(action: "set-host \"localhost:9000\"", url: "https://localhost:9000/v1/users?page=2&sort=asc", headers: defaults),
        Case(action: "set-host \"bad host/x\"", url: original, headers: defaults),
        Case(action: "set-path \"/v2/people\"", url: "https://api.example.com/v2/people?page=2&sort=asc", headers: defaults),
        Case(action: "set-path \"v2\"", url: "https://api.example.com/v2?page=2&sort=asc", headers: defaults),
        Case(action: "set-path \"/a?b\"", url: original, headers: defaults),
        Case(action: "set-scheme \"http\"", url: "http://api.example.com/v1/users?page=2&sort=asc", headers: defaults),
        Case(action: "set-scheme \"HTTP\"", url: "http://api.example.com/v1/users?page=2&sort=asc", headers: defaults),
        Case(action: "set-body \"plain ${method}\"", url: original, headers: defaults, body: "plain POST"),
        Case(action: "set-body json {\"a\": [1, 2]}", url: original, headers: defaults, body: "{\"a\": [1, 2]}"),
        Case(action: "replace-body /wor(ld)/ \"there\"", url: original, headers: defaults, body: "{\"hello\": \"there\"}"),
        // `${n}` in a replacement is the match's own group, like sed.
        Case(action: "replace-body /\"(w)(or)ld\"/ \"\\\"${2}${1}${0}\\\"\"", url: original, headers: defaults,
             body: "{\"hello\": \"orw\"world\"\"}"),
        Case(action: "wrap-json \"data\"", url: original, headers: defaults, body: "{\"data\":{\"hello\": \"world\"}}"),
        Case(action: "inject-json \"meta.v\" 2", url: original, headers: defaults, body: "{\"hello\": \"world\",\"meta\":{\"v\":2}}"),
        Case(action: "remove-json \"hello\"", url: original, headers: defaults, body: "{}"),
        Case(action: "log", url: original, headers: defaults),
        Case(action: "tag \"seen\"", url: original, headers: defaults),
    ]

    static let defaults = ["Accept: */*", "X-Multi: 1", "X-Multi: 2"]

    @Test(arguments: cases)
    func requestAction(_ testCase: Case) throws {
        let pipeline = try PipelineFixture.pipeline("rule \"r\" {\n    request { \(testCase.action) }\n}\n")
        let request = try PipelineFixture.request(
            "POST", Self.original, headers: ["Accept": "*/*", "X-Multi": "1", "x-multi": "2"], body: "{\"hello\": \"world\"}")
        let outcome = pipeline.processRequest(request)
        #expect(outcome.request.url.description == testCase.url)
        #expect(outcome.request.headers.map { "\($0.name): \($0.value)" }.map { $0.lowercased() } == testCase.headers.map { $0.lowercased() })
        #expect(outcome.request.body?.utf8Text == (testCase.body ?? "{\"hello\": \"world\"}"))
        #expect(outcome.disposition == .forward)
    }

    @Test func setStatusInTheRequestPhaseIsRejectedByTheChecker() {
        #expect(throws: RuleSetError.self) { try PipelineFixture.pipeline("rule \"r\" {\n request { set-status 201 }\n}") }
    }

    @Test func bodyChangeRemovesContentLength() throws {
        let pipeline = try PipelineFixture.pipeline("rule \"r\" {\n request { wrap-json \"w\" }\n}")
        let request = try PipelineFixture.request("POST", "http://h/", headers: ["Content-Length": "2"], body: "{}")
        let outcome = pipeline.processRequest(request)
        #expect(outcome.request.body?.utf8Text == #"{"w":{}}"#)
        #expect(!outcome.request.headers.contains("Content-Length"))
        #expect(outcome.trace.eventList.contains(.contentLengthRemoved))
    }

    @Test func headerValueWithLineBreakIsNotSent() throws {
        let pipeline = try PipelineFixture.pipeline("rule \"r\" {\n request { set-header \"X-Name\" \"${json.name}\" }\n}")
        let request = try PipelineFixture.request("POST", "http://h/", body: #"{"name": "a\r\nEvil: 1"}"#)
        let outcome = pipeline.processRequest(request)
        #expect(!outcome.request.headers.contains("X-Name"))
        #expect(outcome.trace.eventList.contains(.skipped(action: "set-header", reason: "the value for 'X-Name' contains a control character (CR, LF, NUL, DEL…)")))
    }

    @Test func setBodyOnARequestWithoutBodyCreatesOne() throws {
        let pipeline = try PipelineFixture.pipeline("rule \"r\" {\n request { set-body \"x\" }\n}")
        #expect(pipeline.processRequest(try PipelineFixture.request("GET", "http://h/")).request.body == Array("x".utf8))
    }

    @Test func laterActionsSeeEarlierChanges() throws {
        let pipeline = try PipelineFixture.pipeline("""
            rule "r" {
                request {
                    set-host "b.example"
                    set-header "X-Host" "${host}"
                }
            }
            """)
        let outcome = pipeline.processRequest(try PipelineFixture.request("GET", "http://a.example/"))
        #expect(outcome.request.headers["X-Host"] == "b.example")
    }
}
