import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension Exchange {
    /// Runs a hop's request phase, then answers, forwards or waits.
    ///
    /// The body is read only when a rule that might apply needs it; otherwise it goes to
    /// the network as the app gave it (a stream stays a stream, read as it is sent).
    ///
    /// Where the context is URLSession's queue (corelibs) and the body is in memory and at
    /// most ``inlineBodyLimit`` bytes, the phase runs at once, in the context, as the
    /// response rules over a body of that size do, and the request goes to the worker only
    /// to be sent: one thread hop, as for any pass-through protocol, instead of a hop to the
    /// worker and another back to the context, which cost ~27 µs a request on the 2-core VM. Otherwise the phase runs on the worker
    /// (a body to read may block); a request sent at once is started there right after
    /// the phase, its result queued to the context first, so the context knows the hop
    /// before any response.
    func begin(_ next: ExchangeHop) {
        guard machine.beginHop() else { return }
        hop = next
        let (pipeline, cache, uses) = (pipeline, interceptor.cache, interceptor.ruleUses)
        let captureBodyLimit = capture.bodyLimit
        let continuesRedirect = machine.continuesRedirect
        let runPhase = { @Sendable [interceptor] in
            let admission = interceptor.admission(
                for: next.appRequest, pipeline: pipeline, fromCanInit: next.number == 0, addingStoredCookies: next.addsStoredCookies)
            let phase = RequestPhase.run(next, admission: admission, cache: cache, counts: uses, captureBodyLimit: captureBodyLimit)
            if let outcome = phase.outcome, outcome.isPassThrough {
                interceptor.reportUnmatched(outcome.request, requestID: next.requestID)
            }
            return phase
        }
        if context.receivesCallbacksDirectly, next.body.isInMemory(upTo: Self.inlineBodyLimit) {
            return requestPhaseDone(runPhase(), taskStarted: false)
        }
        worker.async { [self] in
            let phase = runPhase()
            // The result goes to the context before the inner task is even made: the
            // context runs on URLSession's shared queue, where the task's `resume()` waits
            // (`workQueue.sync`) for whatever is queued there first, so handing over the
            // result early lets it run while the task is made instead of holding up the
            // resume. It also orders the events: the machine knows the hop was sent before
            // the task's head can arrive (a head while preparing is ignored). A task the
            // exchange asks for here is made unless the exchange halted, which only a stop,
            // a failure or a finish does, after which the context ignores the result anyway.
            var request: (URLRequest, RequestBody)?
            if case .forward(let forwarded, let body) = phase.next, !continuesRedirect, (phase.outcome?.delay ?? 0) <= 0 {
                request = (forwarded, body)
            }
            let result = UncheckedBox(phase)
            let started = request != nil
            context.async { [self] in requestPhaseDone(result.value, taskStarted: started) }
            if let (forwarded, body) = request { forwarding.makeTask(forwarded, body: body, for: self)?.resume() }
        }
    }

    /// The request phase's result, in the context.
    private func requestPhaseDone(_ phase: RequestPhase, taskStarted: Bool) {
        guard machine.isLive else { return }
        let decision: Machine.RequestDecision = switch phase.next {
        case .askForBodyStream: .askForBodyStream
        case .fail: .fail
        case .cached: .cached
        case .respond: .goOn(.respond)
        case .failWith: .goOn(.failWith)
        case .forward: .goOn(.forward(taskStarted: taskStarted))
        }
        let timeout = interceptor.requestDefaults.timeout(for: hop.appRequest)
        let after = machine.requestPhaseDone(decision, delay: phase.outcome?.delay ?? 0, timeout: timeout)
        if case .ignore = after { return }
        hop.outcome = phase.outcome
        hop.loadedBody = phase.loadedBody
        hop.bytesSent = phase.bytesSent
        hop.capturedRequestBody = phase.capturedBody
        if let read = phase.readAppBody { hop.body = read }
        if case .askForBodyStream = after {
            return askAppForBodyStream { [self] stream in
                var next = hop
                next.body = stream.map { .stream($0) } ?? .none
                begin(next)
            }
        }
        beginHopActivity()
        let next = UncheckedBox(phase.next)
        switch after {
        case .ignore, .askForBodyStream:
            break
        case .fail:
            if case .fail(let error) = phase.next { fail(error) }
        case .deliverCached:
            if case .cached(let entry) = phase.next { deliverWhole(entry.response, url: entry.url, source: .cache) }
        case .proceed:
            proceed(phase.next, taskStarted: taskStarted)
        case .hold(let seconds, let token):
            schedule(after: seconds, token: token) { [self] in proceed(next.value, taskStarted: false) }
        case .timeOut(let seconds, let token):
            schedule(after: seconds, token: token) { [self] in
                fail(URLError(.timedOut, userInfo: [NSURLErrorFailingURLErrorKey: hop.appRequest.url as Any]))
            }
        }
    }

    /// Answers with the stub, fails, or sends the rewritten request on.
    private func proceed(_ next: RequestPhase.Next, taskStarted: Bool) {
        guard let outcome = hop.outcome else { return }
        let proceeding: Machine.Proceeding
        switch next {
        case .respond: proceeding = .respond
        case .failWith: proceeding = .failWith
        case .forward: proceeding = .forward(taskStarted: taskStarted)
        case .askForBodyStream, .fail, .cached: return
        }
        switch (machine.proceed(proceeding), next) {
        case (.answerWithStub(let abandoning), .respond(let stub)):
            // A hop answered without the network while the inner task waits at a redirect:
            // that task is not needed any more, but a later hop (the stub's own redirect)
            // may need a new one, so the exchange is not halted.
            if abandoning { cancelInnerWork(halting: false) }
            let pipeline = pipeline
            offload(bodySize: stub.body.count, { pipeline.processResponse(stub, for: outcome) }) { [self] answer in
                record(answer.trace)
                guard !redirect(answer.response, source: .stub) else { return }
                // A stream keeps its timing unless a response rule changed its bytes.
                if let plan = outcome.stream, answer.response.body == stub.body {
                    return deliverStream(answer.response, plan: plan)
                }
                deliverWhole(answer.response, url: hop.appRequest.url, source: .stub)
            }
        case (.failWith, .failWith(let error)):
            fail(error.taskError(url: hop.appRequest.url), source: .failure)
        case (.resumeParked(let parked), .forward(let request, _)):
            // A followed redirect: the inner task carries on with the rewritten request.
            outflow = Outflow()
            parked(request)
        case (.startTask, .forward(let request, let body)):
            outflow = Outflow()
            let call = UncheckedBox((request, body))
            worker.async { [self] in forwarding.makeTask(call.value.0, body: call.value.1, for: self)?.resume() }
        case (.awaitHead, _):
            outflow = Outflow()
        default:
            break
        }
    }

    /// Asks the app's delegate for a streamed upload's body, as URLSession does (a
    /// session without a task delegate has no stream to give: no body). `use` runs in the context.
    func askAppForBodyStream(_ use: @escaping @Sendable (InputStream?) -> Void) {
        let answer: @Sendable (InputStream?) -> Void = { [self] stream in
            let box = UncheckedBox(stream)
            context.async { use(box.value) }
        }
        guard let session = loading.session, let task = loading.task, let delegate = loading.delegate else { return answer(nil) }
        let call = UncheckedBox((session, task, delegate))
        session.delegateQueue.addOperation {
            let (session, task, delegate) = call.value
            delegate.urlSession(session, task: task, needNewBodyStream: answer)
        }
    }

    /// The inner task of a streamed upload wants its body stream: the app's delegate gives
    /// it, and it is handed over in the context.
    ///
    /// On swift-corelibs-foundation the handler starts the transfer on the calling thread
    /// (it adds the easy handle to libcurl's multi handle and drives it), so it must run
    /// inside URLSession's queue hierarchy, which the context is part of. Called from any
    /// other thread it races the session's own libcurl calls, and libcurl answers the
    /// loser with `CURLM_RECURSIVE_API_CALL`, which corelibs turns into a crash.
    func innerNeedsBodyStream(completion: @escaping @Sendable (InputStream?) -> Void) {
        guard !machine.isStopped else { return context.async { completion(nil) } }
        askAppForBodyStream { [context] stream in
            context.assertInside()
            completion(stream)
        }
    }

    /// Upload progress of the inner task, passed on to the app's delegate (a session
    /// delegate, or the delegate of one call) as URLSession reports it for a plain load
    /// (corelibs; Apple platforms report it themselves).
    func innerDidSendBodyData(_ sent: Int64, total: Int64, expected: Int64) {
        guard !machine.isStopped else { return }
        loading.progressDelegate?.didSendBodyData(sent, total: total, expected: expected)
    }
}

extension RequestBody {
    /// The length when it is known without reading (a stream's is not).
    var knownLength: Int {
        switch self {
        case .data(let data), .uploadData(let data): return data.count
        case .spilled(let copy): return copy.count
        case .file(let url): return ((try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? Int) ?? 0
        case .none, .stream, .fromDelegate: return 0
        }
    }
}
