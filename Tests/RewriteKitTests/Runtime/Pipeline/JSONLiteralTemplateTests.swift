import Foundation
import Testing

@testable import RewriteKit

/// `${...}` inside the strings of a JSON literal is a template, as in a string literal: each
/// value is escaped inside its JSON string, so the literal stays one valid JSON value
/// whatever the request holds. Before, `body json {"path": "${path}"}` answered `"${path}"`.
@Suite("Templates in JSON literals")
struct JSONLiteralTemplateTests {
    /// The JSON object a body parses to.
    static func object(_ body: [UInt8]?) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(body ?? [])) as? [String: Any])
    }

    @Test("a stub's JSON body renders its placeholders, each value a JSON string's inside, with any value")
    func stubBodyRendersEscapedValues() throws {
        let pipeline = try PipelineFixture.pipeline(#"""
            rule "echo" {
                when path ~ "/items/*"
                respond 404 { body json {"path": "${path}", "v": "got ${query.v}!", "n": 1, "list": ["${method}"]} }
            }
            """#)
        for value in TemplateInjectionTests.hostile.prefix(21) + ["\u{1F600}", "\"}], \"x\": {\"", "${path}"] {
            let outcome = pipeline.processRequest(try PipelineFixture.request("GET", "https://a.test/items/7?v=" + PercentEncoding.encodeQueryComponent(value)))
            guard case .respond(let stub) = outcome.disposition else { Issue.record("no stub for \(value)"); continue }
            #expect(stub.headers["Content-Type"] == "application/json")
            let body = try Self.object(stub.body)
            #expect(body["path"] as? String == "/items/7")
            #expect(body["v"] as? String == "got \(value)!", "\(value.debugDescription)")
            #expect(body["n"] as? Int == 1 && (body["list"] as? [String]) == ["GET"])
            #expect(body.count == 4, "a value never adds a key: \(value.debugDescription)")
        }
    }

    @Test("set-body and inject-json take JSON literals with placeholders too")
    func actionsRenderJSONLiteralTemplates() throws {
        let pipeline = try PipelineFixture.pipeline(#"""
            rule "rewrite" {
                request { set-body json {"user": "${header.X-User}", "tag": "t-${uuid}"} }
                response { inject-json "echo" json {"host": "${host}"} }
            }
            """#)
        let request = try PipelineFixture.request("POST", "https://api.example.com/x", headers: ["X-User": #"a "quoted" name\"#])
        let outcome = pipeline.processRequest(request)
        let sent = try Self.object(outcome.request.body)
        #expect(sent["user"] as? String == #"a "quoted" name\"#)
        #expect(sent["tag"] as? String == "t-" + PipelineFixture.uuid)
        let answer = pipeline.processResponse(HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: Array(#"{"ok":true}"#.utf8)), for: outcome)
        let received = try Self.object(answer.response.body)
        #expect((received["echo"] as? [String: String]) == ["host": "api.example.com"])
        #expect(received["ok"] as? Bool == true)
    }

    @Test("a JSON literal without placeholders, or with \\u0024{ for a literal ${, is sent byte for byte")
    func literalTextIsKept() throws {
        let pipeline = try PipelineFixture.pipeline(#"""
            rule "fixed" {
                respond 200 { body json {"a" : [1, 2],  "shell": "echo \u0024{HOME}"} }
            }
            """#)
        guard case .respond(let stub) = pipeline.processRequest(try PipelineFixture.request("GET", "https://a.test/")).disposition else {
            Issue.record("no stub")
            return
        }
        #expect(stub.body == Array(#"{"a" : [1, 2],  "shell": "echo \u0024{HOME}"}"#.utf8))
    }

    @Test func placeholdersInJSONLiteralsAreCheckedWhereTheyStand() {
        expectFrontEndDiagnostics(
            #"""
            rule "a" {
                when path ~ /^\/u\/(\d+)$/
                respond 200 {
                    body json {"id": "${1}", "x": "2️⃣${2}",
                               "h": "1️⃣${hedaer.X}"}
                }
            }
            rule "b" {
                request { set-body json {"a": "3️⃣${}"} }
            }
            """#,
            [
                "2️⃣ error: template refers to regex group '${2}', but the rule's regexes have only 1 group",
                "1️⃣ error: unknown template variable '${hedaer.X}'; did you mean '${header.X}'?",
                "3️⃣ error: empty '${}' in string; expected a variable name",
            ])
    }
}
