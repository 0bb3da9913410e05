import Foundation
import Testing

@testable import RewriteKit

/// The rule language reference (`RuleLanguage.md` in the DocC catalog) is read by this test,
/// not copied into it: every rule example in it must compile clean, every input shown with
/// `$ rewrite check` output must give exactly that output, every diagnostic identifier must
/// be documented, and `Rules/tutorial.rules` must be the reference's first example.
@Suite("Rule language reference")
struct RuleLanguageDocumentTests {
    typealias Block = RuleLanguageDocument.Block

    /// Marks a line the document shortened: the rest of it is not shown.
    static let shortened = " … (line shortened here)"

    static func examples() throws -> [(input: Block, output: Block?)] {
        try RuleLanguageDocument.examples()
    }

    /// What `rewrite check` prints for text: the formatted diagnostics and the summary line.
    static func checkOutput(of text: String, name: String, baseDirectory: URL?) -> [String] {
        let source = SourceFile(name: name, text: text, baseDirectory: baseDirectory)
        let diagnostics = Compiler.compile(source).diagnostics
        guard !diagnostics.isEmpty else { return [] }
        let rendered = DiagnosticFormatter(source: source).format(diagnostics)
            + DiagnosticFormatter.summary(of: diagnostics, files: 1) + "\n"
        return rendered.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    /// Whether an actual line is what the document shows, allowing for shortened lines.
    static func matches(_ actual: String, _ shown: String) -> Bool {
        guard shown.hasSuffix(shortened) else { return actual == shown }
        return actual.hasPrefix(String(shown.dropLast(shortened.count)).trimmingTrailingSpaces())
    }

    /// Examples that name a `file "PATH"` are checked in a folder that has those files.
    @Test func everyExampleWithoutOutputCompilesClean() throws {
        let examples = try Self.examples().filter { $0.output == nil }
        #expect(examples.count >= 5)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rule-language-files-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        for (input, _) in examples {
            let paths = input.lines.flatMap { line in
                line.components(separatedBy: "file \"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
            }
            for path in paths {
                let file = folder.appendingPathComponent(path)
                try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data("data: x\n\n".utf8).write(to: file)
            }
            let lines = Self.checkOutput(of: input.text, name: "example.rules", baseDirectory: paths.isEmpty ? nil : folder)
            #expect(lines == [], "RuleLanguage.md line \(input.line)")
        }
    }

    @Test func everyShownCheckOutputIsTheRealOne() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rule-language-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var compared = 0
        var skipped = 0
        for (input, output) in try Self.examples() {
            guard let output else { continue }
            // An input shortened for the page cannot be compiled; keep such examples few.
            guard !input.lines.contains(where: { $0.hasSuffix(Self.shortened) }) else {
                skipped += 1
                continue
            }
            let fromStandardInput = output.lines[0].contains(" - ")
            let actual = Self.checkOutput(
                of: input.text, name: fromStandardInput ? "<stdin>" : "api.rules", baseDirectory: fromStandardInput ? nil : folder)
            let shown = Array(output.lines.dropFirst())
            let same = actual.count == shown.count && zip(actual, shown).allSatisfy { Self.matches($0, $1) }
            #expect(same, "RuleLanguage.md line \(output.line):\n\(actual.joined(separator: "\n"))")
            compared += 1
        }
        #expect(compared >= 60)
        #expect(skipped <= 2, "\(skipped) examples cannot be checked because their input is shortened")
    }

    @Test func everyDiagnosticIdentifierIsDocumented() throws {
        let document = try RuleLanguageDocument.text()
        let missing = DiagnosticID.allCases.map(\.rawValue).filter { !document.contains("`\($0)`") }
        #expect(missing == [], "not in RuleLanguage.md")
    }

    /// The specification's rules are all on the page (its examples are the product's contract).
    @Test func theSpecificationsExamplesAreOnThePage() throws {
        let names = RuleLanguageDocument.specificationExamples.joined().split(separator: "\n")
            .filter { $0.hasPrefix("rule \"") }.map { String($0.dropFirst(6).prefix { $0 != "\"" }) }
        #expect(names == [
            "wrap httpbin payloads", "users fixture", "anything else on api.myapp.com is missing", "no ads", "staging",
            "auth for my hosts only", "retry hint on server errors", "slow images", "cache the config", "trace everything",
        ])
    }

    @Test func theTutorialIsTheReferencesFirstExample() throws {
        let first = try #require(try Self.examples().first)
        let tutorial = try String(
            contentsOf: RuleLanguageDocument.root.appendingPathComponent("Rules/tutorial.rules"), encoding: .utf8)
        #expect(tutorial == first.input.text)
        // The README shows the same file.
        let readme = try String(contentsOf: RuleLanguageDocument.root.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains("```\n" + tutorial + "```\n"))
    }
}

extension String {
    fileprivate func trimmingTrailingSpaces() -> String {
        var text = self
        while text.hasSuffix(" ") { text.removeLast() }
        return text
    }
}
