import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import RewriteKit
import RewriteTesting
import Testing

/// A body given as a stream (`httpBodyStream`, and on Apple platforms every data task's body
/// seen from inside a URL protocol) is read before it is sent: it goes out with its length,
/// never chunked, and can be sent again when the transport asks for it.
@Suite("Request bodies given as streams")
struct StreamBodyTests {
    /// A rule that makes the request come through the interceptor without reading its body.
    static let rules = """
        rule "mark" {
            when method == POST
            request { set-header "X-Marked" "yes" }
        }
        """

    func streamed(_ url: URL, _ body: Data, marker: String) -> URLRequest {
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.setValue(marker, forHTTPHeaderField: "X-Marker")
        request.setValue("application/octet-stream", forHTTPHeaderField: "Content-Type")
        request.httpBodyStream = InputStream(data: body)
        return request
    }

    func spilledCopies() -> Set<String> {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: FileManager.default.temporaryDirectory.path)) ?? []
        return Set(names.filter { $0.hasPrefix("RewriteKit-request-body-") })
    }

    @Test("a small stream goes out whole, with its Content-Length, not chunked", arguments: [1, 70_000])
    func smallStream(size: Int) async throws {
        let harness = try Harness(Self.rules)
        let body = Data(TestHTTPServer.deterministicBytes(count: size, seed: 7))
        let marker = UUID().uuidString
        let reply = await Caller.completionHandler.fetch(streamed(harness.url("/post"), body, marker: marker), in: harness.session)
        #expect(reply.error == nil)
        let seen = try #require(harness.server.requests(withHeader: "X-Marker", value: marker).first)
        #expect(seen.value(forHeader: "X-Marked") == "yes", "the request went through the rules")
        #expect(seen.body == body)
        #expect(seen.value(forHeader: "Content-Length") == String(size))
        #expect(seen.value(forHeader: "Transfer-Encoding") == nil)
    }

    @Test("a stream over the memory limit goes out whole with its length, and its temporary copy is removed")
    func spilledStream() async throws {
        let harness = try Harness(Self.rules)
        let size = RequestBody.memoryLimit + 100_001
        let body = Data(TestHTTPServer.deterministicBytes(count: size, seed: 8))
        let before = spilledCopies()
        let marker = UUID().uuidString
        let reply = await Caller.completionHandler.fetch(streamed(harness.url("/status/200"), body, marker: marker), in: harness.session)
        #expect(reply.error == nil && reply.status == 200)
        let seen = try #require(harness.server.requests(withHeader: "X-Marker", value: marker).first)
        #expect(seen.value(forHeader: "Content-Length") == String(size))
        #expect(seen.value(forHeader: "Transfer-Encoding") == nil)
        #expect(seen.body == body, "the server got \(seen.bodyLength) other bytes")
        let deadline = Date().addingTimeInterval(10)
        while !spilledCopies().subtracting(before).isEmpty, Date() < deadline { try await Task.sleep(nanoseconds: 50_000_000) }
        #expect(spilledCopies().subtracting(before).isEmpty, "the temporary copy outlived its request")
    }

    @Test("an authentication retry sends the streamed body again, from the copy", arguments: [2_000, RequestBody.memoryLimit + 1])
    func retryResendsBody(size: Int) async throws {
        let harness = try Harness(Self.rules)
        let body = Data(TestHTTPServer.deterministicBytes(count: size, seed: 9))
        let marker = UUID().uuidString
        let delegate = CredentialDelegate()
        let session = URLSession(configuration: harness.configuration, delegate: delegate, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        let reply = await Caller.completionHandler.fetch(streamed(harness.url("/basic-auth/user/passwd"), body, marker: marker), in: session)
        #expect(reply.error == nil)
        #expect(reply.status == 200)
        let seen = harness.server.requests(withHeader: "X-Marker", value: marker)
        #expect(seen.count == 2, "the first try and the retry with the credential")
        for request in seen {
            #expect(request.bodyLength == size)
            #expect(request.value(forHeader: "Content-Length") == String(size))
        }
        #expect(seen.last?.body == body)
    }

    @Test("a capture records a streamed request's body")
    func captureSeesStreamedBody() async throws {
        let harness = try Harness(Self.rules)
        let capture = harness.rewriter.startCapture()
        defer { capture.stop() }
        let body = Data(#"{"streamed":true}"#.utf8)
        let reply = await Caller.completionHandler.fetch(streamed(harness.url("/post"), body, marker: UUID().uuidString), in: harness.session)
        #expect(reply.error == nil)
        _ = await harness.finishedEvents()
        let recorded = try #require(capture.exchanges.first)
        #expect(recorded.request.body == [UInt8](body))
    }
}

/// Answers a Basic challenge with the test server's credential.
private final class CredentialDelegate: NSObject, URLSessionTaskDelegate, Sendable {
    func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        guard challenge.previousFailureCount == 0 else { return completionHandler(.cancelAuthenticationChallenge, nil) }
        completionHandler(.useCredential, URLCredential(user: "user", password: "passwd", persistence: .none))
    }
}
