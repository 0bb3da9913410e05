import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A WebSocket connection whose messages go through the rules: those from the other end
/// through the `response each message` blocks, the app's through `request each message`.
/// The other end (``Peer``) is a stubbed conversation's script, or a real
/// `URLSessionWebSocketTask` (Apple platforms; on Linux corelibs cannot open one).
///
/// All state lives on one serial queue; the app's completion handlers run on its session's
/// delegate queue, as `URLSessionWebSocketTask`'s do. The connection is a state machine
/// (``Phase``): suspended until ``resume()``, open, then ended by the other end (a close
/// frame or a failure: the messages already received are still handed out, then every
/// receive fails) or by the app (``cancel(with:reason:)``: everything pending fails at once).
final class RuleSocket: WebSocketTask, @unchecked Sendable {
    /// The other end of the connection.
    enum Peer {
        /// A stubbed conversation: the script in the rules.
        case script
        /// A real connection.
        case task(any WebSocketTask)
        /// None: the handshake failed (a `fail` rule, or a stub that is not a conversation).
        case failure(Error)
    }

    /// How the connection ended.
    enum End {
        /// The other end sent a close frame (or the app cancelled).
        case closed(code: Int, reason: Data?)
        /// The connection failed.
        case failed(Error)
    }

    private enum Phase {
        case suspended
        case open
        /// Ended; `byApp` when the app cancelled (nothing more is handed out).
        case ended(End, byApp: Bool)
    }

    /// What the other end sent, on its way to the app in order (a `delay` holds back what follows).
    private enum Arrival {
        case message(SocketMessage)
        case end(End)
    }

    /// The most messages received and not yet taken by the app before a script's periodic
    /// messages pause, or a real connection's reading does: an endless conversation the app
    /// does not read holds at most this many.
    static let backlogLimit = 64

    /// The open connections, kept alive while they run as URLSession keeps its running tasks
    /// (an app may hold only a pending receive); the script's timers hold them weakly, so an
    /// ended connection is freed at once, not when its longest `wait` would have run out.
    private static let running = Locked<[ObjectIdentifier: RuleSocket]>([:])

    private let peer: Peer
    private let rules: SocketRules
    private let queue = DispatchQueue(label: "RewriteKit.socket")
    private let callbacks: OperationQueue
    private let report: SocketActivity
    /// A `delay` on the handshake: how long opening takes, in seconds.
    private let openDelay: Double

    // Queue-confined state.
    private var phase = Phase.suspended
    private var inbox: [SocketMessage] = []
    private var receivers: [@Sendable (Result<URLSessionWebSocketTask.Message, Error>) -> Void] = []
    /// Arrivals held back by a `delay`, with when each is due.
    private var held: [(due: DispatchTime, arrival: Arrival)] = []
    private var lastDue = DispatchTime(uptimeNanoseconds: 0)
    /// Periodic messages waiting for the app to read the backlog.
    private var stalledPeriodic: [Int] = []
    /// How often each `times N` message block and reply ran on this connection.
    private var uses = MessageBlockUses()
    /// Whether a real connection's next message is being read.
    private var reading = false
    private var maximumSize = 1 << 20
    private var code = URLSessionWebSocketTask.CloseCode.invalid
    private var reason: Data?

    init(peer: Peer, rules: SocketRules, callbacks: OperationQueue, report: SocketActivity, openDelay: Double = 0) {
        self.peer = peer
        self.openDelay = openDelay
        self.rules = rules
        self.callbacks = callbacks
        self.report = report
    }

    /// Messages received and not yet taken by the app (for tests).
    var backlogForTesting: Int { queue.sync { inbox.count } }

    // MARK: - WebSocketTask

    var closeCode: URLSessionWebSocketTask.CloseCode { queue.sync { code } }
    var closeReason: Data? { queue.sync { reason } }

    var state: URLSessionTask.State {
        queue.sync {
            switch phase {
            case .suspended: .suspended
            case .open: .running
            case .ended: .completed
            }
        }
    }

    var maximumMessageSize: Int {
        get { queue.sync { maximumSize } }
        set { queue.sync { maximumSize = max(1, newValue) } }
    }

    func resume() {
        queue.async { [self] in
            guard case .suspended = phase else { return }
            phase = .open
            report.opened()
            Self.running.withLock { $0[ObjectIdentifier(self)] = self }
            after(openDelay) { [weak self] in self?.open() }
        }
    }

    /// The handshake is done: the other end starts.
    private func open() {
        guard case .open = phase else { return }
        switch peer {
            case .script:
                run(rules.openingSteps())
                for (seconds, index) in rules.periodic { schedulePeriodic(index, after: seconds) }
            case .task(let task):
                if maximumSize != 1 << 20 { task.maximumMessageSize = maximumSize }
                task.resume()
                readNext()
            case .failure(let error):
                end(.failed(error))
        }
    }

    func cancel(with closeCode: URLSessionWebSocketTask.CloseCode, reason: Data?) {
        queue.async { [self] in
            if case .ended(_, byApp: true) = phase { return }
            // A connection cancelled before `resume()` never opened: nothing to report.
            let wasOpen = if case .open = phase { true } else { false }
            code = closeCode
            self.reason = reason
            inbox.removeAll()
            held.removeAll()
            phase = .ended(.closed(code: closeCode.rawValue, reason: reason), byApp: true)
            failReceivers(with: Self.disconnected)
            if case .task(let task) = peer { task.cancel(with: closeCode, reason: reason) }
            if wasOpen { report.ended(error: nil) }
            Self.running.withLock { _ = $0.removeValue(forKey: ObjectIdentifier(self)) }
        }
    }

    func send(_ message: URLSessionWebSocketTask.Message, completionHandler: @escaping @Sendable (Error?) -> Void) {
        queue.async { [self] in
            guard case .open = phase else { return callBack { completionHandler(self.endError) } }
            let original = message.socketMessage
            let outcome = rules.sent(original, uses: &uses)
            report.message(outcome, sent: true, original: original)
            guard let sent = outcome.message else { return callBack { completionHandler(nil) } }
            after(outcome.delay) { [weak self] in
                guard let self else { return }
                switch peer {
                case .script:
                    callBack { completionHandler(nil) }
                    if let reply = rules.reply(to: sent, uses: &uses) {
                        report.log(reply.trace)
                        run(reply.steps)
                    }
                case .task(let task):
                    task.send(URLSessionWebSocketTask.Message(sent)) { error in
                        self.callBack { completionHandler(error) }
                    }
                case .failure(let error):
                    callBack { completionHandler(error) }
                }
            }
        }
    }

    func send(_ message: URLSessionWebSocketTask.Message) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, Error>) in
            send(message) { error in
                if let error { continuation.resume(throwing: error) } else { continuation.resume() }
            }
        }
    }

    func receive(completionHandler: @escaping @Sendable (Result<URLSessionWebSocketTask.Message, Error>) -> Void) {
        queue.async { [self] in
            receivers.append(completionHandler)
            handOut()
        }
    }

    func receive() async throws -> URLSessionWebSocketTask.Message {
        try await withCheckedThrowingContinuation { continuation in
            receive { continuation.resume(with: $0) }
        }
    }

    func sendPing(pongReceiveHandler: @escaping @Sendable (Error?) -> Void) {
        queue.async { [self] in
            guard case .open = phase else { return callBack { pongReceiveHandler(self.endError) } }
            switch peer {
            case .script: callBack { pongReceiveHandler(nil) }
            case .task(let task): task.sendPing { error in self.callBack { pongReceiveHandler(error) } }
            case .failure(let error): callBack { pongReceiveHandler(error) }
            }
        }
    }

    // MARK: - The other end

    /// Runs a script's steps from the first: messages go to the app, a `wait` pauses the rest.
    private func run(_ steps: [SocketStep]) {
        guard case .open = phase else { return }
        for (index, step) in steps.enumerated() {
            switch step {
            case .send(let message):
                arrive(.message(message))
            case .wait(let seconds):
                let rest = Array(steps[(index + 1)...])
                return after(seconds) { [weak self] in self?.run(rest) }
            case .close(let code, let reason):
                return arrive(.end(.closed(code: code, reason: reason.isEmpty ? nil : Data(reason.utf8))))
            case .fail(let error):
                return arrive(.end(.failed(error.taskError(url: URL(string: rules.request.url.description)))))
            }
        }
    }

    private func schedulePeriodic(_ index: Int, after seconds: Double) {
        after(seconds) { [weak self] in
            guard let self, case .open = phase else { return }
            guard inbox.count < Self.backlogLimit else { return stalledPeriodic.append(index) }
            if let message = rules.periodicMessage(index) { arrive(.message(message)) }
            if let seconds = rules.periodic.first(where: { $0.index == index })?.seconds { schedulePeriodic(index, after: seconds) }
        }
    }

    /// Reads a real connection's next message, unless the backlog is full.
    private func readNext() {
        guard case .task(let task) = peer, !reading, case .open = phase, inbox.count < Self.backlogLimit else { return }
        reading = true
        task.receive { [self] result in
            queue.async { [self] in
                reading = false
                switch result {
                case .success(let message):
                    arrive(.message(message.socketMessage))
                    readNext()
                case .failure(let error):
                    let closed = task.closeCode
                    arrive(.end(closed == .invalid ? .failed(error) : .closed(code: closed.rawValue, reason: task.closeReason)))
                }
            }
        }
    }

    /// Something from the other end: a message goes through the rules; all of it keeps its order.
    private func arrive(_ arrival: Arrival) {
        guard case .open = phase else { return }
        var delay = 0.0
        var arrival = arrival
        if case .message(let message) = arrival {
            let outcome = rules.received(message, uses: &uses)
            report.message(outcome, sent: false, original: message)
            guard let kept = outcome.message else { return }
            arrival = .message(kept)
            delay = outcome.delay
        }
        let now = DispatchTime.now()
        let due = max(now, lastDue) + delay
        lastDue = due
        if held.isEmpty && due <= now { return take(arrival) }
        held.append((due, arrival))
        queue.asyncAfter(deadline: due) { [weak self] in self?.releaseHeld() }
    }

    private func releaseHeld() {
        let now = DispatchTime.now()
        while let first = held.first, first.due <= now {
            held.removeFirst()
            take(first.arrival)
        }
    }

    /// An arrival reaches the app's side of the connection.
    private func take(_ arrival: Arrival) {
        guard case .open = phase else { return }
        switch arrival {
        case .message(let message):
            if message.bytes.count > maximumSize {
                code = .messageTooBig
                return end(.failed(POSIXError(.EMSGSIZE)))
            }
            inbox.append(message)
            handOut()
        case .end(let end):
            if case .closed(let closeCode, let closeReason) = end {
                code = URLSessionWebSocketTask.CloseCode(rawValue: closeCode) ?? .invalid
                reason = closeReason
            }
            self.end(end)
        }
    }

    private func end(_ end: End) {
        phase = .ended(end, byApp: false)
        held.removeAll()
        if case .task(let task) = peer, case .failed = end { task.cancel(with: code == .invalid ? .abnormalClosure : code, reason: nil) }
        let error: RequestError? = if case .failed(let failure) = end { RequestError(failure) } else { nil }
        report.ended(error: error)
        handOut()
        Self.running.withLock { _ = $0.removeValue(forKey: ObjectIdentifier(self)) }
    }

    /// Hands received messages to waiting receives; once ended and empty, fails them.
    private func handOut() {
        while !receivers.isEmpty, !inbox.isEmpty {
            let receiver = receivers.removeFirst()
            let message = URLSessionWebSocketTask.Message(inbox.removeFirst())
            callBack { receiver(.success(message)) }
        }
        if inbox.count < Self.backlogLimit {
            for index in stalledPeriodic { schedulePeriodic(index, after: 0) }
            stalledPeriodic.removeAll()
            readNext()
        }
        if case .ended = phase, inbox.isEmpty { failReceivers(with: endError) }
    }

    private func failReceivers(with error: Error) {
        let waiting = receivers
        receivers.removeAll()
        for receiver in waiting { callBack { receiver(.failure(error)) } }
    }

    /// The error sends and receives get once the connection ended.
    private var endError: Error {
        if case .ended(.failed(let error), _) = phase { return error }
        return Self.disconnected
    }

    /// What a closed connection's sends and receives fail with, as the platform's own task says it.
    static var disconnected: Error {
        #if canImport(FoundationNetworking)
        URLError(.networkConnectionLost)
        #else
        POSIXError(.ENOTCONN)
        #endif
    }

    private func after(_ seconds: Double, _ work: @escaping @Sendable () -> Void) {
        if seconds <= 0 { return work() }
        queue.asyncAfter(deadline: .now() + seconds, execute: work)
    }

    private func callBack(_ work: @escaping @Sendable () -> Void) {
        callbacks.addOperation(work)
    }
}
