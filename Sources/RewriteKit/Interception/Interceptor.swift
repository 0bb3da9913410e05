import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One installation of a rewriter: its protocol class, the app configuration it serves,
/// the inner session requests are forwarded through, and its `cache` memory.
///
/// The inner session is made from a copy of the app's configuration, so timeouts,
/// cookie storage, caches, proxies and TLS settings behave as without the interceptor.
/// The configuration is read when the installation's first request comes, not when it
/// is installed, so settings the app makes after `install(in:)` and before it makes the
/// session (`httpAdditionalHeaders`, cookie policies, timeouts …) count, as they do for
/// the session itself.
///
/// Two settings change, because the rules must see and own what they govern: the
/// configuration's `httpAdditionalHeaders` and the cookies of its cookie storage are put
/// into each request before the rules run, and the inner session adds neither again.
/// Its protocol classes are the app's that come after this installation's own class, so
/// a rewriter installed earlier in the same configuration still sees the request
/// (chaining), plus the built-in ones.
final class Interceptor: Sendable {
    /// The installation's number; its protocol class is made from it.
    let number: Int
    /// The rewriter's rules and activity.
    let core: RewriterCore
    /// The class placed in the app's configuration.
    let protocolClass: InterceptingURLProtocol.Type
    /// The `cache` clause's memory, for this installation only.
    let cache: ResponseCache
    /// The uses of `times` rules by this installation's requests.
    /// The simulated links (`network`) of this installation, one per profile.
    private let networkLinks = Locked<[NetworkProfile: NetworkLink]>([:])
    let ruleUses = RuleUseCounts()
    /// Tasks recently reported as unmatched (URLSession may ask `canInit` more than once).
    let reportedTasks = Locked<[ObjectIdentifier]>([])
    /// What `canInit` admitted, for the loads that follow.
    let admitted = AdmittedRequests()
    /// corelibs fields this installation reads as missing (empty outside tests).
    let hiddenCorelibsFields: Set<String>
    /// The corelibs facts this installation has sent a `.degraded` event about.
    private let reportedFacts = Locked<Set<CorelibsFact>>([])
    private let installed = Locked(true)

    /// What the app's configuration says, read at the first request.
    private struct Settings {
        let requestDefaults: RequestDefaults
        let forwarding: ForwardingSession
    }

    /// The app's configuration until its first request reads it, then what it said.
    private enum Configuration {
        case unread(URLSessionConfiguration)
        case read(Settings)
    }

    private let configuration: Locked<Configuration>
    private let idleTimeout: TimeInterval

    /// - Parameter idleTimeout: how long the inner session outlives its last task.
    init(number: Int, core: RewriterCore, configuration: URLSessionConfiguration, idleTimeout: TimeInterval = 10) {
        self.number = number
        self.core = core
        protocolClass = InterceptingURLProtocol.subclass(for: number)
        self.configuration = Locked(.unread(configuration))
        self.idleTimeout = idleTimeout
        cache = ResponseCache(byteLimit: core.cacheByteLimit)
        hiddenCorelibsFields = core.hiddenCorelibsFields.withLock { $0 }
    }

    /// Reports each fact in `misses` this installation has not reported yet: a line on
    /// standard error (once per process) and a `.degraded` activity event.
    func reportMissedFacts(_ misses: [CorelibsFactMiss], request: URLRequest) {
        let new = reportedFacts.withLock { reported in misses.map(\.fact).filter { reported.insert($0).inserted } }
        for fact in new {
            fact.logOnce()
            core.activity.emit { inFlight in
                ActivityEvent(.degraded(fact: fact.rawValue, consequence: fact.consequence), request: request, requestsInFlight: inFlight)
            }
        }
    }

    deinit {
        if case .read(let settings) = configuration.withLock({ $0 }) { settings.forwarding.invalidate() }
    }

    /// What the app's configuration adds to each request.
    var requestDefaults: RequestDefaults { settings.requestDefaults }
    /// The inner session.
    var forwarding: ForwardingSession { settings.forwarding }

    private var settings: Settings {
        configuration.withLock { state in
            switch state {
            case .read(let settings):
                return settings
            case .unread(let app):
                let settings = Settings(requestDefaults: RequestDefaults(app), forwarding: Self.forwardingSession(for: app, excluding: protocolClass, idleTimeout: idleTimeout))
                state = .read(settings)
                return settings
            }
        }
    }

    /// The inner session for the app's configuration: a copy without this installation's
    /// class, header defaults or cookie handling.
    private static func forwardingSession(
        for configuration: URLSessionConfiguration, excluding protocolClass: AnyClass, idleTimeout: TimeInterval
    ) -> ForwardingSession {
        let inner = (configuration.copy() as? URLSessionConfiguration) ?? .default
        // The app's classes that come after this one (what the app's session would ask
        // next), then the built-in ones if missing: a session whose list handles nothing
        // falls back to the registered classes, which may hold the shared session's
        // interceptor. Only those after it: the configuration is read at the first request,
        // when a rewriter installed later stands before this one, and forwarding to it
        // would send each request round the two for ever.
        let appClasses = configuration.protocolClasses ?? []
        let position = appClasses.firstIndex { $0 == protocolClass }
        var classes = position.map { Array(appClasses[($0 + 1)...]) } ?? appClasses
        for builtin in URLSessionConfiguration.default.protocolClasses ?? [] where !classes.contains(where: { $0 == builtin }) {
            classes.append(builtin)
        }
        inner.protocolClasses = classes
        inner.httpAdditionalHeaders = nil
        inner.httpShouldSetCookies = false
        return ForwardingSession(configuration: inner, idleTimeout: idleTimeout)
    }

    /// Whether the installation still takes new requests.
    var isInstalled: Bool { installed.withLock { $0 } }

    /// Stops taking new requests (the registry then retires it); requests in flight finish
    /// as they started.
    func stopTakingRequests() {
        installed.withLock { $0 = false }
        cache.removeAll()
    }

    /// Whether the inner session's transport takes URLs of `scheme`: `http` and `https`;
    /// on corelibs only as written in lower case, since its HTTP protocol compares the
    /// scheme exactly (a plain session fails `HTTP://…` as unsupported). Taking such a URL
    /// would hand the inner session a request none of its classes accepts, which corelibs
    /// then offers to the registered classes: the shared session's interceptor, which
    /// would take it again, and again, and the app's task would never end.
    static func carries(scheme: String) -> Bool {
        #if canImport(FoundationNetworking)
        scheme == "http" || scheme == "https"
        #else
        ASCIICase.equal(scheme, "http") || ASCIICase.equal(scheme, "https")
        #endif
    }

    /// Whether a request should come through this installation: an http(s) URL, and a
    /// rule that might apply judged from the URL and headers alone (never the body, so
    /// this stays cheap however often URLSession asks). What it learns is kept for the
    /// load (``admission(for:pipeline:fromCanInit:addingStoredCookies:)``).
    /// The link requests under `profile` share.
    func networkLink(for profile: NetworkProfile) -> NetworkLink {
        networkLinks.withLock { links in
            if let link = links[profile] { return link }
            let link = NetworkLink(profile)
            links[profile] = link
            return link
        }
    }

    func shouldIntercept(_ request: URLRequest, task: URLSessionTask? = nil) -> Bool {
        guard isInstalled, let url = request.url, let scheme = url.scheme, Self.carries(scheme: scheme),
              let parsed = RequestURL(string: url.absoluteString)
        else { return false }
        // A running capture sees all traffic; its load admits the request itself.
        if core.isCapturing { return true }
        let pipeline = core.pipeline
        // Apple platforms ask again for the same task: the first answer stands.
        if let task, let answer = admitted.answer(for: task, request: request, pipeline: pipeline) { return answer }
        // Most traffic no rule is about stops here, before headers and cookies are read.
        let candidates = pipeline.index.candidates(for: HTTPRequest(method: request.httpMethod ?? "GET", url: parsed))
        var admission: Admission?
        if !candidates.isEmpty, let head = HTTPRequest(request, url: parsed, defaults: requestDefaults, body: nil) {
            admission = pipeline.admit(head, candidates: candidates)
            if admission?.isEmpty == true { admission = nil }
        }
        // A decline is kept only for a task, for the same task's next question.
        if admission != nil || task != nil { admitted.keep(admission, by: pipeline, for: request, task: task) }
        return admission != nil
    }

    /// The admission for a load of `request` by `pipeline`: for the app's own request
    /// (`fromCanInit`), the one `canInit` made; else (a redirect hop, a running capture,
    /// rules changed since) a fresh one. Nil when the URL is not an absolute http(s) URL.
    func admission(for request: URLRequest, pipeline: Pipeline, fromCanInit: Bool, addingStoredCookies: Bool = true) -> Admission? {
        if fromCanInit, let kept = admitted.take(for: request), kept.pipeline === pipeline { return kept }
        guard let head = HTTPRequest(request, defaults: requestDefaults, body: nil, addingStoredCookies: addingStoredCookies) else {
            return nil
        }
        return pipeline.admit(head)
    }

    /// The rules a request would have been offered to, for a request let through untouched.
    func rulesThatMightApply(to request: URLRequest) -> [RuleReference] {
        guard let head = HTTPRequest(request, defaults: requestDefaults, body: nil) else { return [] }
        return core.pipeline.rulesThatMightApply(to: head)
    }
}
