import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import RewriteTestSupport
import Testing

/// End-to-end tests of `TestHTTPServer`: plain URLSession traffic (no interceptor) against a
/// server each test starts and stops itself.
@Suite("TestHTTPServer over URLSession", oneMinuteLimit)
struct TestHTTPServerTests {
    // MARK: Echo

    @Test func anythingEchoesMethodQueryHeadersAndJSONBody() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        let body = Data(#"{"name":"rewrite","count":3}"#.utf8)
        var request = URLRequest(url: server.url("/anything/deep/path?a=1&a=2&b=x%20y"))
        request.httpMethod = "PATCH"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("yes", forHTTPHeaderField: "x-test-header")
        request.httpBody = body

        let (data, response) = try await LoopbackClient.send(request)
        let echo = try LoopbackClient.object(data)

        #expect(response.statusCode == 200)
        #expect(response.value(forHTTPHeaderField: "Content-Type") == "application/json")
        #expect(echo["method"] as? String == "PATCH")
        #expect(echo["path"] as? String == "/anything/deep/path")
        #expect(echo["url"] as? String == "http://127.0.0.1:\(server.port)/anything/deep/path?a=1&a=2&b=x%20y")
        let args = try #require(echo["args"] as? [String: Any])
        #expect(args["a"] as? [String] == ["1", "2"])
        #expect(args["b"] as? String == "x y")
        let headers = try #require(echo["headers"] as? [String: String])
        #expect(headers["X-Test-Header"] == "yes")
        #expect(echo["data"] as? String == String(decoding: body, as: UTF8.self))
        let json = try #require(echo["json"] as? [String: Any])
        #expect(json["name"] as? String == "rewrite")
        #expect((echo["bodyLength"] as? NSNumber)?.intValue == body.count)
        #expect(echo["bodySHA256"] as? String == TestSHA256.hex(body))

        let recorded = try #require(server.requests.last)
        #expect(recorded.method == "PATCH")
        #expect(recorded.query == "a=1&a=2&b=x%20y")
        #expect(recorded.body == body)
        #expect(server.requests(withHeader: "X-Test-Header", value: "yes").count == 1)
    }

    @Test func methodEndpointsAcceptOnlyTheirMethod() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        for method in ["POST", "PUT", "PATCH", "DELETE"] {
            var request = URLRequest(url: server.url("/" + method.lowercased()))
            request.httpMethod = method
            let (data, response) = try await LoopbackClient.send(request)
            #expect(response.statusCode == 200)
            #expect(try LoopbackClient.object(data)["json"] is NSNull)
        }
        let (data, response) = try await LoopbackClient.send(URLRequest(url: server.url("/post")))
        #expect(response.statusCode == 405)
        #expect(response.value(forHTTPHeaderField: "Allow") == "POST")
        #expect(try LoopbackClient.object(data)["error"] as? String == "method not allowed")
    }

    @Test func unknownPathIsJSON404() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        let (data, response) = try await LoopbackClient.send(URLRequest(url: server.url("/no/such/thing")))
        #expect(response.statusCode == 404)
        #expect(try LoopbackClient.object(data)["error"] as? String == "not found")
    }

    @Test func echoReturnsTheExactBodyAndContentType() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        let body = Data(TestHTTPServer.deterministicBytes(count: 10_000, seed: 3))
        var request = URLRequest(url: server.url("/echo"))
        request.httpMethod = "POST"
        request.setValue("application/x-custom", forHTTPHeaderField: "Content-Type")
        request.httpBody = body
        let (data, response) = try await LoopbackClient.send(request)
        #expect(data == body)
        #expect(response.value(forHTTPHeaderField: "Content-Type") == "application/x-custom")
    }

    @Test func headersUserAgentJSONAndResponseHeaders() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        var request = URLRequest(url: server.url("/headers"))
        request.setValue("agent/1.0", forHTTPHeaderField: "User-Agent")
        let headers = try #require(try LoopbackClient.object(try await LoopbackClient.send(request).0)["headers"] as? [String: String])
        #expect(headers["User-Agent"] == "agent/1.0")
        request.url = server.url("/user-agent")
        #expect(try LoopbackClient.object(try await LoopbackClient.send(request).0)["user-agent"] as? String == "agent/1.0")

        let sample = try LoopbackClient.object(try await LoopbackClient.send(URLRequest(url: server.url("/json"))).0)
        #expect((sample["slideshow"] as? [String: Any])?["title"] as? String == "Sample Slide Show")

        let (data, response) = try await LoopbackClient.send(URLRequest(url: server.url("/response-headers?X-Custom=abc&Cache-Control=no-store")))
        #expect(response.value(forHTTPHeaderField: "X-Custom") == "abc")
        #expect(response.value(forHTTPHeaderField: "Cache-Control") == "no-store")
        #expect(try LoopbackClient.object(data)["X-Custom"] as? String == "abc")
    }

    // MARK: Request bodies

    @Test func largeBodyIsEchoedIntact() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        let body = Data(TestHTTPServer.deterministicBytes(count: 256 * 1024, seed: 42))
        var request = URLRequest(url: server.url("/post"))
        request.httpMethod = "POST"
        request.setValue("application/octet-stream", forHTTPHeaderField: "Content-Type")
        request.httpBody = body
        let echo = try LoopbackClient.object(try await LoopbackClient.send(request).0)
        #expect((echo["bodyLength"] as? NSNumber)?.intValue == body.count)
        #expect(echo["bodySHA256"] as? String == TestSHA256.hex(body))
        #expect(server.requests.last?.body == body)
    }

    @Test func explicitExpectContinueBodyIsEchoedIntact() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        let body = Data(TestHTTPServer.deterministicBytes(count: 300_000, seed: 9))
        var request = URLRequest(url: server.url("/put"))
        request.httpMethod = "PUT"
        request.setValue("100-continue", forHTTPHeaderField: "Expect")
        request.httpBody = body
        let echo = try LoopbackClient.object(try await LoopbackClient.send(request).0)
        #expect(echo["bodySHA256"] as? String == TestSHA256.hex(body))
        #expect(server.requests.last?.value(forHeader: "Expect") == "100-continue")
        // The interim response itself is pinned on the wire in TestHTTPServerWireTests.
    }

    @Test func streamedBodyArrivesChunkedAndIntact() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        let body = Data(TestHTTPServer.deterministicBytes(count: 200_000, seed: 5))
        var request = URLRequest(url: server.url("/anything"))
        request.httpMethod = "POST"
        request.httpBodyStream = InputStream(data: body)
        let echo = try LoopbackClient.object(try await LoopbackClient.send(request).0)
        #expect(echo["bodySHA256"] as? String == TestSHA256.hex(body))
        let recorded = try #require(server.requests.last)
        #expect(recorded.body == body)
        #expect(recorded.value(forHeader: "Transfer-Encoding") == "chunked")
    }

    // MARK: Connections

    @Test func sequentialRequestsReuseOneConnection() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        let session = LoopbackClient.makeSession()
        defer { session.invalidateAndCancel() }
        for index in 0..<5 {
            let (_, response) = try await LoopbackClient.send(URLRequest(url: server.url("/get?i=\(index)")), session: session)
            #expect(response.statusCode == 200)
        }
        #expect(server.requests.count == 5)
        #expect(server.connectionCount == 1)
        #expect(Set(server.requests.map(\.connectionID)).count <= 2)
    }

    @Test func connectionCloseIsHonoured() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        let session = LoopbackClient.makeSession()
        defer { session.invalidateAndCancel() }
        for _ in 0..<3 {
            var request = URLRequest(url: server.url("/get"))
            request.setValue("close", forHTTPHeaderField: "Connection")
            let (_, response) = try await LoopbackClient.send(request, session: session)
            #expect(response.value(forHTTPHeaderField: "Connection") == "close")
        }
        #expect(server.connectionCount == 3)
    }

    @Test func hundredConcurrentRequestsAreAllAnswered() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        let session = LoopbackClient.makeSession()
        defer { session.invalidateAndCancel() }
        let results = try await withThrowingTaskGroup(of: Bool.self) { group in
            for index in 0..<100 {
                group.addTask {
                    var request = URLRequest(url: server.url("/anything/\(index)?i=\(index)"))
                    request.httpMethod = "POST"
                    request.httpBody = Data("body-\(index)".utf8)
                    let (data, response) = try await LoopbackClient.send(request, session: session)
                    let echo = try LoopbackClient.object(data)
                    return response.statusCode == 200 && echo["path"] as? String == "/anything/\(index)"
                        && echo["data"] as? String == "body-\(index)"
                }
            }
            return try await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(results.count == 100)
        #expect(results.allSatisfy { $0 })
        #expect(server.requests.count == 100)
    }

    @Test func stoppedServerRefusesConnections() async throws {
        let server = try TestHTTPServer()
        let url = server.url("/get")
        _ = try await LoopbackClient.send(URLRequest(url: url))
        server.stop()
        server.stop()
        #expect(!server.isRunning)
        let session = LoopbackClient.makeSession()
        defer { session.invalidateAndCancel() }
        do {
            _ = try await LoopbackClient.send(URLRequest(url: url), session: session)
            Issue.record("request to a stopped server succeeded")
        } catch let error as URLError {
            #expect(error.code == .cannotConnectToHost)
        }
    }
}
