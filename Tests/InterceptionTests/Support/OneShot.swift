import Foundation
import RewriteKit

/// A value delivered once from any thread (a completion handler) and awaited once.
final class OneShot<Value: Sendable>: Sendable {
    private struct State {
        var result: Value?
        var delivered = false
        var waiter: CheckedContinuation<Value, Never>?
    }

    private let state = Locked(State())

    /// Delivers the value; later calls are ignored.
    func send(_ value: Value) {
        let waiter = state.withLock { state -> CheckedContinuation<Value, Never>? in
            guard !state.delivered else { return nil }
            state.delivered = true
            guard let waiter = state.waiter else {
                state.result = value
                return nil
            }
            state.waiter = nil
            return waiter
        }
        waiter?.resume(returning: value)
    }

    /// The value, waiting for it if it has not come yet.
    func value() async -> Value {
        await withCheckedContinuation { continuation in
            let ready = state.withLock { state -> Value? in
                if state.delivered, let result = state.result { return result }
                state.waiter = continuation
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }
}
