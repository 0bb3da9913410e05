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
}
