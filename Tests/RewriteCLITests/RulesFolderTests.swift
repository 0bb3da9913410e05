#if os(macOS) || os(Linux)  // starts processes, which iOS, tvOS and watchOS cannot
import Foundation
import Testing

/// The sample rule files in `Rules/`: every one must check clean. (That the tutorial is the
/// language reference's first example is tested against the reference itself.)
@Suite struct RulesFolderTests {
    /// `Rules/` at the package root, found from this file's path.
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // RewriteCLITests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // package root
        .appendingPathComponent("Rules")

    /// Every `.rules` file in the folder, by name.
    static func ruleFiles() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".rules") }
            .sorted()
    }

    @Test func theExpectedSamplesArePresent() throws {
        let files = try Self.ruleFiles()
        for name in [
            "tutorial", "header-injection", "response-injection", "mock-api", "activity-logging",
            "latency", "staging", "caching", "retry",
        ] {
            #expect(files.contains("\(name).rules"), "Rules/\(name).rules is missing")
        }
        #expect(files.count >= 9)
    }

    @Test func everyRuleFileChecksClean() throws {
        let files = try Self.ruleFiles()
        try #require(!files.isEmpty)
        // One run for all of them, as a user would: warnings count too.
        let result = try RewriteProcess.run(["check", "--warnings-as-errors"] + files, in: Self.folder)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "")
        #expect(result.stderr == "")
        // And each from the package root, so `body file` paths resolve against the file's folder.
        for file in files {
            let single = try RewriteProcess.run(
                ["check", "--warnings-as-errors", "Rules/\(file)"], in: Self.folder.deletingLastPathComponent())
            #expect(single.status == 0, "Rules/\(file): \(single)")
            #expect(single.stderr == "", "Rules/\(file)")
        }
    }
}
#endif
