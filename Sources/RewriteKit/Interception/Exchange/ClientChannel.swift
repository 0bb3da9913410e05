import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The only way an exchange talks to its URLProtocol client: in its
/// ``ExchangeContext``, never after `stopLoading`.
///
/// ``send(finishing:_:)`` is called in the context and calls the client at once;
/// ``close()`` is called from `stopLoading`, which runs in (or exclusively with) the
/// context, so a stop and a call never overlap and no lock is held around a client call.
/// That matters on corelibs, where any client call after the task finished traps. Only
/// the fallback context (see ``ExchangeContext``) takes a lock.
final class ClientChannel: @unchecked Sendable {
    /// The protocol object, until the channel closes.
    private var protocolObject: URLProtocol?
    /// Held only in the fallback context, around each client call.
    private let lock: Locked<Void>?

    init(_ protocolObject: URLProtocol, context: ExchangeContext) {
        self.protocolObject = protocolObject
        lock = context.needsLock ? Locked(()) : nil
    }

    /// Calls `body` with the protocol object and its client unless the channel is closed;
    /// `finishing` closes it afterwards (the terminal call). Call in the context.
    func send(finishing: Bool = false, _ body: (URLProtocol, URLProtocolClient) -> Void) {
        exclusively {
            guard let protocolObject, let client = protocolObject.client else {
                protocolObject = nil
                return
            }
            body(protocolObject, client)
            if finishing { self.protocolObject = nil }
        }
    }

    /// Forbids any further client call; call from `stopLoading` (or a new `startLoading`).
    func close() {
        exclusively { protocolObject = nil }
    }

    /// Runs `body` under the lock when the context needs one, else directly.
    private func exclusively<T>(_ body: () -> T) -> T {
        guard let lock else { return body() }
        return lock.withLock { _ in body() }
    }
}
