import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Rewrites an app's HTTP traffic with compiled rules: install it in a
/// `URLSessionConfiguration` (or for `URLSession.shared`) and every request a
/// rule applies to goes through its pipeline.
///
/// ```swift
/// let rewriter = try Rewriter(contentsOf: rulesURL)
/// let configuration = URLSessionConfiguration.default
/// try rewriter.install(in: configuration)
/// let session = URLSession(configuration: configuration)
/// ```
///
/// Each installation is scoped: two sessions made from configurations with
/// different rewriters never see each other's rules, so tests can run in
/// parallel. An installed rewriter stays alive until ``uninstall()``.
public final class Rewriter: Sendable {
    private struct State {
        var pipeline: Pipeline
        var installations: [Installation] = []
    }

    private let state: Locked<State>
    let activity = ActivityHub()

    /// Creates a rewriter that runs a compiled pipeline.
    public init(pipeline: Pipeline) {
        state = Locked(State(pipeline: pipeline))
    }

    /// Creates a rewriter for rule sets, composed in priority order (the first set's rules first).
    public convenience init(ruleSets: [RuleSet]) {
        self.init(pipeline: Pipeline(ruleSets: ruleSets))
    }

    /// Creates a rewriter for one rule file; relative `body file` paths resolve beside it.
    ///
    /// - Throws: ``RuleSetError`` with the file's diagnostics when it has errors or cannot be read.
    public convenience init(contentsOf url: URL) throws(RuleSetError) {
        try self.init(ruleSets: [RuleSet(contentsOf: url)])
    }

    /// The rules in force. Replacing them affects requests that start afterwards;
    /// requests in flight finish with the rules they started with.
    public var pipeline: Pipeline {
        get { state.withLock { $0.pipeline } }
        set { state.withLock { $0.pipeline = newValue } }
    }

    /// Installs the interceptor first in `configuration.protocolClasses`. Make the
    /// session after this call: a session copies its configuration when created.
    /// Installing the same rewriter twice in one configuration does nothing.
    ///
    /// - Throws: ``InterceptionError/tooManyInstallations(limit:)`` when every slot is in use.
    public func install(in configuration: URLSessionConfiguration) throws(InterceptionError) {
        let present = configuration.protocolClasses ?? []
        let mine = state.withLock { $0.installations.map { RewriteURLProtocol.all[$0.slot] } }
        guard !present.contains(where: { candidate in mine.contains { $0 == candidate } }) else { return }
        let installation = try InstallationRegistry.shared.claim(sharedSession: false) { slot in
            Installation(slot: slot, rewriter: self, outerConfiguration: configuration)
        }
        state.withLock { $0.installations.append(installation) }
        configuration.protocolClasses = [RewriteURLProtocol.all[installation.slot]] + present
    }

    /// Registers the interceptor for `URLSession.shared` with
    /// `URLProtocol.registerClass`. Only one rewriter serves the shared session;
    /// a later call replaces an earlier one.
    ///
    /// On Linux (swift-corelibs-foundation) the shared session consults
    /// registered classes only if registration happens before the first
    /// URLSession of any kind is created; this is checked, and
    /// ``InterceptionError/sharedSessionAlreadyCreated`` thrown when it is too late.
    public func installForSharedSession() throws(InterceptionError) {
        let installation = try InstallationRegistry.shared.claim(sharedSession: true) { slot in
            Installation(slot: slot, rewriter: self, outerConfiguration: .default)
        }
        state.withLock { $0.installations.append(installation) }
        _ = URLProtocol.registerClass(RewriteURLProtocol.self)
        #if canImport(FoundationNetworking)
        // The first URLSession made registers the built-in protocols, and corelibs
        // consults registered classes first-registered-first, so a class
        // registered later comes after HTTP's and is never asked. The shared
        // session copies the registered list when it is made: the interceptor
        // must be first in that list.
        guard let first = URLSession.shared.configuration.protocolClasses?.first, first == RewriteURLProtocol.self else {
            remove(installation)
            throw .sharedSessionAlreadyCreated
        }
        #endif
    }

    /// Removes every installation of this rewriter: its sessions stop being
    /// intercepted, in-flight requests finish, its cache is dropped.
    public func uninstall() {
        let installations = state.withLock { state -> [Installation] in
            defer { state.installations.removeAll() }
            return state.installations
        }
        for installation in installations { release(installation) }
    }

    /// Calls `observer` for every activity event of this rewriter's requests,
    /// in order, on a private serial queue, until the returned observation is
    /// cancelled or released.
    public func addObserver(_ observer: @escaping @Sendable (ActivityEvent) -> Void) -> ActivityObservation {
        activity.add(observer)
    }

    /// The number of intercepted requests currently in flight.
    public var requestsInFlight: Int { activity.inFlight }

    /// Header names whose values activity events show as `<redacted>`
    /// (case-insensitive). By default: Authorization, Proxy-Authorization,
    /// Cookie and Set-Cookie.
    public var redactedHeaderNames: Set<String> {
        get { activity.redactedNames }
        set { activity.redactedNames = newValue }
    }

    /// Forgets every response kept by `cache` clauses.
    public func clearCache() {
        for installation in state.withLock({ $0.installations }) { installation.cache.removeAll() }
    }

    private func remove(_ installation: Installation) {
        state.withLock { $0.installations.removeAll { $0 === installation } }
        release(installation)
    }

    private func release(_ installation: Installation) {
        if installation.slot == 0 { URLProtocol.unregisterClass(RewriteURLProtocol.self) }
        InstallationRegistry.shared.release(installation)
    }
}
