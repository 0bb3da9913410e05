import Foundation

/// One intercepted load as states, events and actions, after swift-nio's typed state
/// machines: each state carries only its own data, each event is a method that moves the
/// state on and returns what the driver (``Exchange``) must do next. No URLSession,
/// URLProtocol or platform branch lives here; the driver does the I/O and turns
/// Foundation's callbacks into events, so tests can feed a load any order of callbacks
/// corelibs or Apple's loader may deliver (see `ExchangeMachineTests`).
///
/// It is generic over the two things the driver must get back unchanged: the network's own
/// response object (`Head`, an `HTTPURLResponse`, handed to the app as it came when the
/// rules leave the head alone) and the inner task's parked redirect answer (`Parked`, a
/// completion handler on corelibs).
///
/// A load goes `idle → preparing → (holding) → awaitingHead → receiving → answering →
/// finished` once per hop; `stopped` and `finished` end it from any state. A redirect
/// the app follows ends a hop and begins the next in `preparing`.
struct ExchangeMachine<Head, Parked> {
    /// Where the load is.
    enum State {
        /// Made; no hop begun.
        case idle
        /// A hop's request phase runs (its body may be asked of the app's delegate first).
        case preparing(parked: Parked?)
        /// A `delay` holds the hop's request until a timer fires (or its timeout fails it).
        case holding(parked: Parked?)
        /// The hop's request is with the network; no response head yet.
        case awaitingHead(Awaiting)
        /// A response head came; its body arrives.
        case receiving(Reception)
        /// The answer is known (a stub, the cache, a whole network body, a streamed body
        /// that ended): its response phase runs, or it is on its way to the app.
        case answering(headDelivered: Bool)
        /// The load's last client call was made.
        case finished
        /// `stopLoading` came: no client call follows.
        case stopped
    }

    /// Waiting for the network's response head.
    struct Awaiting {
        /// The inner task's redirect, parked while the app's delegate decides (corelibs).
        var parked: Parked?
        /// The app left a challenge unanswered: the 401 becomes the final response.
        var challengeUnanswered = false
        /// Bytes that came before any head, kept as the start of the body.
        var early = Data()
    }

    /// What is known of the response being received.
    struct Reception {
        /// The response head as the network gave it.
        let network: Head
        /// The pipeline's view of that head.
        let head: HTTPResponse
        /// Whether the body streams to the app as it comes (else it is kept and delivered whole).
        let isStreaming: Bool
        /// Whether the app has been given this streamed response's head.
        var headDelivered = false
        /// Whether the head went to the app as an interim response (not given again should it
        /// prove final).
        var isInterimDelivered = false
        /// The body kept for whole delivery.
        var body = Data()
        /// A copy of a streamed body for the `cache` clause, while it fits `cacheLimit`.
        var cacheCopy: Data?
        /// A copy of a streamed body for a running capture, while it fits `captureLimit`.
        var captureCopy: Data?
        /// The app left a challenge unanswered: this 401 is the final response.
        var challengeUnanswered = false
    }

    /// A hop's bookkeeping for the app's observers and the captures.
    struct Ledger: Equatable {
        /// Whether `.started` was sent (and the in-flight count raised).
        var isCounted = false
        /// Whether the hop ended.
        var hasEnded = false
        /// Whether the hop was given to the running captures.
        var isCaptured = false
        /// How many trace entries have been sent as `.log` or `.tag` events.
        var loggedEntries = 0
        /// Whether the network's response body streams to the app (its copy for a capture
        /// is then the server's).
        var streamsBody = false
    }

    private(set) var state: State = .idle
    /// The hop in progress.
    private(set) var ledger = Ledger()
    /// Counts timers, so one the load gave up on does nothing when it fires.
    private var timer = 0

    /// Whether the load can still reach the app.
    var isLive: Bool {
        switch state {
        case .finished, .stopped: false
        default: true
        }
    }

    /// Whether the hop's network response body went to the app as it came, not whole.
    var streamsBody: Bool { ledger.streamsBody }

    /// Whether `stopLoading` came.
    var isStopped: Bool {
        if case .stopped = state { return true }
        return false
    }

    /// Whether the last client call was made.
    var isFinished: Bool {
        if case .finished = state { return true }
        return false
    }
}

// MARK: - The request

extension ExchangeMachine {
    /// A hop begins: the app's request, or a redirect the app followed. Returns false once
    /// the load has ended. When the inner task waits at a redirect, it stays parked for this
    /// hop's request.
    mutating func beginHop() -> Bool {
        let parked: Parked?
        switch state {
        case .finished, .stopped: return false
        case .awaitingHead(let awaiting): parked = awaiting.parked
        case .preparing(let kept), .holding(let kept): parked = kept
        case .idle, .receiving, .answering: parked = nil
        }
        state = .preparing(parked: parked)
        ledger = Ledger()
        return true
    }

    /// Whether the inner task waits at a redirect for the hop being prepared.
    var continuesRedirect: Bool {
        switch state {
        case .preparing(let parked?), .holding(let parked?): _ = parked; return true
        default: return false
        }
    }

    /// What the request phase decided.
    enum RequestDecision {
        /// A rule needs the body the app's delegate streams: ask for it, then run again.
        case askForBodyStream
        /// Fail before anything is sent.
        case fail
        /// Answer from the `cache` clause.
        case cached
        /// Answer with a stub (`respond`) or a rule's failure (`fail`), or send the request.
        case goOn(Proceeding)
    }

    /// How the hop goes on once any `delay` is over.
    enum Proceeding {
        /// A `respond` stub answers.
        case respond
        /// A `fail` rule fails the request.
        case failWith
        /// The request goes to the network; `taskStarted` when the worker made its task already.
        case forward(taskStarted: Bool)
    }

    /// What follows the request phase.
    enum AfterRequestPhase {
        /// Nothing: the load ended meanwhile.
        case ignore
        /// Ask the app's delegate for the body stream.
        case askForBodyStream
        /// The hop has started (count it in, send `.started`); then fail it.
        case fail
        /// The hop has started; deliver the cached answer.
        case deliverCached
        /// The hop has started; go on at once.
        case proceed
        /// The hop has started; go on when a timer with this token fires after `seconds`.
        case hold(seconds: Double, token: Int)
        /// The hop has started; the `delay` reaches the timeout: fail with a timeout then.
        case timeOut(seconds: Double, token: Int)
    }

    /// The request phase of the hop in progress ended with `decision`; `delay` is its
    /// `delay`, `timeout` the request's.
    mutating func requestPhaseDone(_ decision: RequestDecision, delay: Double, timeout: Double) -> AfterRequestPhase {
        guard case .preparing(let parked) = state else { return .ignore }
        switch decision {
        case .askForBodyStream:
            return .askForBodyStream
        case .fail:
            ledger.isCounted = true
            return .fail
        case .cached:
            ledger.isCounted = true
            state = .answering(headDelivered: false)
            return .deliverCached
        case .goOn:
            ledger.isCounted = true
            guard delay > 0 else { return .proceed }
            state = .holding(parked: parked)
            return delay >= timeout ? .timeOut(seconds: timeout, token: newTimer()) : .hold(seconds: delay, token: newTimer())
        }
    }

    /// What going on means.
    enum AfterProceeding {
        /// Nothing: the load ended meanwhile.
        case ignore
        /// Run the stub's response phase, then deliver it; `abandoning` a parked inner task
        /// (cancel it, without forbidding later tasks: the stub's own redirect may need one).
        case answerWithStub(abandoning: Bool)
        /// Fail with the rule's error.
        case failWith
        /// Hand the parked inner task the hop's request.
        case resumeParked(Parked)
        /// Make and start the inner task.
        case startTask
        /// The worker started the task already: wait for its head.
        case awaitHead
    }

    /// The hop goes on (at once, or when its `delay` is over).
    mutating func proceed(_ proceeding: Proceeding) -> AfterProceeding {
        let parked: Parked?
        switch state {
        case .preparing(let kept), .holding(let kept): parked = kept
        default: return .ignore
        }
        switch proceeding {
        case .respond:
            state = .answering(headDelivered: false)
            return .answerWithStub(abandoning: parked != nil)
        case .failWith:
            return .failWith
        case .forward(let taskStarted):
            state = .awaitingHead(Awaiting())
            if let parked { return .resumeParked(parked) }
            return taskStarted ? .awaitHead : .startTask
        }
    }
}

// MARK: - The network's answer

extension ExchangeMachine {
    /// What to do with a response head.
    enum AfterHead {
        /// Nothing: the load is not waiting for one.
        case ignore
        /// Keep it and its body for whole delivery.
        case keep
        /// Pass it to the app now as an interim (1xx) response, and keep it meanwhile.
        case deliverInterim
        /// Stream it: run the head-only response actions and give the app the head, then
        /// report ``headDelivered(keepsForCache:)``, then stream `early` (bytes that came
        /// before the head) on.
        case stream(early: Data)
    }

    /// The inner task's response head. `streams` says its body goes to the app as it comes;
    /// `reserving` is the `Content-Length` worth reserving for a body kept whole.
    mutating func headReceived(
        _ network: Head, head: HTTPResponse, streams: Bool, reserving: Int = 0, captureLimit: Int? = nil
    ) -> AfterHead {
        var reception = Reception(network: network, head: head, isStreaming: streams)
        switch state {
        case .awaitingHead(let awaiting):
            reception.challengeUnanswered = awaiting.challengeUnanswered
            reception.body = awaiting.early
        case .receiving(let previous):
            // A second head: the final response after an interim one, or a retry after a 401.
            reception.challengeUnanswered = previous.challengeUnanswered
        default:
            return .ignore
        }
        defer { state = .receiving(reception) }
        ledger.streamsBody = streams
        guard streams else {
            if reserving > 0 { reception.body.reserveCapacity(reception.body.count + reserving) }
            guard (100..<200).contains(head.status) else { return .keep }
            reception.isInterimDelivered = true
            return .deliverInterim
        }
        let early = reception.body
        reception.captureCopy = captureLimit.map { early.count <= $0 ? early : nil } ?? nil
        reception.body = Data()
        return .stream(early: early)
    }

    /// The streamed head reached the app; `keepsForCache` starts a copy for the `cache` clause.
    mutating func headDelivered(keepsForCache: Bool) {
        switch state {
        case .receiving(var reception):
            reception.headDelivered = true
            if keepsForCache { reception.cacheCopy = Data() }
            state = .receiving(reception)
        case .answering:
            state = .answering(headDelivered: true)
        default:
            break
        }
    }

    /// What to do with a piece of the body.
    enum AfterData: Equatable {
        /// Nothing: the load is not receiving.
        case ignore
        /// Kept for whole delivery.
        case kept
        /// Stream it on; `captureOverflowed` when the capture's copy stopped fitting.
        case streamOut(captureOverflowed: Bool)
    }

    /// A piece of the inner task's body; `cacheLimit` and `captureLimit` bound the copies.
    mutating func dataReceived(_ data: Data, cacheLimit: Int, captureLimit: Int) -> AfterData {
        switch state {
        case .awaitingHead(var awaiting):
            awaiting.early.append(data)
            state = .awaitingHead(awaiting)
            return .kept
        case .receiving(var reception):
            // Out of the state while it changes: a copy left there would copy the body.
            state = .idle
            defer { state = .receiving(reception) }
            guard reception.isStreaming else {
                reception.body.append(data)
                return .kept
            }
            if let copy = reception.cacheCopy {
                reception.cacheCopy = copy.count + data.count <= cacheLimit ? copy + data : nil
            }
            var overflowed = false
            if let copy = reception.captureCopy {
                reception.captureCopy = nil
                if copy.count + data.count <= captureLimit { reception.captureCopy = copy + data } else { overflowed = true }
            }
            return .streamOut(captureOverflowed: overflowed)
        default:
            return .ignore
        }
    }

    /// The app left the inner task's authentication challenge unanswered; the inner task
    /// is ended, and its 401 becomes the final response when it completes.
    mutating func challengeLeftUnanswered() {
        switch state {
        case .awaitingHead(var awaiting):
            awaiting.challengeUnanswered = true
            state = .awaitingHead(awaiting)
        case .receiving(var reception):
            reception.challengeUnanswered = true
            state = .receiving(reception)
        default:
            break
        }
    }

    /// Whether the task's completion should bring its final head: none came, or only an
    /// interim one (corelibs completes a redirect it cannot follow without telling its delegate).
    var lacksFinalHead: Bool {
        switch state {
        case .awaitingHead: true
        case .receiving(let reception): reception.head.status < 200
        default: false
        }
    }

    /// What the end of the inner task means.
    enum AfterCompletion {
        /// Nothing: the load is not waiting for it.
        case ignore
        /// Fail with the task's error.
        case fail
        /// Fail: the task ended without a response.
        case failWithoutResponse
        /// The challenge the app left unanswered ends the load with its 401.
        case deliverUnansweredChallenge(Reception)
        /// Run the response phase over the whole body, then deliver it.
        case answerWhole(Reception)
        /// End the streamed body (flush the relay and the pacer), then finish.
        case endStream(Reception)
    }

    /// The inner task completed, with an error when `failed`.
    mutating func innerCompleted(failed: Bool) -> AfterCompletion {
        switch state {
        case .awaitingHead(let awaiting):
            if awaiting.challengeUnanswered { return .failWithoutResponse }
            return failed ? .fail : .failWithoutResponse
        case .receiving(let reception):
            if reception.challengeUnanswered {
                state = .answering(headDelivered: false)
                return .deliverUnansweredChallenge(reception)
            }
            if failed { return .fail }
            state = .answering(headDelivered: reception.isStreaming)
            return reception.isStreaming ? .endStream(reception) : .answerWhole(reception)
        default:
            return .ignore
        }
    }
}

// MARK: - Redirects

extension ExchangeMachine {
    /// The inner task reached a redirect and waits for an answer (corelibs): it is parked
    /// while the app's delegate decides. Returns false when the load is not waiting for
    /// the network (the answer must then never be given: the task is being cancelled).
    mutating func redirectReached(_ parked: Parked) -> Bool {
        switch state {
        case .awaitingHead(var awaiting):
            awaiting.parked = parked
            state = .awaitingHead(awaiting)
            return true
        case .receiving(let reception):
            // After an interim head.
            state = .awaitingHead(Awaiting(parked: parked, challengeUnanswered: reception.challengeUnanswered))
            return true
        default:
            return false
        }
    }

    /// What the app's decision on a parked redirect means.
    enum AfterRedirectDecision {
        /// Nothing: the task is no longer parked (the load stopped or gave it up).
        case ignore
        /// Refused: answer the parked task with no request, so its 3xx is the final response.
        case refuse(Parked)
        /// Followed: end this hop and begin the next; the task stays parked for its request.
        case follow
    }

    /// The app's delegate decided on the parked redirect.
    mutating func redirectDecided(follow: Bool) -> AfterRedirectDecision {
        guard case .awaitingHead(var awaiting) = state, let parked = awaiting.parked else { return .ignore }
        guard follow else {
            awaiting.parked = nil
            state = .awaitingHead(awaiting)
            return .refuse(parked)
        }
        return .follow
    }
}

// MARK: - Timers, stop, failure, finish

extension ExchangeMachine {
    /// A token for a timer: ``timerFired(_:)`` accepts only the latest.
    mutating func newTimer() -> Int {
        timer += 1
        return timer
    }

    /// Forgets any pending timer.
    mutating func cancelTimer() {
        timer += 1
    }

    /// Whether a timer's work should run: the latest timer, and the load still live.
    func timerFired(_ token: Int) -> Bool {
        token == timer && isLive
    }

    /// Gives up the inner task's parked redirect, if any: a task being cancelled must
    /// never be answered.
    mutating func dropParked() {
        switch state {
        case .preparing(.some): state = .preparing(parked: nil)
        case .holding(.some): state = .holding(parked: nil)
        case .awaitingHead(var awaiting) where awaiting.parked != nil:
            awaiting.parked = nil
            state = .awaitingHead(awaiting)
        default: break
        }
    }

    /// `stopLoading` came. Returns false when it had come before; otherwise the driver
    /// cancels the inner work and ends the hop.
    mutating func stop() -> Bool {
        guard !isStopped else { return false }
        state = .stopped
        return true
    }

    /// What the app gets of a response cut short by a failure.
    struct Partial {
        /// The head as the network gave it.
        let network: Head
        /// Whether the app has it already (an interim response).
        let headDelivered: Bool
        /// The body received so far.
        let body: Data
    }

    /// The load fails. Returns nil when it had ended already; else what came of the
    /// response before the failure, for a caller that hears pieces (`hearsPieces`: a
    /// delegate, the app's or one call's) and has not had the head streamed to it.
    mutating func fail(hearsPieces: Bool) -> Partial?? {
        guard isLive else { return nil }
        defer { state = .finished }
        guard case .receiving(let reception) = state, hearsPieces, !reception.headDelivered else { return .some(nil) }
        return Partial(network: reception.network, headDelivered: reception.isInterimDelivered, body: reception.body)
    }

    /// The last client call goes out now. Returns false when the load had ended already.
    mutating func finish() -> Bool {
        guard isLive else { return false }
        state = .finished
        return true
    }
}

// MARK: - The hop's ledger

extension ExchangeMachine {
    /// What ending a hop means for its observers.
    enum AfterHopEnd {
        /// Nothing: it had ended, or never started (nothing was counted).
        case none
        /// Give it to the captures, count it out and send `.finished`.
        case report
    }

    /// The hop ends.
    mutating func endHop() -> AfterHopEnd {
        guard !ledger.hasEnded else { return .none }
        ledger.hasEnded = true
        return ledger.isCounted ? .report : .none
    }

    /// Whether the hop is to be given to the captures now (once).
    mutating func capturesHop() -> Bool {
        guard !ledger.isCaptured else { return false }
        ledger.isCaptured = true
        return true
    }

    /// The trace entries not yet sent as `.log` or `.tag` events, of a trace of `count` entries.
    mutating func freshEntries(of count: Int) -> Range<Int> {
        let fresh = min(ledger.loggedEntries, count)..<count
        ledger.loggedEntries = count
        return fresh
    }

    /// Counts `count` entries as sent (kept in the trace without an event).
    mutating func markLogged(_ count: Int) {
        ledger.loggedEntries = count
    }
}

extension ExchangeMachine.Partial: Equatable where Head: Equatable {}
