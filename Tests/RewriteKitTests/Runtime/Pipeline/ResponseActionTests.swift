import Testing

@testable import RewriteKit

/// Every response action: GIVEN a rule with one response action, WHEN a response comes
/// back, THEN it is what the action says.
struct ResponseActionTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let action: String
        var status = 200
        var headers: [String] = ["Content-Type: application/json"]
        var body = #"{"id": 7}"#
        var testDescription: String { action }
    }

    static let cases: [Case] = [
        Case(action: "set-header \"X-A\" \"1\"", headers: ["Content-Type: application/json", "X-A: 1"]),
        Case(action: "add-header \"Content-Type\" \"x\"", headers: ["Content-Type: application/json", "Content-Type: x"]),
        Case(action: "remove-header \"content-type\"", headers: []),
        Case(action: "set-status 418", status: 418),
        Case(action: "wrap-json \"data\"", body: #"{"data":{"id": 7}}"#),
        Case(action: "inject-json \"ok\" true", body: #"{"id": 7,"ok":true}"#),
        Case(action: "inject-json \"id\" \"x\"", body: #"{"id": "x"}"#),
        Case(action: "remove-json \"id\"", body: "{}"),
        Case(action: "replace-body /7/ \"8\"", body: #"{"id": 8}"#),
        Case(action: "set-body \"gone\"", body: "gone"),
        Case(action: "set-header \"X-Id\" \"${json.id}\"", headers: ["Content-Type: application/json", "X-Id: 7"]),
        Case(action: "set-header \"X-Type\" \"${header.Content-Type}\"", headers: ["Content-Type: application/json", "X-Type: application/json"]),
        Case(action: "log"),
        Case(action: "tag \"t\""),
    ]

    @Test(arguments: cases)
    func responseAction(_ testCase: Case) throws {
        let pipeline = try PipelineFixture.pipeline("rule \"r\" {\n    response { \(testCase.action) }\n}\n")
        let request = try PipelineFixture.request("GET", "https://h.example/x")
        let response = HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: Array(#"{"id": 7}"#.utf8))
        let result = PipelineFixture.exchange(pipeline, request, response: response).response
        #expect(result.status == testCase.status)
        #expect(result.headers.map { "\($0.name): \($0.value)" } == testCase.headers)
        #expect(result.body.utf8Text == testCase.body)
    }

    @Test func requestOnlyActionsAreRejectedInResponses() {
        for action in ["set-url \"http://x/\"", "set-host \"x\"", "set-path \"/x\"", "set-scheme \"http\"", "set-query \"a\" \"b\"", "remove-query \"a\""] {
            #expect(throws: RuleSetError.self, "\(action)") {
                try PipelineFixture.pipeline("rule \"r\" {\n response { \(action) }\n}")
            }
        }
    }

    @Test func bodyChangeRemovesContentLengthFromTheResponse() throws {
        let pipeline = try PipelineFixture.pipeline("rule \"r\" {\n response { inject-json \"a\" 1 }\n}")
        let response = HTTPResponse(status: 200, headers: ["Content-Length": "2"], body: Array("{}".utf8))
        let result = PipelineFixture.exchange(pipeline, try PipelineFixture.request("GET", "http://h/"), response: response)
        #expect(result.response.body.utf8Text == #"{"a":1}"#)
        #expect(result.response.headers.isEmpty)
        #expect(result.outcome.responseNeedsBody)
        #expect(result.outcome.hasResponseActions)
    }

    @Test func headerOnlyResponseActionsDoNotNeedTheBody() throws {
        let pipeline = try PipelineFixture.pipeline("rule \"r\" {\n response { set-header \"A\" \"b\" }\n}")
        let outcome = pipeline.processRequest(try PipelineFixture.request("GET", "http://h/"))
        #expect(outcome.hasResponseActions)
        #expect(!outcome.responseNeedsBody)
    }
}
