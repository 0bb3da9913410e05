import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The only way an exchange talks to its URLProtocol client, with the discipline Apple's
/// CustomHTTPProtocol sample teaches: every client call happens in the context that
/// `startLoading` ran in, never under a lock, and never after `stopLoading`.
///
/// - On Apple platforms the context is the thread `startLoading` ran on, in the run-loop
///   modes it ran in (and the default mode); calls are performed there with
///   `perform(_:on:with:waitUntilDone:modes:)`.
/// - On swift-corelibs-foundation `startLoading` and `stopLoading` run on the task's
///   private serial work queue (its own protocols call the client from there too), so
///   calls are dispatched to that queue.
///
/// On corelibs the exchange also asks the app's delegate itself (redirects, challenges,
/// upload progress); it does so through ``send(finishing:_:)`` as well, so those calls
/// keep their order with the client calls around them, as they do for a plain load.
///
/// Because `stopLoading` runs in the same context, ``close()`` and every call are
/// serialized by the context itself: a call queued before the stop finds the channel
/// closed and does nothing. That matters on corelibs, where any client call after the
/// task finished traps.
final class ClientChannel: @unchecked Sendable {
    /// The protocol object, until the channel closes. Read and written only in the context.
    private var protocolObject: URLProtocol?
    private let context: Context

    /// Opens a channel for the protocol object; call from `startLoading`.
    init(_ protocolObject: URLProtocol, workQueue: DispatchQueue?) {
        self.protocolObject = protocolObject
        context = Context(workQueue: workQueue)
    }

    /// Runs `body` with the protocol object and its client in the context, unless the
    /// channel is closed by then; `finishing` closes it afterwards (the terminal call).
    func send(finishing: Bool = false, _ body: @escaping @Sendable (URLProtocol, URLProtocolClient) -> Void) {
        context.perform { [self] in
            guard let protocolObject, let client = protocolObject.client else {
                protocolObject = nil
                return
            }
            body(protocolObject, client)
            if finishing { self.protocolObject = nil }
        }
    }

    /// Forbids any further client call; call in the context (`stopLoading`, or a new
    /// `startLoading` after a suspend).
    func close() {
        context.closeNow { [self] in protocolObject = nil }
    }
}

extension ClientChannel {
    /// Where client calls run.
    final class Context: @unchecked Sendable {
        #if canImport(FoundationNetworking)
        /// The task's work queue; nil only if corelibs' internals ever change shape, in
        /// which case calls fall back to a private queue and a lock (see `perform`).
        private let queue: DispatchQueue?
        private let fallbackQueue = DispatchQueue(label: "RewriteKit.client")
        private let fallbackLock = NSLock()

        init(workQueue: DispatchQueue?) {
            queue = workQueue
        }

        func perform(_ work: @escaping @Sendable () -> Void) {
            if let queue {
                queue.async(execute: work)
            } else {
                // Only reached if corelibs no longer has a task work queue: calls then
                // run on a private queue and hold a lock that `closeNow` also takes,
                // so a stop and a call can never interleave.
                fallbackQueue.async { [fallbackLock] in
                    fallbackLock.lock()
                    work()
                    fallbackLock.unlock()
                }
            }
        }

        func closeNow(_ work: () -> Void) {
            if queue != nil {
                work()
            } else {
                fallbackLock.lock()
                work()
                fallbackLock.unlock()
            }
        }
        #else
        private let runner: ThreadRunner

        init(workQueue: DispatchQueue?) {
            runner = ThreadRunner()
        }

        func perform(_ work: @escaping @Sendable () -> Void) {
            runner.perform(work)
        }

        func closeNow(_ work: () -> Void) {
            work()
        }
        #endif
    }
}

#if !canImport(FoundationNetworking)
/// Runs blocks on the thread that created it, in the run-loop modes current then and
/// the default mode, as CustomHTTPProtocol does with `performSelector:onThread:…`.
final class ThreadRunner: NSObject, @unchecked Sendable {
    private let thread: Thread
    private let modes: [String]

    override init() {
        thread = Thread.current
        var modes = [RunLoop.Mode.default.rawValue]
        if let current = RunLoop.current.currentMode?.rawValue, current != modes[0] { modes.append(current) }
        self.modes = modes
        super.init()
    }

    func perform(_ work: @escaping @Sendable () -> Void) {
        perform(#selector(run(_:)), on: thread, with: WorkBox(work), waitUntilDone: false, modes: modes)
    }

    @objc private func run(_ box: WorkBox) {
        box.work()
    }

    /// A block as an object, to pass through `perform(_:on:with:…)`.
    final class WorkBox: NSObject, @unchecked Sendable {
        let work: @Sendable () -> Void
        init(_ work: @escaping @Sendable () -> Void) { self.work = work }
    }
}
#endif
