import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One installation of a rewriter: its protocol class, the app configuration it serves,
/// the inner session requests are forwarded through, and its `cache` memory.
///
/// The inner session is made from a copy of the app's configuration, so timeouts,
/// cookie storage, caches, proxies and TLS settings behave as without the interceptor.
/// Two settings change, because the rules must see and own what they govern: the
/// configuration's `httpAdditionalHeaders` and the cookies of its cookie storage are put
/// into each request before the rules run, and the inner session adds neither again.
/// Its protocol classes are the app's minus this installation's own class, so another
/// rewriter installed in the same configuration still sees the request (chaining), plus
/// the built-in ones.
final class Interceptor: Sendable {
    /// The installation's number; its protocol class is made from it.
    let number: Int
    /// The rewriter's rules and activity.
    let core: RewriterCore
    /// The class placed in the app's configuration.
    let protocolClass: InterceptingURLProtocol.Type
    /// What the app's configuration adds to each request.
    let requestDefaults: RequestDefaults
    /// The app configuration minus this installation, for the inner sessions.
    private let innerConfiguration: URLSessionConfiguration
    /// The inner session for loads without an app session to follow (Apple platforms).
    private let sharedForwarding: ForwardingSession
    /// corelibs: one inner session per app session, delivering on that session's work queue.
    private let forwardings = Locked<[ObjectIdentifier: (session: WeakSession, forwarding: ForwardingSession)]>([:])
    /// The `cache` clause's memory, for this installation only.
    let cache: ResponseCache
    private let installed = Locked(true)

    init(number: Int, core: RewriterCore, configuration: URLSessionConfiguration) {
        self.number = number
        self.core = core
        let protocolClass = InterceptingURLProtocol.subclass(for: number)
        self.protocolClass = protocolClass
        requestDefaults = RequestDefaults(configuration)
        let inner = (configuration.copy() as? URLSessionConfiguration) ?? .default
        // The app's classes minus this one, then the built-in ones if missing: a
        // session whose list handles nothing falls back to the registered classes,
        // which may hold the shared session's interceptor.
        var classes = (configuration.protocolClasses ?? []).filter { $0 != protocolClass }
        for builtin in URLSessionConfiguration.default.protocolClasses ?? [] where !classes.contains(where: { $0 == builtin }) {
            classes.append(builtin)
        }
        inner.protocolClasses = classes
        inner.httpAdditionalHeaders = nil
        inner.httpShouldSetCookies = false
        innerConfiguration = inner
        sharedForwarding = ForwardingSession(
            configuration: inner, callbackQueue: DispatchQueue(label: "RewriteKit.forwarding"), callsInContext: false)
        cache = ResponseCache(byteLimit: core.cacheByteLimit)
    }

    deinit {
        sharedForwarding.invalidate()
        for entry in forwardings.withLock({ $0.values }) { entry.forwarding.invalidate() }
        InterceptorRegistry.shared.forget(number)
    }

    /// The inner session a load is forwarded through: on corelibs the one made for its app
    /// session (so its callbacks arrive in the load's context), else the installation's.
    /// Inner sessions of app sessions that are gone are released here.
    func forwardingSession(for loading: LoadingTask, context: ExchangeContext) -> ForwardingSession {
        guard let session = loading.session, let queue = context.callbackQueue else { return sharedForwarding }
        let (forwarding, released) = forwardings.withLock { map -> (ForwardingSession, [ForwardingSession]) in
            let key = ObjectIdentifier(session)
            var released: [ForwardingSession] = []
            for (other, entry) in map where entry.session.value == nil {
                released.append(entry.forwarding)
                map[other] = nil
            }
            if let entry = map[key], entry.session.value === session { return (entry.forwarding, released) }
            let forwarding = ForwardingSession(configuration: innerConfiguration, callbackQueue: queue, callsInContext: true)
            map[key] = (WeakSession(session), forwarding)
            return (forwarding, released)
        }
        for old in released { old.invalidate() }
        return forwarding
    }

    /// Whether the installation still takes new requests.
    var isInstalled: Bool { installed.withLock { $0 } }

    /// A weak reference to an app session.
    struct WeakSession: @unchecked Sendable {
        weak var value: URLSession?
        init(_ value: URLSession) { self.value = value }
    }

    /// Stops taking new requests; requests in flight finish as they started.
    func release() {
        installed.withLock { $0 = false }
        cache.removeAll()
    }

    /// Whether a request should come through this installation: an http(s) URL, and a
    /// rule that might apply judged from the URL and headers alone (never the body, so
    /// this stays cheap however often URLSession asks).
    func shouldIntercept(_ request: URLRequest) -> Bool {
        guard isInstalled, let scheme = request.url?.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let head = HTTPRequest(request, defaults: requestDefaults, body: nil)
        else { return false }
        return core.pipeline.mightApply(to: head)
    }

    /// The rules a request would have been offered to, for a request let through untouched.
    func rulesThatMightApply(to request: URLRequest) -> [RuleReference] {
        guard let head = HTTPRequest(request, defaults: requestDefaults, body: nil) else { return [] }
        return core.pipeline.rulesThatMightApply(to: head)
    }
}
