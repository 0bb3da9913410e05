import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Rewrites an app's HTTP traffic with compiled rules: install it in a
/// `URLSessionConfiguration` (or for `URLSession.shared`) and every request a rule
/// might apply to goes through its pipeline; everything else is not touched at all.
///
/// ```swift
/// let rewriter = try Rewriter(contentsOf: rulesURL)
/// let configuration = URLSessionConfiguration.default
/// try rewriter.install(in: configuration)
/// let session = URLSession(configuration: configuration)
/// ```
///
/// An installed rewriter changes only what its rules say: statuses, headers, bodies,
/// errors, redirects, authentication challenges, cookies, timeouts and the app's
/// delegate callbacks are otherwise what the same session would give without it.
///
/// Each installation is scoped: two sessions made from configurations with different
/// rewriters never see each other's rules, so tests can run in parallel.
///
/// An installation lasts until ``uninstall()`` or the ``Installation`` token's
/// `uninstall()`: the app need not keep the rewriter or the token, so a helper that
/// installs a rewriter and returns only the session keeps its rules in force. (Replace
/// the rules of a rewriter the app let go by keeping it, or the token, after all.)
/// Requests already in flight when an installation ends finish as they started, with
/// the app's configuration. An idle installation holds no session and no thread.
public final class Rewriter: Sendable {
    let core: RewriterCore
    private let installations = Locked<[Interceptor]>([])
    /// The `times N` counts of the WebSocket handshakes this rewriter answered (sockets
    /// are asked of the rewriter, not of an installation).
    let socketRuleUses = RuleUseCounts()

    /// Creates a rewriter that runs a compiled pipeline.
    ///
    /// - Parameters:
    ///   - pipeline: the rules in force; replace them later with ``pipeline``.
    ///   - cacheByteLimit: the most response bytes `cache` clauses keep in memory per
    ///     installation (least recently used entries go first); 16 MB by default.
    public init(pipeline: Pipeline, cacheByteLimit: Int = 16 << 20) {
        core = RewriterCore(pipeline: pipeline, cacheByteLimit: max(0, cacheByteLimit))
    }

    /// Creates a rewriter for rule sets, composed in priority order (the first set's rules first).
    public convenience init(ruleSets: [RuleSet]) {
        self.init(pipeline: Pipeline(ruleSets: ruleSets))
    }

    /// Creates a rewriter for one rule file; relative `body file` paths resolve beside it.
    ///
    /// - Throws: ``RuleSetError`` with the file's diagnostics when it has errors or cannot be read.
    public convenience init(contentsOf url: URL) throws {
        try self.init(ruleSets: [RuleSet(contentsOf: url)])
    }

    /// The rules in force. Replacing them affects requests that start afterwards;
    /// requests in flight finish with the rules they started with.
    public var pipeline: Pipeline {
        get { core.pipeline }
        set { core.pipeline = newValue }
    }

    /// Installs the interceptor first in `configuration.protocolClasses`. Make the
    /// session after this call: a session copies its configuration when created.
    /// Installing the same rewriter twice in one configuration returns the first installation.
    ///
    /// A background configuration (`URLSessionConfiguration.background(withIdentifier:)`) is
    /// refused: Apple platforms never consult a custom protocol class in a background
    /// session, so its requests would silently skip the rules.
    ///
    /// - Returns: the installation, to end it alone with ``Installation/uninstall()``
    ///   (an app that makes a configuration per session should, when the session ends).
    /// - Throws: ``InterceptionError/backgroundConfiguration(identifier:)`` for a background
    ///   configuration; nothing is installed then.
    @discardableResult
    public func install(in configuration: URLSessionConfiguration) throws -> Installation {
        if let identifier = configuration.identifier { throw InterceptionError.backgroundConfiguration(identifier: identifier) }
        let present = configuration.protocolClasses ?? []
        if let existing = installations.withLock({ list in
            list.first { interceptor in present.contains { $0 == interceptor.protocolClass } }
        }) {
            return Installation(existing, rewriter: self)
        }
        let interceptor = InterceptorRegistry.shared.add { number in
            Interceptor(number: number, core: core, configuration: configuration)
        }
        installations.withLock { $0.append(interceptor) }
        configuration.protocolClasses = [interceptor.protocolClass] + present
        return Installation(interceptor, rewriter: self)
    }

    /// Makes this rewriter serve `URLSession.shared`, registering the interceptor with
    /// `URLProtocol.registerClass` the first time. One rewriter serves the shared session
    /// at a time: a later call, by any rewriter, takes it over.
    ///
    /// On Linux (swift-corelibs-foundation) the shared session consults registered
    /// classes only if registration happens before the first URLSession of any kind is
    /// created; this is checked, and ``InterceptionError/sharedSessionAlreadyCreated``
    /// thrown when it is too late. On Apple platforms registered classes are consulted
    /// last-registered first, so the interceptor comes before any class registered earlier.
    ///
    /// - Throws: ``InterceptionError/sharedSessionAlreadyCreated`` on Linux when it is too late.
    @discardableResult
    public func installForSharedSession() throws -> Installation {
        try SharedSessionRegistration.register()
        let interceptor = Interceptor(number: 0, core: core, configuration: SharedSessionRegistration.configuration)
        let previous = InterceptorRegistry.shared.takeSharedSession(interceptor)
        previous?.stopTakingRequests()
        installations.withLock { $0.append(interceptor) }
        return Installation(interceptor, rewriter: self)
    }

    /// Ends every installation of this rewriter: its sessions stop being intercepted,
    /// requests in flight finish as they started, its cache is dropped.
    public func uninstall() {
        let ended = installations.withLock { list -> [Interceptor] in
            defer { list.removeAll() }
            return list
        }
        for interceptor in ended { Self.end(interceptor) }
    }

    /// Ends one installation of this rewriter.
    func uninstall(_ interceptor: Interceptor) {
        let removed = installations.withLock { list -> Bool in
            guard let index = list.firstIndex(where: { $0 === interceptor }) else { return false }
            list.remove(at: index)
            return true
        }
        if removed { Self.end(interceptor) }
    }

    /// Whether an installation of this rewriter is still in force.
    func isInstalled(_ interceptor: Interceptor) -> Bool {
        installations.withLock { list in list.contains { $0 === interceptor } }
    }

    private static func end(_ interceptor: Interceptor) {
        InterceptorRegistry.shared.retire(interceptor)
    }

    /// Calls `observer` for every activity event of this rewriter's requests, in order,
    /// on a private serial queue, until the returned observation is stopped or released.
    ///
    /// A slow observer never slows traffic down: events wait for it in a queue of at most
    /// ``ActivityEvent/backlogLimit`` events, and beyond that the oldest waiting events
    /// are dropped and counted in the next event's ``ActivityEvent/droppedEvents``.
    public func addObserver(_ observer: @escaping @Sendable (ActivityEvent) -> Void) -> ActivityObservation {
        core.activity.add(observer)
    }

    /// Sends a `.rulesChanged` event to the observers.
    func emitRulesChanged(_ message: String, diagnostics: [Diagnostic]) {
        core.activity.emit { inFlight in ActivityEvent(rulesChanged: message, diagnostics: diagnostics, requestsInFlight: inFlight) }
    }

    /// Keeps `observation` registered for as long as the rewriter's rules can run: with
    /// its core, which its installations keep.
    func keep(_ observation: ActivityObservation) {
        core.keep(observation)
    }

    /// The number of intercepted requests currently in flight.
    public var requestsInFlight: Int { core.activity.inFlight }

    /// Header names whose values activity events show as `<redacted>` (case-insensitive),
    /// wherever they appear: the headers, the trace's before and after values, and any
    /// other text an event carries. By default: Authorization, Proxy-Authorization,
    /// Cookie, Set-Cookie and X-Api-Key.
    public var redactedHeaderNames: Set<String> {
        get { core.activity.redaction.headerNames }
        set { core.activity.redaction.headerNames = newValue }
    }

    /// Query parameter names whose values activity events show as `<redacted>`, in URLs and
    /// in any other text. A parameter is a secret when its name, compared case-insensitively,
    /// is one of these or ends with one (`x_api_key`, `sessionId`). By default: `token`,
    /// `access_token`, `id_token`, `refresh_token`, `api_key`, `apikey`, `key`, `sig`,
    /// `signature`, `secret`, `client_secret`, `password`, `passwd`, `auth`, `session`,
    /// `sessionid` and `code`.
    public var redactedQueryNames: Set<String> {
        get { core.activity.redaction.queryNames }
        set { core.activity.redaction.queryNames = newValue }
    }

    /// Whether a request no rule applies to sends an `.unmatched` activity event naming
    /// the rules that came closest (``ActivityEvent/Details/unmatched(summary:nearMisses:)``): "no rule matched GET …;
    /// closest: "users" (api.rules:4), failed: path == "/v1/users"". Off by default: finding
    /// near misses reads every rule, so turn it on while debugging rules, not in production.
    /// Requests are untouched either way.
    public var reportsUnmatchedRequests: Bool {
        get { core.reportsUnmatched.withLock { $0 } }
        set { core.reportsUnmatched.withLock { $0 = newValue } }
    }

    /// Starts the counts of `times N` rules again from zero, in every installation of this
    /// rewriter. Each installation counts on its own from the moment it is made; replacing
    /// ``pipeline`` starts the new rules at zero too.
    public func resetCounts() {
        for interceptor in installations.withLock({ $0 }) { interceptor.ruleUses.reset() }
        socketRuleUses.reset()
    }

    /// Forgets every response kept by `cache` clauses.
    public func clearCache() {
        for interceptor in installations.withLock({ $0 }) { interceptor.cache.removeAll() }
    }
}
