import Foundation
import RewriteKit

/// Records a rewriter's activity events and lets a test wait for them.
///
/// ``RewriteTestSession`` records its own events; use a recorder with a ``Rewriter`` you
/// installed yourself, for example one serving `URLSession.shared`:
///
/// ```swift
/// let recorder = ActivityRecorder(rewriter)
/// _ = try await URLSession.shared.data(from: url)
/// let finished = await recorder.finishedRequests(count: 1)
/// #expect(finished.first?.source == .stub)
/// ```
///
/// Recording starts when the recorder is made and stops at ``stop()`` or when it is released.
public final class ActivityRecorder: Sendable {
    private let recorded = LockedState<[ActivityEvent]>([])
    private let observation = LockedState<ActivityObservation?>(nil)

    /// Starts recording every event `rewriter` sends from now on.
    public init(_ rewriter: Rewriter) {
        let token = rewriter.addObserver { [recorded] event in
            recorded.withLock { $0.append(event) }
        }
        observation.withLock { $0 = token }
    }

    /// Every event recorded so far, in the order the rewriter sent them.
    public var events: [ActivityEvent] { recorded.withLock { $0 } }

    /// The `.finished` events recorded so far: one per completed request.
    public var finishedEvents: [ActivityEvent] { events.filter { $0.kind == .finished } }

    /// Waits until `condition` holds for the events recorded so far, or `timeout` passes.
    ///
    /// - Returns: the events when the condition held, `nil` on timeout.
    public func waitForEvents(
        timeout: TimeInterval = 10,
        until condition: ([ActivityEvent]) -> Bool
    ) async -> [ActivityEvent]? {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let snapshot = events
            if condition(snapshot) { return snapshot }
            if Date() >= deadline || Task.isCancelled { return nil }
            try? await Task.sleep(nanoseconds: 5_000_000)
        }
    }

    /// Waits for `count` requests to finish (or `timeout`) and returns their `.finished`
    /// events in the order they finished; fewer than `count` on timeout.
    public func finishedRequests(count: Int, timeout: TimeInterval = 10) async -> [ActivityEvent] {
        let events = await waitForEvents(timeout: timeout) { events in
            events.lazy.filter { $0.kind == .finished }.count >= count
        }
        return (events ?? self.events).filter { $0.kind == .finished }
    }

    /// Forgets the events recorded so far; recording goes on.
    public func reset() {
        recorded.withLock { $0.removeAll() }
    }

    /// Stops recording; the events recorded so far stay readable.
    public func stop() {
        observation.withLock { $0 = nil }
    }
}
