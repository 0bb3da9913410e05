import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Where an exchange keeps its state and calls its URLProtocol client: the context
/// `startLoading` and `stopLoading` run in, so a client call and a stop can never
/// overlap, with no lock held around the call (Apple's CustomHTTPProtocol discipline).
///
/// - swift-corelibs-foundation (6.0 and later): the process-wide serial queue every
///   URLSession's work queue targets. `startLoading` and `stopLoading` run on the app
///   task's work queue, inside that hierarchy; the inner session's callbacks run inside it
///   too (see ``InlineOperationQueue``), so an exchange handles them and calls the client
///   without a thread hop, and never at the same time as a start or stop. Work posted to
///   the context goes to a queue that targets the work queue of an idle session kept for
///   the purpose (the shared queue itself is private).
/// - Apple platforms: the thread `startLoading` ran on, in its run-loop modes and the
///   default mode (`perform(_:on:with:waitUntilDone:modes:)`).
/// - Fallback, only if corelibs' internals ever change shape: a private serial queue,
///   and the client channel takes a lock around each call and the stop.
///
/// Only light work runs here (corelibs runs all URLSession work of the process on this
/// queue's target): the rules over a body already in memory of at most
/// ``Exchange/inlineBodyLimit`` bytes. Reading a body, the rules over a larger one, and
/// every URLSession call happen on the exchange's worker queue.
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
    init() {
        #if canImport(FoundationNetworking)
        kind = Self.sharedQueueMember.map(Kind.queue) ?? .isolated(DispatchQueue(label: "RewriteKit.exchange.context"))
        #else
        kind = .thread(ThreadRunner())
        #endif
    }

    #if canImport(FoundationNetworking)
    /// A serial queue inside URLSession's process-wide queue hierarchy: it targets the work
    /// queue of a session that never runs a task. Nil if corelibs' internals ever change.
    static let sharedQueueMember: DispatchQueue? = {
        let anchor = URLSession(configuration: .ephemeral)
        guard let workQueue = StoredProperty.value("workQueue", of: anchor) as? DispatchQueue else { return nil }
        return DispatchQueue(label: "RewriteKit.context", target: workQueue)
    }()
    #endif

    /// Whether inner-session callbacks already run in this context (so they need no hop).
    var receivesCallbacksDirectly: Bool {
        if case .queue = kind { return true }
        return false
    }

    /// Whether the client channel must lock (the fallback context).
    var needsLock: Bool {
        if case .isolated = kind { return true }
        return false
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

    /// Checks, in debug builds, that the caller runs on the context's queue (posted with
    /// ``async(_:)``); for handing corelibs work that must stay inside URLSession's queue
    /// hierarchy. Does nothing on Apple platforms, where the context is a thread.
    func assertInside() {
        switch kind {
        case .queue(let queue), .isolated(let queue): dispatchPrecondition(condition: .onQueue(queue))
        #if !canImport(FoundationNetworking)
        case .thread: break
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
