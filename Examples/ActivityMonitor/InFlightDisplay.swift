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
