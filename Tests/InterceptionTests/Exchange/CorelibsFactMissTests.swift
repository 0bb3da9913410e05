#if canImport(FoundationNetworking)
import Foundation
import FoundationNetworking
@testable import RewriteKit
import RewriteTestSupport
import Testing

/// A toolchain whose swift-corelibs-foundation renamed a field the interceptor reads is
/// stood in for by an installation that reads that field as missing. No miss may be silent:
/// each is a `.degraded` event (once per installation) naming the fact, and a task that
/// needs the fact is kept out of the rules: sent untouched, or failed closed where a rule
/// that may not be skipped might apply. Real traffic to the loopback server.
@Suite("corelibs facts: a miss is loud and loses nothing")
struct CorelibsFactMissTests {
    static let rules = """
        rule "touch posts" {
            when method == POST and path == "/post"
            request { set-header "X-Touched" "yes" }
        }
        rule "stub anything" {
            when path == "/anything/stubbed"
            respond 200 { body "stub" }
        }
        rule "touch gets" {
            when path == "/get"
            request { set-header "X-Touched" "yes" }
        }
        """

    /// A rewriter reading `hidden` as missing, installed in a fresh configuration.
    static func installation(hiding hidden: Set<String>) throws -> (Rewriter, ActivityRecorder, URLSessionConfiguration) {
        let rewriter = Rewriter(ruleSets: [try RuleSet(rules: rules, name: "facts.rules")])
        rewriter.hideCorelibsFieldsForTesting(hidden)
        let recorder = ActivityRecorder(rewriter)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 60
        try rewriter.install(in: configuration)
        return (rewriter, recorder, configuration)
    }

    static func upload(_ path: String, in session: URLSession) async -> (Data?, HTTPURLResponse?, Error?) {
        var request = URLRequest(url: LoopbackServer.shared.url(path))
        request.httpMethod = "POST"
        return await withCheckedContinuation { continuation in
            session.uploadTask(with: request, from: Data(#"{"kept":"every byte"}"#.utf8)) { data, response, error in
                continuation.resume(returning: (data, response as? HTTPURLResponse, error))
            }.resume()
        }
    }

    @Test("without knownBody an upload goes out untouched with its whole body; a stub rule fails it closed, naming the fact")
    func uploadBodyMissed() async throws {
        let (rewriter, recorder, configuration) = try Self.installation(hiding: ["knownBody"])
        defer { rewriter.uninstall() }
        let session = URLSession(configuration: configuration)
        defer { session.finishTasksAndInvalidate() }

        let (data, _, error) = await Self.upload("/post", in: session)
        #expect(error == nil)
        let echo = try #require(jsonObject(data ?? Data()))
        #expect(echo["json"] as? [String: String] == ["kept": "every byte"], "the body is sent whole, not empty")
        #expect((echo["headers"] as? [String: String])?["X-Touched"] == nil, "the rules did not run on it")

        let (_, response, failure) = await Self.upload("/anything/stubbed", in: session)
        #expect(response == nil)
        let urlError = try #require(failure as? URLError)
        #expect(urlError.code == .unsupportedURL)
        if case .corelibsFactMissing(let fact, let rule)? = urlError.underlyingInterceptionError {
            #expect(fact == "URLSessionTask.knownBody")
            #expect(rule.name == "stub anything")
        } else {
            Issue.record("not corelibsFactMissing: \(String(describing: urlError.underlyingInterceptionError))")
        }
        #expect(urlError.localizedDescription.contains("stub anything"), "\(urlError.localizedDescription)")

        // Observers hear events after the task's end can reach the app: wait for the second.
        let events = await recorder.waitForEvents { $0.filter { $0.kind == .bypassed }.count >= 2 } ?? recorder.events
        let degraded = events.filter { $0.kind == .degraded }
        #expect(degraded.count == 1, "once per installation and fact: \(degraded.map(\.description))")
        #expect(degraded.first?.degradation?.fact == "URLSessionTask.knownBody")
        #expect(degraded.first?.degradation?.consequence.contains("upload") == true)
        #expect(events.filter { $0.kind == .bypassed }.count == 2, "each kept-out task says so")
    }

    @Test("without the task registry a task whose delegate may hear chunks is not carried; one without a delegate still is")
    func registryMissed() async throws {
        let (rewriter, recorder, configuration) = try Self.installation(hiding: ["behaviours"])
        defer { rewriter.uninstall() }
        // A completion handler without any delegate takes its body whole: the rules run.
        let plain = URLSession(configuration: configuration)
        defer { plain.finishTasksAndInvalidate() }
        let (data, _) = try await plain.data(from: LoopbackServer.shared.url("/get"))
        #expect((jsonObject(data)?["headers"] as? [String: String])?["X-Touched"] == "yes")

        // A session delegate: nothing tells how it hears the body, so it goes untouched,
        // and the stub that may not be skipped fails closed.
        let untouched = await StreamingDelegate.fetch(URLRequest(url: LoopbackServer.shared.url("/get")), configuration: configuration)
        #expect(untouched.anyError == nil)
        #expect((jsonObject(untouched.data)?["headers"] as? [String: String])?["X-Touched"] == nil)
        let failed = await StreamingDelegate.fetch(URLRequest(url: LoopbackServer.shared.url("/anything/stubbed")), configuration: configuration)
        #expect(failed.error?.code == .unsupportedURL)

        let degraded = recorder.events.filter { $0.kind == .degraded }
        #expect(degraded.count == 1, "\(degraded.map(\.description))")
        #expect(degraded.first?.degradation?.fact.contains("URLSession.taskRegistry") == true)
    }
}
#endif
