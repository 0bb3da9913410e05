import Foundation
import Testing

@testable import RewriteKit

/// `rewrite fmt`'s layout, and that it never changes what a file means: every rule file of
/// the repository and every example of the language reference parse to the same tree after
/// formatting, compile to the same diagnostics, and are a fixed point.
@Suite("Rule formatter")
struct RuleFormatterTests {
    static func format(_ text: String) -> RuleFormatter.Outcome {
        RuleFormatter.format(SourceFile(name: "test.rules", text: text))
    }

    static func formatted(_ text: String) -> String? {
        guard case .formatted(let result) = format(text) else { return nil }
        return result
    }

    static let messy = """
        # top comment



        rule   "a"{
          when method==POST and (host == "x" or host~"*.y")   # trailing


              request {set-header "A" "b"; remove-header "C" }
          response { inject-json "t" now() }
          respond 200 {
            header "Content-Type"   "text/plain"
            body json {"a":  [1,2]}

          }
          throttle 64KB/s
          when status in 500..599
          when method in [GET,HEAD]

            # comment before close
        }
        rule "b" { stop }
        """

    @Test("the canonical layout: indent, one statement a line, spacing, blank lines, comments where they were")
    func layout() throws {
        let result = try #require(Self.formatted(Self.messy))
        #expect(result == """
            # top comment

            rule "a" {
                when method == POST and (host == "x" or host ~ "*.y")   # trailing

                request {
                    set-header "A" "b"
                    remove-header "C"
                }
                response { inject-json "t" now() }
                respond 200 {
                    header "Content-Type" "text/plain"
                    body json {"a":  [1,2]}
                }
                throttle 64KB/s
                when status in 500..599
                when method in [GET, HEAD]

                # comment before close
            }

            rule "b" { stop }

            """)
        #expect(Self.formatted(result) == result, "formatting is idempotent")
    }

    @Test("a file with a lexical error is left as it is, with its errors")
    func lexicalErrorLeavesTheFile() {
        guard case .leftAsIs(let reason, let diagnostics) = Self.format("rule \"a\" {\n    when path == \"/unterminated\n}\n") else {
            Issue.record("an unterminated string must not be formatted")
            return
        }
        #expect(reason.contains("error"))
        #expect(!diagnostics.isEmpty && diagnostics.allSatisfy(\.isError))
    }

    @Test("a file that does not compile but lexes is laid out, its errors unchanged")
    func compileErrorsAreKept() throws {
        let text = "rule \"wrap\" {\n  request { wrap-jsn \"wrapper\" }\n}\n"
        let result = try #require(Self.formatted(text))
        #expect(result == "rule \"wrap\" {\n    request { wrap-jsn \"wrapper\" }\n}\n")
        #expect(Self.diagnostics(result) == Self.diagnostics(text))
    }

    // MARK: - Meaning

    /// The repository's rule files people read and copy: every `*.rules` outside the fuzz
    /// corpus (whose inputs are kept byte for byte) and the build folders.
    static func repositoryRuleFiles() -> [URL] {
        let root = RuleLanguageDocument.root
        let found = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? []
        return found.filter { url in
            let path = url.path.dropFirst(root.path.count)
            return url.pathExtension == "rules" && !path.contains("/.build") && !path.hasPrefix("/Fuzz/")
        }.sorted { $0.path < $1.path }
    }

    /// The tree's structure without positions: what the compiler reads.
    static func structure(_ value: Any) -> String {
        if value is SourceRange || value is RewriteKit.SourceLocation { return "@" }
        let mirror = Mirror(reflecting: value)
        guard !mirror.children.isEmpty else { return String(describing: value) }
        return "\(mirror.subjectType)(" + mirror.children.map { "\($0.label ?? "_"):\(structure($0.value))" }.joined(separator: ",") + ")"
    }

    static func tree(_ text: String) -> String {
        structure(Parser.parse(SourceFile(name: "test.rules", text: text)).file.rules)
    }

    /// The compiler's diagnostics without positions.
    static func diagnostics(_ text: String) -> [String] {
        Compiler.compile(SourceFile(name: "test.rules", text: text)).diagnostics.map { "\($0.severity) \($0.identifier) \($0.message)" }
    }

    /// Checks that formatting `text` keeps its meaning; returns the formatted text.
    @discardableResult
    static func expectSameMeaning(_ text: String, _ name: String) -> String? {
        let result: String
        switch format(text) {
        case .formatted(let text):
            result = text
        case .leftAsIs(let reason, let diagnostics):
            Issue.record("\(name): left as it is: \(reason) \(diagnostics.map(\.description))")
            return nil
        }
        #expect(tree(result) == tree(text), "\(name): the syntax tree changed")
        #expect(diagnostics(result) == diagnostics(text), "\(name): the diagnostics changed")
        #expect(formatted(result) == result, "\(name): not a fixed point")
        return result
    }

    @Test("every rule file in the repository is laid out canonically already, and formatting it changes nothing")
    func repositoryFilesAreCanonical() throws {
        #expect(Self.tree("rule \"a\" { stop }") != Self.tree("rule \"b\" { stop }"), "the tree comparison sees a difference")
        #expect(Self.tree("rule \"a\" { stop }") == Self.tree("rule \"a\" {\n    stop\n}\n"), "and not positions")
        let files = Self.repositoryRuleFiles()
        #expect(files.count >= 15, "the repository's rule files are found (\(files.count))")
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            let result = Self.expectSameMeaning(text, file.lastPathComponent)
            #expect(result == text, "\(file.lastPathComponent) is not canonical: run rewrite fmt on it")
        }
    }

    @Test("every example of the language reference keeps its meaning")
    func referenceExamplesKeepTheirMeaning() throws {
        let examples = try RuleLanguageDocument.examples()
        #expect(!examples.isEmpty)
        var formatted = 0
        for (input, _) in examples {
            let lexical = Lexer.tokenize(SourceFile(name: "test.rules", text: input.text)).diagnostics.filter(\.isError)
            guard lexical.isEmpty else {
                // The reference's examples of lexical errors: left as they are, those errors said.
                guard case .leftAsIs(_, let diagnostics) = Self.format(input.text) else {
                    Issue.record("RuleLanguage.md line \(input.line): a file with a lexical error was formatted")
                    continue
                }
                #expect(diagnostics.map(\.description) == lexical.map(\.description))
                continue
            }
            if Self.expectSameMeaning(input.text, "RuleLanguage.md line \(input.line)") != nil { formatted += 1 }
        }
        #expect(formatted >= 50, "the reference's examples are formatted (\(formatted))")
    }

    /// `text` with its layout spoiled where that cannot change a token or a blank line the
    /// author meant: each line re-indented by its number and given blanks at its end, each
    /// blank line tripled, blank lines after a block's `{` and before its `}`; lines inside a
    /// token that spans lines (a JSON literal) are left alone.
    static func spoiled(_ text: String) -> String {
        let tokens = Lexer.tokenize(SourceFile(name: "test.rules", text: text)).tokens
        var inside = Set<Int>()
        for token in tokens where token.kind != .newline && token.range.end.line > token.range.start.line {
            inside.formUnion((token.range.start.line + 1)...token.range.end.line)
        }
        var lines: [String] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if inside.contains(index + 1) {
                lines.append(String(line))
                continue
            }
            let body = line.drop { $0 == " " }
            if body.isEmpty {
                lines.append(contentsOf: ["", "   ", ""])
                continue
            }
            if body.hasPrefix("}") { lines.append("  ") }
            lines.append(String(repeating: " ", count: index % 7) + body + String(repeating: " ", count: index % 3))
            if body.hasSuffix("{") { lines.append("") }
        }
        return lines.joined(separator: "\n")
    }

    @Test("a repository file with its layout spoiled formats back to itself")
    func spoiledFilesFormatBack() throws {
        for file in Self.repositoryRuleFiles() {
            let text = try String(contentsOf: file, encoding: .utf8)
            let spoiled = Self.spoiled(text)
            #expect(spoiled != text)
            #expect(Self.expectSameMeaning(spoiled, file.lastPathComponent + " (spoiled)") == text, "\(file.lastPathComponent)")
        }
    }
}
