/// Carries a value that is not `Sendable` across a concurrency boundary the caller has
/// checked by hand: Foundation's URL-loading objects (tasks, sessions, delegates,
/// streams) are only handed to the queue that uses them next.
struct UncheckedBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
