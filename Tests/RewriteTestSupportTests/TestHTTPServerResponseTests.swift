import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import RewriteTestSupport
import Testing

/// End-to-end tests of the response-side endpoints: status, HEAD, redirects, compression,
/// streaming and slow bodies.
@Suite("TestHTTPServer responses", oneMinuteLimit)
struct TestHTTPServerResponseTests {
    @Test func statusEndpointSetsTheStatus() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        let (data, response) = try await LoopbackClient.send(URLRequest(url: server.url("/status/503")))
        #expect(response.statusCode == 503)
        #expect(String(decoding: data, as: UTF8.self) == "status 503\n")
        let (empty, noContent) = try await LoopbackClient.send(URLRequest(url: server.url("/status/204")))
        #expect(noContent.statusCode == 204)
        #expect(empty.isEmpty)
        #expect(try await LoopbackClient.send(URLRequest(url: server.url("/status/abc"))).1.statusCode == 400)
    }

    @Test func headResponseHasHeadersButNoBody() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        var request = URLRequest(url: server.url("/get"))
        request.httpMethod = "HEAD"
        let session = LoopbackClient.makeSession()
        defer { session.invalidateAndCancel() }
        let (data, response) = try await LoopbackClient.send(request, session: session)
        #expect(response.statusCode == 200)
        #expect(data.isEmpty)
        #expect(Int(response.value(forHTTPHeaderField: "Content-Length") ?? "") ?? 0 > 0)
        let (after, _) = try await LoopbackClient.send(URLRequest(url: server.url("/get")), session: session)
        #expect(try LoopbackClient.object(after)["method"] as? String == "GET")
    }

    @Test(arguments: ["/redirect/3", "/relative-redirect/2", "/absolute-redirect/3"])
    func redirectChainsEndAtGet(path: String) async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        let (data, response) = try await LoopbackClient.send(URLRequest(url: server.url(path)))
        #expect(response.statusCode == 200)
        #expect(response.url == server.url("/get"))
        #expect(try LoopbackClient.object(data)["path"] as? String == "/get")
        #expect(server.requests.last?.path == "/get")
    }

    @Test(arguments: [301, 302, 303, 307, 308])
    func redirectToUsesTheRequestedStatus(code: Int) async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        let target = "/anything/target"
        let (_, response) = try await LoopbackClient.send(URLRequest(url: server.url("/redirect-to?url=\(target)&status_code=\(code)")))
        #expect(response.statusCode == 200)
        #expect(response.url == server.url(target))
        #expect(server.requests.first?.queryValue("status_code") == "\(code)")
    }

    @Test(arguments: ["gzip", "deflate"])
    func compressedBodyArrivesDecoded(encoding: String) async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        let (data, _) = try await LoopbackClient.send(URLRequest(url: server.url("/" + encoding)))
        let object = try LoopbackClient.object(data)
        #expect(object[encoding == "gzip" ? "gzipped" : "deflated"] as? Bool == true)
        #expect(object["method"] as? String == "GET")
    }

    @Test func bytesAreDeterministic() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        let (small, response) = try await LoopbackClient.send(URLRequest(url: server.url("/bytes/1000?seed=11")))
        #expect(response.value(forHTTPHeaderField: "Content-Type") == "application/octet-stream")
        #expect(small == Data(TestHTTPServer.deterministicBytes(count: 1000, seed: 11)))
        let count = 5 * 1024 * 1024 + 3  // beyond the single-write limit: written in a loop
        let (large, _) = try await LoopbackClient.send(URLRequest(url: server.url("/bytes/\(count)")))
        #expect(large.count == count)
        #expect(TestSHA256.hex(large) == TestSHA256.hex(TestHTTPServer.deterministicBytes(count: count)))
    }

    @Test func streamBytesDeliversExactlyNBytesChunked() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        let count = 1_000_003
        let (data, response) = try await LoopbackClient.send(URLRequest(url: server.url("/stream-bytes/\(count)?chunk_size=4096&seed=7")))
        #expect(response.value(forHTTPHeaderField: "Transfer-Encoding")?.lowercased() == "chunked")
        #expect(data.count == count)
        #expect(data == Data(TestHTTPServer.deterministicBytes(count: count, seed: 7)))
    }

    @Test func streamSendsJSONLines() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        let (data, _) = try await LoopbackClient.send(URLRequest(url: server.url("/stream/5")))
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
        #expect(lines.count == 5)
        let ids = try lines.map { try LoopbackClient.object(Data($0.utf8))["id"] as? Int }
        #expect(ids == [0, 1, 2, 3, 4])
    }

    @Test func eventsComeSeveralToAWriteWithBurst() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        let (oneByOne, _) = try await LoopbackClient.send(URLRequest(url: server.url("/events/5")))
        let connection = try RawConnection(port: server.port)
        connection.send("GET /events/5?burst=2&gap_ms=200 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        let start = Date()
        let wire = connection.readToEnd()
        let elapsed = Date().timeIntervalSince(start)
        // Chunk-framed: each write is one chunk, so the chunks are the writes.
        let body = try #require(wire.range(of: "\r\n\r\n")).upperBound
        var chunks: [String] = []
        var rest = wire[body...]
        while let lineEnd = rest.range(of: "\r\n"), let size = Int(rest[..<lineEnd.lowerBound], radix: 16), size > 0 {
            let data = rest[lineEnd.upperBound...].utf8.prefix(size)
            chunks.append(String(decoding: data, as: UTF8.self))
            rest = rest[rest.utf8.index(lineEnd.upperBound, offsetBy: size + 2)...]
        }
        // Events 0–1, 2–3 and 4 (the last burst is cut short by the end), then [DONE].
        #expect(chunks.map { $0.components(separatedBy: "\n\n").count - 1 } == [2, 2, 1, 1])
        #expect(Data(chunks.joined().utf8) == oneByOne)
        #expect(elapsed >= 0.4, "two gaps of 200 ms between three writes")
    }

    @Test func dripArrivesSlowlyButCompletely() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        let start = Date()
        let (data, response) = try await LoopbackClient.send(URLRequest(url: server.url("/drip?numbytes=8&duration=0.8&delay=0.2&code=201")))
        let elapsed = Date().timeIntervalSince(start)
        #expect(response.statusCode == 201)
        #expect(data == Data(repeating: 0x2A, count: 8))
        #expect(elapsed >= 0.9)
        #expect(elapsed < 60, "it ends (a generous bound: a loaded machine is slow, not wrong)")
    }

    @Test func delayAnswersAfterTheDelay() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        let start = Date()
        let (data, _) = try await LoopbackClient.send(URLRequest(url: server.url("/delay/0.5")))
        #expect(Date().timeIntervalSince(start) >= 0.5)
        #expect(try LoopbackClient.object(data)["path"] as? String == "/delay/0.5")
        #expect(try await LoopbackClient.send(URLRequest(url: server.url("/delay/11"))).1.statusCode == 400)
    }

    @Test func cookiesAreEchoedAndSetWithARedirect() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        var request = URLRequest(url: server.url("/cookies"))
        request.setValue("a=1; b=two", forHTTPHeaderField: "Cookie")
        let cookies = try #require(try LoopbackClient.object(try await LoopbackClient.send(request).0)["cookies"] as? [String: String])
        #expect(cookies == ["a": "1", "b": "two"])
        let (_, response) = try await LoopbackClient.send(URLRequest(url: server.url("/cookies/set?flavour=oat")))
        #expect(response.url == server.url("/cookies"))
        #expect(server.requests.map(\.path) == ["/cookies", "/cookies/set", "/cookies"])
    }

    @Test func stopEndsASlowResponsePromptly() async throws {
        let server = try TestHTTPServer()
        let task = Task { try await LoopbackClient.send(URLRequest(url: server.url("/drip?numbytes=10&duration=20"))) }
        // Stop only once the request is in: stopped before, the server frees its port, which
        // another test's server may take, and the late request would be answered there in full.
        let arrival = Date()
        while !server.requests.contains(where: { $0.path == "/drip" }), Date().timeIntervalSince(arrival) < 30 {
            try await Task.sleep(nanoseconds: 20_000_000)
        }
        try #require(server.requests.contains { $0.path == "/drip" })
        let start = Date()
        server.stop()
        #expect(Date().timeIntervalSince(start) < 2)
        await #expect(throws: (any Error).self) { try await task.value }
    }
}
