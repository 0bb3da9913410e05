import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The URLProtocol that carries requests through a ``Rewriter``: lifecycle only.
///
/// `canInit` asks the installation whether any rule might apply, from the URL and headers
/// alone, so traffic no rule can touch never comes here. `startLoading` records where
/// the client must be called and hands the load to an ``Exchange``, which does its work
/// on queues the library owns: it never blocks, and never calls URLSession from the
/// session's own queues (where corelibs traps or deadlocks). `stopLoading` closes the
/// client channel in the same context the channel calls the client in, so no client
/// call can follow it, and cancels the rest.
///
/// What the platform cannot carry through a URLProtocol (download tasks on
/// swift-corelibs-foundation, whose file corelibs keeps in protocol state no subclass can
/// set; upload tasks on Apple platforms, whose body a protocol never sees) fails closed:
/// when a rule that might apply routes it, answers it, or changes a body or status, the
/// task fails with ``InterceptionError/taskCannotBeCarried(task:platform:rule:)`` and is
/// never sent. When the rules that might apply only edit headers or observe, it goes to
/// the network untouched. Either way a `.bypassed` activity event names the skipped
/// rules. WebSocket and stream tasks are declined in `canInit(with:)` (Apple platforms).
///
/// Each installation uses its own subclass (see ``TaggedURLProtocol``).
class InterceptingURLProtocol: URLProtocol {
    /// The installation this class serves; each ``TaggedURLProtocol`` answers its own.
    class var installationNumber: Int { -1 }

    /// The installation, found when loading starts (an uninstalled one stays reachable
    /// for its grace period, so a request `canInit` accepted a moment ago still finds it).
    private var interceptor: Interceptor?
    /// The load in progress; read and written only in the loading context.
    private var exchange: Exchange?
    /// Whether `startLoading` failed the task itself (no exchange).
    private var finishedDirectly = false
    #if canImport(FoundationNetworking)
    /// The built-in HTTP protocol, for tasks handed over untouched.
    private var handover: URLProtocol?
    /// Where the platform's limits apply, for messages.
    static let platformName = "Linux (swift-corelibs-foundation)"
    #else
    static let platformName = "Apple platforms"
    #endif

    /// The kind of `task`, when this platform cannot carry it through a URL protocol.
    static func uncarriedKind(of task: URLSessionTask?) -> String? {
        #if canImport(FoundationNetworking)
        task is URLSessionDownloadTask ? "download" : nil
        #else
        task is URLSessionUploadTask ? "upload" : nil
        #endif
    }

    /// Why `task` goes to the network without the rules, when it must.
    static func uncarriedReason(_ task: URLSessionTask?) -> String {
        "\(uncarriedKind(of: task) ?? "this kind of") tasks cannot be carried by a URL protocol on \(platformName)"
    }

    override class func canInit(with request: URLRequest) -> Bool {
        guard let interceptor = InterceptorRegistry.shared.interceptor(for: installationNumber) else { return false }
        if interceptor.shouldIntercept(request) { return true }
        #if canImport(FoundationNetworking)
        // corelibs asks once per task, with the request only.
        interceptor.reportDeclined(request, task: nil)
        #endif
        return false
    }

    override class func canInit(with task: URLSessionTask) -> Bool {
        guard let request = task.currentRequest ?? task.originalRequest,
              let interceptor = InterceptorRegistry.shared.interceptor(for: installationNumber)
        else { return false }
        // Asked again for the same task, the first answer stands (``AdmittedRequests``).
        guard interceptor.shouldIntercept(request, task: task) else {
            #if !canImport(FoundationNetworking)
            // Apple platforms ask several times per task; the task tells them apart.
            interceptor.reportDeclined(request, task: task)
            #endif
            return false
        }
        // Only Apple platforms call this (corelibs asks with the request alone).
        let reason: String? = switch task {
        case _ where uncarriedKind(of: task) != nil:
            // A rule that may not be skipped makes the task come here, to fail in `startLoading`.
            interceptor.rulesThatMustNotBeSkipped(request).isEmpty == false ? nil : uncarriedReason(task)
        case is URLSessionWebSocketTask: "WebSocket tasks are not intercepted"
        case is URLSessionStreamTask: "stream tasks are not intercepted"
        default: nil
        }
        if let reason {
            // Apple platforms ask several times per task: one event per task.
            interceptor.reportBypass(of: request, reason: reason, task: task)
            return false
        }
        return true
    }

    override class func canonicalRequest(for request: URLRequest) -> URLRequest {
        request
    }

    override func startLoading() {
        // corelibs can run a cancel's `stopLoading` before the resume's `startLoading`
        // (both go through its asynchronous protocol set-up), so a task can arrive here
        // already cancelled and reported: starting it would call the client after the
        // task finished, which traps.
        if let task {
            // One read of the state: each takes corelibs' lock.
            let state = task.state
            if task.error != nil || state == .canceling || state == .completed { return }
        }
        interceptor = InterceptorRegistry.shared.interceptor(for: Self.installationNumber)
        let loading = LoadingTask(task, hiding: interceptor?.hiddenCorelibsFields ?? [])
        exchange?.stop()
        exchange = nil
        if let kind = Self.uncarriedKind(of: task) {
            return carryWithoutRules(reason: Self.uncarriedReason(task)) {
                .taskCannotBeCarried(task: kind, platform: Self.platformName, rule: $0)
            }
        }
        #if canImport(FoundationNetworking)
        // A corelibs fact this task needs could not be read: never a silent guess.
        if !loading.missedFacts.isEmpty {
            interceptor?.reportMissedFacts(loading.missedFacts, request: request)
            if let miss = loading.missedFacts.first(where: \.keepsOut) {
                return carryWithoutRules(reason: "swift-corelibs-foundation: \(miss.fact.rawValue) cannot be read; \(miss.fact.consequence)") {
                    .corelibsFactMissing(fact: miss.fact.rawValue, rule: $0)
                }
            }
        }
        #endif
        #if canImport(FoundationNetworking)
        if interceptor == nil { return handOver(reason: "the rewriter was released") }
        #endif
        guard let interceptor else {
            // Only on Apple platforms, and only if the installation vanished between
            // `canInit` and here, which its grace period prevents.
            finishedDirectly = true
            client?.urlProtocol(self, didFailWithError: URLError(.cancelled))
            return
        }
        let exchange = Exchange(protocolObject: self, interceptor: interceptor, loading: loading)
        self.exchange = exchange
        exchange.start()
    }

    override func stopLoading() {
        #if canImport(FoundationNetworking)
        handover?.stopLoading()
        // corelibs' `cancel()` takes the protocol, then later calls `stopLoading()` and
        // `client.urlProtocol(_:didFailWithError:)` on it. When the load finished in
        // between, the task may already have left its session's registry, and that
        // client call traps ("Trying to access a behaviour for a task that in not in the
        // registry"): a cancel racing a completion crashed the app. Its own HTTP protocol
        // narrows the window by finishing on the task's queue; this one closes it: once
        // the terminal client call is made, nothing may reach the client again.
        if finishedDirectly || exchange?.isFinished == true, handover == nil { client = nil }
        #endif
        exchange?.stop()
    }

    /// A task the platform cannot carry through the rules: failed, never sent, when a rule
    /// that may not be skipped might apply; else sent untouched where the platform can
    /// (corelibs' own HTTP protocol), with a `.bypassed` event either way.
    private func carryWithoutRules(reason: String, failure: (RuleReference) -> InterceptionError) {
        let blocking = interceptor?.rulesThatMustNotBeSkipped(request) ?? []
        #if canImport(FoundationNetworking)
        if blocking.isEmpty { return handOver(reason: reason) }
        #endif
        // On Apple platforms `canInit(with:)` let the task come here only for such a rule.
        let rule = blocking.first ?? interceptor?.rulesThatMightApply(to: request).first
        finishedDirectly = true
        guard let rule else {
            client?.urlProtocol(self, didFailWithError: URLError(.unsupportedURL, userInfo: [NSLocalizedDescriptionKey: reason]))
            return
        }
        let error = failure(rule).urlError
        interceptor?.reportBypass(of: request, reason: error.localizedDescription, failedWith: RequestError(error))
        client?.urlProtocol(self, didFailWithError: error)
    }

    #if canImport(FoundationNetworking)
    /// Gives the task to corelibs' own HTTP protocol, which reads the task's body,
    /// delegate and session itself: the task behaves exactly as without the interceptor,
    /// and the rules are not run.
    private func handOver(reason: String) {
        guard let task, let builtin = URLSessionConfiguration.default.protocolClasses?.first as? URLProtocol.Type,
              builtin != Self.self
        else {
            finishedDirectly = true
            client?.urlProtocol(self, didFailWithError: URLError(.unsupportedURL))
            return
        }
        interceptor?.reportBypass(of: request, reason: reason)
        let handover = builtin.init(task: task, cachedResponse: cachedResponse, client: client)
        self.handover = handover
        handover.startLoading()
    }
    #endif
}

#if !canImport(FoundationNetworking)
// Apple does not declare URLProtocol Sendable (its documentation lists no such conformance,
// unlike URLSessionTask's), yet the protocol object is handed to closures that run in the
// loading context, the thread `startLoading` recorded, and is touched only there: this states
// that by hand, as Pulse's MockingURLProtocol does. corelibs marks URLProtocol's Sendable
// conformance unavailable, where restating it warns, so this is Apple's alone.
extension InterceptingURLProtocol: @unchecked Sendable {}
#endif
