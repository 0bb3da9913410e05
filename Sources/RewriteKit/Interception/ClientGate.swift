import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The only way an exchange talks to its URLProtocol client.
///
/// corelibs traps on any client call after a task stopped or finished, so every
/// call happens under a lock, and only while the gate is open. `stopLoading`
/// closes it synchronously; the terminal call (finish or fail) closes it too.
/// Closing drops the reference to the protocol object, which breaks the
/// protocol → exchange → gate cycle.
final class ClientGate: @unchecked Sendable {
    private let lock = NSLock()
    private var protocolObject: URLProtocol?

    init(_ protocolObject: URLProtocol) {
        self.protocolObject = protocolObject
    }

    /// Whether client calls are still allowed.
    var isOpen: Bool {
        lock.lock()
        defer { lock.unlock() }
        return protocolObject != nil
    }

    /// Runs `body` with the protocol and its client while the gate is open;
    /// `finishing` closes it afterwards. Returns false when the gate was closed.
    @discardableResult
    func send(finishing: Bool = false, _ body: (URLProtocol, URLProtocolClient) -> Void) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard let protocolObject, let client = protocolObject.client else {
            self.protocolObject = nil
            return false
        }
        body(protocolObject, client)
        if finishing { self.protocolObject = nil }
        return true
    }

    /// Forbids any further client call.
    func close() {
        lock.lock()
        protocolObject = nil
        lock.unlock()
    }
}
