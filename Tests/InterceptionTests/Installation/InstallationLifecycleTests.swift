import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import RewriteKit
import RewriteTesting
import Testing

/// Installations have no ceiling, never serve another rewriter, keep serving what they
/// started, and last until uninstalled, whether or not the app keeps the rewriter.
@Suite("Installation lifecycle")
struct InstallationLifecycleTests {
    static func tagging(_ value: String) throws -> Rewriter {
        try Rewriter(ruleSets: [RuleSet(rules: """
            rule "tag" {
                when path == "/headers"
                request { set-header "X-Tag" "\(value)" }
            }
            """, name: "tag.rules")])
    }

    func tag(_ session: URLSession) async -> String? {
        let reply = await Caller.async.fetch(URLRequest(url: LoopbackServer.shared.url("/headers")), in: session)
        return (jsonObject(reply.data)?["headers"] as? [String: String])?["X-Tag"]
    }

    @Test("300 installations at once, each with its own rules (the old pool held 255)")
    func noCeiling() async throws {
        let rewriters = try (0..<300).map { try Self.tagging("r\($0)") }
        let installed = try rewriters.map { rewriter -> (Rewriter.Installation, URLSession) in
            let configuration = URLSessionConfiguration.ephemeral
            let installation = try rewriter.install(in: configuration)
            return (installation, URLSession(configuration: configuration))
        }
        #expect(Set(installed.map { ObjectIdentifier($0.0.interceptor.protocolClass) }).count == 300)
        for index in stride(from: 0, to: 300, by: 37) {
            #expect(await tag(installed[index].1) == "r\(index)")
        }
        for (installation, session) in installed {
            session.finishTasksAndInvalidate()
            installation.uninstall()
        }
    }

    @Test("a session still holding an uninstalled rewriter's class is never served by another")
    func staleClass() async throws {
        let first = try Self.tagging("first")
        let stale = URLSessionConfiguration.ephemeral
        try first.install(in: stale)
        let staleSession = URLSession(configuration: stale)
        defer { staleSession.finishTasksAndInvalidate() }
        #expect(await tag(staleSession) == "first")
        first.uninstall()
        let second = try Self.tagging("second")
        let fresh = URLSessionConfiguration.ephemeral
        try second.install(in: fresh)
        defer { second.uninstall() }
        #expect(await tag(staleSession) == nil)
        #expect(await tag(URLSession(configuration: fresh)) == "second")
    }

    @Test("an installation ended mid-request finishes it as it started, with the app's configuration")
    func endedInFlight() async throws {
        let harness = try Harness("""
            rule "slow tag" {
                when path == "/headers"
                delay 5s
                request { set-header "X-Tag" "kept" }
            }
            """) { $0.httpAdditionalHeaders = ["X-App": "configured"] }
        let started = OneShot<Void>()
        let observation = harness.rewriter.addObserver { event in
            if event.kind == .started { started.send(()) }
        }
        defer { observation.stop() }
        let reply = OneShot<Fetched>()
        let session = harness.session
        let answered = Locked(false)
        Task {
            let fetched = await Caller.completionHandler.fetch(URLRequest(url: harness.url("/headers")), in: session)
            answered.withLock { $0 = true }
            reply.send(fetched)
        }
        await started.value()
        harness.rewriter.uninstall()
        // The positive control: the request was still in flight (inside its delay) when
        // the installation ended, so what follows is about a request ended mid-way.
        #expect(!answered.withLock { $0 })
        let fetched = await reply.value()
        let headers = (jsonObject(fetched.data)?["headers"] as? [String: String]) ?? [:]
        #expect(headers["X-Tag"] == "kept")
        #expect(headers["X-App"] == "configured")
        #expect(await harness.finishedEvents().first?.completion?.error == nil)
        #expect(await tag(session) == nil, "new requests are no longer intercepted")
    }

    /// The shape many apps write: a helper installs a rewriter and returns only the session.
    static func sessionFromHelper(_ value: String) throws -> (URLSession, rewriterReleased: () -> Bool) {
        let configuration = URLSessionConfiguration.ephemeral
        let rewriter = try tagging(value)
        try rewriter.install(in: configuration)
        return (URLSession(configuration: configuration), { [weak rewriter] in rewriter == nil })
    }

    @Test("a rewriter the app lets go, token and all, keeps its rules in force until uninstalled")
    func forgottenRewriter() async throws {
        let (session, rewriterReleased) = try Self.sessionFromHelper("forgotten")
        defer { session.finishTasksAndInvalidate() }
        #expect(rewriterReleased(), "the app holds neither the rewriter nor the token")
        for _ in 0..<3 {
            #expect(await tag(session) == "forgotten")
        }
        // The positive control: ending the installation (found as the app's session sees
        // it) turns the rules off, so the answers above came from the forgotten rewriter.
        let protocolClass = try #require(session.configuration.protocolClasses?.first as? InterceptingURLProtocol.Type)
        let interceptor = try #require(InterceptorRegistry.shared.interceptor(for: protocolClass.installationNumber))
        InterceptorRegistry.shared.retire(interceptor)
        #expect(await tag(session) == nil)
    }

    @Test("the token alone ends an installation whose rewriter the app let go")
    func tokenOutlivesRewriter() async throws {
        let configuration = URLSessionConfiguration.ephemeral
        var installation: Rewriter.Installation? = try Self.tagging("token").install(in: configuration)
        let session = URLSession(configuration: configuration)
        defer { session.finishTasksAndInvalidate() }
        #expect(await tag(session) == "token")
        let token = try #require(installation)
        installation = nil
        #expect(token.isInstalled)
        #expect(await tag(session) == "token")
        token.uninstall()
        #expect(!token.isInstalled)
        #expect(await tag(session) == nil, "uninstall() ends it")
    }

    @Test("settings the app makes after install(in:) and before making the session count, as for the session itself")
    func settingsAfterInstall() async throws {
        let rewriter = try Self.tagging("late")
        defer { rewriter.uninstall() }
        let configuration = URLSessionConfiguration.ephemeral
        try rewriter.install(in: configuration)
        configuration.httpAdditionalHeaders = ["X-Configured-Late": "yes"]
        let session = URLSession(configuration: configuration)
        defer { session.finishTasksAndInvalidate() }
        let reply = await Caller.async.fetch(URLRequest(url: LoopbackServer.shared.url("/headers")), in: session)
        let headers = (jsonObject(reply.data)?["headers"] as? [String: String]) ?? [:]
        #expect(headers["X-Tag"] == "late", "the positive control: the request went through the rules")
        #expect(headers["X-Configured-Late"] == "yes")
    }

    @Test("an idle installation holds no session: made on first use, released when idle, made again")
    func idleInstallationHoldsNoSession() async throws {
        let rewriter = try Self.tagging("idle")
        let configuration = URLSessionConfiguration.ephemeral
        let interceptor = InterceptorRegistry.shared.add { number in
            Interceptor(number: number, core: rewriter.core, configuration: configuration, idleTimeout: 0.2)
        }
        defer { InterceptorRegistry.shared.retire(interceptor) }
        configuration.protocolClasses = [interceptor.protocolClass] + (configuration.protocolClasses ?? [])
        let session = URLSession(configuration: configuration)
        defer { session.finishTasksAndInvalidate() }
        #expect(!interceptor.forwarding.hasSession, "nothing is made before the first request")
        #expect(await tag(session) == "idle")
        try await waitUntil { !interceptor.forwarding.hasSession }
        #expect(!interceptor.forwarding.hasSession, "released 0.2 s after the last task")
        #expect(await tag(session) == "idle", "the next request makes a new one")
    }

    @Test("the session is released a whole idle timeout after its last use, not after its first")
    func idleTimeoutCountsFromLastUse() async throws {
        let rewriter = try Self.tagging("idle again")
        let configuration = URLSessionConfiguration.ephemeral
        let timeout = 0.6
        let interceptor = InterceptorRegistry.shared.add { number in
            Interceptor(number: number, core: rewriter.core, configuration: configuration, idleTimeout: timeout)
        }
        defer { InterceptorRegistry.shared.retire(interceptor) }
        configuration.protocolClasses = [interceptor.protocolClass] + (configuration.protocolClasses ?? [])
        let session = URLSession(configuration: configuration)
        defer { session.finishTasksAndInvalidate() }
        #expect(await tag(session) == "idle again")
        // The first idle moment schedules the only check; a use before it fires must move
        // the release to a whole timeout after that use, which goes idle after `secondUse`
        // began. (A lower bound only: a loaded machine can delay the test, never the release
        // to before its time.)
        try await Task.sleep(nanoseconds: 300_000_000)
        let secondUse = Date()
        #expect(await tag(session) == "idle again")
        try await waitUntil { !interceptor.forwarding.hasSession }
        let released = Date().timeIntervalSince(secondUse)
        #expect(!interceptor.forwarding.hasSession)
        #expect(released >= timeout, "released \(released) s after the second use began, before the \(timeout) s timeout")
    }

    @Test("an uninstalled installation stays reachable for its grace period, declining new requests, then goes")
    func gracePeriod() async throws {
        let registry = InterceptorRegistry(gracePeriod: 0.1)
        let core = try Self.tagging("grace").core
        let interceptor = registry.add { Interceptor(number: $0, core: core, configuration: .ephemeral) }
        let number = interceptor.number
        let request = URLRequest(url: LoopbackServer.shared.url("/headers"))
        #expect(registry.interceptor(for: number) === interceptor)
        #expect(interceptor.shouldIntercept(request), "the positive control: installed, it takes the request")
        registry.retire(interceptor)
        #expect(registry.interceptor(for: number) === interceptor, "still reachable for a request matched a moment ago")
        #expect(!interceptor.shouldIntercept(request))
        try await waitUntil { registry.interceptor(for: number) == nil }
        #expect(registry.interceptor(for: number) == nil)
    }

    /// A background configuration: Apple's own (never started here: making one starts no
    /// transfer); corelibs has none (`background(withIdentifier:)` is unavailable), so there
    /// a default configuration is given the identifier, which is what the check reads.
    static func backgroundConfiguration(_ identifier: String) -> URLSessionConfiguration {
        #if canImport(FoundationNetworking)
        let configuration = URLSessionConfiguration.default
        configuration.identifier = identifier
        return configuration
        #else
        return URLSessionConfiguration.background(withIdentifier: identifier)
        #endif
    }

    @Test("a background configuration is refused with a clear error, and nothing is installed")
    func backgroundConfiguration() throws {
        let rewriter = try Self.tagging("background")
        let configuration = Self.backgroundConfiguration("com.example.transfers")
        #expect(configuration.identifier == "com.example.transfers")
        let before = configuration.protocolClasses?.map(ObjectIdentifier.init)
        #expect(throws: InterceptionError.backgroundConfiguration(identifier: "com.example.transfers")) {
            try rewriter.install(in: configuration)
        }
        #expect(configuration.protocolClasses?.map(ObjectIdentifier.init) == before, "nothing is installed")
        let message = InterceptionError.backgroundConfiguration(identifier: "com.example.transfers").description
        #expect(message.contains("'com.example.transfers'") && message.contains("default or ephemeral"))
        // The positive control: a configuration without an identifier installs.
        let plain = URLSessionConfiguration.ephemeral
        #expect(try rewriter.install(in: plain).isInstalled)
        rewriter.uninstall()
    }
}

/// Waits until `condition` holds, polling every 20 ms, for at most `seconds` (30 by default).
func waitUntil(within seconds: TimeInterval = 30, _ condition: () async -> Bool) async throws {
    let deadline = Date().addingTimeInterval(seconds)
    while await !condition(), Date() < deadline {
        try await Task.sleep(nanoseconds: 20_000_000)
    }
}
