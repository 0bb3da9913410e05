import Foundation
import Testing
@testable import RewriteTestSupport

/// HTTP/1.1 details checked with exact bytes on a raw socket.
@Suite("TestHTTPServer on the wire", oneMinuteLimit)
struct TestHTTPServerWireTests {
    @Test func expectContinueGetsAnInterimResponseBeforeTheBody() throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        let connection = try RawConnection(port: server.port)
        connection.send("POST /post HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nExpect: 100-continue\r\n\r\n")
        #expect(connection.read(through: "\r\n\r\n") == "HTTP/1.1 100 Continue\r\n\r\n")
        connection.send("hello")
        let head = connection.read(through: "\r\n\r\n")
        #expect(head.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(connection.read(through: "}\n").contains(#""data" : "hello""#))
    }

    @Test func chunkedRequestBodyWithExtensionsAndTrailersIsDecoded() throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        let connection = try RawConnection(port: server.port)
        connection.send("POST /anything HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
            + "5;name=value\r\nhello\r\n7\r\n, world\r\n0\r\nX-Trailer: yes\r\n\r\n")
        let response = connection.readToEnd()
        #expect(response.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(response.contains("Connection: close\r\n"))
        #expect(server.requests.first?.body == Data("hello, world".utf8))
    }

    @Test func pipelinedRequestsAreAnsweredInOrderOnOneConnection() throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        let connection = try RawConnection(port: server.port)
        connection.send("GET /status/201 HTTP/1.1\r\nHost: x\r\n\r\nGET /status/202 HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(connection.read(through: "status 201\n").hasPrefix("HTTP/1.1 201 Created\r\n"))
        #expect(connection.read(through: "status 202\n").hasPrefix("HTTP/1.1 202 Accepted\r\n"))
        #expect(server.connectionCount == 1)
        #expect(server.requests.map(\.connectionID) == [1, 1])
    }

    @Test(arguments: [
        "NONSENSE\r\n\r\n",
        "GET /get HTTP/2.0\r\n\r\n",
        "GET /get HTTP/1.1\r\nBad Header\r\n\r\n",
        "POST /post HTTP/1.1\r\nContent-Length: -4\r\n\r\n",
        "POST /post HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
    ])
    func malformedRequestGets400AndClose(request: String) throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        let connection = try RawConnection(port: server.port)
        connection.send(request)
        let response = connection.readToEnd()
        #expect(response.hasPrefix("HTTP/1.1 400 Bad Request\r\n"))
        #expect(response.contains("Connection: close\r\n"))
    }

    @Test func oversizedHeadersGet431() throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        let connection = try RawConnection(port: server.port)
        connection.send("GET /get HTTP/1.1\r\nX-Big: " + String(repeating: "a", count: 70_000) + "\r\n\r\n")
        #expect(connection.readToEnd().prefix(13) == "HTTP/1.1 431 ")
    }

    @Test func http10WithoutKeepAliveIsClosed() throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        let connection = try RawConnection(port: server.port)
        connection.send("GET /get HTTP/1.0\r\n\r\n")
        let response = connection.readToEnd()
        #expect(response.contains("Connection: close\r\n"))
        #expect(response.contains(#""method" : "GET""#))
    }

    @Test func clientDisconnectsDoNotHurtTheServer() throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        do {
            let halfBody = try RawConnection(port: server.port)
            halfBody.send("POST /post HTTP/1.1\r\nContent-Length: 100\r\n\r\nabc")
            let bigDownload = try RawConnection(port: server.port)
            bigDownload.send("GET /stream-bytes/50000000 HTTP/1.1\r\n\r\n")
            _ = bigDownload.read(through: "\r\n\r\n")
        }
        let connection = try RawConnection(port: server.port)
        connection.send("GET /status/200 HTTP/1.1\r\nConnection: close\r\n\r\n")
        #expect(connection.readToEnd().hasPrefix("HTTP/1.1 200 OK\r\n"))
    }

    /// The race `stopEndsASlowResponsePromptly` once lost under AddressSanitizer in CI: the
    /// server read the request, the test saw it and stopped the server, and only then did
    /// the route start, see the stop in a zero-second wait and answer 503 whole, where the
    /// test expects a body cut short. Routed here with the stop already begun.
    @Test func aDripWithoutDelayStartsItsBodyWhenTheServerIsStopping() throws {
        let request = RecordedRequest(
            sequenceNumber: 1, connectionID: 1, method: "GET", target: "/drip?numbytes=10&duration=20", headers: [], body: Data())
        let stopping = RouteContext(port: 1, isStopping: { true }, calls: { _ in 1 })
        let response = Router.response(to: request, context: stopping)
        #expect(response.status == 200)
        guard case .stream(let length, _) = response.body else {
            Issue.record("expected a body sent piece by piece, got \(response.body)")
            return
        }
        #expect(length == 10)
        // With a delay the route still waits, and a stop during that wait is answered 503.
        let delayed = RecordedRequest(
            sequenceNumber: 2, connectionID: 1, method: "GET", target: "/drip?numbytes=10&duration=20&delay=1", headers: [],
            body: Data())
        #expect(Router.response(to: delayed, context: stopping).status == 503)
    }
}
