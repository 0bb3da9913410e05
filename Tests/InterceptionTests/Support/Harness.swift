import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import RewriteKit
import RewriteTesting
import Testing

/// The loopback server every interception test talks to: started once per test
/// process on 127.0.0.1, on an ephemeral port.
enum LoopbackServer {
    static let shared: TestHTTPServer = {
        do {
            return try TestHTTPServer()
        } catch {
            fatalError("cannot start the loopback test server: \(error)")
        }
    }()
}

/// One test's interception set-up: a RewriteTestSession (its own rewriter,
/// configuration and session) on rule text that may name the loopback server
/// as `{{BASE}}` (its base URL) and `{{PORT}}`.
final class Harness: Sendable {
    let server = LoopbackServer.shared
    let stubs: RewriteTestSession

    init(_ rules: String, configure: (URLSessionConfiguration) -> Void = { _ in }) throws {
        let text = rules
            .replacingOccurrences(of: "{{BASE}}", with: LoopbackServer.shared.baseURL.absoluteString)
            .replacingOccurrences(of: "{{PORT}}", with: String(LoopbackServer.shared.port))
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 60
        configure(configuration)
        stubs = try RewriteTestSession(rules: text, name: "test.rules", configuration: configuration)
    }

    var rewriter: Rewriter { stubs.rewriter }
    var configuration: URLSessionConfiguration { stubs.configuration }
    var session: URLSession { stubs.session }

    /// A URL on the loopback server.
    func url(_ path: String) -> URL { server.url(path) }

    /// The `.finished` events, after waiting until at least `count` arrived (or 60 s:
    /// it returns as soon as they are there, and a busy 2-core machine can be slow).
    func finishedEvents(atLeast count: Int = 1) async -> [ActivityEvent] {
        await stubs.finishedRequests(count: count, timeout: 60)
    }

    /// Every event so far.
    var allEvents: [ActivityEvent] { stubs.events }
}

/// A session with no interceptor, for comparisons.
let plainSession: URLSession = {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = 60
    return URLSession(configuration: configuration)
}()

/// Parses a JSON object body.
func jsonObject(_ data: Data) -> [String: Any]? {
    (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
}

/// A POST request with a JSON body.
func jsonPost(_ url: URL, _ body: String) -> URLRequest {
    var request = URLRequest(url: url)
    request.httpMethod = "POST"
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    request.httpBody = Data(body.utf8)
    return request
}
