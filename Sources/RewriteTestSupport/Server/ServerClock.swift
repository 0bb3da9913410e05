import Foundation

/// Interruptible waiting for the slow endpoints (`/delay`, `/drip`).
enum ServerClock {
    /// Sleeps for `seconds` in short slices; returns false early if `stop` becomes true.
    static func sleep(_ seconds: Double, unless stop: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(max(0, seconds))
        while true {
            if stop() { return false }
            let remaining = deadline.timeIntervalSinceNow
            if remaining <= 0 { return true }
            Thread.sleep(forTimeInterval: min(remaining, 0.01))
        }
    }
}
