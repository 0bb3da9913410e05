import Foundation
import RewriteKit

/// Records a rewriter's activity events and lets a test wait for them.
///
/// ``RewriteTestSession`` records its own events with one; use a recorder with a `Rewriter`
/// you installed yourself, for example one serving `URLSession.shared`:
///
/// ```swift
/// let recorder = ActivityRecorder(rewriter)
/// _ = try await URLSession.shared.data(from: url)
/// let finished = await recorder.finishedRequests(count: 1)
/// #expect(finished.first?.completion?.source == .stub)
/// ```
///
/// A wait never polls: it is resumed by the event that makes its condition hold, by its
/// timeout, or by the cancellation of its task. Recording starts when the recorder is made
/// and stops at ``stop()`` or when it is released.
public final class ActivityRecorder: Sendable {
    /// A caller waiting for a condition on the events.
    private struct Waiter {
        let id: Int
        let condition: @Sendable ([ActivityEvent]) -> Bool
        let continuation: CheckedContinuation<[ActivityEvent]?, Never>
    }

    private struct State {
        var events: [ActivityEvent] = []
        var waiters: [Waiter] = []
        var nextWaiterID = 0
        var observation: ActivityObservation?

        /// Removes and returns the waiters whose condition now holds.
        mutating func satisfiedWaiters() -> [Waiter] {
            let events = self.events
            let ready = waiters.filter { $0.condition(events) }
            waiters.removeAll { waiter in ready.contains { $0.id == waiter.id } }
            return ready
        }

        /// Removes and returns one waiter, if it is still waiting.
        mutating func removeWaiter(_ id: Int) -> Waiter? {
            guard let index = waiters.firstIndex(where: { $0.id == id }) else { return nil }
            return waiters.remove(at: index)
        }
    }

    private let state = Locked(State())

    /// Starts recording every event `rewriter` sends from now on.
    public init(_ rewriter: Rewriter) {
        let token = rewriter.addObserver { [state] event in
            let (ready, events) = state.withLock { state in
                state.events.append(event)
                return (state.satisfiedWaiters(), state.events)
            }
            // Resumed outside the lock: a resumed task may read the recorder at once.
            for waiter in ready { waiter.continuation.resume(returning: events) }
        }
        state.withLock { $0.observation = token }
    }

    /// Every event recorded so far, in the order the rewriter sent them.
    public var events: [ActivityEvent] { state.withLock { $0.events } }

    /// The events that end a request, recorded so far: one `.finished` per intercepted
    /// request, and one `.unmatched` with request ID 0 per request the interceptor declined
    /// at once (sent only with `Rewriter.reportsUnmatchedRequests`; no rule
    /// applied to it).
    public var finishedEvents: [ActivityEvent] { events.filter(Self.endsRequest) }

    /// Whether an event ends a request (see ``finishedEvents``).
    static func endsRequest(_ event: ActivityEvent) -> Bool {
        event.kind == .finished || (event.kind == .unmatched && event.requestID == 0)
    }

    /// Waits until `condition` holds for the events recorded so far, or `timeout` passes,
    /// or the task is cancelled. `condition` is tested now and after each new event.
    ///
    /// - Returns: the events when the condition held, `nil` on timeout or cancellation.
    public func waitForEvents(
        timeout: TimeInterval = 10,
        until condition: @escaping @Sendable ([ActivityEvent]) -> Bool
    ) async -> [ActivityEvent]? {
        let id = state.withLock { state -> Int in
            defer { state.nextWaiterID += 1 }
            return state.nextWaiterID
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<[ActivityEvent]?, Never>) in
                let satisfied = state.withLock { state -> [ActivityEvent]? in
                    if condition(state.events) { return state.events }
                    state.waiters.append(Waiter(id: id, condition: condition, continuation: continuation))
                    return nil
                }
                if let satisfied {
                    continuation.resume(returning: satisfied)
                    return
                }
                Task { [state] in
                    try? await Task.sleep(nanoseconds: UInt64(max(timeout, 0) * 1_000_000_000))
                    state.withLock { $0.removeWaiter(id) }?.continuation.resume(returning: nil)
                }
            }
        } onCancel: { [state] in
            state.withLock { $0.removeWaiter(id) }?.continuation.resume(returning: nil)
        }
    }

    /// Waits for `count` requests to finish (or `timeout`) and returns their `.finished`
    /// events in the order they finished; fewer than `count` on timeout.
    public func finishedRequests(count: Int, timeout: TimeInterval = 10) async -> [ActivityEvent] {
        let events = await waitForEvents(timeout: timeout) { events in
            events.lazy.filter(Self.endsRequest).count >= count
        }
        return (events ?? self.events).filter(Self.endsRequest)
    }

    /// Waits for the `count` requests that finish after the first `skipped` (or `timeout`)
    /// and returns their `.finished` events in the order they finished; fewer than `count`
    /// on timeout.
    public func finishedRequests(after skipped: Int, count: Int, timeout: TimeInterval = 10) async -> [ActivityEvent] {
        let events = await waitForEvents(timeout: timeout) { events in
            events.lazy.filter(Self.endsRequest).count >= skipped + count
        }
        return Array((events ?? self.events).lazy.filter(Self.endsRequest).dropFirst(skipped).prefix(count))
    }

    /// Forgets the events recorded so far; recording goes on.
    public func reset() {
        state.withLock { $0.events.removeAll() }
    }

    /// Stops recording; the events recorded so far stay readable.
    public func stop() {
        let observation = state.withLock { state -> ActivityObservation? in
            defer { state.observation = nil }
            return state.observation
        }
        observation?.stop()
    }
}
