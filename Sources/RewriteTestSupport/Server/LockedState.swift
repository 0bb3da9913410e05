import Foundation

/// A value guarded by an `NSLock`.
///
/// `Synchronization.Mutex` needs iOS 18 / macOS 15 and the package supports iOS 15 /
/// macOS 12, so the server keeps its shared mutable state in this small box.
final class LockedState<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    /// Creates a box holding `value`.
    init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value and returns its result.
    @discardableResult
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
