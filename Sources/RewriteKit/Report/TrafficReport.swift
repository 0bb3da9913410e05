import Foundation

/// One HTML page of what the rules did to each exchange, to look at instead of read: a
/// table of the exchanges with filters and a timeline, and for each exchange its request and
/// response before and after the rules (changes highlighted, JSON pretty-printed, images
/// shown), the trace, and for an exchange no rule applied to, the rules that came closest.
///
/// The page is one self-contained file: its style and script are inline and it loads nothing
/// (a content security policy forbids it), so it opens from `file://`, offline, or as a CI
/// artifact. Each exchange's row carries `data-exchange="INDEX"`, its 0-based place in the HAR
/// or the capture. Secrets are redacted as everywhere else: the exchanges it is made from are.
///
/// ```swift
/// // A HAR run through rules, as `rewrite report` does:
/// let report = TrafficReport(archive: try HTTPArchive(data: har), ruleSets: [rules])
/// try report.write(to: URL(fileURLWithPath: "report.html"))
/// // An app's own traffic:
/// try capture.writeReport(to: reportURL)
/// ```
public struct TrafficReport: Sendable {
    /// The page's title.
    public var title: String
    /// The exchanges, in order.
    private let exchanges: [ReportExchange]
    /// Entries of the HAR that are not exchanges, with why (`entry 4: GET data:…: not an http(s) URL`).
    private let skipped: [String]

    /// The exchanges in the report.
    public var count: Int { exchanges.count }

    /// The most near misses shown for an exchange no rule applied to, closest first.
    static let nearMissLimit = 5

    /// Runs every exchange of `archive` through `ruleSets`, as `rewrite apply --har` does: the
    /// request phase on the recorded request, then the response phase on a stub's answer or
    /// on the recorded response. Each exchange keeps its place in the HAR.
    public init(archive: HTTPArchive, ruleSets: [RuleSet], environment: EvaluationEnvironment = .live, title: String = "RewriteKit report") {
        self.init(archives: [archive], ruleSets: ruleSets, environment: environment, title: title)
    }

    /// Several HAR files in one report, in the order given, through one pipeline (so `times`
    /// counts carry over). An exchange's index counts on from one file to the next.
    public init(archives: [HTTPArchive], ruleSets: [RuleSet], environment: EvaluationEnvironment = .live, title: String = "RewriteKit report") {
        self.title = title
        skipped = archives.flatMap(\.skippedEntries)
        let pipeline = Pipeline(ruleSets: ruleSets, environment: environment)
        var offset = 0
        var all: [(index: Int, exchange: RecordedExchange)] = []
        for archive in archives {
            for (position, exchange) in archive.exchanges.enumerated() { all.append((offset + (exchange.entry ?? position + 1) - 1, exchange)) }
            offset += archive.exchanges.count + archive.skippedEntries.count
        }
        let origin = all.map(\.exchange.startedAt).min() ?? Date(timeIntervalSince1970: 0)
        exchanges = all.map { index, recorded in
            let outcome = pipeline.processRequest(recorded.request)
            var source = ReportExchange.Source.network
            var start: HTTPResponse?
            var failure: String?
            switch outcome.disposition {
            case .respond(let stub):
                (start, source) = (stub, .stub)
            case .fail(let error):
                (failure, source) = (error.shortDescription, .failed)
            case .forward:
                start = recorded.serverResponse ?? recorded.response
                if start == nil {
                    source = .failed
                    failure = recorded.error.map(\.shortDescription) ?? "no response"
                }
            }
            var trace = outcome.trace
            var final: HTTPResponse?
            if let start {
                let answer = pipeline.processResponse(start, for: outcome)
                (final, trace) = (answer.response, answer.trace)
            }
            let rules = outcome.appliedRules
            return ReportExchange(
                index: index, method: recorded.request.method, url: recorded.request.url.description,
                status: final?.status, start: recorded.startedAt.timeIntervalSince(origin), duration: recorded.duration, source: source,
                rules: rules.map(\.name), requestBefore: (recorded.request.headers, recorded.request.body),
                requestAfter: (outcome.request.headers, outcome.request.body),
                urlAfter: outcome.request.url == recorded.request.url ? nil : outcome.request.url.description,
                responseBefore: start, responseAfter: final, failure: failure, trace: trace.entries.map(\.description),
                nearMisses: rules.isEmpty ? Array(pipeline.nearMisses(for: recorded.request).prefix(Self.nearMissLimit)) : [])
        }
    }

    /// Exchanges as a capture saw them: the request as it went out, the response as the
    /// server sent it and as the app got it, the rules that applied. With the `pipeline` that
    /// ran them, an exchange no rule applied to shows the rules that came closest.
    public init(exchanges: [RecordedExchange], pipeline: Pipeline? = nil, title: String = "RewriteKit report") {
        self.title = title
        skipped = []
        let origin = exchanges.map(\.startedAt).min() ?? Date(timeIntervalSince1970: 0)
        self.exchanges = exchanges.enumerated().map { index, exchange in
            let source: ReportExchange.Source = switch exchange.source {
            case .network: exchange.response == nil ? .failed : .network
            case .stub: .stub
            case .cache: .cache
            case .failure: .failed
            }
            let request = (exchange.request.headers, exchange.request.body)
            return ReportExchange(
                index: index, method: exchange.request.method, url: exchange.request.url.description, status: exchange.response?.status,
                start: exchange.startedAt.timeIntervalSince(origin), duration: exchange.duration, source: source,
                rules: exchange.appliedRules.map(\.name), requestBefore: request, requestAfter: request, urlAfter: nil,
                responseBefore: exchange.serverResponse ?? exchange.response, responseAfter: exchange.response,
                failure: exchange.error.map(\.shortDescription), trace: [],
                nearMisses: exchange.appliedRules.isEmpty ? Array((pipeline?.nearMisses(for: exchange.request) ?? []).prefix(Self.nearMissLimit)) : [])
        }
    }

    /// The `.finished` and `.unmatched` activity events of a rewriter (an
    /// `ActivityRecorder`'s, a test session's): each finished request with its headers, the
    /// rules that applied and their trace, and for an unmatched one its near misses. Events
    /// carry no bodies.
    public init(events: [ActivityEvent], title: String = "RewriteKit report") {
        self.title = title
        skipped = []
        var misses: [Int: [NearMiss]] = [:]
        for event in events {
            if case .unmatched(_, let nearMisses) = event.details { misses[event.requestID] = nearMisses }
        }
        let finished = events.compactMap { event in event.completion.map { (event, $0) } }
        var clock: TimeInterval = 0
        exchanges = finished.enumerated().map { index, pair in
            let (event, completion) = pair
            defer { clock += event.duration }
            let source: ReportExchange.Source = switch completion.source {
            case .stub?: .stub
            case .cache?: .cache
            case .failure?: .failed
            case .network?, nil: completion.error == nil ? .network : .failed
            }
            let response = completion.status.map { HTTPResponse(status: $0, headers: completion.responseHeaders ?? [:]) }
            let request = (event.requestHeaders, [UInt8]?.none)
            return ReportExchange(
                index: index, method: event.method, url: event.url, status: completion.status, start: clock, duration: event.duration,
                source: source, rules: completion.appliedRules.map(\.name), requestBefore: request, requestAfter: request, urlAfter: nil,
                responseBefore: response, responseAfter: response, failure: completion.error.map(\.shortDescription),
                trace: completion.trace?.entries.map(\.description) ?? [],
                nearMisses: completion.appliedRules.isEmpty ? Array((misses[event.requestID] ?? []).prefix(Self.nearMissLimit)) : [])
        }
    }

    /// The page, as UTF-8 HTML.
    public func html() -> Data {
        Data(ReportPage(title: title, exchanges: exchanges, skipped: skipped).render())
    }

    /// Writes the page to `url`, replacing any file there.
    public func write(to url: URL) throws {
        try html().write(to: url, options: .atomic)
    }
}
