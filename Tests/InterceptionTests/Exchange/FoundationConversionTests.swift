import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import RewriteKit
import Testing

/// An app can unit-test a ``Pipeline`` with its own `URLRequest`s and `HTTPURLResponse`s,
/// through public API only (no `@testable`).
@Suite("Conversions from Foundation's types")
struct FoundationConversionTests {
    @Test("a URLRequest and an HTTPURLResponse run through a pipeline")
    func driveAPipeline() throws {
        let pipeline = Pipeline(ruleSets: [try RuleSet(rules: """
            rule "wrap" {
                when method == POST and path == "/v1/items"
                request { wrap-json "data" }
                response { set-header "X-Seen" "yes" }
            }
            """)])
        var urlRequest = URLRequest(url: try #require(URL(string: "https://api.example.com/v1/items?x=1")))
        urlRequest.httpMethod = "POST"
        urlRequest.setValue("application/json", forHTTPHeaderField: "Content-Type")
        urlRequest.httpBody = Data(#"{"a":1}"#.utf8)
        let request = try #require(HTTPRequest(urlRequest))
        #expect(request.method == "POST" && request.url.description == "https://api.example.com/v1/items?x=1")
        #expect(request.headers["Content-Type"] == "application/json")
        let outcome = pipeline.processRequest(request)
        #expect(outcome.request.body.map { String(decoding: $0, as: UTF8.self) } == #"{"data":{"a":1}}"#)

        let url = try #require(urlRequest.url)
        let httpResponse = try #require(HTTPURLResponse(
            url: url, statusCode: 201, httpVersion: "HTTP/1.1", headerFields: ["Content-Type": "application/json"]))
        let answer = pipeline.processResponse(HTTPResponse(httpResponse, body: Data("{}".utf8)), for: outcome)
        #expect(answer.response.status == 201)
        #expect(answer.response.headers["X-Seen"] == "yes")
        #expect(answer.response.body == Array("{}".utf8))
    }

    @Test("a URL that is not absolute http(s) has no pipeline request")
    func notHTTP() throws {
        #expect(HTTPRequest(URLRequest(url: try #require(URL(string: "file:///tmp/x")))) == nil)
    }
}
