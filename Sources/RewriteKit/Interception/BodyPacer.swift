import Foundation

/// Releases a streamed body at a fixed rate (`throttle`): a timer on the
/// installation's queue hands out a slice every tick. Cancellable; nothing sleeps.
final class BodyPacer: @unchecked Sendable {
    private static let tick = 0.05
    private let bytesPerTick: Int
    private let send: (Data) -> Void
    private let timer: DispatchSourceTimer
    private var pending = Data()
    private var onDrained: (() -> Void)?

    /// Creates a pacer; `send` is called on `queue` with each slice.
    init(bytesPerSecond: Int, queue: DispatchQueue, send: @escaping (Data) -> Void) {
        bytesPerTick = max(1, Int(Double(bytesPerSecond) * Self.tick))
        self.send = send
        timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now() + Self.tick, repeating: Self.tick)
        timer.setEventHandler { [weak self] in self?.release() }
        timer.resume()
    }

    /// Queues bytes to be released.
    func enqueue(_ data: Data) {
        pending.append(data)
    }

    /// Calls `done` once every queued byte has been released.
    func finish(_ done: @escaping () -> Void) {
        onDrained = done
        if pending.isEmpty { drained() }
    }

    /// Stops releasing; queued bytes are dropped.
    func cancel() {
        timer.cancel()
        pending = Data()
        onDrained = nil
    }

    private func release() {
        guard !pending.isEmpty else { return }
        let count = min(bytesPerTick, pending.count)
        let slice = pending.prefix(count)
        pending = pending.dropFirst(count)
        send(Data(slice))
        if pending.isEmpty, onDrained != nil { drained() }
    }

    private func drained() {
        timer.cancel()
        let done = onDrained
        onDrained = nil
        done?()
    }
}
