import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The inner URLSession an installation forwards through, and its delegate, which
/// hands each inner task's events to the exchange that started it, on that exchange's
/// queue.
///
/// Inner tasks are found by the task object itself (never by `taskIdentifier`, which is
/// unique only within one session). The session is made on first use and lives as long
/// as its installation; its delegate callbacks run on a private serial queue and only
/// route (the work happens on the exchanges' own queues).
final class ForwardingSession: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let configuration: URLSessionConfiguration
    private let delegateQueue: OperationQueue
    /// The delegate queue's dispatch queue, kept here because `underlyingQueue` does not retain it.
    private let callbackQueue = DispatchQueue(label: "RewriteKit.forwarding")
    private struct State {
        var session: URLSession?
        var isInvalidated = false
        var exchanges: [ObjectIdentifier: (task: URLSessionTask, exchange: Exchange)] = [:]
    }
    private let state = Locked(State())

    init(configuration: URLSessionConfiguration) {
        self.configuration = configuration
        delegateQueue = OperationQueue()
        delegateQueue.maxConcurrentOperationCount = 1
        delegateQueue.underlyingQueue = callbackQueue
        super.init()
    }

    /// Creates and resumes an inner task carrying `request` with `body`; call from the
    /// exchange's queue (never from a session's own queue).
    func start(_ request: URLRequest, body: RequestBody, for exchange: Exchange) -> URLSessionTask {
        let session = state.withLock { state -> URLSession in
            if let session = state.session { return session }
            let session = URLSession(configuration: configuration, delegate: self, delegateQueue: delegateQueue)
            if !state.isInvalidated { state.session = session }
            return session
        }
        var request = request
        let task: URLSessionTask
        switch body {
        case .none:
            task = session.dataTask(with: request)
        case .fromDelegate:
            task = session.uploadTask(withStreamedRequest: request)
        case .data(let data):
            request.httpBody = data
            task = session.dataTask(with: request)
        case .uploadData(let data):
            task = session.uploadTask(with: request, from: data)
        case .stream(let stream):
            request.httpBodyStream = stream
            task = session.dataTask(with: request)
        case .file(let url):
            task = session.uploadTask(with: request, fromFile: url)
        }
        state.withLock { $0.exchanges[ObjectIdentifier(task)] = (task, exchange) }
        task.resume()
        if state.withLock({ $0.isInvalidated && $0.session == nil }) { session.finishTasksAndInvalidate() }
        return task
    }

    /// Forgets a task: its further events are ignored.
    func detach(_ task: URLSessionTask) {
        state.withLock { _ = $0.exchanges.removeValue(forKey: ObjectIdentifier(task)) }
    }

    /// Lets running tasks finish, then releases the session (and this delegate).
    func invalidate() {
        let session = state.withLock { state -> URLSession? in
            state.isInvalidated = true
            defer { state.session = nil }
            return state.session
        }
        session?.finishTasksAndInvalidate()
    }

    private func exchange(for task: URLSessionTask, removing: Bool = false) -> Exchange? {
        state.withLock { state in
            removing ? state.exchanges.removeValue(forKey: ObjectIdentifier(task))?.exchange : state.exchanges[ObjectIdentifier(task)]?.exchange
        }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        completionHandler(.allow)
        guard let exchange = exchange(for: dataTask) else { return }
        let call = UncheckedBox((response, dataTask as URLSessionTask))
        exchange.queue.async { exchange.innerDidReceive(call.value.0, from: call.value.1) }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        guard let exchange = exchange(for: dataTask) else { return }
        let task = UncheckedBox(dataTask as URLSessionTask)
        exchange.queue.async { exchange.innerDidReceive(data, from: task.value) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        guard let exchange = exchange(for: task, removing: true) else { return }
        let call = UncheckedBox((task, error))
        exchange.queue.async { exchange.innerDidComplete(call.value.1, from: call.value.0) }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        guard let exchange = exchange(for: task) else { return completionHandler(nil) }
        let call = UncheckedBox((response, task))
        exchange.queue.async { exchange.innerWillRedirect(call.value.0, from: call.value.1, completion: completionHandler) }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        guard let exchange = exchange(for: task) else { return completionHandler(.cancelAuthenticationChallenge, nil) }
        let call = UncheckedBox((challenge, task))
        exchange.queue.async { exchange.innerDidReceive(call.value.0, from: call.value.1, completion: completionHandler) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, needNewBodyStream completionHandler: @escaping @Sendable (InputStream?) -> Void) {
        guard let exchange = exchange(for: task) else { return completionHandler(nil) }
        let inner = UncheckedBox(task)
        exchange.queue.async { exchange.innerNeedsBodyStream(from: inner.value, completion: completionHandler) }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
        totalBytesExpectedToSend: Int64
    ) {
        guard let exchange = exchange(for: task) else { return }
        let inner = UncheckedBox(task)
        exchange.queue.async {
            exchange.innerDidSendBodyData(bytesSent, total: totalBytesSent, expected: totalBytesExpectedToSend, from: inner.value)
        }
    }
}
