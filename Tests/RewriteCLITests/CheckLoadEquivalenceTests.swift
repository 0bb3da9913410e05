#if os(macOS) || os(Linux)  // starts processes, which iOS, tvOS and watchOS cannot
import Foundation
import RewriteKit
import Testing

/// `rewrite check` and `RuleSet` run one compiler, so `check` reports an error for a file
/// exactly when `RuleSet(contentsOf:)` refuses to load it. Checked over every rule file in
/// the repository (samples, examples, test fixtures, the fuzz corpus) and every input shown
/// in the rule language reference.
@Suite struct CheckLoadEquivalenceTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Every `.rules` file under the package, build folders aside.
    static func repositoryRuleFiles() -> [URL] {
        guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return [] }
        var files: [URL] = []
        for case let url as URL in enumerator {
            if url.lastPathComponent.hasPrefix(".build") || url.lastPathComponent == "fuzz-artifacts" {
                enumerator.skipDescendants()
            } else if url.pathExtension == "rules" {
                files.append(url)
            }
        }
        return files.sorted { $0.path < $1.path }
    }

    /// The text of every fenced code block of the rule language reference that is not output.
    static func referenceInputs() throws -> [String] {
        let page = try String(
            contentsOf: root.appendingPathComponent("Sources/RewriteKit/RewriteKit.docc/RuleLanguage.md"), encoding: .utf8)
        return page.components(separatedBy: "```").enumerated()
            .filter { $0.offset % 2 == 1 }
            .map { $0.element.hasPrefix("\n") ? String($0.element.dropFirst()) : $0.element }
            .filter { !$0.hasPrefix("$") }
    }

    @Test func checkFailsExactlyWhenLoadingFails() throws {
        let folder = try TemporaryFolder()
        var files = Self.repositoryRuleFiles()
        for (number, text) in try Self.referenceInputs().enumerated() {
            let name = "reference-\(number).rules"
            try folder.write(name, text)
            files.append(folder.url.appendingPathComponent(name))
        }
        #expect(files.count > 100, "found only \(files.count) inputs")
        let result = try RewriteProcess.run(["check", "--format", "json"] + files.map(\.path))
        let diagnostics = try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]], "\(result)")
        let failing = Set(diagnostics.filter { $0["severity"] as? String == "error" }.compactMap { $0["file"] as? String })
        var refused = 0
        for file in files {
            let loads = (try? RuleSet(contentsOf: file)) != nil
            #expect(loads == !failing.contains(file.path), "\(file.path): check and RuleSet disagree")
            if !loads { refused += 1 }
        }
        // Both kinds must be well represented for the comparison to mean something.
        #expect(refused > 50 && files.count - refused > 20, "\(refused) of \(files.count) refused")
    }
}
#endif
