import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import RewriteKit
import Testing

/// The URLRequest an exchange forwards: the rules' method, URL, headers and body on a copy
/// of the app's request, with no more changes to it than needed.
@Suite("The forwarded URLRequest")
struct ForwardedRequestTests {
    static func appRequest(body: Data?) throws -> URLRequest {
        var request = URLRequest(url: try #require(URL(string: "https://api.example.com/v1/items")), timeoutInterval: 7)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("999", forHTTPHeaderField: "Content-Length")
        request.httpBody = body
        return request
    }

    @Test("it carries the given body (the app's own, a new one, or none), the rules' headers and the app's settings")
    func carriesTheBody() throws {
        let own = Data(repeating: 0x61, count: 1_000)
        let app = try Self.appRequest(body: own)
        var rewritten = try #require(HTTPRequest(app))
        rewritten.headers.set("X-Bench", "1")
        for body in [own, Data(#"{"wrapped":true}"#.utf8), Data(repeating: 0x62, count: 1_000), nil] {
            let forwarded = try #require(rewritten.urlRequest(basedOn: app, admitted: HTTPRequest(app), httpBody: body))
            #expect(forwarded.httpBody == body)
            #expect(forwarded.httpBodyStream == nil)
            #expect(forwarded.value(forHTTPHeaderField: "X-Bench") == "1")
            #expect(forwarded.value(forHTTPHeaderField: "Content-Length") == nil, "the transport computes it")
            #expect(forwarded.timeoutInterval == 7 && forwarded.httpMethod == "POST")
        }
    }

    @Test("a stream body is dropped for a body in memory")
    func streamReplaced() throws {
        var app = try Self.appRequest(body: nil)
        app.httpBodyStream = InputStream(data: Data("streamed".utf8))
        let request = try #require(HTTPRequest(app))
        let forwarded = try #require(request.urlRequest(basedOn: app, httpBody: Data("read".utf8)))
        #expect(forwarded.httpBodyStream == nil)
        #expect(forwarded.httpBody == Data("read".utf8))
    }

    @Test("a body is known to be the same without reading it only when it is the same storage, or small")
    func sameStorage() {
        let large = Data(repeating: 7, count: 4_096)
        let copy = large
        #expect(large.isKnownSame(as: copy))
        #expect(!large.isKnownSame(as: Data(repeating: 7, count: 4_096)), "equal bytes stored twice")
        #expect(!large.isKnownSame(as: large.prefix(4_095)))
        #expect(Data("small".utf8).isKnownSame(as: Data("small".utf8)))
        #expect(!Data("small".utf8).isKnownSame(as: Data("smell".utf8)))
    }
}
