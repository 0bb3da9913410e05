import Foundation

/// Traffic a rewriter's installations carried while the capture ran: every request, with
/// its bodies, to export as HAR or write as a recording. Start one with
/// ``Rewriter/startCapture(bodyLimit:exchangeLimit:revealingSecrets:)``.
///
/// A capture runs until ``stop()`` or until it is released, so it can never be left on by
/// a forgotten flag: it lives as long as the code that wanted it holds it, keeps at most
/// ``exchangeLimit`` exchanges in memory, and writes nothing unless asked. While it runs,
/// the rewriter intercepts every http(s) request of its sessions, not only the ones its
/// rules are about, and reads request bodies up to ``bodyLimit``. Keep it out of release
/// builds:
///
/// ```swift
/// #if DEBUG
/// let capture = rewriter.startCapture()
/// // … exercise the app …
/// try capture.archive.data().write(to: harURL)                               // HAR 1.2
/// try capture.record(RecordingWriter(folder: fixtures, name: "feed", mode: .once)) // rules
/// #endif
/// ```
///
/// Secrets are redacted as they are captured (``Rewriter/redactedHeaderNames``,
/// ``Rewriter/redactedQueryNames``) unless the capture was started revealing them.
public final class TrafficCapture: Sendable {
    private let sink: CaptureSink
    private let core: any CaptureHost

    init(sink: CaptureSink, core: any CaptureHost) {
        self.sink = sink
        self.core = core
        core.addCapture(sink)
    }

    deinit {
        core.removeCapture(sink)
    }

    /// The most body bytes kept per request and per response; a larger response body is
    /// not kept (``RecordedExchange/hasCompleteBody`` is false), a larger request body not read.
    public var bodyLimit: Int { sink.bodyLimit }

    /// The most exchanges kept; later ones are counted in ``droppedExchanges``.
    public var exchangeLimit: Int { sink.exchangeLimit }

    /// The exchanges captured so far, in the order they ended (each hop of a redirect
    /// chain is one).
    public var exchanges: [RecordedExchange] { sink.exchanges }

    /// Exchanges not kept because ``exchangeLimit`` was reached.
    public var droppedExchanges: Int { sink.dropped }

    /// Ends the capture; what it holds stays readable. Requests in flight that end
    /// afterwards are not captured.
    public func stop() {
        core.removeCapture(sink)
    }

    /// The captured exchanges as a HAR 1.2 log.
    public var archive: HTTPArchive { HTTPArchive(exchanges: exchanges) }

    /// An HTML report of the captured exchanges, to write with ``TrafficReport/write(to:)``:
    /// each with its request, its response as the server sent it and as the app got it,
    /// the rules that applied, and for one no rule applied to, the rules that came closest
    /// (by the rules in force now). Its ``TrafficReport/title`` is "RewriteKit capture".
    public var report: TrafficReport {
        TrafficReport(exchanges: exchanges, pipeline: core.pipeline, title: "RewriteKit capture")
    }

    /// Writes the captured exchanges as a recording: a rule file and its body fixtures.
    ///
    /// - Throws: what ``RecordingWriter/write(_:)`` throws.
    @discardableResult
    public func record(_ writer: RecordingWriter) throws -> RecordingSummary {
        var writer = writer
        if !sink.revealsSecrets {
            writer.redactedHeaderNames.formUnion(core.activity.redaction.headerNames)
            writer.redactedQueryNames.formUnion(core.activity.redaction.queryNames)
        }
        return try writer.write(exchanges)
    }
}
