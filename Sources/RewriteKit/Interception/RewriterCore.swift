/// What a rewriter shares with its installations: the rules in force, the activity hub,
/// and settings. Installations hold it, not the ``Rewriter``, so the rules stay in force
/// when the app lets go of the rewriter.
final class RewriterCore: CaptureHost {
    private let rules: Locked<Pipeline>
    /// Observers, redaction and the in-flight count.
    let activity = ActivityHub()
    /// The most bytes a `cache` clause keeps per installation.
    let cacheByteLimit: Int
    /// Whether requests no rule applied to send an `.unmatched` event.
    let reportsUnmatched = Locked(false)
    /// corelibs fields that installations made from now on read as missing
    /// (``CorelibsFact``): how the tests stand in for a toolchain without them.
    let hiddenCorelibsFields = Locked<Set<String>>([])
    /// The running traffic captures.
    private let captures = Locked<[CaptureSink]>([])
    /// Observations kept alive with the rules (the launch-environment activity log).
    private let keptObservations = Locked<[ActivityObservation]>([])

    init(pipeline: Pipeline, cacheByteLimit: Int) {
        rules = Locked(pipeline)
        self.cacheByteLimit = cacheByteLimit
    }

    /// Keeps `observation` registered for as long as this core lives.
    func keep(_ observation: ActivityObservation) {
        keptObservations.withLock { $0.append(observation) }
    }

    /// Starts feeding `sink`.
    func addCapture(_ sink: CaptureSink) {
        captures.withLock { $0.append(sink) }
    }

    /// Stops feeding `sink`.
    func removeCapture(_ sink: CaptureSink) {
        captures.withLock { $0.removeAll { $0 === sink } }
    }

    /// The running captures (empty, and one lock, when there are none).
    var runningCaptures: [CaptureSink] { captures.withLock { $0 } }

    /// Whether a capture that sees all traffic runs: for `canInit`, which URLSession asks
    /// about every request (a passive capture keeps what is intercepted anyway).
    var isCapturing: Bool { captures.withLock { $0.contains { $0.seesAllTraffic } } }

    /// The rules in force; a request keeps the ones it started with.
    var pipeline: Pipeline {
        get { rules.withLock { $0 } }
        set { rules.withLock { $0 = newValue } }
    }
}
