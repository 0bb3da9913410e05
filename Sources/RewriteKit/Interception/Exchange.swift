import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One intercepted load, from `startLoading` to the last client call.
///
/// Everything but the gate runs on the installation's serial queue: the request
/// phase, forwarding, the inner session's callbacks (delivered there too), the
/// delay and throttle timers, and cancellation. So its state needs no lock, and
/// every URLSession call happens on a queue the library owns.
final class Exchange: @unchecked Sendable {
    /// The only path to the URLProtocol client.
    let gate: ClientGate
    let installation: Installation
    let original: URLRequest
    let callerKind: CallerKind
    let taskKind: TaskKind
    let requestID = ActivityHub.nextRequestID()
    let startedAt = Date()

    // Queue-confined state.
    var outcome: RequestOutcome?
    var pipeline: Pipeline { installation.rewriter.pipeline }
    var innerTask: URLSessionDataTask?
    var timer: DispatchWorkItem?
    var pacer: BodyPacer?
    var responseHead: HTTPResponse?
    var responseURL: URL?
    var streaming = false
    var bufferedBody: [UInt8] = []
    var bytesSent = 0
    var bytesReceived = 0
    var isCounted = false
    var hasEnded = false
    var loggedEntries = 0

    init(protocolObject: URLProtocol, installation: Installation, callerKind: CallerKind, taskKind: TaskKind) {
        gate = ClientGate(protocolObject)
        self.installation = installation
        original = protocolObject.request
        self.callerKind = callerKind
        self.taskKind = taskKind
    }

    var activity: ActivityHub { installation.rewriter.activity }

    /// Runs the request phase and answers, forwards or waits.
    func start() {
        guard gate.isOpen else { return }
        isCounted = true
        _ = activity.adjustInFlight(by: 1)
        let url = original.url?.absoluteString ?? ""
        #if canImport(FoundationNetworking)
        if taskKind == .download { return fail(InterceptionError.downloadTaskNotSupported(url: url)) }
        #endif
        let body = original.httpBody.map { [UInt8]($0) } ?? original.httpBodyStream.map(Self.readAll)
        if taskKind == .upload && body == nil { return fail(InterceptionError.uploadBodyNotVisible(url: url)) }
        guard let request = HTTPRequest(original, additionalHeaders: installation.additionalHeaders, body: body) else {
            return fail(URLError(.badURL))
        }
        let outcome = pipeline.processRequest(request)
        self.outcome = outcome
        bytesSent = outcome.request.body?.count ?? 0
        emit(.started)
        record(outcome.trace)
        if let cached = cachedResponse(for: outcome) {
            return deliver(cached.response, url: cached.url, source: .cache)
        }
        if let delay = outcome.delay, delay > 0 {
            schedule(after: delay) { [self] in proceed(with: outcome) }
        } else {
            proceed(with: outcome)
        }
    }

    private func proceed(with outcome: RequestOutcome) {
        switch outcome.disposition {
        case .respond(let stub):
            let answer = pipeline.processResponse(stub, for: outcome)
            record(answer.trace)
            deliver(answer.response, url: original.url, source: .stub)
        case .fail(let code):
            fail(URLError.withCode(code, url: original.url))
        case .forward:
            guard let request = outcome.request.urlRequest(basedOn: original) else {
                return fail(InterceptionError.invalidRewrittenURL(outcome.request.url.description))
            }
            innerTask = installation.forward(request, for: self)
        }
    }

    /// Stops everything after `stopLoading`; the gate is already closed.
    func cancel() {
        timer?.cancel()
        timer = nil
        pacer?.cancel()
        pacer = nil
        innerTask?.cancel()
        innerTask = nil
        end(error: URLError(.cancelled), source: nil)
    }

    /// Fails the task with `error`, passed through unchanged.
    func fail(_ error: Error) {
        gate.send(finishing: true) { $1.urlProtocol($0, didFailWithError: error) }
        let source: ActivityEvent.Source? = if case .fail = outcome?.disposition { .failure } else { .network }
        end(error: error as? URLError ?? URLError(.unknown), source: source)
    }

    /// Runs `work` on the queue after `seconds`, unless cancelled first.
    func schedule(after seconds: Double, _ work: @escaping @Sendable () -> Void) {
        let item = DispatchWorkItem(block: work)
        timer = item
        installation.queue.asyncAfter(deadline: .now() + seconds, execute: item)
    }

    /// Counts the request out and sends `.finished`, once.
    func end(error: URLError?, source: ActivityEvent.Source?) {
        guard !hasEnded else { return }
        hasEnded = true
        guard isCounted else { return }
        _ = activity.adjustInFlight(by: -1)
        emit(.finished, error: error, source: source)
    }

    private func cachedResponse(for outcome: RequestOutcome) -> ResponseCache.Entry? {
        guard outcome.cacheLifetime != nil, outcome.request.method == "GET", case .forward = outcome.disposition else { return nil }
        return installation.cache.entry(for: outcome.request.url.description)
    }

    private static func readAll(_ stream: InputStream) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        stream.open()
        defer { stream.close() }
        while true {
            let count = stream.read(&chunk, maxLength: chunk.count)
            guard count > 0 else { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return bytes
    }
}
