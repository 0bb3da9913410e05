import Foundation

/// Releases a streamed body at a fixed rate (`throttle`): a timer on the exchange's
/// queue hands out a slice every tick. Cancellable; nothing sleeps.
///
/// Bytes that arrive faster than the rate wait in a ``SpillBuffer`` (bounded memory).
/// ``onBacklog`` says when the backlog crosses ``SpillBuffer/memoryLimit``, so the
/// exchange can suspend the inner task where suspending pauses it (Apple platforms).
final class BodyPacer: @unchecked Sendable {
    private static let tick = 0.05
    private let bytesPerTick: Int
    private let send: (Data) -> Void
    private let timer: DispatchSourceTimer
    private let pending = SpillBuffer()
    private var onDrained: (() -> Void)?
    private var isBackedUp = false
    /// Called with true when the backlog grows past the memory limit, false when it falls below half.
    var onBacklog: ((Bool) -> Void)?

    /// Creates a pacer; `send` is called on `queue` with each slice.
    init(bytesPerSecond: Int, queue: DispatchQueue, send: @escaping (Data) -> Void) {
        bytesPerTick = max(1, Int(Double(bytesPerSecond) * Self.tick))
        self.send = send
        timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now() + Self.tick, repeating: Self.tick)
        timer.setEventHandler { [weak self] in self?.release() }
        timer.resume()
    }

    /// Bytes waiting to be released.
    var backlog: Int { pending.count }

    /// Queues bytes to be released.
    func enqueue(_ data: Data) {
        pending.append(data)
        if !isBackedUp, pending.count > SpillBuffer.memoryLimit {
            isBackedUp = true
            onBacklog?(true)
        }
    }

    /// Calls `done` once every queued byte has been released.
    func finish(_ done: @escaping () -> Void) {
        onDrained = done
        if pending.isEmpty { drained() }
    }

    /// Stops releasing; queued bytes are dropped.
    func cancel() {
        timer.cancel()
        pending.removeAll()
        onDrained = nil
    }

    private func release() {
        guard !pending.isEmpty else { return }
        send(pending.take(upTo: bytesPerTick))
        if isBackedUp, pending.count < SpillBuffer.memoryLimit / 2 {
            isBackedUp = false
            onBacklog?(false)
        }
        if pending.isEmpty, onDrained != nil { drained() }
    }

    private func drained() {
        timer.cancel()
        let done = onDrained
        onDrained = nil
        done?()
    }
}
