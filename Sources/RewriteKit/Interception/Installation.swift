import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One place a ``Rewriter`` is installed: a slot, the queue the library owns for
/// it, and the inner session requests are forwarded through.
///
/// The inner session is made from a copy of the configuration the rewriter was
/// installed in (taken before the interceptor was added), so timeouts, cookies,
/// caches, proxies and `httpAdditionalHeaders` behave as they would without the
/// interceptor. Its protocol classes are the outer ones minus this slot's class:
/// a request is never intercepted twice by the same installation, while another
/// rewriter installed in the same configuration still sees it (chaining).
final class Installation: Sendable {
    /// The slot whose protocol class this installation answers for.
    let slot: Int
    /// The rewriter whose rules apply.
    let rewriter: Rewriter
    /// The serial queue every URLSession call and every exchange step runs on.
    let queue: DispatchQueue
    /// The outer configuration's additional headers, which rules must see.
    let additionalHeaders: [(String, String)]
    /// The `cache` clause's memory, for this installation only.
    let cache = ResponseCache()
    private let forwarding: ForwardingSession

    init(slot: Int, rewriter: Rewriter, outerConfiguration: URLSessionConfiguration) {
        self.slot = slot
        self.rewriter = rewriter
        queue = DispatchQueue(label: "RewriteKit.installation.\(slot)")
        additionalHeaders = (outerConfiguration.httpAdditionalHeaders ?? [:]).compactMap { key, value in
            guard let name = key as? String else { return nil }
            return (name, "\(value)")
        }.sorted { $0.0 < $1.0 }
        let inner = (outerConfiguration.copy() as? URLSessionConfiguration) ?? .default
        let ownClass = RewriteURLProtocol.all[slot]
        inner.protocolClasses = outerConfiguration.protocolClasses?.filter { $0 != ownClass }
        forwarding = ForwardingSession(configuration: inner, queue: queue)
    }

    /// Starts a forwarded request for an exchange; call on `queue`.
    func forward(_ request: URLRequest, for exchange: Exchange) -> URLSessionDataTask {
        forwarding.start(request, for: exchange)
    }

    /// Lets in-flight requests finish and releases the inner session.
    func invalidate() {
        queue.async { [forwarding] in forwarding.invalidate() }
    }

    /// Where a request lands whose installation was removed between `canInit`
    /// and `startLoading`: no rules, plain forwarding.
    static let passThrough = Installation(
        slot: 0, rewriter: Rewriter(pipeline: .empty), outerConfiguration: .default)
}
