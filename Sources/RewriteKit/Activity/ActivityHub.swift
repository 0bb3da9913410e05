import Foundation

/// A rewriter's activity bookkeeping: observers, the in-flight count and redaction.
///
/// Events are redacted when made and delivered in order on one serial queue, away from
/// the queues requests run on, so a slow observer never slows traffic down. Events wait
/// for delivery in a queue of at most ``ActivityEvent/backlogLimit``; past that the
/// oldest waiting event is dropped and counted, so a stuck observer costs bounded memory.
final class ActivityHub: Sendable {
    private struct State {
        var observers: [Int: @Sendable (ActivityEvent) -> Void] = [:]
        var nextObserver = 0
        var inFlight = 0
        var redaction = Redaction()
        var waiting: [ActivityEvent] = []
        var head = 0
        var dropped = 0
        var isDraining = false
    }

    private static let requestIDs = Locked(0)
    private let state = Locked(State())
    private let delivery = DispatchQueue(label: "RewriteKit.activity")

    /// A new request number, unique in the process.
    static func nextRequestID() -> Int {
        requestIDs.withLock { value in
            value += 1
            return value
        }
    }

    /// Registers an observer.
    func add(_ observer: @escaping @Sendable (ActivityEvent) -> Void) -> ActivityObservation {
        let id = state.withLock { state -> Int in
            state.nextObserver += 1
            state.observers[state.nextObserver] = observer
            return state.nextObserver
        }
        return ActivityObservation { [weak self] in
            self?.state.withLock { _ = $0.observers.removeValue(forKey: id) }
        }
    }

    /// Requests in flight.
    var inFlight: Int { state.withLock { $0.inFlight } }

    /// Events waiting for the observers.
    var waitingCount: Int { state.withLock { $0.waiting.count - $0.head } }

    /// Counts a request in (`delta` 1) or out (`delta` -1).
    func adjustInFlight(by delta: Int) {
        state.withLock { $0.inFlight += delta }
    }

    /// What is redacted.
    var redaction: Redaction {
        get { state.withLock { $0.redaction } }
        set { state.withLock { $0.redaction = newValue } }
    }

    /// Sends an event to every observer; `make` (given the in-flight count) runs only if there is one.
    func emit(_ make: (Int) -> ActivityEvent) {
        let (hasObservers, redaction, inFlight) = state.withLock { (!$0.observers.isEmpty, $0.redaction, $0.inFlight) }
        guard hasObservers else { return }
        var event = make(inFlight)
        redaction.apply(to: &event)
        let startDraining = state.withLock { state -> Bool in
            state.waiting.append(event)
            if state.waiting.count - state.head > ActivityEvent.backlogLimit {
                state.head += 1
                state.dropped += 1
            }
            defer { state.isDraining = true }
            return !state.isDraining
        }
        if startDraining { delivery.async { [self] in drain() } }
    }

    private func drain() {
        while true {
            let next = state.withLock { state -> (ActivityEvent, [@Sendable (ActivityEvent) -> Void])? in
                guard state.head < state.waiting.count else {
                    state.waiting.removeAll(keepingCapacity: false)
                    state.head = 0
                    state.isDraining = false
                    return nil
                }
                var event = state.waiting[state.head]
                state.head += 1
                if state.head >= 1024, state.head * 2 >= state.waiting.count {
                    state.waiting.removeFirst(state.head)
                    state.head = 0
                }
                event.droppedEvents = state.dropped
                state.dropped = 0
                return (event, Array(state.observers.values))
            }
            guard let (event, observers) = next else { return }
            for observer in observers { observer(event) }
        }
    }
}
