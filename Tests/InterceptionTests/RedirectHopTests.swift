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
        #expect(hops.map(\.status) == [302, 200])
        #expect(hops.map { $0.appliedRules.map(\.name) } == [["first hop"], ["last hop"]])
        #expect(hops.first?.redirectLocation == harness.url("/get").absoluteString)
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
        let sources = await harness.finishedEvents(atLeast: 6).map(\.source)
        #expect(sources.filter { $0 == .stub }.count == 3)
    }
}
