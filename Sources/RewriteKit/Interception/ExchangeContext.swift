import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Where an exchange keeps its state and calls its URLProtocol client: the context
/// `startLoading` and `stopLoading` run in, so a client call and a stop can never
/// overlap, with no lock held around the call (Apple's CustomHTTPProtocol discipline).
///
/// - swift-corelibs-foundation: the work queue of the app's session. `startLoading` and
///   `stopLoading` run on the task's work queue, which targets it, so nothing on one
///   overlaps the other. The inner session made for that app session delivers its
///   delegate callbacks on this same queue, so an exchange handles them, and calls the
///   client, without a thread hop.
/// - Apple platforms: the thread `startLoading` ran on, in its run-loop modes and the
///   default mode (`perform(_:on:with:waitUntilDone:modes:)`).
/// - Fallback, only if corelibs' internals ever change shape: a private serial queue,
///   and the client channel takes a lock around each call and the stop.
///
/// Only light work runs here (corelibs runs all URLSession work of the process on this
/// queue's target): reading a body, running the rules and every URLSession call happen
/// on the exchange's worker queue.
final class ExchangeContext: @unchecked Sendable {
    private enum Kind {
        case queue(DispatchQueue)
        #if !canImport(FoundationNetworking)
        case thread(ThreadRunner)
        #endif
        case isolated(DispatchQueue)
    }

    private let kind: Kind

    /// The context for a load; call from `startLoading`.
    init(_ loading: LoadingTask) {
        #if canImport(FoundationNetworking)
        kind = loading.workQueue.map(Kind.queue) ?? .isolated(DispatchQueue(label: "RewriteKit.exchange.context"))
        #else
        kind = .thread(ThreadRunner())
        #endif
    }

    /// Whether the client channel must lock (the fallback context).
    var needsLock: Bool {
        if case .isolated = kind { return true }
        return false
    }

    /// The queue the inner session's callbacks may run on to arrive here directly.
    var callbackQueue: DispatchQueue? {
        if case .queue(let queue) = kind { return queue }
        return nil
    }

    /// Runs `work` in the context, later.
    func async(_ work: @escaping @Sendable () -> Void) {
        switch kind {
        case .queue(let queue), .isolated(let queue): queue.async(execute: work)
        #if !canImport(FoundationNetworking)
        case .thread(let runner): runner.perform(work)
        #endif
        }
    }

    /// Runs `work` in the context from `startLoading` or `stopLoading`: at once where
    /// those already run in it (or exclusively with it), else later.
    func fromLoadingContext(_ work: @escaping @Sendable () -> Void) {
        if case .isolated(let queue) = kind {
            queue.async(execute: work)
        } else {
            work()
        }
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
