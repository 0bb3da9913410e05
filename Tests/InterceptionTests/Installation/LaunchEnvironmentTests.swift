#if os(macOS) || os(Linux)  // starts processes, which iOS, tvOS and watchOS cannot
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import RewriteKit
import RewriteTestSupport
import RewriteTesting
import Testing

/// A parent process hands rules to the app it launches through the launch environment, and
/// reads the app's activity back; an app that never opens that door ignores both variables.
@Suite("Launch-environment handoff")
struct LaunchEnvironmentTests {
    struct Run {
        var output: String
        var activity: String?
    }

    /// Launches LaunchedAppProbe in `mode` with both variables set, against a loopback server.
    static func launch(_ mode: String) throws -> Run {
        let server = try TestHTTPServer()
        defer { server.stop() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("handoff-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let rules = folder.appendingPathComponent("ui-test.rules")
        try """
            rule "from the UI test" {
                when host == "127.0.0.1" and path == "/headers"
                request { set-header "X-Handoff" "applied" }
            }
            """.write(to: rules, atomically: true, encoding: .utf8)
        let activity = folder.appendingPathComponent("activity.jsonl")

        var environment = ProcessInfo.processInfo.environment
        environment[Rewriter.launchRulesVariable] = rules.path
        environment[Rewriter.launchActivityVariable] = activity.path
        let run = try SpawnedProcess.run(
            productsDirectory.appendingPathComponent("LaunchedAppProbe"), arguments: [server.url("/headers").absoluteString, mode],
            environment: environment)
        return Run(
            output: String(decoding: run.output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines),
            activity: try? String(contentsOf: activity, encoding: .utf8))
    }

    @Test("an app that opens the door in code takes the rules and writes redacted JSON-lines activity")
    func openedInCode() throws {
        let run = try Self.launch("open")
        #expect(run.output == "X-Handoff: applied")
        let activity = try #require(run.activity)
        let lines = activity.split(separator: "\n").map(String.init)
        let objects = lines.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(objects.count == lines.count, "every line is one JSON object")
        #expect(objects.map { $0["kind"] as? String } == ["started", "response", "finished"])
        let finished = try #require(objects.last)
        #expect(finished["status"] as? Int == 200)
        let applied = finished["appliedRules"] as? [[String: Any]]
        #expect(applied?.map { $0["name"] as? String } == ["from the UI test"])
        let headers = finished["requestHeaders"] as? [[String]] ?? []
        #expect(headers.contains(["Authorization", "<redacted>"]))
        #expect(!activity.contains("launch-secret-token"), "the secret never reaches the file")
    }

    @Test("an app that never opens the door ignores the variables: no rules, no activity file")
    func closedByDefault() throws {
        let run = try Self.launch("closed")
        #expect(run.output == "X-Handoff: <missing>")
        #expect(run.activity == nil)
    }

    @Test("without the rules variable the door opens to nothing")
    func noVariableNoRewriter() throws {
        #expect(try Rewriter.fromLaunchEnvironment([:]) == nil)
        #expect(try Rewriter.fromLaunchEnvironment([Rewriter.launchRulesVariable: ""]) == nil)
    }

    @Test("a broken rule file named in the environment is an error with its diagnostics, not a silent pass")
    func brokenFileIsReported() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("broken-\(UUID().uuidString).rules")
        try "rule \"x\" { when hots == \"a\" }".write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(throws: RuleSetError.self) {
            try Rewriter.fromLaunchEnvironment([Rewriter.launchRulesVariable: file.path])
        }
    }
}
#endif
