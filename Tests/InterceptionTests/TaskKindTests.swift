import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import RewriteKit
import RewriteTesting
import Testing

/// Task kinds whose bodies a URLProtocol cannot see or deliver on Linux.
@Suite("Upload and download tasks")
struct TaskKindTests {
    static let rules = """
        rule "touch uploads" {
            when path == "/post"
            request { set-header "X-Touched" "yes" }
        }
        rule "touch downloads" {
            when path ~ "/bytes/*"
            request { set-header "X-Touched" "yes" }
        }
        """

    @Test("an upload task is never forwarded with an empty body")
    func upload() async throws {
        let harness = try Harness(Self.rules)
        var request = URLRequest(url: harness.url("/post"))
        request.httpMethod = "POST"
        let body = Data(#"{"big":"upload"}"#.utf8)
        let countBefore = harness.server.requests.filter { $0.path == "/post" && $0.headers.contains { $0.name.lowercased() == "x-touched" } }.count
        let outcome: (Data?, Error?) = await withCheckedContinuation { continuation in
            harness.session.uploadTask(with: request, from: body) { data, _, error in
                continuation.resume(returning: (data, error))
            }.resume()
        }
        #if canImport(FoundationNetworking)
        let error = try #require(outcome.1 as? InterceptionError)
        #expect(error == .uploadBodyNotVisible(url: harness.url("/post").absoluteString))
        #expect(error.description.contains("httpBody"))
        let countAfter = harness.server.requests.filter { $0.path == "/post" && $0.headers.contains { $0.name.lowercased() == "x-touched" } }.count
        #expect(countAfter == countBefore, "nothing may reach the server with an empty body")
        #else
        #expect(outcome.1 == nil)
        #endif
    }

    @Test("a download task fails clearly instead of crashing")
    func download() async throws {
        let harness = try Harness(Self.rules)
        let outcome: (URL?, Error?) = await withCheckedContinuation { continuation in
            harness.session.downloadTask(with: harness.url("/bytes/1000")) { url, _, error in
                continuation.resume(returning: (url, error))
            }.resume()
        }
        #if canImport(FoundationNetworking)
        #expect(outcome.1 as? InterceptionError == .downloadTaskNotSupported(url: harness.url("/bytes/1000").absoluteString))
        #else
        #expect(outcome.0 != nil)
        #endif
    }
}
