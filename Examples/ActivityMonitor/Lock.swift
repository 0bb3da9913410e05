import Foundation

/// A value behind an `NSLock`, as an app would write one: examples use only RewriteKit's
/// public API, and `Synchronization.Mutex` needs macOS 15 (the example supports macOS 12).
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
