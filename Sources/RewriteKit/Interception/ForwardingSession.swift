import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The inner URLSession an installation forwards through, and its delegate, which hands
/// each inner task's events to the exchange that started it, in that exchange's context.
///
/// On swift-corelibs-foundation its delegate queue is an ``InlineOperationQueue``: events
/// arrive inside URLSession's queue hierarchy, which is the exchanges' context, and are
/// handled at once. On Apple platforms the delegate queue is a private serial queue and
/// each event hops to its exchange's context (the loading thread).
///
/// Inner tasks are found by the task object (never by `taskIdentifier`, which is unique
/// only within one session). The map is the truth: a task not in it (detached when its
/// exchange gave it up) has its events ignored.
///
/// On corelibs there are two inner sessions: the app's configuration, and the same without
/// its URL cache. corelibs looks every data task up in its session's cache before the
/// task's protocol exists: a listing of the cache's directory and a hop to a background
/// queue, about 40 µs a request on a 2-core VM. The app's session has looked the app's
/// request up already and handed the interceptor what it found
/// (``Exchange/usesURLCache``). Found nothing (nearly always: corelibs stores no response
/// itself, only the app does), and the inner task goes through the session without the
/// cache instead of looking it up again; found an entry, and it goes through the app's
/// configuration, whose look-up finds it again and does with it what corelibs does on a
/// plain session: answers a GET or HEAD from it while it is fresh, evicts it otherwise.
/// Traffic the app has cached nothing for, so nearly all of it, goes through the one
/// session and shares its connections. On Apple platforms the inner session keeps the
/// cache for every task: there it is the inner session's loading that stores responses in
/// the app's cache (the interceptor hands its client `.notAllowed`).
final class ForwardingSession: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    /// Which inner session a task goes through.
    private enum Lane {
        /// The app's configuration, URL cache included.
        case cached
        /// The same without the URL cache (corelibs).
        case uncached
    }

    private let configuration: URLSessionConfiguration
    #if canImport(FoundationNetworking)
    private let uncachedConfiguration: URLSessionConfiguration
    #endif
    private let delegateQueue: OperationQueue
    /// A private delegate queue's dispatch queue, kept here because `underlyingQueue` does not retain it.
    private let callbackQueue: DispatchQueue?
    private struct State {
        /// The inner sessions, each made on first use.
        var sessions: [Lane: URLSession] = [:]
        var isInvalidated = false
        var tasks: [ObjectIdentifier: (task: URLSessionTask, exchange: Exchange, body: RequestBody)] = [:]
        /// Tasks being made outside the lock: the session must outlive them.
        var tasksBeingMade = 0
        /// When the session last became idle (`DispatchTime` nanoseconds).
        var idleSince: UInt64 = 0
        /// Whether an idle check is scheduled: one at a time, however many requests come and go.
        var isIdleCheckPending = false

        var isIdle: Bool { tasks.isEmpty && tasksBeingMade == 0 }
    }
    private let state = Locked(State())
    /// How long the session stays after its last task before it is released.
    private let idleTimeout: TimeInterval

    /// - Parameters:
    ///   - configuration: the inner session's configuration (the uncached one's, less
    ///     its URL cache).
    ///   - idleTimeout: how long the session is kept once no task runs; the next task makes
    ///     a new one. An installation nobody uses then holds no session (and, on Apple
    ///     platforms, no connection pool or thread).
    init(configuration: URLSessionConfiguration, idleTimeout: TimeInterval = 10) {
        self.configuration = configuration
        self.idleTimeout = idleTimeout
        #if canImport(FoundationNetworking)
        let uncached = (configuration.copy() as? URLSessionConfiguration) ?? .default
        uncached.urlCache = nil
        uncachedConfiguration = uncached
        delegateQueue = InlineOperationQueue()
        callbackQueue = nil
        #else
        let queue = DispatchQueue(label: "RewriteKit.forwarding")
        delegateQueue = OperationQueue()
        delegateQueue.maxConcurrentOperationCount = 1
        delegateQueue.underlyingQueue = queue
        callbackQueue = queue
        #endif
        super.init()
    }

    /// Makes an inner task carrying `request` with `body` for `exchange`, not resumed yet;
    /// nil when the exchange has been stopped. Call from the exchange's worker, never from
    /// a session's own queue.
    func makeTask(_ request: URLRequest, body: RequestBody, for exchange: Exchange) -> URLSessionTask? {
        let lane = Self.lane(usingURLCache: exchange.usesURLCache)
        let session = state.withLock { state -> URLSession in
            state.tasksBeingMade += 1
            if let session = state.sessions[lane] { return session }
            let session = URLSession(configuration: configuration(for: lane), delegate: self, delegateQueue: delegateQueue)
            if !state.isInvalidated { state.sessions[lane] = session }
            return session
        }
        var request = request
        let task: URLSessionTask
        switch body {
        case .none:
            task = session.dataTask(with: request)
        case .data(let data):
            // The forwarded request carries it already (see `urlRequest(basedOn:)`).
            request.carry(data)
            task = session.dataTask(with: request)
        case .uploadData(let data):
            task = session.uploadTask(with: request, from: data)
        case .stream(let stream):
            request.httpBodyStream = stream
            task = session.dataTask(with: request)
        case .file(let url):
            task = session.uploadTask(with: request, fromFile: url)
        case .fromDelegate:
            task = session.uploadTask(withStreamedRequest: request)
        case .spilled(let copy):
            // A file upload carries its length on both platforms (corelibs sends any stream
            // chunked, even with a Content-Length header) and is read again for a retry.
            // Upload tasks get no default Content-Type; a data task's POST body does.
            request.addDefaultPOSTContentType()
            task = session.uploadTask(with: request, fromFile: copy.url)
        }
        let (kept, idle) = state.withLock { state -> (Bool, Bool) in
            state.tasksBeingMade -= 1
            guard !exchange.isHalted else { return (false, state.isIdle) }
            state.tasks[ObjectIdentifier(task)] = (task, exchange, body)
            return (true, false)
        }
        if state.withLock({ $0.isInvalidated && $0.sessions[lane] == nil }) { session.finishTasksAndInvalidate() }
        if idle { releaseWhenIdle() }
        return kept ? task : nil
    }

    /// The inner session for a task: on corelibs, the one without the URL cache unless the
    /// app's session found an entry for the app's request.
    private static func lane(usingURLCache: Bool) -> Lane {
        #if canImport(FoundationNetworking)
        usingURLCache ? .cached : .uncached
        #else
        .cached
        #endif
    }

    private func configuration(for lane: Lane) -> URLSessionConfiguration {
        #if canImport(FoundationNetworking)
        if lane == .uncached { return uncachedConfiguration }
        #endif
        return configuration
    }

    /// Whether an inner session exists now (each is made on first use and released when idle).
    var hasSession: Bool { state.withLock { !$0.sessions.isEmpty } }

    /// Releases the session once no task was made or ran for ``idleTimeout``; call when it
    /// becomes idle. A sequence of requests schedules one check, not one each: the check
    /// finds the session busy (the next idle moment schedules again) or idle for less than
    /// the timeout (it looks again when the timeout is up).
    private func releaseWhenIdle() {
        let schedule = state.withLock { state -> Bool in
            state.idleSince = DispatchTime.now().uptimeNanoseconds
            defer { state.isIdleCheckPending = true }
            return !state.isIdleCheckPending
        }
        if schedule { checkIdle(after: idleTimeout) }
    }

    private func checkIdle(after seconds: TimeInterval) {
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [weak self] in
            guard let self else { return }
            let timeout = UInt64(max(0, idleTimeout) * 1e9)
            let (idle, remaining) = state.withLock { state -> ([URLSession], UInt64?) in
                guard state.isIdle, !state.sessions.isEmpty else {
                    state.isIdleCheckPending = false
                    return ([], nil)
                }
                let idleFor = DispatchTime.now().uptimeNanoseconds &- state.idleSince
                guard idleFor >= timeout else { return ([], timeout - idleFor) }
                state.isIdleCheckPending = false
                defer { state.sessions = [:] }
                return (Array(state.sessions.values), nil)
            }
            if let remaining { return checkIdle(after: Double(remaining) / 1e9) }
            // Tasks detached while being cancelled may still be finishing: let them.
            for session in idle { session.finishTasksAndInvalidate() }
        }
    }

    /// Forgets `exchange`'s tasks (their further events are ignored), marks it so it starts
    /// no more unless `halting` is false, and returns them to be cancelled.
    private func detachTasks(of exchange: Exchange, halting: Bool = true) -> [URLSessionTask] {
        let (detached, idle) = state.withLock { state in
            if halting { exchange.halt() }
            let mine = state.tasks.filter { $0.value.exchange === exchange }
            for key in mine.keys { state.tasks[key] = nil }
            return (mine.values.map(\.task), !mine.isEmpty && state.isIdle)
        }
        if idle { releaseWhenIdle() }
        return detached
    }

    /// How long an inner task an exchange gave up may go on before it is cancelled (corelibs).
    static let cancelGrace: TimeInterval = 2

    /// Detaches `exchange`'s tasks (see ``detachTasks(of:halting:)``) and cancels them from
    /// `queue` (URLSession may not be called from its own queues on corelibs).
    func giveUpTasks(of exchange: Exchange, halting: Bool, on queue: DispatchQueue) {
        let tasks = detachTasks(of: exchange, halting: halting)
        guard !tasks.isEmpty else { return }
        let box = UncheckedBox(tasks)
        #if canImport(FoundationNetworking)
        // corelibs' `cancel()` checks the task is running, then calls its protocol's
        // client later; a transfer that completes in between has left its session's
        // registry by then, and that call traps ("Trying to access a behaviour for a
        // task that in not in the registry"; a plain session's own cancel hits it too,
        // in 4 of 6 runs of a 3,000-task storm here). So an inner task given up is left
        // to finish on its own (its events are ignored), and only one still transferring
        // after a grace period, far from the moment it could complete, is cancelled.
        // A response of unknown length (an event stream, chunked or read to the close)
        // has no such moment to keep away from: waiting tells nothing about when it ends,
        // and an endless one would hold the server's connection for the whole grace. It
        // is cancelled at once, as a plain session's cancel() does.
        queue.async {
            for task in box.value where task.isOpenEnded { task.cancel() }
        }
        queue.asyncAfter(deadline: .now() + Self.cancelGrace) {
            for task in box.value where !task.isOpenEnded && task.state == .running && !task.hasReceivedEverything {
                task.cancel()
            }
        }
        #else
        queue.async { box.value.forEach { $0.cancel() } }
        #endif
    }

    /// `exchange`'s running tasks.
    func tasks(of exchange: Exchange) -> [URLSessionTask] {
        state.withLock { state in state.tasks.values.filter { $0.exchange === exchange }.map(\.task) }
    }

    /// Lets running tasks finish, then releases the sessions (and this delegate).
    func invalidate() {
        let sessions = state.withLock { state -> [URLSession] in
            state.isInvalidated = true
            defer { state.sessions = [:] }
            return Array(state.sessions.values)
        }
        for session in sessions { session.finishTasksAndInvalidate() }
    }

    /// Runs `event` for the exchange of `task`, in its context.
    private func route(_ task: URLSessionTask, removing: Bool = false, _ event: @escaping @Sendable (Exchange) -> Void) {
        let (exchange, idle) = state.withLock { state in
            guard removing else { return (state.tasks[ObjectIdentifier(task)]?.exchange, false) }
            let removed = state.tasks.removeValue(forKey: ObjectIdentifier(task))?.exchange
            return (removed, removed != nil && state.isIdle)
        }
        if idle { releaseWhenIdle() }
        guard let exchange else { return }
        if exchange.context.receivesCallbacksDirectly {
            event(exchange)
        } else {
            exchange.context.async { event(exchange) }
        }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        // Allowed under the lock that detaching takes, so the answer is queued on the task
        // before any cancel of ours; a detached task (being cancelled) gets none, since
        // corelibs traps when a response disposition reaches a cancelled task.
        let registered = state.withLock { state -> Bool in
            guard state.tasks[ObjectIdentifier(dataTask)] != nil else { return false }
            completionHandler(.allow)
            return true
        }
        guard registered else { return }
        let response = UncheckedBox(response)
        route(dataTask) { $0.innerDidReceive(response.value) }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        route(dataTask) { $0.innerDidReceive(data) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        let (error, task) = (UncheckedBox(error), UncheckedBox(task))
        // The task's response is read only if its delegate never heard one (each read
        // takes corelibs' lock).
        route(task.value, removing: true) { $0.innerDidComplete(error.value, response: task.value.response) }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        // A task no longer registered is being cancelled by its exchange: it gets no answer,
        // since corelibs traps when a redirect answer reaches a cancelled task.
        guard state.withLock({ $0.tasks[ObjectIdentifier(task)] != nil }) else { return }
        let response = UncheckedBox(response)
        route(task) { $0.innerWillRedirect(response.value, completion: completionHandler) }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        guard state.withLock({ $0.tasks[ObjectIdentifier(task)] != nil }) else {
            return completionHandler(.cancelAuthenticationChallenge, nil)
        }
        let challenge = UncheckedBox(challenge)
        route(task) { $0.innerDidReceive(challenge.value, completion: completionHandler) }
    }

    /// The transport wants the body again (an authentication retry; on Apple platforms a
    /// 307 or 308 too): a copy the exchange kept answers at once, in the delegate's call as
    /// corelibs needs (see ``Exchange/innerNeedsBodyStream(completion:)``); a streamed
    /// upload's body comes from the app's delegate.
    func urlSession(_ session: URLSession, task: URLSessionTask, needNewBodyStream completionHandler: @escaping @Sendable (InputStream?) -> Void) {
        guard let body = state.withLock({ $0.tasks[ObjectIdentifier(task)]?.body }) else { return completionHandler(nil) }
        switch body {
        case .data(let data), .uploadData(let data): return completionHandler(InputStream(data: data))
        case .spilled(let copy): return completionHandler(copy.makeStream())
        case .file(let url): return completionHandler(InputStream(url: url))
        case .none: return completionHandler(nil)
        case .stream, .fromDelegate: route(task) { $0.innerNeedsBodyStream(completion: completionHandler) }
        }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
        totalBytesExpectedToSend: Int64
    ) {
        route(task) { $0.innerDidSendBodyData(bytesSent, total: totalBytesSent, expected: totalBytesExpectedToSend) }
    }
}
