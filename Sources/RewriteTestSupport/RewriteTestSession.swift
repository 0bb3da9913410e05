import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import RewriteKit

/// A URLSession whose traffic goes through rules loaded for one test.
///
/// Each test session installs its own `Rewriter` in its own
/// configuration, so tests using different rules can run in parallel without
/// seeing each other's stubs. It records every activity event, so a test can
/// ask which rules fired.
///
/// ```swift
/// let stubs = try RewriteTestSession(rules: """
///     rule "users" {
///         when path == "/users"
///         respond 200 { body json [] }
///     }
///     """)
/// let client = APIClient(session: stubs.session)
/// _ = try await client.users()
/// #expect(await stubs.firedRuleNames() == ["users"])
/// ```
public final class RewriteTestSession: Sendable {
    /// The session a Swift Testing test gets from the `.rewrite(…)` trait of the
    /// RewriteTesting module, for the duration of that test; nil elsewhere.
    @TaskLocal public static var current: RewriteTestSession?

    /// The rewriter running this session's rules.
    public let rewriter: Rewriter
    /// The configuration the rewriter is installed in; make more sessions from it if needed.
    public let configuration: URLSessionConfiguration
    /// A session made from `configuration`.
    public let session: URLSession
    /// Records the session's activity events.
    public let recorder: ActivityRecorder
    /// How many finished requests ``nextFinishedRequests(count:timeout:)`` has handed out.
    private let handedOut = Locked(0)
    /// The capture and writer of a recording session (see ``init(recording:in:mode:configuration:)``).
    let recording: (capture: TrafficCapture, writer: RecordingWriter)?
    /// What ``writeReport(to:title:)`` shows: the exchanges the rules carried, with their
    /// bodies (each kept up to 1 MB, the first 1,000 exchanges), secrets redacted. Passive: a
    /// request no rule could touch is not carried for it.
    private let reportCapture: TrafficCapture

    /// Loads rules from text. `configuration` is copied; its settings are kept.
    public convenience init(rules: String, name: String = "test.rules", configuration: URLSessionConfiguration = .ephemeral) throws {
        try self.init(ruleSets: [RuleSet(rules: rules, name: name)], configuration: configuration)
    }

    /// Loads a rule file (relative `body file` paths resolve beside it).
    public convenience init(contentsOf url: URL, configuration: URLSessionConfiguration = .ephemeral) throws {
        try self.init(ruleSets: [RuleSet(contentsOf: url)], configuration: configuration)
    }

    /// Uses rule sets already loaded, in priority order.
    public convenience init(ruleSets: [RuleSet], configuration: URLSessionConfiguration = .ephemeral) throws {
        try self.init(ruleSets: ruleSets, configuration: configuration, recordingWith: nil)
    }

    /// Uses rule sets already loaded and, with a writer, captures the traffic for it.
    init(ruleSets: [RuleSet], configuration: URLSessionConfiguration, recordingWith writer: RecordingWriter?) throws {
        let copy = (configuration.copy() as? URLSessionConfiguration) ?? .ephemeral
        rewriter = Rewriter(pipeline: Pipeline(ruleSets: ruleSets))
        // A request no rule applies to ends with an `.unmatched` event naming the closest
        // rules, so assertions can say why a rule did not fire.
        rewriter.reportsUnmatchedRequests = true
        try rewriter.install(in: copy)
        self.configuration = copy
        session = URLSession(configuration: copy)
        recorder = ActivityRecorder(rewriter)
        let rewriter = rewriter
        recording = writer.map { (rewriter.startCapture(), $0) }
        // Passive: it keeps what the rules carry anyway and changes nothing else.
        reportCapture = rewriter.startPassiveCapture(bodyLimit: 1 << 20, exchangeLimit: 1_000)
    }

    deinit {
        invalidate()
    }

    /// Every activity event so far, in order.
    public var events: [ActivityEvent] { recorder.events }

    /// Waits until at least `count` requests have finished (or `timeout` passes)
    /// and returns the `.finished` events, in order.
    public func finishedRequests(count: Int = 1, timeout: TimeInterval = 10) async -> [ActivityEvent] {
        await recorder.finishedRequests(count: count, timeout: timeout)
    }

    /// Waits for the next `count` requests to finish (or `timeout`) and returns their
    /// `.finished` events, in order: the requests that finished after those an earlier
    /// call returned (the first call starts at the session's first request). Fewer than
    /// `count` on timeout; the next call then starts after those returned.
    ///
    /// The assertions `expectRulesFired` and `XCTAssertRulesFired` read requests this way,
    /// so each checks the requests made since the previous one.
    public func nextFinishedRequests(count: Int = 1, timeout: TimeInterval = 10) async -> [ActivityEvent] {
        let skipped = handedOut.withLock { $0 }
        let next = await recorder.finishedRequests(after: skipped, count: count, timeout: timeout)
        handedOut.withLock { $0 = max($0, skipped + next.count) }
        return next
    }

    /// The names of the rules that applied to the next `requests` finished requests (see
    /// ``nextFinishedRequests(count:timeout:)``), in order, each once per request.
    public func firedRuleNames(requests: Int = 1, timeout: TimeInterval = 10) async -> [String] {
        await nextFinishedRequests(count: requests, timeout: timeout).flatMap { $0.completion?.appliedRules.map(\.name) ?? [] }
    }

    /// The rules that have not applied to any request of this session so far, in the order
    /// they are considered: stubs a test suite never reaches.
    public var rulesNeverApplied: [RuleReference] {
        let applied = Set(recorder.finishedEvents.flatMap { $0.completion?.appliedRules ?? [] })
        return rewriter.pipeline.ruleReferences.filter { !applied.contains($0) }
    }

    /// How close the rules named `names` came to applying to the requests of `finished`
    /// events: for each name, its near miss on the request it came closest on.
    public func nearMisses(ofRulesNamed names: [String], in finished: [ActivityEvent]) -> [NearMiss] {
        let pipeline = rewriter.pipeline
        let requests = finished.compactMap { HTTPRequest(method: $0.method, url: $0.url, headers: $0.requestHeaders, body: nil) }
        let all = requests.flatMap { pipeline.nearMisses(for: $0) }
        return names.compactMap { name in
            all.filter { $0.rule.name == name }.max { $0.heldCount < $1.heldCount }
        }
    }

    /// Writes an HTML report of the session's requests so far (RewriteKit's `TrafficReport`:
    /// each request and response with its headers and body, before and after the rules, the
    /// rules that applied and their trace, the near misses of a request no rule applied to;
    /// secrets redacted) and returns where. The assertions write one when they fail and name
    /// it in their message. By default the file is new in `TMPDIR/RewriteKit-reports/`.
    ///
    /// - Throws: a file-system error.
    @discardableResult
    public func writeReport(to url: URL? = nil, title: String = "RewriteKit test session") throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("RewriteKit-reports")
        let file = url ?? folder.appendingPathComponent("report-\(UUID().uuidString.prefix(8)).html")
        if url == nil { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        var report = reportCapture.report
        report.title = title
        try report.write(to: file)
        return file
    }

    /// Uninstalls the rules and lets the session finish its tasks. Called on deinit.
    public func invalidate() {
        recorder.stop()
        session.finishTasksAndInvalidate()
        rewriter.uninstall()
    }
}
