import Foundation
@testable import RewriteKit
import Testing

/// The launch door on a device or in a sandbox, where the test runner's paths do not exist
/// for the app: rules passed as text, files found by name in the app's folders, activity
/// written where the app can write.
@Suite("Launch door without the test runner's paths")
struct LaunchFoldersTests {
    /// A scratch folder standing for the app's bundle resources and Documents.
    final class Folders {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("launch-\(UUID().uuidString)")
        var resources: URL { root.appendingPathComponent("Resources") }
        var documents: URL { root.appendingPathComponent("Documents") }
        var launchFolders: LaunchFolders { LaunchFolders(resources: [resources], documents: documents) }

        init() throws {
            try FileManager.default.createDirectory(at: resources, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: documents, withIntermediateDirectories: true)
        }

        deinit { try? FileManager.default.removeItem(at: root) }
    }

    static func rule(_ name: String) -> String {
        """
        rule "\(name)" {
            when path == "/\(name)"
            request { set-header "X-Rule" "\(name)" }
        }
        """
    }

    /// A path under a folder that does not exist, as the test runner's paths look on a device.
    static let unreachable = "/Users/runner/Library/Developer/XCTestDevices/nowhere"

    @Test("rule text in REWRITEKIT_RULES_TEXT loads, after the files, and names the variable in diagnostics")
    func text() throws {
        let folders = try Folders()
        let file = folders.resources.appendingPathComponent("first.rules")
        try Self.rule("first").write(to: file, atomically: true, encoding: .utf8)
        let rewriter = try #require(try Rewriter.fromLaunchEnvironment(
            [Rewriter.launchRulesVariable: file.path, Rewriter.launchRulesTextVariable: Self.rule("second")],
            searching: folders.launchFolders))
        #expect(rewriter.pipeline.ruleReferences.map(\.name) == ["first", "second"])

        let error = #expect(throws: RuleSetError.self) {
            try Rewriter.fromLaunchEnvironment([Rewriter.launchRulesTextVariable: "rule \"broken\" {"], searching: folders.launchFolders)
        }
        #expect(error?.description.contains(Rewriter.launchRulesTextVariable) == true, "\(String(describing: error))")
    }

    @Test("a path the app cannot reach is found by name in the bundle, then in Documents, with its neighbours")
    func unreachablePath() throws {
        let folders = try Folders()
        try Self.rule("in-documents").write(to: folders.documents.appendingPathComponent("api.rules"), atomically: true, encoding: .utf8)
        let fromDocuments = try #require(try Rewriter.fromLaunchEnvironment(
            [Rewriter.launchRulesVariable: "\(Self.unreachable)/api.rules"], searching: folders.launchFolders))
        #expect(fromDocuments.pipeline.ruleReferences.map(\.name) == ["in-documents"])

        // The bundle comes first, and a `body file` next to the copy is found.
        try Data(#"{"stub":true}"#.utf8).write(to: folders.resources.appendingPathComponent("stub.json"))
        try """
            rule "in-bundle" {
                when path == "/stub"
                respond 200 { body file "stub.json" }
            }
            """.write(to: folders.resources.appendingPathComponent("api.rules"), atomically: true, encoding: .utf8)
        let fromBundle = try #require(try Rewriter.fromLaunchEnvironment(
            [Rewriter.launchRulesVariable: "\(Self.unreachable)/api.rules"], searching: folders.launchFolders))
        #expect(fromBundle.pipeline.ruleReferences.map(\.name) == ["in-bundle"])
        let request = try #require(HTTPRequest(method: "GET", url: "https://api.example.com/stub"))
        guard case .respond(let stub) = fromBundle.pipeline.processRequest(request).disposition else {
            Issue.record("the stub did not answer")
            return
        }
        #expect(stub.body == [UInt8](#"{"stub":true}"#.utf8))
    }

    @Test("a file found nowhere is an error that names it, the folders searched and the text variable")
    func notFound() throws {
        let folders = try Folders()
        let error = #expect(throws: RuleSetError.self) {
            try Rewriter.fromLaunchEnvironment([Rewriter.launchRulesVariable: "\(Self.unreachable)/missing.rules"], searching: folders.launchFolders)
        }
        let message = error?.description ?? ""
        #expect(message.contains("\(Self.unreachable)/missing.rules"))
        #expect(message.contains(folders.documents.appendingPathComponent("missing.rules").path))
        #expect(message.contains(Rewriter.launchRulesTextVariable))
    }

    @Test("an activity file whose folder the app cannot reach is written in Documents")
    func activityInDocuments() throws {
        let folders = try Folders()
        let rewriter = try #require(try Rewriter.fromLaunchEnvironment(
            [Rewriter.launchRulesTextVariable: Self.rule("any"), Rewriter.launchActivityVariable: "\(Self.unreachable)/activity.jsonl"],
            searching: folders.launchFolders))
        #expect(FileManager.default.fileExists(atPath: folders.documents.appendingPathComponent("activity.jsonl").path))
        withExtendedLifetime(rewriter) {}
    }

    @Test("neither variable: the door stays shut")
    func shut() throws {
        let folders = try Folders()
        #expect(try Rewriter.fromLaunchEnvironment([:], searching: folders.launchFolders) == nil)
        #expect(try Rewriter.fromLaunchEnvironment([Rewriter.launchRulesVariable: "", Rewriter.launchRulesTextVariable: ""], searching: folders.launchFolders) == nil)
    }
}
