import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One intercepted load, from `startLoading` to the last client call, through every
/// redirect hop: the driver of its ``ExchangeMachine``.
///
/// The machine knows where the load is and decides what follows each event; the driver
/// turns each callback into an event and carries out what the machine answers with the
/// parts that do the I/O: the ``RequestPhase`` (the rules over the request), the
/// ``ForwardingSession`` and its inner tasks (the network), the ``ClientChannel`` (every
/// client call), the ``Outflow`` (a body going to the app piece by piece),
/// ``AppDelegateCalls`` (what is asked of the app's delegate directly), and the
/// observers (``ExchangeActivity``, ``ExchangeCapture``). It reads top to bottom as a load
/// travels: the request, the network's answer, the app's side, the observers.
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
    /// a thread instead of waiting behind another exchange's. Made on first use, in the
    /// context: a load answered there (a stub, the cache) never needs one.
    private(set) lazy var worker = DispatchQueue(label: "RewriteKit.exchange")
    /// The rules this load started with; they stay in force for all its hops.
    let pipeline: Pipeline
    /// Whether the app's session found a cached response for the app's request: only then
    /// do the inner tasks look the app's URL cache up again (see ``ForwardingSession``).
    let usesURLCache: Bool
    /// What the captures running when the load started keep of its hops.
    let capture: ExchangeCapture
    /// The events the app's observers get about its hops.
    let activity: ExchangeActivity
    /// The questions put to the app's delegate directly.
    let delegateCalls: AppDelegateCalls

    // Context-confined state.
    /// Where the load is: its phase, with what each phase knows (see ``ExchangeMachine``).
    var machine = Machine()
    /// The hop in progress, as activity events and captures see it.
    var hop: ExchangeHop
    /// The body on its way to the app piece by piece, this hop.
    var outflow: Outflow
    /// Notes when each message of a streaming network response arrives, for a running capture.
    var timing: MessageTiming?
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
        let original = protocolObject.request
        usesURLCache = protocolObject.cachedResponse != nil
        hop = ExchangeHop(number: 0, appRequest: original, body: RequestBody(original, upload: loading.uploadBody))
        capture = ExchangeCapture(interceptor: interceptor)
        activity = ExchangeActivity(hub: interceptor.core.activity, original: original)
        delegateCalls = AppDelegateCalls(loading: loading, context: context)
        outflow = Outflow(channel: channel, context: context, receivesChunks: loading.receivesChunks, perCall: loading.perCall)
    }

    /// Whether the last client call was made.
    var isFinished: Bool { machine.isFinished }

    /// Whether the exchange has given up its inner tasks for good.
    var isHalted: Bool { halted.withLock { $0 } }

    /// Marks the exchange as starting no more inner tasks.
    func halt() {
        halted.withLock { $0 = true }
    }

    // MARK: - Start and end

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
        channel.fail(error, partial: partial.map { ($0.headDelivered ? nil : $0.network, $0.body) }, perCall: perCall)
        endHop(error: requestError, source: source)
    }

    // MARK: - The request

    /// Runs a hop's request phase, then answers, forwards or waits.
    ///
    /// The body is read only when a rule that might apply needs it; otherwise it goes to
    /// the network as the app gave it (a stream stays a stream, read as it is sent).
    ///
    /// Where the context is URLSession's queue (corelibs) and the body is in memory and at
    /// most ``inlineBodyLimit`` bytes, the phase runs at once, in the context, as the
    /// response rules over a body of that size do, and the request goes to the worker only
    /// to be sent: one thread hop, as for any pass-through protocol, instead of a hop to the
    /// worker and another back to the context, which cost ~27 µs a request on the 2-core
    /// VM. Otherwise the phase runs on the worker (a body to read may block); a request sent
    /// at once is started there right after the phase, its result queued to the context
    /// first, so the context knows the hop before any response.
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
            if case .forward(let forwarded, let body) = phase.next, !continuesRedirect, (phase.outcome?.delay ?? 0) <= 0,
               phase.outcome?.network == nil {
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
        var phase = phase
        let linkHold = crossLink(&phase)
        let decision: Machine.RequestDecision = switch phase.next {
        case .askForBodyStream: .askForBodyStream
        case .fail: .fail
        case .cached: .cached
        case .respond: .goOn(.respond)
        case .failWith: .goOn(.failWith)
        case .forward: .goOn(.forward(taskStarted: taskStarted))
        }
        let timeout = interceptor.requestDefaults.timeout(for: hop.appRequest)
        let after = machine.requestPhaseDone(decision, delay: (phase.outcome?.delay ?? 0) + linkHold, timeout: timeout)
        if case .ignore = after { return }
        hop.outcome = phase.outcome
        hop.loadedBody = phase.loadedBody
        hop.bytesSent = phase.bytesSent
        hop.capturedRequestBody = phase.capturedBody
        if let read = phase.readAppBody { hop.body = read }
        if case .askForBodyStream = after {
            return delegateCalls.bodyStream { [self] stream in
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

    /// The request's way over a simulated link (`network`), decided when the request phase is
    /// done: the seconds it is held (the latency, the jitter drawn, the time its body takes on
    /// the shared uplink), or a loss, which turns the answer into the profile's failure (after
    /// the latency) or a stall (held until the request's own timeout). What the link did is the
    /// last entry of the request phase's trace, and observers get it as a `.log` event.
    private func crossLink(_ phase: inout RequestPhase) -> Double {
        guard let network = phase.outcome?.network, let outcome = phase.outcome else { return 0 }
        switch phase.next {
        case .respond, .forward, .failWith, .cached: break
        case .askForBodyStream, .fail: return 0
        }
        let bytes = phase.loadedBody?.count ?? phase.bytesSent
        let decision = interceptor.networkLink(for: network.profile).admit(uploadBytes: bytes)
        let name = "network \"\(network.profile.name)\""
        let milliseconds = { (seconds: Double) in Int((seconds * 1000).rounded()) }
        let hold: Double
        let note: String
        switch decision {
        case .pass(let held, let jitter, let upload):
            hold = held
            var parts: [String] = []
            if jitter != 0 { parts.append("jitter \(jitter > 0 ? "+" : "")\(milliseconds(jitter)) ms") }
            if upload > 0 { parts.append("upload \(milliseconds(upload)) ms") }
            note = "\(name): held \(milliseconds(held)) ms" + (parts.isEmpty ? "" : " (" + parts.joined(separator: ", ") + ")")
        case .lost(let error?, let after):
            hold = after
            phase.next = .failWith(error)
            note = "\(name): lost; fails with \(error) after \(milliseconds(after)) ms"
        case .lost(nil, _):
            hold = .infinity
            note = "\(name): lost; nothing comes back until the request's timeout"
        }
        phase.outcome = outcome.appending(TraceEntry(rule: network.rule, phase: .request, line: network.rule.line, event: .log(note)))
        return hold
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
            resetOutflow()
            parked(request)
        case (.startTask, .forward(let request, let body)):
            resetOutflow()
            let call = UncheckedBox((request, body))
            worker.async { [self] in forwarding.makeTask(call.value.0, body: call.value.1, for: self)?.resume() }
        case (.awaitHead, _):
            resetOutflow()
        default:
            break
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
        delegateCalls.bodyStream { [context] stream in
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

    // MARK: - The network's answer

    /// The inner task's response head, in the context.
    ///
    /// A streaming delegate gets it at once (after the head-only response actions)
    /// unless a rule needs the whole body; otherwise it waits for the body. (On corelibs a
    /// 401 that raises a challenge comes here before the challenge, as for a plain load,
    /// and a retry with a credential brings a second response.)
    func innerDidReceive(_ response: URLResponse) {
        guard let http = response as? HTTPURLResponse, let outcome = hop.outcome, machine.isLive else { return }
        let head = HTTPResponse(head: http)
        let streams = loading.receivesChunks && !outcome.responseNeedsBody
        // A buffered body grows in one allocation instead of doubling (each doubling
        // copies what came before); a length a server overstates reserves at most 16 MB.
        let reserve = http.expectedContentLength > 0 ? Int(min(http.expectedContentLength, Self.bufferReserveLimit)) : 0
        let after = machine.headReceived(http, head: head, streams: streams, reserving: reserve, captureLimit: capture.bodyLimit)
        hop.messageTimes = nil
        if case .ignore = after { return }
        timing = nil
        if let limit = capture.bodyLimit, let format = StreamFormat(contentType: head.headers["Content-Type"]) {
            timing = MessageTiming(format: format, limit: limit)
        }
        switch after {
        case .ignore, .keep:
            return
        case .deliverInterim:
            // An interim response (`100 Continue` to a request's `Expect`), which corelibs
            // passes on to a plain task as a response at once: the app hears it too. It is
            // the head until the final response replaces it (from a server that sends no
            // other, its body is kept with it).
            return channel.head(http)
        case .stream(let early):
            var final = head
            if outcome.hasResponseActions {
                let answer = pipeline.processResponse(head, for: outcome)
                final = answer.response
                record(answer.trace)
            }
            // Messages the rules may change or drop: the app's head claims no length.
            if relayMessages(of: final) { final.headers.remove("Content-Length") }
            guard let url = http.url ?? hop.appRequest.url,
                  let appResponse = final.urlResponse(url: url, network: (http, head), bodyChanged: false)
            else { return fail(URLError(.badServerResponse)) }
            channel.head(appResponse)
            machine.headDelivered(keepsForCache: ResponseCache.keeps(status: http.statusCode, for: outcome))
            hop.response = final
            activity.response(hop)
            pace(outcome)
            if !early.isEmpty { outflow.write(early) }
        }
    }

    /// A chunk of the inner task's body, in the context: streamed on, or kept for the end.
    func innerDidReceive(_ data: Data) {
        if timing?.feed(data) == false { timing = nil }
        switch machine.dataReceived(data, cacheLimit: interceptor.cache.byteLimit, captureLimit: capture.bodyLimit ?? 0) {
        case .ignore, .kept:
            break
        case .streamOut(let captureOverflowed):
            if captureOverflowed { hop.capturedWholeBody = false }
            outflow.write(data)
        }
    }

    /// The inner task ended, in the context: errors pass through unchanged; a buffered
    /// body goes through the response phase (on the worker) and is delivered whole.
    /// `response` (read only when needed) is the task's final response.
    ///
    /// corelibs completes a 301–308 whose `Location` it cannot follow (none, or not a URL)
    /// without telling the delegate the response (it may have passed on an interim
    /// `100 Continue`): it sets it as the task's response, with an empty body, as a plain
    /// task of the app's would end. That response is taken here as the response head, so
    /// the app's task ends with it too, not with an error or the interim response.
    func innerDidComplete(_ error: Error?, response: @autoclosure () -> URLResponse?) {
        guard machine.isLive else { return }
        if error == nil, machine.lacksFinalHead, let final = response() as? HTTPURLResponse, !isReceiving(final) {
            innerDidReceive(final)
        }
        hop.messageTimes = timing?.finish()
        timing = nil
        switch machine.innerCompleted(failed: error != nil) {
        case .ignore:
            return
        case .fail:
            return fail(error ?? URLError(.badServerResponse))
        case .failWithoutResponse:
            return fail(URLError(.badServerResponse))
        case .deliverUnansweredChallenge(let reception):
            return deliverUnansweredChallenge(reception)
        case .endStream(let reception):
            guard let url = reception.network.url ?? hop.appRequest.url else { return fail(URLError(.badServerResponse)) }
            let head = reception.head
            if let copy = reception.captureCopy {
                hop.serverResponse = HTTPResponse(status: head.status, headers: head.headers, body: [UInt8](copy))
            }
            if let copy = reception.cacheCopy {
                interceptor.cache.store(HTTPResponse(status: head.status, headers: head.headers, body: [UInt8](copy)), url: url, for: hop.outcome)
            }
            outflow.end { [self] in finishStream() }
        case .answerWhole(var reception):
            let received = reception.body
            reception.body = Data()
            answerWhole(received, of: reception)
        }
    }

    /// Whether `response` is the head being received (the task's final response may be the
    /// interim one its delegate already heard).
    private func isReceiving(_ response: HTTPURLResponse) -> Bool {
        guard case .receiving(let reception) = machine.state else { return false }
        return reception.network === response
    }

    /// Runs the response phase over a whole network body, then delivers it.
    private func answerWhole(_ received: Data, of reception: Machine.Reception) {
        guard let url = reception.network.url ?? hop.appRequest.url else { return fail(URLError(.badServerResponse)) }
        let outcome = hop.outcome
        let runsRules = outcome?.hasResponseActions == true
        var response = reception.head
        // The pipeline's copy of the bytes is made only for what reads it: the response
        // rules, a running capture, the cache. Otherwise the app gets the network's `Data`
        // itself (a 10 MB body was copied twice on its way through).
        if runsRules || capture.bodyLimit != nil || outcome?.cacheLifetime != nil {
            response.body = [UInt8](received)
        }
        if let limit = capture.bodyLimit {
            hop.capturedWholeBody = response.body.count <= limit
            hop.serverResponse = hop.capturedWholeBody ? response : reception.head
        }
        guard let outcome, runsRules else {
            interceptor.cache.store(response, url: url, for: outcome)
            return deliverWhole(response, body: received, url: url, source: .network, network: reception, bodyChanged: false)
        }
        let (pipeline, whole, network) = (pipeline, response, UncheckedBox(reception))
        offload(bodySize: whole.body.count, { pipeline.answer(whole: whole, for: outcome) }) { [self] answer in
            record(answer.trace)
            activity.log(answer.messageLogs, hop: hop)
            interceptor.cache.store(answer.response, url: url, for: outcome)
            guard answer.hold > 0 else {
                return deliverWhole(answer.response, url: url, source: .network, network: network.value, bodyChanged: answer.bodyChanged)
            }
            schedule(after: answer.hold) { [self] in
                deliverWhole(answer.response, url: url, source: .network, network: network.value, bodyChanged: answer.bodyChanged)
            }
        }
    }

    /// The most a buffered body reserves up front from the response's `Content-Length`.
    static let bufferReserveLimit: Int64 = 16 << 20

    // MARK: - Redirects

    /// The inner task reached a redirect, in the context.
    ///
    /// The app decides, as without the interceptor: its delegate hears the redirect (the
    /// response after the hop's head-only response actions, so a rule can change
    /// `Location`) with the request made from the app's own request, and may follow,
    /// change or refuse it. A followed redirect is a new hop through the rules.
    ///
    /// - Apple platforms: the client is told (`wasRedirectedTo`), which asks the app's
    ///   delegate and starts a new load for the new request; this load goes on to deliver
    ///   the 3xx, the final response when the app refused.
    /// - swift-corelibs-foundation, whose client traps on `wasRedirectedTo`: the app's
    ///   delegate is asked directly, on its queue, with its session and task, and the
    ///   inner task waits for the answer; refusing makes the 3xx the final response.
    ///
    /// Either way a refused redirect's 3xx is the inner task's final response and takes
    /// the same path as any other.
    ///
    /// A task this exchange has cancelled (stopped, failed, or answered otherwise) is never
    /// answered: corelibs traps when a redirect answer reaches a cancelled task
    /// (`didCompleteRedirectCallback`: "we're not waiting for it"), and the cancel ends it.
    func innerWillRedirect(_ response: HTTPURLResponse, completion: @escaping @Sendable (URLRequest?) -> Void) {
        guard !isHalted, !machine.isStopped else { return }
        guard let outcome = hop.outcome else { return completion(nil) }
        let serverHead = HTTPResponse(head: response)
        var head = serverHead
        var headTrace: Trace?
        if outcome.hasResponseActions, !outcome.responseNeedsBody {
            let answer = pipeline.processResponse(head, for: outcome)
            head = answer.response
            headTrace = answer.trace
        }
        let (next, redirectResponse): (URLRequest, HTTPURLResponse)
        switch RedirectRequest.step(after: hop.appRequest, hop: hop.number, answer: head, responseURL: response.url) {
        case .final: return completion(nil)
        case .tooMany(let error): return fail(error)  // Not answered: failing cancels the inner task.
        case .redirect(let request, let shown): (next, redirectResponse) = (request, headTrace == nil ? response : shown)
        }
        #if !canImport(FoundationNetworking)
        // Apple platforms: the client asks the app's delegate and, when it follows, starts a
        // new load for the new request (which comes through the rules as its own exchange).
        // This load goes on to the 3xx and finishes, which is what an app that refused gets,
        // as from a plain session (OHHTTPStubs #174/#175). Apple's CustomHTTPProtocol fails
        // the load with NSUserCancelledError instead, which reaches such an app as an error.
        channel.redirect(to: RedirectRequest.carrying(hop.body, in: next), response: redirectResponse)
        completion(nil)
        #else
        guard machine.redirectReached(completion) else { return }
        let (finalHead, finalTrace) = (head, headTrace)
        delegateCalls.redirect(redirectResponse, to: next) { [self] decision in
            switch machine.redirectDecided(follow: decision != nil) {
            case .ignore:
                return
            case .refuse(let parked):
                // Refused: the inner task delivers the 3xx as its final response, which
                // then goes through the response phase like any other.
                parked(nil)
            case .follow:
                guard let decision else { return }
                if let finalTrace { record(finalTrace) }
                hop.serverResponse = serverHead
                follow(to: decision, after: finalHead, source: .network)
            }
        }
        #endif
    }

    /// An answer made without the network (a `respond` stub) that is a redirect: a 3xx
    /// with a `Location` URLSession follows. It behaves as a server's redirect does: the
    /// app's delegate hears `willPerformHTTPRedirection` and may follow, change or refuse
    /// it; a followed redirect is a new hop through the rules; a refused one is the final
    /// response, body and all. Returns false, doing nothing, for any other answer.
    private func redirect(_ answer: HTTPResponse, source: ResponseSource) -> Bool {
        let (next, shown): (URLRequest, HTTPURLResponse)
        switch RedirectRequest.step(after: hop.appRequest, hop: hop.number, answer: answer, describesBody: true) {
        case .final: return false
        case .tooMany(let error): fail(error); return true
        case .redirect(let request, let response): (next, shown) = (request, response)
        }
        let appURL = hop.appRequest.url
        #if !canImport(FoundationNetworking)
        // As for the network's redirects: the client asks the app's delegate and starts a
        // new load when it follows; this load delivers the 3xx, which an app that refused gets.
        channel.redirect(to: RedirectRequest.carrying(hop.body, in: next), response: shown)
        deliverWhole(answer, url: appURL, source: source)
        #else
        delegateCalls.redirect(shown, to: next) { [self] decision in
            guard machine.isLive else { return }
            guard let decision else { return deliverWhole(answer, url: appURL, source: source) }
            follow(to: decision, after: answer, source: source)
        }
        #endif
        return true
    }

    #if canImport(FoundationNetworking)
    /// Ends the redirect hop and runs the next one through the rules.
    private func follow(to request: URLRequest, after head: HTTPResponse, source: ResponseSource) {
        hop.response = head
        activity.response(hop)
        endHop(error: nil, source: source, redirectLocation: request.url?.absoluteString)
        // corelibs configures a redirect it follows by itself: its `Cookie` header becomes
        // the stored cookies, those the 3xx just set included (the inner task stored them
        // as its head arrived). A redirect its delegate approved goes as approved.
        var request = loading.delegate == nil ? interceptor.requestDefaults.configured(request) : request
        // corelibs sends no body on any redirect hop (it resets the task's body), but sets
        // the transfer up from the request, which keeps a 307's or 308's `httpBody`: a POST
        // with one and no Content-Type still gets the default a session gives a POST's body.
        if request.httpBody?.isEmpty == false || request.httpBodyStream != nil { request.addDefaultPOSTContentType() }
        begin(ExchangeHop(number: hop.number + 1, appRequest: request, body: .none))
    }
    #endif

    // MARK: - Challenges

    /// An authentication challenge of the inner task, in the context, answered by the app.
    ///
    /// On Apple platforms it goes to the client, which asks the app's delegate as for any
    /// load (server trust, client certificates, Basic, Digest, …); the answer comes back
    /// through a ``ChallengeSender``. On swift-corelibs-foundation the client cannot take
    /// it (its retry would leave the interceptor, or hang), so the app's delegate is asked
    /// directly, on its own queue, with its own session and task, as corelibs asks it for a
    /// plain load; its answer is carried out by the inner session (``ChallengeAnswer``), so
    /// a retry with a credential goes through the rules again. The inner session's handler
    /// is called from the worker, never from a session's queue (corelibs suspends the task
    /// to retry, which waits on that queue).
    func innerDidReceive(
        _ challenge: URLAuthenticationChallenge,
        completion: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        guard !machine.isStopped else { return worker.async { completion(.cancelAuthenticationChallenge, nil) } }
        #if canImport(FoundationNetworking)
        let asked = UncheckedBox(challenge)
        delegateCalls.challenge(challenge) { [self] answer in
            let reply: ChallengeAnswer
            if machine.isStopped {
                reply = .cancel
            } else {
                let challenge = asked.value
                let carried = answer.carriedOut(proposed: challenge.proposedCredential, previousFailureCount: challenge.previousFailureCount)
                if carried.unanswered { machine.challengeLeftUnanswered() }
                reply = carried.answer
            }
            worker.async { completion(reply.disposition, reply.credential) }
        }
        #else
        channel.challenge(URLAuthenticationChallenge(authenticationChallenge: challenge, sender: ChallengeSender(completion)))
        #endif
    }

    /// The app left a challenge unanswered, and we ended the inner task: its 401 is the
    /// final response. The client must not see a `WWW-Authenticate` that raises a
    /// challenge on a finished response (corelibs would ask the app again, then never
    /// complete), so the header is given as `X-RewriteKit-WWW-Authenticate`; a delegate
    /// that already got the 401 gets it once more with that header, then the finish.
    private func deliverUnansweredChallenge(_ reception: Machine.Reception) {
        let head = AuthenticationHeader.renamed(in: reception.head)
        guard let url = reception.network.url ?? hop.appRequest.url else { return fail(URLError(.badServerResponse)) }
        guard reception.isStreaming else {
            var response = head
            response.body = [UInt8](reception.body)
            guard let outcome = hop.outcome, outcome.hasResponseActions else {
                return deliverWhole(response, url: url, source: .network, network: reception, bodyChanged: false)
            }
            let (pipeline, whole, network) = (pipeline, response, UncheckedBox(reception))
            return offload(bodySize: whole.body.count, { pipeline.processResponse(whole, for: outcome) }) { [self] answer in
                record(answer.trace)
                deliverWhole(answer.response, url: url, source: .network, network: network.value, bodyChanged: false)
            }
        }
        guard let renamed = head.urlResponse(url: url, bodyChanged: false) else { return fail(URLError(.badServerResponse)) }
        guard machine.finish() else { return }
        captureHop(error: nil, source: .network)
        channel.finish(head: renamed, body: Data(), perCall: nil)
        endHop(error: nil, source: .network)
    }

    // MARK: - The app's side

    /// Gives the app a whole response: head, body in one piece, finish. `body`, when
    /// given, is the body as the network sent it, passed on instead of `response.body`
    /// (which then holds a copy only if a capture or the cache keeps one). `network` is the
    /// network's head the answer comes from, if any. A throttled body arrives after the
    /// time its size takes at that rate.
    private func deliverWhole(
        _ response: HTTPResponse, body: Data? = nil, url: URL?, source: ResponseSource, network: Machine.Reception? = nil,
        bodyChanged: Bool = true
    ) {
        hop.response = response
        let url = url ?? hop.appRequest.url
        let size = body?.count ?? response.body.count
        let rate = hop.outcome?.throttleBytesPerSecond ?? 0
        let budget = downlink(hop.outcome)
        guard rate > 0 || budget != nil, size > 0 else {
            return complete(response, body: body, url: url, source: source, network: network, bodyChanged: bodyChanged)
        }
        let network = UncheckedBox(network)
        let finish: @Sendable () -> Void = { [self] in
            complete(response, body: body, url: url, source: source, network: network.value, bodyChanged: bodyChanged)
        }
        guard let budget else { return schedule(after: Double(size) / Double(rate), finish) }
        // Over a shared downlink the body takes what the link gives it, tick by tick, and no
        // less time than `throttle` says.
        let earliest = DispatchTime.now() + (rate > 0 ? Double(size) / Double(rate) : 0)
        budget.transfer(size, on: worker, while: { [weak self] in self?.isHalted == false }) { [self] in
            context.async { [self] in
                let rest = max(0, Double(Int64(earliest.uptimeNanoseconds) - Int64(DispatchTime.now().uptimeNanoseconds)) / 1e9)
                if rest > 0 { schedule(after: rest, finish) } else { finish() }
            }
        }
    }

    private func complete(_ response: HTTPResponse, body: Data?, url: URL?, source: ResponseSource, network: Machine.Reception?, bodyChanged: Bool) {
        let network = source == .network ? network : nil
        guard let url, let appResponse = response.urlResponse(
            url: url, network: network.map { ($0.network, $0.head) }, bodyChanged: bodyChanged || network == nil)
        else { return fail(URLError(.badServerResponse)) }
        guard machine.finish() else { return }
        let body = body ?? Data(response.body)
        captureHop(error: nil, source: source)
        let headSent = network?.isInterimDelivered == true && appResponse === network?.network
        channel.finish(head: headSent ? nil : appResponse, body: body, perCall: loading.perCall)
        hop.bytesReceived = body.count
        activity.response(hop)
        endHop(error: nil, source: source)
    }

    /// Gives the app a streamed stub (`respond { stream … }`): the head at once, then each
    /// piece of the body when its plan says (each a delivery of its own, which a data
    /// delegate hears as it is sent), then the end or the plan's error. The response has
    /// no `Content-Length`, as a server's stream has none. A caller that takes the body in
    /// one piece (a completion handler, `async`: corelibs keeps only their last chunk) gets
    /// it whole when the last piece is due; the delegate of one call still hears each piece.
    private func deliverStream(_ response: HTTPResponse, plan: StreamPlan) {
        hop.response = response
        guard let url = hop.appRequest.url, let appResponse = response.urlResponse(url: url, bodyChanged: false) else {
            return fail(URLError(.badServerResponse))
        }
        resetOutflow()
        _ = relayMessages(of: response)
        channel.head(appResponse)
        machine.headDelivered(keepsForCache: false)
        activity.response(hop)
        outflow.play(plan, of: response.body, wait: { [self] in schedule(after: $0, $1) }) { [self] failure in
            guard let failure else { return finishStream(source: .stub) }
            let error = failure.error.taskError(url: hop.appRequest.url)
            guard failure.delay > 0 else { return fail(error, source: .stub) }
            schedule(after: failure.delay) { [self] in fail(error, source: .stub) }
        }
    }

    /// Ends a body streamed to the app: the capture, the client's finish, the hop's end.
    private func finishStream(source: ResponseSource = .network) {
        guard machine.finish() else { return }
        captureHop(error: nil, source: source)
        channel.finish()
        endHop(error: nil, source: source)
    }

    /// A fresh outflow for a new hop's body.
    private func resetOutflow() {
        outflow = Outflow(channel: channel, context: context, receivesChunks: loading.receivesChunks, perCall: loading.perCall)
    }

    /// Runs the applied rules' `response each message` blocks on a streamed body's messages,
    /// when it has messages (its `Content-Type`) and there are blocks. Returns whether it does.
    private func relayMessages(of head: HTTPResponse) -> Bool {
        guard let outcome = hop.outcome, outcome.responsePlan.hasMessageBlocks,
              let format = StreamFormat(contentType: head.headers["Content-Type"])
        else { return false }
        var noted = 0
        var uses = MessageBlockUses()
        outflow.relayMessages(format: format, head: head) { [weak self, environment = pipeline.environment] message, format, head in
            let result = outcome.responsePlan.run(
                message: message, format: format, response: head, request: outcome.request, environment: environment, uses: &uses)
            guard let self else { return (result.bytes, result.delay) }
            activity.log(result.trace.entries, hop: hop)
            noted += noteSkips(in: result.trace, room: MessageRelay.notedLimit - noted)
            return (result.bytes, result.delay)
        }
        return true
    }

    /// Keeps why an action could not edit a message (not JSON, a regex over its budget) in
    /// the hop's trace, at most `room` entries, so the `.finished` event says so. Returns
    /// how many it kept.
    private func noteSkips(in trace: Trace, room: Int) -> Int {
        guard room > 0 else { return 0 }
        let skips = trace.entries.filter { entry in
            switch entry.event {
            case .skipped, .limitExceeded: true
            default: false
            }
        }.prefix(room)
        guard !skips.isEmpty else { return 0 }
        var kept = hop.trace ?? Trace()
        for entry in skips { kept.append(entry) }
        hop.trace = kept
        machine.markLogged(kept.entries.count)
        return skips.count
    }

    /// The downlink a body shares (`network`), if the profile sets one.
    private func downlink(_ outcome: RequestOutcome?) -> LinkBudget? {
        guard let profile = outcome?.network?.profile, profile.downlink != nil else { return nil }
        return interceptor.networkLink(for: profile).downlink
    }

    /// Releases the streamed body at the `throttle` rate, and within what a `network`
    /// downlink shared with other bodies allows; neither: as it comes. Where suspending a
    /// data task pauses it (Apple platforms), a backlog pauses the download; on corelibs
    /// suspending restarts the transfer, so the backlog waits on disk instead.
    private func pace(_ outcome: RequestOutcome) {
        let budget = downlink(outcome)
        guard outcome.throttleBytesPerSecond != nil || budget != nil else { return }
        let rate = min(outcome.throttleBytesPerSecond ?? Int.max, budget?.bytesPerSecond ?? Int.max)
        var onBacklog: (@Sendable (Bool) -> Void)?
        #if !canImport(FoundationNetworking)
        onBacklog = { [weak self] backedUp in
            guard let self else { return }
            let tasks = UncheckedBox(forwarding.tasks(of: self))
            worker.async {
                for task in tasks.value {
                    if backedUp { task.suspend() } else { task.resume() }
                }
            }
        }
        #endif
        outflow.pace(at: rate, budget: budget, on: worker, onBacklog: onBacklog)
    }

    // MARK: - The observers

    /// Counts the hop in (the machine has marked it started) and sends `.started`, then a
    /// `.log` or `.tag` event for each `log` or `tag` the request phase ran.
    private func beginHopActivity() {
        activity.hub.adjustInFlight(by: 1)
        activity.started(hop)
        if let trace = hop.trace { record(trace) }
    }

    /// Counts the hop out and sends `.finished`, once; a hop that never started only
    /// counts nothing.
    private func endHop(error: RequestError?, source: ResponseSource?, redirectLocation: String? = nil) {
        guard case .report = machine.endHop() else { return }
        captureHop(error: error, source: source)
        hop.bytesReceived += outflow.bytesDelivered
        activity.hub.adjustInFlight(by: -1)
        activity.finished(hop, error: error, source: source, redirectLocation: redirectLocation)
    }

    /// Gives the hop, as it ended, to the running captures; once. Called before the app
    /// hears the end, so a capture holds every request the app has seen finish.
    private func captureHop(error: RequestError?, source: ResponseSource?) {
        guard capture.bodyLimit != nil, machine.capturesHop() else { return }
        capture.record(hop, streamed: machine.streamsBody, error: error, source: source)
    }

    /// Keeps the pipeline's latest trace and sends a `.log` or `.tag` event for each `log`
    /// or `tag` entry not sent yet.
    private func record(_ trace: Trace) {
        hop.trace = trace
        activity.log(trace.entries[machine.freshEntries(of: trace.entries.count)], hop: hop)
    }

    // MARK: - Work and time

    /// Stops the timer, the pacer and the inner task of the current hop; `halting` (a stop,
    /// a failure) also forbids any further inner task, while a hop given up for a stub
    /// leaves the exchange free to send a later hop.
    private func cancelInnerWork(halting: Bool = true) {
        machine.cancelTimer()
        // A cancelled task's redirect must never be answered (corelibs traps on it).
        machine.dropParked()
        outflow.cancel()
        forwarding.giveUpTasks(of: self, halting: halting, on: worker)
    }

    /// Runs `work` in the context after `seconds`, unless the exchange stops, finishes or
    /// schedules something else first.
    private func schedule(after seconds: Double, _ work: @escaping @Sendable () -> Void) {
        schedule(after: seconds, token: machine.newTimer(), work)
    }

    /// Runs `work` in the context after `seconds`, if the machine still takes timer `token` then.
    private func schedule(after seconds: Double, token: Int, _ work: @escaping @Sendable () -> Void) {
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
    private func offload<Result>(bodySize: Int, _ work: @escaping @Sendable () -> Result, then: @escaping @Sendable (Result) -> Void) {
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
