import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The only way an exchange talks to its URLProtocol client: in its
/// ``ExchangeContext``, never after `stopLoading`, one verb per client call.
///
/// Every verb is called in the context and calls the client at once; ``close()`` is called
/// from `stopLoading`, which runs in (or exclusively with) the context, so a stop and a
/// call never overlap and no lock is held around a client call. That matters on corelibs,
/// where any client call after the task finished traps. Only the fallback context (see
/// ``ExchangeContext``) takes a lock. The terminal verbs (``finish(head:body:perCall:)``,
/// ``finish()``, ``fail(_:partial:perCall:)``) close the channel.
final class ClientChannel: @unchecked Sendable {
    /// The protocol object, until the channel closes.
    private var protocolObject: URLProtocol?
    /// Held only in the fallback context, around each client call.
    private let lock: Locked<Void>?

    init(_ protocolObject: URLProtocol, context: ExchangeContext) {
        self.protocolObject = protocolObject
        lock = context.needsLock ? Locked(()) : nil
    }

    /// Whether client calls still go out.
    var isOpen: Bool {
        exclusively { protocolObject?.client != nil }
    }

    /// The response head (never cached by URLSession: the rules' cache is the interceptor's).
    func head(_ response: URLResponse) {
        send { $1.urlProtocol($0, didReceive: response, cacheStoragePolicy: .notAllowed) }
    }

    /// A piece of the body.
    func load(_ data: Data) {
        send { $1.urlProtocol($0, didLoad: data) }
    }

    /// A whole answer: the head (unless nil: the app heard it already), the body in one
    /// piece (which the delegate of one call hears too), the finish.
    func finish(head: URLResponse?, body: Data, perCall: PerCallDelegate?) {
        send(finishing: true) { protocolObject, client in
            if let head { client.urlProtocol(protocolObject, didReceive: head, cacheStoragePolicy: .notAllowed) }
            if !body.isEmpty {
                perCall?.didReceive(body)
                client.urlProtocol(protocolObject, didLoad: body)
            }
            client.urlProtocolDidFinishLoading(protocolObject)
        }
    }

    /// The end of a body that went on piece by piece.
    func finish() {
        send(finishing: true) { $1.urlProtocolDidFinishLoading($0) }
    }

    /// The load failed with `error`. A delegate hears the response and the data that came
    /// before a failure mid-body (`partial`), as on a plain load.
    func fail(_ error: Error, partial: (head: URLResponse?, body: Data)? = nil, perCall: PerCallDelegate?) {
        send(finishing: true) { protocolObject, client in
            if let partial {
                if let head = partial.head {
                    client.urlProtocol(protocolObject, didReceive: head, cacheStoragePolicy: .notAllowed)
                }
                if !partial.body.isEmpty {
                    if let perCall { perCall.didReceive(partial.body) } else { client.urlProtocol(protocolObject, didLoad: partial.body) }
                }
            }
            client.urlProtocol(protocolObject, didFailWithError: error)
        }
    }

    #if !canImport(FoundationNetworking)
    /// A redirect, which the client puts to the app's delegate and, when followed, loads as a
    /// new request (Apple platforms; corelibs' client traps on it).
    func redirect(to request: URLRequest, response: URLResponse) {
        send { $1.urlProtocol($0, wasRedirectedTo: request, redirectResponse: response) }
    }

    /// An authentication challenge, which the client puts to the app's delegate; the answer
    /// comes back through the challenge's sender (Apple platforms).
    func challenge(_ challenge: URLAuthenticationChallenge) {
        send { $1.urlProtocol($0, didReceive: challenge) }
    }
    #endif

    /// Forbids any further client call; call from `stopLoading` (or a new `startLoading`).
    func close() {
        exclusively { protocolObject = nil }
    }

    /// Calls `body` with the protocol object and its client unless the channel is closed;
    /// `finishing` closes it afterwards (the terminal call).
    private func send(finishing: Bool = false, _ body: (URLProtocol, URLProtocolClient) -> Void) {
        exclusively {
            guard let protocolObject, let client = protocolObject.client else {
                protocolObject = nil
                return
            }
            body(protocolObject, client)
            if finishing { self.protocolObject = nil }
        }
    }

    /// Runs `body` under the lock when the context needs one, else directly.
    private func exclusively<T>(_ body: () -> T) -> T {
        guard let lock else { return body() }
        return lock.withLock { _ in body() }
    }
}
