import Foundation

/// A rewriter's activity bookkeeping: observers, the in-flight count and header
/// redaction. Events are delivered in order on one serial queue, away from the
/// queues requests run on, so a slow observer never slows traffic down.
final class ActivityHub: Sendable {
    private struct State {
        var observers: [Int: @Sendable (ActivityEvent) -> Void] = [:]
        var nextObserver = 0
        var inFlight = 0
        var redacted: Set<String> = ["authorization", "proxy-authorization", "cookie", "set-cookie"]
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

    /// Counts a request in (`delta` 1) or out (`delta` -1); returns the new count.
    func adjustInFlight(by delta: Int) -> Int {
        state.withLock { state in
            state.inFlight += delta
            return state.inFlight
        }
    }

    /// The header names whose values are hidden, lower-cased.
    var redactedNames: Set<String> {
        get { state.withLock { $0.redacted } }
        set { state.withLock { $0.redacted = Set(newValue.map { $0.lowercased() }) } }
    }

    /// Sends an event to every observer; `make` runs only if there is one.
    func emit(_ make: () -> ActivityEvent) {
        let (observers, redacted) = state.withLock { (Array($0.observers.values), $0.redacted) }
        guard !observers.isEmpty else { return }
        var event = make()
        event.requestHeaders = Self.redact(event.requestHeaders, names: redacted)
        event.responseHeaders = event.responseHeaders.map { Self.redact($0, names: redacted) }
        let ready = event
        delivery.async {
            for observer in observers { observer(ready) }
        }
    }

    private static func redact(_ headers: HTTPHeaders, names: Set<String>) -> HTTPHeaders {
        HTTPHeaders(fields: headers.fields.map { field in
            names.contains(field.name.lowercased()) ? HTTPHeaders.Field(name: field.name, value: "<redacted>") : field
        })
    }
}
