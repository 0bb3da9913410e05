/// Keeps an activity observer registered; `stop()` (or releasing it) removes it, as
/// `stop()` ends a ``TrafficCapture`` or a ``RuleFileFollower``.
public final class ActivityObservation: Sendable {
    private let onCancel: @Sendable () -> Void
    private let cancelled = Locked(false)

    init(onCancel: @escaping @Sendable () -> Void) {
        self.onCancel = onCancel
    }

    /// Stops the observer from receiving further events.
    public func stop() {
        let first = cancelled.withLock { wasCancelled -> Bool in
            defer { wasCancelled = true }
            return !wasCancelled
        }
        if first { onCancel() }
    }

    deinit {
        stop()
    }
}
