/// What a rewriter shares with its installations: the rules in force, the activity hub,
/// and settings. Installations hold it, not the ``Rewriter``, so a rewriter the app lets
/// go can end its installations.
final class RewriterCore: Sendable {
    private let rules: Locked<Pipeline>
    /// Observers, redaction and the in-flight count.
    let activity = ActivityHub()
    /// The most bytes a `cache` clause keeps per installation.
    let cacheByteLimit: Int
    /// Whether requests no rule applied to send an `.unmatched` event.
    let reportsUnmatched = Locked(false)

    init(pipeline: Pipeline, cacheByteLimit: Int) {
        rules = Locked(pipeline)
        self.cacheByteLimit = cacheByteLimit
    }

    /// The rules in force; a request keeps the ones it started with.
    var pipeline: Pipeline {
        get { rules.withLock { $0 } }
        set { rules.withLock { $0 = newValue } }
    }
}
