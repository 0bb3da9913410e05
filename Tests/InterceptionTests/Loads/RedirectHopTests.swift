import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import RewriteKit
import RewriteTesting
import Testing

/// Each redirect hop is a request of its own: the rules run on it, it is traced and
/// reported on its own, and the app's delegate decides about it.
@Suite("Redirect hops")
struct RedirectHopTests {
    @Test("the rules run on every hop and each hop is its own request in the events")
    func rulesPerHop() async throws {
        let harness = try Harness("""
            rule "first hop" {
                when path == "/redirect/1"
                request { set-header "X-Hop" "first" }
            }
            rule "last hop" {
                when path == "/get"
                request { set-header "X-Hop" "last" }
            }
            """)
        let reply = await Caller.async.fetch(URLRequest(url: harness.url("/redirect/1")), in: harness.session)
        #expect(reply.status == 200)
        #expect((jsonObject(reply.data)?["headers"] as? [String: String])?["X-Hop"] == "last")
        let hops = await harness.finishedEvents(atLeast: 2)
        #expect(hops.map(\.completion?.status) == [302, 200])
        #expect(hops.map { $0.completion?.appliedRules.map(\.name) } == [["first hop"], ["last hop"]])
        #expect(hops.first?.completion?.redirectLocation == harness.url("/get").absoluteString)
        #expect(hops.first?.requestID != hops.last?.requestID)
        #expect(harness.server.requests(withHeader: "X-Hop", value: "first").map(\.path) == ["/redirect/1"])
    }

    @Test("a response rule can change where a redirect leads, and the delegate hears the changed one")
    func locationRewritten() async throws {
        let harness = try Harness("""
            rule "elsewhere" {
                when path == "/redirect/1"
                response { set-header "Location" "/anything/elsewhere" }
            }
            """)
        let delegate = ObservingDelegate(script: DelegateScript(), baseURL: harness.server.baseURL)
        let session = URLSession(configuration: harness.configuration, delegate: delegate, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        let reply = await withCheckedContinuation { (continuation: CheckedContinuation<(Data?, URLResponse?), Never>) in
            session.dataTask(with: harness.url("/redirect/1")) { data, response, _ in continuation.resume(returning: (data, response)) }.resume()
        }
        #expect(reply.1?.url?.path == "/anything/elsewhere")
        #expect(jsonObject(reply.0 ?? Data())?["path"] as? String == "/anything/elsewhere")
        #expect(delegate.callbacks.first == .redirect(status: 302, to: "/anything/elsewhere", method: "GET"))
    }

    @Test("a hop a rule answers never reaches the server")
    func stubbedHop() async throws {
        // The first hop is intercepted (on corelibs a request no rule can touch is not,
        // and Foundation then follows its redirects itself; see the Platform Notes).
        let harness = try Harness("""
            rule "observe the redirect" {
                when path == "/redirect-to"
                response { log }
            }
            rule "stub the target" {
                when path == "/anything/target"
                respond 200 { body "stubbed" }
            }
            """)
        let marker = UUID().uuidString
        var request = URLRequest(url: harness.url("/redirect-to?url=/anything/target&status_code=302"))
        request.setValue(marker, forHTTPHeaderField: "X-Marker")
        for caller in Caller.allCases {
            let reply = await caller.fetch(request, in: harness.session)
            #expect(reply.status == 200)
            #expect(reply.text == "stubbed")
        }
        #expect(harness.server.requests(withHeader: "X-Marker", value: marker).map(\.path) == ["/redirect-to", "/redirect-to", "/redirect-to"])
        let sources = await harness.finishedEvents(atLeast: 6).map(\.completion?.source)
        #expect(sources.filter { $0 == .stub }.count == 3)
    }

    /// Rules that answer `/anything/stubbed-start` with a redirect no server sent.
    static let stubbedRedirect = """
        rule "stubbed redirect" {
            when path == "/anything/stubbed-start"
            respond 302 {
                header "Location" "/anything/stubbed-next"
                body "moved"
            }
        }
        rule "next hop" {
            when path == "/anything/stubbed-next"
            request { set-header "X-Hop" "next" }
        }
        rule "loop" {
            when path == "/anything/stubbed-loop"
            respond 307 { header "Location" "/anything/stubbed-loop" }
        }
        """

    /// A request for the stubbed redirect with a fresh `X-Marker`, to find what reached the server.
    static func markedStart(_ harness: Harness) -> (URLRequest, String) {
        let marker = UUID().uuidString
        var request = URLRequest(url: harness.url("/anything/stubbed-start"))
        request.setValue(marker, forHTTPHeaderField: "X-Marker")
        return (request, marker)
    }

    /// Fetches `url` through a session whose delegate answers redirects as `answer` says,
    /// with a completion handler; returns the reply and the delegate's callbacks.
    static func fetch(_ request: URLRequest, in harness: Harness, redirect answer: DelegateScript.Redirect) async -> (Data?, HTTPURLResponse?, [AppObservation.Callback]) {
        await fetch(request, configuration: harness.configuration, baseURL: harness.server.baseURL, redirect: answer)
    }

    /// The same through a session made from `configuration`.
    static func fetch(
        _ request: URLRequest, configuration: URLSessionConfiguration, baseURL: URL, redirect answer: DelegateScript.Redirect
    ) async -> (Data?, HTTPURLResponse?, [AppObservation.Callback]) {
        var script = DelegateScript()
        script.redirect = answer
        let delegate = ObservingDelegate(script: script, baseURL: baseURL)
        let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        let reply = await withCheckedContinuation { (continuation: CheckedContinuation<(Data?, URLResponse?), Never>) in
            session.dataTask(with: request) { data, response, _ in continuation.resume(returning: (data, response)) }.resume()
        }
        return (reply.0, reply.1 as? HTTPURLResponse, delegate.callbacks)
    }

    @Test("a stubbed 3xx with a Location is followed as a server's redirect: the delegate hears it and the next hop goes through the rules")
    func stubbedRedirectFollowed() async throws {
        let harness = try Harness(Self.stubbedRedirect)
        let (request, marker) = Self.markedStart(harness)
        let (data, response, callbacks) = await Self.fetch(request, in: harness, redirect: .follow)
        #expect(response?.statusCode == 200)
        #expect(response?.url?.path == "/anything/stubbed-next")
        #expect(callbacks.first == .redirect(status: 302, to: "/anything/stubbed-next", method: "GET"))
        #expect((jsonObject(data ?? Data())?["headers"] as? [String: String])?["X-Hop"] == "next", "the next hop ran through the rules")
        #expect(harness.server.requests(withHeader: "X-Marker", value: marker).map(\.path) == ["/anything/stubbed-next"], "only the followed hop reached the server")

        // Without a delegate (a completion handler on the shared-style session) it is followed too.
        let plain = await Caller.completionHandler.fetch(URLRequest(url: harness.url("/anything/stubbed-start")), in: harness.session)
        #expect(plain.status == 200)
        #expect(jsonObject(plain.data)?["path"] as? String == "/anything/stubbed-next")
        let hops = await harness.finishedEvents(atLeast: 4)
        #expect(hops.filter { $0.completion?.source == .stub }.map(\.completion?.status) == [302, 302])
        #expect(hops.first { $0.completion?.source == .stub }?.completion?.redirectLocation == harness.url("/anything/stubbed-next").absoluteString)
    }

    @Test("a stubbed redirect the delegate refuses is the final response, with the stub's body")
    func stubbedRedirectRefused() async throws {
        let harness = try Harness(Self.stubbedRedirect)
        let (request, marker) = Self.markedStart(harness)
        let (data, response, callbacks) = await Self.fetch(request, in: harness, redirect: .refuse)
        #expect(response?.statusCode == 302)
        #expect(response?.value(forHTTPHeaderField: "Location") == "/anything/stubbed-next")
        #expect(String(decoding: data ?? Data(), as: UTF8.self) == "moved")
        #expect(callbacks.first == .redirect(status: 302, to: "/anything/stubbed-next", method: "GET"))
        #expect(harness.server.requests(withHeader: "X-Marker", value: marker).isEmpty, "nothing reached the server")
    }

    @Test("a stubbed redirect the delegate changes goes where the delegate says, through the rules")
    func stubbedRedirectChanged() async throws {
        let harness = try Harness(Self.stubbedRedirect)
        let (data, response, _) = await Self.fetch(URLRequest(url: harness.url("/anything/stubbed-start")), in: harness, redirect: .change(to: "/anything/stubbed-changed"))
        #expect(response?.statusCode == 200)
        #expect(jsonObject(data ?? Data())?["path"] as? String == "/anything/stubbed-changed")
    }

    @Test("a chain of a server's redirect, then a stubbed one, then the server again reaches the final page")
    func networkStubNetworkChain() async throws {
        let harness = try Harness("""
            rule "observe the redirect" {
                when path == "/redirect-to"
                response { log }
            }
            rule "stubbed middle" {
                when path == "/anything/middle"
                respond 302 {
                    header "Location" "/anything/final"
                    body "moved"
                }
            }
            """)
        for caller in Caller.allCases {
            let reply = await caller.fetch(URLRequest(url: harness.url("/redirect-to?url=/anything/middle&status_code=302")), in: harness.session)
            #expect(reply.error == nil, "\(caller): \(String(describing: reply.error))")
            #expect(reply.status == 200, "\(caller)")
            #expect(jsonObject(reply.data)?["path"] as? String == "/anything/final", "\(caller)")
        }
    }

    @Test("a stub that redirects to itself fails as URLSession does after 20 hops, not forever")
    func stubbedRedirectLoop() async throws {
        let harness = try Harness(Self.stubbedRedirect)
        let reply = await Caller.async.fetch(URLRequest(url: harness.url("/anything/stubbed-loop")), in: harness.session)
        #expect(reply.error?.code == .httpTooManyRedirects, "\(String(describing: reply.error))")
    }

    @Test("a browser HAR's redirect chain, imported, replays hop by hop through URLSession: the delegate hears the HAR's 301, the app gets the final page")
    func importedChainReplays() async throws {
        let fixture = repositoryRoot.appendingPathComponent("Tests/Fixtures/har/findings.har")
        let archive = try HTTPArchive(data: Data(contentsOf: fixture))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("har-chain-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let summary = try RecordingWriter(folder: folder, name: "findings").write(archive.exchanges)
        let rewriter = Rewriter(ruleSets: [try RuleSet(contentsOf: summary.rulesFile)])
        let configuration = URLSessionConfiguration.ephemeral
        try rewriter.install(in: configuration)
        let (data, response, callbacks) = await Self.fetch(
            URLRequest(url: URL(string: "https://shop.example.com/start")!), configuration: configuration,
            baseURL: URL(string: "https://shop.example.com")!, redirect: .follow)
        #expect(response?.statusCode == 200)
        #expect(response?.url?.path == "/landing")
        #expect(String(decoding: data ?? Data(), as: UTF8.self) == "<p>welcome</p>")
        #expect(callbacks.first == .redirect(status: 301, to: "/landing?api_key=%3Credacted%3E", method: "GET"))
    }
}
