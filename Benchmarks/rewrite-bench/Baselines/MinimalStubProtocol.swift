import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The baseline a stub is measured against: the least a URLProtocol stub costs. It claims
/// the requests of one host and answers each with a status, one header and a fixed body,
/// at once, on the loading thread: no lookup, no matching beyond the host, no copy of the
/// request. Only for measuring.
final class MinimalStubProtocol: URLProtocol {
    static let host = "stub.bench.test"
    static let body = Data("0123456789".utf8)

    override class func canInit(with request: URLRequest) -> Bool { request.url?.host == host }
    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override func startLoading() {
        guard let url = request.url,
              let response = HTTPURLResponse(url: url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: ["Content-Type": "text/plain"])
        else { return }
        client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
        client?.urlProtocol(self, didLoad: Self.body)
        client?.urlProtocolDidFinishLoading(self)
    }

    override func stopLoading() {}
}
