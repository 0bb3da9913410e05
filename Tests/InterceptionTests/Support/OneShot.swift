import Foundation

/// A value delivered once from any thread (a completion handler) and awaited once.
final class OneShot<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var result: Value?
    private var delivered = false
    private var waiter: CheckedContinuation<Value, Never>?

    /// Delivers the value; later calls are ignored.
    func send(_ value: Value) {
        lock.lock()
        guard !delivered else { return lock.unlock() }
        delivered = true
        if let waiter {
            self.waiter = nil
            lock.unlock()
            waiter.resume(returning: value)
        } else {
            result = value
            lock.unlock()
        }
    }

    /// The value, waiting for it if it has not come yet.
    func value() async -> Value {
        await withCheckedContinuation { continuation in
            lock.lock()
            if delivered, let result {
                lock.unlock()
                continuation.resume(returning: result)
            } else {
                waiter = continuation
                lock.unlock()
            }
        }
    }
}
