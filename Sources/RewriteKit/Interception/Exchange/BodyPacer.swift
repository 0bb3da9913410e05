import Foundation

/// Releases a streamed body at a fixed rate (`throttle`): a timer on the exchange's
/// worker queue hands out a slice every tick. Cancellable; nothing sleeps.
///
/// Bytes that arrive faster than the rate wait in a ``SpillBuffer`` (bounded memory),
/// appended as they arrive, on the thread that receives them (so a fast download cannot
/// pile up in a queue first). ``onBacklog`` says when the backlog crosses
/// ``SpillBuffer/memoryLimit``, so the exchange can suspend the inner task where
/// suspending pauses it (Apple platforms).
final class BodyPacer: @unchecked Sendable {  // the timer source is thread-safe; the rest is behind `state`
    /// The longest wait between two slices.
    private static let longestTick = 0.05
    /// The largest slice: at high rates the ticks get shorter instead of the slices bigger.
    private static let largestSlice = 256 * 1024

    private struct State {
        let pending = SpillBuffer()
        var onDrained: (@Sendable () -> Void)?
        var isBackedUp = false
        var isCancelled = false
    }

    private let bytesPerTick: Int
    /// The link the body shares with other bodies (`network`), whose budget caps each slice.
    private let budget: LinkBudget?
    private let send: @Sendable (Data) -> Void
    private let timer: DispatchSourceTimer
    private let state = Locked(State())
    /// Called with true when the backlog grows past the memory limit, false when it falls below half.
    private let onBacklog: (@Sendable (Bool) -> Void)?

    /// Creates a pacer; `send` is called on `queue` with each slice.
    init(
        bytesPerSecond: Int, budget: LinkBudget? = nil, queue: DispatchQueue, onBacklog: (@Sendable (Bool) -> Void)? = nil,
        send: @escaping @Sendable (Data) -> Void
    ) {
        self.budget = budget
        let rate = Double(max(1, bytesPerSecond))
        let tick = min(Self.longestTick, Double(Self.largestSlice) / rate)
        bytesPerTick = max(1, Int(rate * tick))
        self.send = send
        self.onBacklog = onBacklog
        timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now() + tick, repeating: tick)
        timer.setEventHandler { [weak self] in self?.release() }
        timer.resume()
    }

    /// Queues bytes to be released; call from any thread.
    func enqueue(_ data: Data) {
        let crossed = state.withLock { state -> Bool in
            guard !state.isCancelled else { return false }
            state.pending.append(data)
            guard !state.isBackedUp, state.pending.count > SpillBuffer.memoryLimit else { return false }
            state.isBackedUp = true
            return true
        }
        if crossed { onBacklog?(true) }
    }

    /// Calls `done` once every queued byte has been released.
    func finish(_ done: @escaping @Sendable () -> Void) {
        let now = state.withLock { state -> Bool in
            state.onDrained = done
            return state.pending.isEmpty
        }
        if now { drained() }
    }

    /// Stops releasing; queued bytes are dropped.
    func cancel() {
        timer.cancel()
        state.withLock { state in
            state.isCancelled = true
            state.pending.removeAll()
            state.onDrained = nil
        }
    }

    private func release() {
        let (slice, relieved, empty) = state.withLock { state -> (Data, Bool, Bool) in
            guard !state.pending.isEmpty else { return (Data(), false, false) }
            let allowed = budget?.take(upTo: min(bytesPerTick, state.pending.count), for: ObjectIdentifier(self)) ?? bytesPerTick
            let slice = state.pending.take(upTo: allowed)
            var relieved = false
            if state.isBackedUp, state.pending.count < SpillBuffer.memoryLimit / 2 {
                state.isBackedUp = false
                relieved = true
            }
            return (slice, relieved, state.pending.isEmpty && state.onDrained != nil)
        }
        guard !slice.isEmpty else { return }
        send(slice)
        if relieved { onBacklog?(false) }
        if empty { drained() }
    }

    private func drained() {
        timer.cancel()
        let done = state.withLock { state -> (@Sendable () -> Void)? in
            defer { state.onDrained = nil }
            return state.onDrained
        }
        done?()
    }
}
