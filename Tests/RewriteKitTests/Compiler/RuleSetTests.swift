import Foundation
import Testing

@testable import RewriteKit

/// Loading rule sets: text, files, `body file`, errors and warnings.
struct RuleSetTests {
    @Test func loadsTextWithNameAndCounts() throws {
        let set = try RuleSet(source: "rule \"a\" { request { log } }\nrule \"b\" { stop }\n", name: "x.rules")
        #expect(set.name == "x.rules")
        #expect(set.ruleCount == 2)
        #expect(set.ruleReferences == [RuleReference(name: "a", file: "x.rules", line: 1), RuleReference(name: "b", file: "x.rules", line: 2)])
        #expect(set.warnings.isEmpty)
    }

    @Test func errorsCarryDiagnosticsAndARenderedDescription() {
        do {
            _ = try RuleSet(source: "rule \"a\" {\n    request { wrap-jsn \"w\" }\n}\n", name: "bad.rules")
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
        let set = try RuleSet(source: "rule \"a\" { stop }\nrule \"b\" { request { log } }\n")
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

    @Test func missingBundleResourceIsAnError() {
        #expect(throws: RuleSetError.self) { try RuleSet.bundled(named: "no-such-rules", bundle: .main) }
    }
}
