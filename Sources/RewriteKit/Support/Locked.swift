import Foundation

/// A value guarded by a lock.
///
/// `Synchronization.Mutex` needs iOS 18 / macOS 15; RewriteKit supports iOS 15 /
/// macOS 12, so shared mutable state goes through this small `NSLock` box instead.
package final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    package init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value.
    @discardableResult
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
