import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import RewriteKit

/// The floor for a rule-file stub: the least a URLProtocol costs that answers from the same
/// compiled rules, with RewriteKit's public engine API and nothing else. `canInit` converts
/// the request and runs the rules (a class method: whether a rule answers must be decided
/// from the request alone); `startLoading` converts it again, runs the request phase and the
/// stub's response phase, and answers with an `HTTPURLResponse` that carries the body's
/// `Content-Length`, on the loading thread. No task facts read, no state kept for the load,
/// no events, traces, counts, redirects, delays or cancellation. Only for measuring.
final class RuleStubProtocol: URLProtocol {
    /// The rules every instance answers from (set once, before any request).
    nonisolated(unsafe) static var pipeline: Pipeline?

    override class func canInit(with request: URLRequest) -> Bool {
        guard let pipeline, let head = HTTPRequest(request) else { return false }
        if case .respond = pipeline.processRequest(head).disposition { return true }
        return false
    }

    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override func startLoading() {
        guard let pipeline = Self.pipeline, let url = request.url, let head = HTTPRequest(request) else { return }
        let outcome = pipeline.processRequest(head)
        guard case .respond(let stub) = outcome.disposition else { return }
        let answer = pipeline.processResponse(stub, for: outcome).response
        var fields = Dictionary(answer.headers.map { ($0.name, $0.value) }) { $1 }
        fields["Content-Length"] = String(answer.body.count)
        guard let response = HTTPURLResponse(url: url, statusCode: answer.status, httpVersion: "HTTP/1.1", headerFields: fields) else { return }
        client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
        client?.urlProtocol(self, didLoad: Data(answer.body))
        client?.urlProtocolDidFinishLoading(self)
    }

    override func stopLoading() {}
}
