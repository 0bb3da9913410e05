import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One intercepted load, from `startLoading` to the last client call, through every
/// redirect hop.
///
/// The exchange's state lives on its own serial queue, which targets a concurrent pool:
/// the request phase, reading a request body, body actions on large bodies and timers of
/// one request never hold up another. The inner session's callbacks are routed here;
/// every URLSession call is made from here (a queue the library owns); every client call
/// goes through the ``ClientChannel``, in the context `startLoading` ran in.
final class Exchange: @unchecked Sendable {
    /// The serial queues exchanges run on share this pool.
    private static let pool = DispatchQueue(label: "RewriteKit.exchanges", attributes: .concurrent)

    let interceptor: Interceptor
    let loading: LoadingTask
    let channel: ClientChannel
    let queue = DispatchQueue(label: "RewriteKit.exchange", target: Exchange.pool)
    /// The rules this load started with; they stay in force for all its hops.
    let pipeline: Pipeline
    /// The request as the protocol received it.
    let original: URLRequest

    // Queue-confined state.
    /// The hop in progress.
    var hop: ExchangeHop
    /// The inner task carrying the current hop, while it runs.
    var innerTask: URLSessionTask?
    /// The pending `delay`, timeout or throttle timer.
    var timer: DispatchWorkItem?
    /// What is known of the response being received.
    var reception = Reception()
    /// Set by ``stop()``: nothing more may happen.
    var isStopped = false
    /// Set when the terminal client call has been sent.
    var isFinished = false

    init(protocolObject: URLProtocol, interceptor: Interceptor, loading: LoadingTask) {
        self.interceptor = interceptor
        self.loading = loading
        channel = ClientChannel(protocolObject, workQueue: loading.workQueue)
        pipeline = interceptor.core.pipeline
        original = protocolObject.request
        hop = ExchangeHop(number: 0, appRequest: original, body: RequestBody(original, upload: loading.uploadBody))
    }

    var activity: ActivityHub { interceptor.core.activity }

    /// Begins the load; call from `startLoading`.
    func start() {
        queue.async { [self] in begin(hop) }
    }

    /// Ends the load after `stopLoading` (a cancel or a suspend): the channel closes at
    /// once, in the loading context; the rest happens on the queue.
    func stop() {
        channel.close()
        queue.async { [self] in
            guard !isStopped else { return }
            isStopped = true
            cancelInnerWork()
            endHop(error: URLError(.cancelled), source: nil)
        }
    }

    /// Fails the load with `error`, passed to the app unchanged.
    func fail(_ error: Error, source: ActivityEvent.Source? = nil) {
        guard !isFinished else { return }
        isFinished = true
        cancelInnerWork()
        channel.send(finishing: true) { $1.urlProtocol($0, didFailWithError: error) }
        let source = source ?? (hop.outcome.map { outcome -> ActivityEvent.Source in
            if case .fail = outcome.disposition { return .failure }
            return .network
        } ?? .network)
        endHop(error: error as? URLError ?? URLError(.unknown), source: source, message: (error as? URLError)?.underlyingInterceptionError?.description)
    }

    /// Stops the timer, the pacer and the inner task of the current hop.
    func cancelInnerWork() {
        timer?.cancel()
        timer = nil
        reception.pacer?.cancel()
        reception.pacer = nil
        if let task = innerTask {
            innerTask = nil
            interceptor.forwarding.detach(task)
            task.cancel()
        }
    }

    /// Runs `work` on the queue after `seconds`, unless the exchange stops first.
    func schedule(after seconds: Double, _ work: @escaping @Sendable () -> Void) {
        timer?.cancel()
        let item = DispatchWorkItem { [weak self] in
            guard let self, !self.isStopped, !self.isFinished else { return }
            work()
        }
        timer = item
        queue.asyncAfter(deadline: .now() + max(0, seconds), execute: item)
    }
}

extension URLError {
    /// The interceptor's own reason, when the interceptor failed the request itself.
    var underlyingInterceptionError: InterceptionError? {
        userInfo[NSUnderlyingErrorKey] as? InterceptionError
    }
}
