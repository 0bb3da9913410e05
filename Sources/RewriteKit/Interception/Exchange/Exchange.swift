import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One intercepted load, from `startLoading` to the last client call, through every
/// redirect hop: the driver of its ``ExchangeMachine``.
///
/// The machine knows where the load is and decides what follows each event; the driver
/// owns everything that does I/O (the client channel, the forwarding session and its inner
/// tasks, the queues and timers, the pacer and relay of a streamed body) and turns each
/// callback into an event. Its extensions follow a load: the request phase
/// (`Exchange+Request`), the network's answer (`+Response`, `+Redirect`, `+Challenge`), the
/// app's side (`+Delivery`, `+Stream`, `+Messages`) and what observers hear (`+Activity`).
///
/// Its state lives in its ``ExchangeContext`` (exclusive with `startLoading` and
/// `stopLoading`, and where the inner session's callbacks arrive): events are handled and
/// the client is called there without a thread hop; so do the response-body actions over
/// a body of at most ``inlineBodyLimit`` bytes, and on corelibs the request phase over one.
/// Everything slow or blocking runs on the exchange's own serial worker queue: reading a
/// request body, the phases over larger bodies, throttling, and every URLSession call
/// (URLSession may not be called from its own queues on corelibs). So one request's
/// 50 MB body edit never holds up another's.
final class Exchange: @unchecked Sendable {

    let interceptor: Interceptor
    let loading: LoadingTask
    let context: ExchangeContext
    let channel: ClientChannel
    let forwarding: ForwardingSession
    /// A serial queue of its own on the default (overcommit) root queue, as every serial
    /// queue without a target: its first block starts in about 6 µs on the 2-core Linux
    /// VM, against about 19 µs through a concurrent pool or `.global()` (the thread pool's
    /// wake-up), on the path of every request. Blocking work (reading a body stream) gets
    /// a thread instead of waiting behind another exchange's.
    let worker = DispatchQueue(label: "RewriteKit.exchange")
    /// The rules this load started with; they stay in force for all its hops.
    let pipeline: Pipeline
    /// The request as the protocol received it.
    let original: URLRequest
    /// Whether the app's session found a cached response for the app's request: only then
    /// do the inner tasks look the app's URL cache up again (see ``ForwardingSession``).
    let usesURLCache: Bool
    /// What the captures running when the load started keep of its hops.
    let capture: ExchangeCapture
    /// The events the app's observers get about its hops.
    let activityEvents: ExchangeActivity

    // Context-confined state.
    /// Where the load is: its phase, with what each phase knows (see ``ExchangeMachine``).
    var machine = Machine()
    /// The hop in progress, as activity events and captures see it.
    var hop: ExchangeHop
    /// The body on its way to the app, when it streams: its relay, its pacer, its timing.
    var outflow = Outflow()
    /// Set (under the forwarding session's lock) when the exchange gives up its inner
    /// tasks: it starts no more.
    private let halted = Locked(false)

    /// The exchange's state machine, holding the network's response objects and the inner
    /// task's parked redirect answer.
    typealias Machine = ExchangeMachine<HTTPURLResponse, @Sendable (URLRequest?) -> Void>

    /// Makes the exchange; call from `startLoading`.
    init(protocolObject: URLProtocol, interceptor: Interceptor, loading: LoadingTask) {
        self.interceptor = interceptor
        self.loading = loading
        context = ExchangeContext()
        channel = ClientChannel(protocolObject, context: context)
        forwarding = interceptor.forwarding
        pipeline = interceptor.core.pipeline
        original = protocolObject.request
        usesURLCache = protocolObject.cachedResponse != nil
        hop = ExchangeHop(number: 0, appRequest: original, body: RequestBody(original, upload: loading.uploadBody))
        capture = ExchangeCapture(interceptor: interceptor)
        activityEvents = ExchangeActivity(hub: interceptor.core.activity, original: original)
    }

    /// Whether the last client call was made.
    var isFinished: Bool { machine.isFinished }

    /// Whether the exchange has given up its inner tasks for good.
    var isHalted: Bool { halted.withLock { $0 } }

    /// Marks the exchange as starting no more inner tasks.
    func halt() {
        halted.withLock { $0 = true }
    }

    /// Begins the load; call from `startLoading`.
    func start() {
        context.fromLoadingContext { [self] in begin(hop) }
    }

    /// Ends the load after `stopLoading` (a cancel or a suspend): no client call follows.
    func stop() {
        channel.close()
        context.fromLoadingContext { [self] in
            guard machine.stop() else { return }
            cancelInnerWork()
            endHop(error: RequestError(URLError(.cancelled)), source: nil)
        }
    }

    /// Fails the load with `error`, passed to the app unchanged.
    func fail(_ error: Error, source: ResponseSource? = nil) {
        let perCall = loading.perCall
        guard let partial = machine.fail(hearsPieces: perCall != nil || loading.receivesChunks) else { return }
        cancelInnerWork()
        let source = source ?? (hop.outcome.map { outcome -> ResponseSource in
            if case .fail = outcome.disposition { return .failure }
            return .network
        } ?? .network)
        var requestError = RequestError(error)
        if requestError.message == nil, let why = (error as? URLError)?.underlyingInterceptionError {
            // The interceptor's own failure says why in the activity event and the capture.
            requestError = RequestError(domain: requestError.domain, code: requestError.code, message: why.description)
        }
        captureHop(error: requestError, source: source)
        // A delegate hears the response and the data that came before a failure mid-body,
        // as on a plain load, also when the body was being kept for the rules (which do
        // not run on a partial body: it goes as it came); a completion handler only the error.
        channel.send(finishing: true) { protocolObject, client in
            if let partial {
                if !partial.headDelivered {
                    client.urlProtocol(protocolObject, didReceive: partial.network, cacheStoragePolicy: .notAllowed)
                }
                if !partial.body.isEmpty {
                    if let perCall { perCall.didReceive(partial.body) } else { client.urlProtocol(protocolObject, didLoad: partial.body) }
                }
            }
            client.urlProtocol(protocolObject, didFailWithError: error)
        }
        endHop(error: requestError, source: source)
    }

    /// How long an inner task the exchange gave up may go on before it is cancelled (corelibs).
    static let innerCancelGrace: TimeInterval = 2

    /// Stops the timer, the pacer and the inner task of the current hop; `halting` (a stop,
    /// a failure) also forbids any further inner task, while a hop given up for a stub
    /// leaves the exchange free to send a later hop.
    func cancelInnerWork(halting: Bool = true) {
        machine.cancelTimer()
        // A cancelled task's redirect must never be answered (corelibs traps on it).
        machine.dropParked()
        outflow.pacer?.cancel()
        outflow.pacer = nil
        let tasks = forwarding.detachTasks(of: self, halting: halting)
        if !tasks.isEmpty {
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
            worker.async {
                for task in box.value where task.isOpenEnded { task.cancel() }
            }
            worker.asyncAfter(deadline: .now() + Self.innerCancelGrace) {
                for task in box.value where !task.isOpenEnded && task.state == .running && !task.hasReceivedEverything {
                    task.cancel()
                }
            }
            #else
            worker.async { box.value.forEach { $0.cancel() } }
            #endif
        }
    }

    /// Runs `work` in the context after `seconds`, unless the exchange stops, finishes or
    /// schedules something else first.
    func schedule(after seconds: Double, _ work: @escaping @Sendable () -> Void) {
        schedule(after: seconds, token: machine.newTimer(), work)
    }

    /// Runs `work` in the context after `seconds`, if the machine still takes timer `token` then.
    func schedule(after seconds: Double, token: Int, _ work: @escaping @Sendable () -> Void) {
        DispatchQueue.global().asyncAfter(deadline: .now() + max(0, seconds)) { [self] in
            context.async { [self] in
                guard machine.timerFired(token) else { return }
                work()
            }
        }
    }

    /// Bodies up to this size are edited in the context: the work is shorter than a hop.
    static let inlineBodyLimit = 64 * 1024

    /// Runs `work` on the worker queue, then `then` with its result in the context
    /// (unless the exchange stopped meanwhile); a body of at most ``inlineBodyLimit`` bytes
    /// is worked on at once, in the context.
    func offload<Result>(bodySize: Int, _ work: @escaping @Sendable () -> Result, then: @escaping @Sendable (Result) -> Void) {
        if bodySize <= Self.inlineBodyLimit { return then(work()) }
        worker.async { [self] in
            let result = UncheckedBox(work())
            context.async { [self] in
                guard !machine.isStopped else { return }
                then(result.value)
            }
        }
    }
}

extension URLError {
    /// The interceptor's own reason, when the interceptor failed the request itself.
    var underlyingInterceptionError: InterceptionError? {
        userInfo[NSUnderlyingErrorKey] as? InterceptionError
    }
}

extension URLSessionTask {
    /// Whether the whole body announced by `Content-Length` has arrived, so the task is
    /// about to complete by itself.
    var hasReceivedEverything: Bool {
        countOfBytesExpectedToReceive > 0 && countOfBytesReceived >= countOfBytesExpectedToReceive
    }

    /// Whether a response has come whose body is of unknown length (no `Content-Length`:
    /// an event stream, a chunked or a read-to-close body), so nothing tells when it ends.
    /// A response without a body (`HEAD`, 204, 304) is not. (corelibs does not count the
    /// bytes an inner task received: `countOfBytesReceived` stays 0.)
    var isOpenEnded: Bool {
        guard let http = response as? HTTPURLResponse, http.expectedContentLength < 0,
              http.statusCode != 204, http.statusCode != 304, currentRequest?.httpMethod != "HEAD"
        else { return false }
        return true
    }
}
