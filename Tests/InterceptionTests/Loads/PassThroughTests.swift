import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import RewriteKit
import RewriteTesting
import Testing

/// Requests a rule matches but does not change arrive exactly as without the interceptor.
@Suite("Pass-through")
struct PassThroughTests {
    static let observeOnly = """
        rule "observe" {
            when host == "127.0.0.1"
            response { log }
        }
        """

    @Test("bodies arrive byte-identical to a plain session's", arguments: Caller.allCases)
    func byteIdentical(caller: Caller) async throws {
        let harness = try Harness(Self.observeOnly)
        let request = URLRequest(url: harness.url("/bytes/300000?seed=7"))
        let plain = await Caller.completionHandler.fetch(request, in: plainSession)
        let intercepted = await caller.fetch(request, in: harness.session)
        #expect(plain.data.count == 300_000)
        #expect(intercepted.error == nil)
        #expect(TestSHA256.hex([UInt8](intercepted.data)) == TestSHA256.hex([UInt8](plain.data)))
        #expect(await harness.finishedEvents().count == 1)
    }

    @Test(
        "a body no response rule reads reaches a completion handler byte-identical, with a length, chunked, or compressed",
        arguments: ["/bytes/1000000?seed=5", "/stream-bytes/1000000?seed=5&chunk_size=7000", "/gzip"])
    func bufferedWithoutResponseRules(path: String) async throws {
        // A request rule only: the buffered body is handed on as the network's `Data`, its
        // buffer reserved from `Content-Length` (the compressed length for /gzip, which
        // the decompressed body outgrows; none for the chunked one). The header it adds is
        // one the server leaves out of its echo, so the bodies can be compared.
        let harness = try Harness("""
            rule "mark" {
                when host == "127.0.0.1"
                request { set-header "X-Unechoed-Mark" "1" }
            }
            """)
        let request = URLRequest(url: harness.url(path))
        let plain = await Caller.completionHandler.fetch(request, in: plainSession)
        let intercepted = await Caller.completionHandler.fetch(request, in: harness.session)
        #expect(plain.status == 200 && intercepted.status == 200)
        #expect(plain.data.count > 100, "the positive control: the plain session got a body")
        #expect(intercepted.data == plain.data)
        #expect(intercepted.response?.value(forHTTPHeaderField: "Content-Length") == plain.response?.value(forHTTPHeaderField: "Content-Length"))
        #expect(await harness.finishedEvents().first?.completion?.appliedRules.map(\.name) == ["mark"])
    }

    @Test("a request no rule can touch is not intercepted at all")
    func notIntercepted() async throws {
        let harness = try Harness("""
            rule "elsewhere" {
                when host == "api.example.com"
                request { set-header "X-Touched" "yes" }
            }
            rule "control" {
                when path == "/anything/control"
                request { set-header "X-Touched" "yes" }
            }
            """)
        let reply = await Caller.async.fetch(URLRequest(url: harness.url("/headers")), in: harness.session)
        #expect(reply.status == 200)
        #expect(!reply.text.contains("X-Touched"))
        // The positive control, on the same session right after: a request a rule is
        // about is intercepted, and its `.finished` event comes after anything the first
        // request could have caused (events arrive in order), so no sleep is needed.
        let control = await Caller.async.fetch(URLRequest(url: harness.url("/anything/control")), in: harness.session)
        #expect(control.text.contains("X-Touched"))
        _ = await harness.finishedEvents()
        // Declined in canInit: no exchange, so no request events; the test session only
        // hears why no rule applied (one `.unmatched`, request ID 0).
        let events = harness.allEvents
        #expect(events.first?.kind == .unmatched)
        #expect(events.first?.requestID == 0)
        #expect(events.filter { $0.kind != .unmatched }.allSatisfy { $0.url.hasSuffix("/anything/control") })
        #expect(events.filter { $0.kind == .started }.count == 1)
    }

    @Test("the configuration's httpAdditionalHeaders are sent and visible to rules")
    func additionalHeaders() async throws {
        let harness = try Harness("""
            rule "needs the app header" {
                when header "X-App-Version" == "7.1"
                request { set-header "X-Seen" "${header.X-App-Version}" }
            }
            """) { $0.httpAdditionalHeaders = ["X-App-Version": "7.1"] }
        let reply = await Caller.async.fetch(URLRequest(url: harness.url("/headers")), in: harness.session)
        let headers = try #require(jsonObject(reply.data)?["headers"] as? [String: String])
        let lowered = Dictionary(uniqueKeysWithValues: headers.map { ($0.key.lowercased(), $0.value) })
        #expect(lowered["x-app-version"] == "7.1")
        #expect(lowered["x-seen"] == "7.1")
    }

    @Test("redirects end at the same URL, status and body as without the interceptor", arguments: Caller.allCases)
    func redirects(caller: Caller) async throws {
        let harness = try Harness(Self.observeOnly)
        let request = URLRequest(url: harness.url("/redirect/3"))
        let plain = await Caller.async.fetch(request, in: plainSession)
        let intercepted = await caller.fetch(request, in: harness.session)
        #expect(intercepted.status == plain.status)
        #expect(intercepted.status == 200)
        #expect(intercepted.response?.url == plain.response?.url)
        #expect(intercepted.response?.url?.path == "/get")
        #expect(jsonObject(intercepted.data)?["path"] as? String == "/get")
    }

    @Test("a refused connection fails with the same URLError code as without the interceptor", arguments: Caller.allCases)
    func refused(caller: Caller) async throws {
        let harness = try Harness("""
            rule "observe everything" {
                response { log }
            }
            """)
        let closedPort = URLRequest(url: URL(string: "http://127.0.0.1:9/nothing")!)
        let plain = await Caller.async.fetch(closedPort, in: plainSession)
        let intercepted = await caller.fetch(closedPort, in: harness.session)
        #expect(plain.error?.code == .cannotConnectToHost)
        #expect(intercepted.error?.code == plain.error?.code)
    }

    @Test("server error statuses and their bodies pass through", arguments: Caller.allCases)
    func serverErrors(caller: Caller) async throws {
        let harness = try Harness(Self.observeOnly)
        let reply = await caller.fetch(URLRequest(url: harness.url("/status/503")), in: harness.session)
        let plain = await Caller.async.fetch(URLRequest(url: harness.url("/status/503")), in: plainSession)
        #expect(reply.status == 503)
        #expect(reply.data == plain.data)
    }
}
