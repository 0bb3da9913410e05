import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The URLProtocol that carries requests through a ``Rewriter``: lifecycle only.
///
/// `canInit` asks the installation's pipeline whether any rule could apply, so
/// traffic no rule touches never comes here. `startLoading` hands the request to
/// an ``Exchange`` on the installation's own queue and returns at once: it never
/// blocks and never calls URLSession from the session's queues, where corelibs
/// traps or deadlocks. `stopLoading` closes the client gate synchronously (no
/// client call can follow) and cancels the rest on the library's queue.
///
/// Each installation uses its own subclass (a "slot", see
/// `RewriteURLProtocol+Slots.swift`), because `canInit(with:)` cannot tell
/// which session a request comes from; the slot can.
class RewriteURLProtocol: URLProtocol {
    /// The slot this class serves; subclasses override it.
    class var slot: Int { 0 }

    private let exchange = Locked<Exchange?>(nil)

    override class func canInit(with request: URLRequest) -> Bool {
        guard let installation = InstallationRegistry.shared.installation(forSlot: slot),
              let scheme = request.url?.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let message = HTTPRequest(request, additionalHeaders: installation.additionalHeaders, includeBody: true)
        else { return false }
        return installation.rewriter.pipeline.mightApply(to: message)
    }

    override class func canonicalRequest(for request: URLRequest) -> URLRequest {
        request
    }

    override func startLoading() {
        // corelibs can run a cancel's `stopLoading` before the resume's
        // `startLoading` (both go through its asynchronous protocol set-up), so
        // a task can arrive here already cancelled and reported: starting it
        // would call the client after the task finished, which traps. `error`
        // is set by `cancel()` before it stops the protocol; `state` is kept
        // behind corelibs' own attribute lock, not the session queue, so both
        // are safe to read here.
        if let task, task.error != nil || task.state == .canceling || task.state == .completed {
            return
        }
        let installation = InstallationRegistry.shared.installation(forSlot: Self.slot) ?? .passThrough
        let next = Exchange(
            protocolObject: self, installation: installation,
            callerKind: CallerKind.of(task), taskKind: TaskKind(task))
        let previous = exchange.withLock { current -> Exchange? in
            defer { current = next }
            return current
        }
        previous?.gate.close()
        installation.queue.async { next.start() }
    }

    override func stopLoading() {
        guard let current = exchange.withLock({ $0 }) else { return }
        current.gate.close()
        current.installation.queue.async { current.cancel() }
    }
}
