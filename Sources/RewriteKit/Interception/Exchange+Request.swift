import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension Exchange {
    /// Runs a hop's request phase, then answers, forwards or waits.
    ///
    /// The body is read only when a rule that might apply needs it; otherwise it goes to
    /// the network as the app gave it (a stream stays a stream, read as it is sent).
    func begin(_ next: ExchangeHop) {
        guard !isStopped, !isFinished else { return }
        hop = next
        guard var request = HTTPRequest(hop.appRequest, defaults: interceptor.requestDefaults, body: nil, addingStoredCookies: hop.addsStoredCookies) else {
            return fail(URLError(.badURL))
        }
        if pipeline.requestNeedsBody(request) {
            if case .fromDelegate = hop.body {
                return askAppForBodyStream { [self] stream in
                    var next = hop
                    next.body = stream.map { .stream($0) } ?? .none
                    begin(next)
                }
            }
            do {
                let bytes = try hop.body.load()
                hop.loadedBody = bytes
                request.body = [UInt8](bytes)
            } catch {
                beginHopActivity()
                return fail(error)
            }
        }
        let outcome = pipeline.processRequest(request)
        hop.outcome = outcome
        hop.bytesSent = outcome.request.body?.count ?? hop.body.knownLength
        beginHopActivity()
        if let cached = cachedResponse(for: outcome) {
            return deliverWhole(cached.response, url: cached.url, source: .cache)
        }
        guard let delay = outcome.delay, delay > 0 else { return proceed() }
        let timeout = interceptor.requestDefaults.timeout(for: hop.appRequest)
        if delay >= timeout {
            schedule(after: timeout) { [self] in
                fail(URLError(.timedOut, userInfo: [NSURLErrorFailingURLErrorKey: hop.appRequest.url as Any]))
            }
        } else {
            schedule(after: delay) { [self] in proceed() }
        }
    }

    /// Answers with the stub, fails, or sends the rewritten request on.
    private func proceed() {
        guard let outcome = hop.outcome else { return }
        switch outcome.disposition {
        case .respond(let stub):
            abandonPendingRedirect()
            let answer = pipeline.processResponse(stub, for: outcome)
            record(answer.trace)
            deliverWhole(answer.response, url: hop.appRequest.url, source: .stub)
        case .fail(let code):
            fail(URLError.withCode(code, url: hop.appRequest.url), source: .failure)
        case .forward:
            guard let request = outcome.request.urlRequest(basedOn: hop.appRequest) else {
                return fail(InterceptionError.invalidRewrittenURL(outcome.request.url.description).urlError)
            }
            if let pendingRedirect = reception.pendingRedirect {
                // A followed redirect: the inner task carries on with the rewritten request.
                reception = Reception()
                pendingRedirect(request)
                return
            }
            let body = hop.loadedBody == nil ? hop.body : hop.body.replacing(with: outcome.request.body)
            reception = Reception()
            innerTask = interceptor.forwarding.start(request, body: body, for: self)
        }
    }

    /// A hop answered without the network while the inner task waits at a redirect:
    /// that task is not needed any more.
    private func abandonPendingRedirect() {
        guard reception.pendingRedirect != nil else { return }
        reception.pendingRedirect = nil
        cancelInnerWork()
    }

    /// The cached answer for a forwarded GET with a `cache` clause, if there is a live one.
    private func cachedResponse(for outcome: RequestOutcome) -> ResponseCache.Entry? {
        guard outcome.cacheLifetime != nil, outcome.request.method == "GET", case .forward = outcome.disposition else { return nil }
        return interceptor.cache.entry(for: outcome.request.url.description)
    }

    /// `uploadTask(withStreamedRequest:)`: asks the app's delegate for the body stream, as
    /// URLSession does (a session without a task delegate has no stream to give: no body).
    /// `use` runs on the exchange's queue.
    func askAppForBodyStream(_ use: @escaping @Sendable (InputStream?) -> Void) {
        let answer: @Sendable (InputStream?) -> Void = { [self] stream in
            let box = UncheckedBox(stream)
            queue.async { use(box.value) }
        }
        guard let session = loading.session, let task = loading.task, let delegate = loading.delegate else { return answer(nil) }
        let call = UncheckedBox((session, task, delegate))
        channel.send { _, _ in
            session.delegateQueue.addOperation {
                let (session, task, delegate) = call.value
                delegate.urlSession(session, task: task, needNewBodyStream: answer)
            }
        }
    }

    /// The inner task of a streamed upload wants its body stream: the app's delegate gives it.
    func innerNeedsBodyStream(from task: URLSessionTask, completion: @escaping @Sendable (InputStream?) -> Void) {
        guard task === innerTask, !isStopped else { return completion(nil) }
        askAppForBodyStream { stream in completion(stream) }
    }
}

extension RequestBody {
    /// The length when it is known without reading (a stream's is not).
    var knownLength: Int {
        switch self {
        case .data(let data), .uploadData(let data): return data.count
        case .file(let url): return ((try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? Int) ?? 0
        case .none, .stream, .fromDelegate: return 0
        }
    }
}

extension Exchange {
    /// Upload progress of the inner task, passed on to the app's delegate as URLSession
    /// reports it for a plain load (corelibs; Apple platforms report it themselves).
    func innerDidSendBodyData(_ sent: Int64, total: Int64, expected: Int64, from task: URLSessionTask) {
        #if canImport(FoundationNetworking)
        guard task === innerTask, loading.receivesChunks, let session = loading.session, let outerTask = loading.task,
              let delegate = loading.delegate
        else { return }
        let call = UncheckedBox((session, outerTask, delegate))
        channel.send { _, _ in
            session.delegateQueue.addOperation {
                let (session, outerTask, delegate) = call.value
                delegate.urlSession(session, task: outerTask, didSendBodyData: sent, totalBytesSent: total, totalBytesExpectedToSend: expected)
            }
        }
        #endif
    }
}
