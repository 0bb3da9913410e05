import Foundation

/// Shows the in-flight count the way a network activity indicator would: on a terminal one
/// line rewritten in place with `\r`; otherwise one line per change, so logs stay readable.
final class InFlightDisplay: Sendable {
    private struct State {
        var shown: Int?
        var peak = 0
    }

    private let isTerminal = isatty(STDOUT_FILENO) != 0
    private let state = Lock(State())

    /// The highest count shown.
    var peak: Int { state.withLock { $0.peak } }

    /// Shows `count` if it differs from what is shown.
    func show(_ count: Int) {
        let line: String? = state.withLock { state in
            guard state.shown != count else { return nil }
            state.shown = count
            state.peak = max(state.peak, count)
            let bar = String(repeating: "▮", count: count) + String(repeating: "·", count: max(0, 10 - count))
            return "in flight: \(count) \(bar)"
        }
        guard let line else { return }
        if isTerminal {
            print("\r\(line)  ", terminator: "")
        } else {
            print(line)
        }
        fflush(nil)  // all streams: `stdout` itself is not concurrency-safe to name in Swift 6
    }

    /// Ends the live line on a terminal.
    func finish() {
        if isTerminal { print("") }
    }
}

/// A value behind an `NSLock` (the example supports macOS 12, before `Mutex`).
final class Lock<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}
