import Foundation
import Testing

@testable import RewriteKit

/// Loading rule sets: text, files, `body file`, errors and warnings.
struct RuleSetTests {
    @Test func loadsTextWithNameAndCounts() throws {
        let set = try RuleSet(rules: "rule \"a\" { request { log } }\nrule \"b\" { stop }\n", name: "x.rules")
        #expect(set.name == "x.rules")
        #expect(set.ruleCount == 2)
        #expect(set.ruleReferences == [RuleReference(name: "a", file: "x.rules", line: 1), RuleReference(name: "b", file: "x.rules", line: 2)])
        #expect(set.warnings.isEmpty)
    }

    @Test func errorsCarryDiagnosticsAndARenderedDescription() {
        do {
            _ = try RuleSet(rules: "rule \"a\" {\n    request { wrap-jsn \"w\" }\n}\n", name: "bad.rules")
            Issue.record("expected an error")
        } catch let error as RuleSetError {
            #expect(error.diagnostics.count == 1)
            #expect(error.diagnostics.first?.range.start.line == 2)
            #expect(error.description.hasPrefix("bad.rules:2:15: error: unknown action 'wrap-jsn'; did you mean 'wrap-json'?\n"))
            #expect(error.description.hasSuffix("1 error in the rules; no rule was loaded"))
        } catch {
            Issue.record("expected a RuleSetError, got \(error)")
        }
    }

    @Test func warningsAreKept() throws {
        let set = try RuleSet(rules: "rule \"a\" { stop }\nrule \"b\" { request { log } }\n")
        #expect(set.warnings.count == 1)
        #expect(set.warnings.first?.severity == .warning)
    }

    @Test func unreadableFileGivesAClearMessage() {
        #expect(throws: RuleSetError.unreadableFile(path: "/nonexistent/dir/api.rules", reason: "no such file")) {
            try RuleSet(contentsOf: URL(fileURLWithPath: "/nonexistent/dir/api.rules"))
        }
        #expect(RuleSetError.unreadableFile(path: "p.rules", reason: "no such file").description == "cannot read rule file 'p.rules': no such file")
    }

    @Test func bodyFilesAreReadOnceWhenTheSetLoads() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ruleset-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let fixture = folder.appendingPathComponent("users.json")
        try Data(#"{"users": []}"#.utf8).write(to: fixture)
        let rules = folder.appendingPathComponent("api.rules")
        try Data("rule \"f\" {\n    respond 200 { body file \"users.json\" }\n}\n".utf8).write(to: rules)
        let set = try RuleSet(contentsOf: rules)
        #expect(set.name == rules.path)
        try FileManager.default.removeItem(at: fixture)
        let outcome = Pipeline(ruleSets: [set]).processRequest(try PipelineFixture.request("GET", "http://h/"))
        #expect(outcome.disposition == .respond(HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: Array(#"{"users": []}"#.utf8))))
    }

    @Test("a missing resource names every bundle searched and how to add the file")
    func missingBundleResourceIsAnError() throws {
        let error = try #require(throws: RuleSetError.self) { try RuleSet.bundled(named: "no-such-rules") }
        guard case .resourceNotFound(let name, let searched) = error else { Issue.record("\(error)"); return }
        #expect(name == "no-such-rules" && searched.first == Bundle.main.bundlePath)
        #expect(error.description.contains("resources: [.copy(\"no-such-rules.rules\")]"))
        #expect(error.description.contains("bundle: .module"))
    }

    @Test("the resource bundles beside the main bundle are searched in name order: NAME.resources and NAME.bundle")
    func resourceBundlesBesideMain() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bundles-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["B_B.resources", "A_A.bundle", "not-a-bundle"] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent(name), withIntermediateDirectories: true)
        }
        try Data("rule \"r\" {\n    respond 204\n}\n".utf8).write(to: folder.appendingPathComponent("B_B.resources/app.rules"))
        let main = try #require(Bundle(url: folder))
        let found = RuleSet.resourceBundles(beside: main)
        #expect(found.map(\.bundleURL.lastPathComponent) == ["A_A.bundle", "B_B.resources"])
        #expect(found.compactMap { $0.url(forResource: "app", withExtension: "rules") }.map(\.lastPathComponent) == ["app.rules"])
    }

    @Test("a bundled file with errors says that its places are the build's copy, and which file to edit")
    func bundledErrorsNameTheFileToEdit() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bundle-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("rule \"x\" {\n    when hots == \"a\"\n}\n".utf8).write(to: folder.appendingPathComponent("app.rules"))
        let bundle = try #require(Bundle(url: folder))
        let error = try #require(throws: RuleSetError.self) { try RuleSet.bundled(named: "app", bundle: bundle) }
        #expect(error.description.contains("app.rules:2:10: error: unknown subject 'hots'"), "\(error)")
        #expect(error.description.contains("is the copy the build put in the bundle; edit app.rules in your project and build again"), "\(error)")
        #expect(error.diagnostics.first?.range.start.line == 2)
    }

    #if os(Linux)  // SwiftPM puts a test target's resources beside the test binary only on Linux
    @Test("the default bundle finds a rule file a SwiftPM target lists in its resources")
    func swiftPMResourceIsFoundWithoutNamingTheBundle() throws {
        let rules = try RuleSet.bundled(named: "bundled-probe")
        #expect(rules.ruleReferences.map(\.name) == ["bundled probe"])
        #expect(rules.name.hasSuffix("RewriteKit_RewriteKitTests.resources/bundled-probe.rules"))
    }
    #endif
}
