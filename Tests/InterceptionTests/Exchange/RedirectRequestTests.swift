import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import RewriteKit
import Testing

/// The request a followed redirect leads to. On Apple platforms the system starts a new load
/// for it, so a 307/308 must carry the bytes the exchange already read from the app's
/// stream, not the spent stream.
@Suite struct RedirectRequestTests {
    static func post(stream bytes: [UInt8]) -> URLRequest {
        var request = URLRequest(url: URL(string: "https://a.test/upload")!)
        request.httpMethod = "POST"
        request.httpBodyStream = InputStream(data: Data(bytes))
        return request
    }

    @Test("a 307 or 308 after a streamed POST carries the bytes read from it", arguments: [307, 308])
    func keptMethodCarriesTheReadBytes(status: Int) throws {
        let request = Self.post(stream: Array("caption=hello".utf8))
        let stream = try #require(request.httpBodyStream)
        let read = try RequestBody.stream(stream).materialized()
        let url = try #require(request.url)
        let next = try #require(RedirectRequest.next(after: request, status: status, location: "/moved", baseURL: url))
        #expect(next.httpBodyStream != nil, "the redirect keeps the app's body, as URLSession makes it")
        let carried = RedirectRequest.carrying(read, in: next)
        #expect(carried.httpMethod == "POST" && carried.url?.absoluteString == "https://a.test/moved")
        #expect(carried.httpBodyStream == nil)
        #expect(carried.httpBody == Data("caption=hello".utf8))
    }

    @Test("a body spilled to disk is carried whole")
    func spilledBodyIsCarried() throws {
        let bytes = (0..<(RequestBody.memoryLimit + 10)).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let request = Self.post(stream: bytes)
        let stream = try #require(request.httpBodyStream)
        let read = try RequestBody.stream(stream).materialized()
        guard case .spilled = read else { Issue.record("a body past the memory limit is spilled"); return }
        let url = try #require(request.url)
        let next = try #require(RedirectRequest.next(after: request, status: 308, location: "/b", baseURL: url))
        #expect(RedirectRequest.carrying(read, in: next).httpBody == Data(bytes))
    }

    @Test("a redirect that turns the POST into a GET carries nothing")
    func changedMethodCarriesNothing() throws {
        let request = Self.post(stream: [1, 2, 3])
        let url = try #require(request.url)
        let next = try #require(RedirectRequest.next(after: request, status: 303, location: "/c", baseURL: url))
        let carried = RedirectRequest.carrying(.data(Data([1, 2, 3])), in: next)
        #expect(carried.httpMethod == "GET" && carried.httpBody == nil && carried.httpBodyStream == nil)
    }

    @Test("an answer's step: final unless a followed 3xx, too many past the limit, else the next request and the response shown")
    func step() throws {
        let request = URLRequest(url: URL(string: "https://a.test/start")!)
        let moved = HTTPResponse(status: 302, headers: ["Location": "/next", "Content-Encoding": "gzip"], body: Array("moved".utf8))
        guard case .final = RedirectRequest.step(after: request, hop: 0, answer: HTTPResponse(status: 200)) else {
            Issue.record("a 200 is final"); return
        }
        guard case .final = RedirectRequest.step(after: request, hop: 0, answer: HTTPResponse(status: 302)) else {
            Issue.record("a 302 without Location is final, as URLSession does not follow it"); return
        }
        guard case .tooMany(let error) = RedirectRequest.step(after: request, hop: RedirectRequest.limit, answer: moved) else {
            Issue.record("the redirect past the limit fails"); return
        }
        #expect(error.code == .httpTooManyRedirects)
        guard case .redirect(let next, let shown) = RedirectRequest.step(after: request, hop: RedirectRequest.limit - 1, answer: moved) else {
            Issue.record("a 302 with Location is followed"); return
        }
        #expect(next.url?.absoluteString == "https://a.test/next")
        #expect(shown.statusCode == 302 && shown.url?.absoluteString == "https://a.test/start")
        #expect(shown.value(forHTTPHeaderField: "Content-Encoding") == "gzip", "a server's head is shown as it came")
        guard case .redirect(_, let stub) = RedirectRequest.step(after: request, hop: 0, answer: moved, describesBody: true) else {
            Issue.record("a stub's 302 is followed"); return
        }
        #expect(stub.value(forHTTPHeaderField: "Content-Length") == "5" && stub.value(forHTTPHeaderField: "Content-Encoding") == nil,
                "a stub's head describes its own body")
    }
}
