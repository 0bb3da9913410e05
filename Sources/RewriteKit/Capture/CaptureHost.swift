/// What a ``TrafficCapture`` attaches to: the rewriter's live state (``RewriterCore``, in
/// the layer above), which hands each finished exchange to its attached captures and
/// knows the names to redact.
protocol CaptureHost: AnyObject, Sendable {
    /// Starts handing finished exchanges to `sink`.
    func addCapture(_ sink: CaptureSink)
    /// Stops handing finished exchanges to `sink`.
    func removeCapture(_ sink: CaptureSink)
    /// The activity bookkeeping, whose redaction a recording applies.
    var activity: ActivityHub { get }
    /// The rules now running, for a report's near misses.
    var pipeline: Pipeline { get }
}
