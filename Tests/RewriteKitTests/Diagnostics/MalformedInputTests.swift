import Foundation
import Testing

@testable import RewriteKit

/// Hundreds of broken inputs: each must give at least one error located inside the file,
/// without crashing or hanging.
@Suite("Malformed input")
struct MalformedInputTests {
    /// Analyses the text and checks every diagnostic points inside the file.
    @discardableResult
    func analyzeLocated(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> Compilation {
        let source = SourceFile(name: "m.rules", text: text)
        let analysis = Compiler.compile(source)
        for diagnostic in analysis.diagnostics {
            let start = diagnostic.range.start
            let lineLength = source.lineText(start.line)?.unicodeScalars.count ?? -1
            #expect(start.line >= 1 && start.line <= source.lineCount, sourceLocation: sourceLocation)
            #expect(start.column >= 1 && start.column <= lineLength + 1, sourceLocation: sourceLocation)
        }
        return analysis
    }

    func expectErrors(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let analysis = analyzeLocated(text, sourceLocation: sourceLocation)
        #expect(analysis.hasErrors, "no error for: \(text.prefix(200))", sourceLocation: sourceLocation)
    }

    /// Every prefix of every spec example cut at a token boundary inside a rule.
    static let truncations: [String] = RuleLanguageDocument.specificationExamples.flatMap { example -> [String] in
        let (tokens, _) = Lexer.tokenize(SourceFile(name: "e", text: example))
        var prefixes: [String] = []
        var depth = 0
        var pendingRule = false
        let bytes = Array(example.utf8)
        for token in tokens where token.kind != .endOfFile {
            switch token.kind {
            case .leftBrace: depth += 1
            case .rightBrace: depth -= 1
            default: break
            }
            if token.isWord("rule") && depth == 0 { pendingRule = true }
            if token.kind == .leftBrace && depth == 1 { pendingRule = false }
            let open = depth > 0 || pendingRule
            if open && token.kind != .newline {
                prefixes.append(String(decoding: bytes[..<token.range.end.offset], as: UTF8.self))
            }
        }
        return prefixes
    }

    @Test func truncationsAreMany() {
        #expect(Self.truncations.count > 150)
    }

    @Test(arguments: truncations)
    func truncatedExample(_ text: String) {
        expectErrors(text)
    }

    static let strays: [String] = ["@", "$", "%", "`", "\\", "=", "!", "&", "|", "?", "'", ".", "^", ":", "*", "+"]

    @Test(arguments: strays)
    func strayCharacterInEveryLine(_ stray: String) {
        let lines = (RuleLanguageDocument.specificationExamples.last ?? "").split(separator: "\n", omittingEmptySubsequences: false)
        for index in lines.indices where !lines[index].isEmpty {
            var mutated = lines
            mutated[index] = Substring(stray + " " + lines[index])
            expectErrors(mutated.joined(separator: "\n"))
        }
    }

    /// Every keyword-like word of the language, misspelt three ways.
    static let misspellings: [(String, String)] = {
        let words =
            Parser.clauseKeywords + ActionKeyword.names + ConditionSubject.keywords + ConditionOperator.words
            + FailError.names + ["rule", "header", "body"]
        return words.flatMap { word -> [(String, String)] in
            let characters = Array(word)
            let dropped = String(characters.dropLast())
            let doubled = word + String(characters.last ?? "x")
            let swapped = characters.count > 1
                ? String([characters[1], characters[0]] + characters.dropFirst(2)) : word + "q"
            return [(word, dropped), (word, doubled), (word, swapped)]
        }
    }()

    /// A file that uses `word`; the misspelling replaces one use of it.
    func template(using word: String) -> String {
        switch word {
        case "rule": return "RULE \"a\" { stop }"
        case "header", "body": return "rule \"a\" { respond 200 { header \"A\" \"b\"; body \"x\" } }".replacingOccurrences(of: "\(word) ", with: "RULE ")
        default: break
        }
        if Parser.clauseKeywords.contains(word) {
            let uses = [
                "when": "when host == \"a\"", "request": "request { log }", "response": "response { log }",
                "respond": "respond 200", "fail": "fail offline", "delay": "delay 1s", "throttle": "throttle 1KB/s",
                "cache": "cache 1m", "stop": "stop", "times": "times 2", "network": "network \"3G\"",
            ]
            return "rule \"a\" {\n    \((uses[word] ?? "").replacingOccurrences(of: word, with: "RULE"))\n}"
        }
        if ActionKeyword.names.contains(word) { return "rule \"a\" { request { RULE \"x\" \"y\" } }" }
        if ConditionSubject.keywords.contains(word) { return "rule \"a\" { when RULE == \"x\" }" }
        if ConditionOperator.words.contains(word) { return "rule \"a\" { when host RULE \"x\" }" }
        return "rule \"a\" { fail RULE }"
    }

    @Test func everyMisspellingClass() {
        #expect(Self.misspellings.count > 150)
        for (word, misspelt) in Self.misspellings where misspelt != word {
            let text = template(using: word).replacingOccurrences(of: "RULE", with: misspelt)
            expectErrors(text)
        }
    }

    @Test func tenThousandDeepParentheses() {
        let depth = 10_000
        expectErrors("rule \"a\" { when " + String(repeating: "(", count: depth) + "host == \"a\"" + String(repeating: ")", count: depth) + " }")
        expectErrors("rule \"a\" { when " + String(repeating: "not ", count: depth) + "host == \"a\" }")
        expectErrors("rule \"a\" { when method in " + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + " }")
        expectErrors("rule \"a\" { respond 200 { body json " + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + " } }")
        expectErrors(String(repeating: "{", count: depth))
        expectErrors(String(repeating: "}", count: depth))
        expectErrors(String(repeating: "(", count: depth))
    }

    @Test func oneMegabyteStrings() {
        let big = String(repeating: "x", count: 1 << 20)
        expectErrors("rule \"a\" { request { set-header \"A B\" \"" + big + "\" } }")
        expectErrors("rule \"a\" { when path == \"" + big)
        expectErrors("rule \"a\" { when path ~ /" + big)
        expectErrors("rule \"" + big + "\" { whne }")
    }

    @Test func invalidUTF8DecodedLossily() {
        let bytes: [UInt8] = Array("rule \"a\" { when host == \"x\" ".utf8) + [0xFF, 0xFE, 0xC0] + Array(" }".utf8)
        let analysis = Compiler.compile(SourceFile(name: "m.rules", bytes: bytes))
        #expect(analysis.diagnostics.map(\.message) == ["unexpected character '\u{FFFD}\u{FFFD}\u{FFFD}'"])
        expectErrors(String(decoding: [0xFF, 0x80, 0x80], as: UTF8.self))
    }

    /// A file saved with a UTF-8 byte-order mark loads; positions ignore the mark.
    @Test func leadingByteOrderMarkIsSkipped() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("rule \"a\" { when host == \"x\" }\nrule \"b\" { wrap-jsn }".utf8)
        let compilation = Compiler.compile(SourceFile(name: "bom.rules", bytes: bytes))
        #expect(compilation.diagnostics.map { "\($0.range.start): \($0.message)" } == [
            "2:12: expected a clause, found 'wrap-jsn'",
        ] || compilation.diagnostics.first?.range.start.line == 2)
        let clean = [0xEF, 0xBB, 0xBF] + Array("rule \"a\" { when host == \"x\" }\n".utf8)
        #expect(try RuleSet(rules: String(decoding: clean, as: UTF8.self)).ruleCount == 1)
    }

    /// A language decision: users comment every rule out to switch a file off, and apps
    /// may ship an empty file in release builds.
    @Test func emptyAndCommentOnlyFilesAreValid() {
        for text in ["", "# nothing here\n   # still nothing\n", "\n\n\n", "# rule \"off\" {\n#   stop\n# }\n"] {
            let compilation = Compiler.compile(SourceFile(name: "m.rules", text: text))
            #expect(compilation.diagnostics.isEmpty, "\(text.debugDescription)")
            #expect(compilation.rules.isEmpty)
        }
    }

    @Test func assortedBrokenInputs() {
        let inputs = [
            "rule", "rule \"a\"", "rule \"a\" {", "rule {", "rule a { stop }", "rule \"a\" } ", "}}}}", "\"",
            "rule \"a\" { when }", "rule \"a\" { when host }", "rule \"a\" { when host == }", "rule \"a\" { when and }",
            "rule \"a\" { when host == \"a\" and }", "rule \"a\" { when host == \"a\" or or host == \"b\" }",
            "rule \"a\" { when (host == \"a\" }", "rule \"a\" { when host == \"a\") }", "rule \"a\" { request }",
            "rule \"a\" { request { } extra }", "rule \"a\" { response when { log } }", "rule \"a\" { respond }",
            "rule \"a\" { respond 200 { body } }", "rule \"a\" { respond 200 { body file } }", "rule \"a\" { fail }",
            "rule \"a\" { fail code }", "rule \"a\" { fail code x }", "rule \"a\" { delay }", "rule \"a\" { delay 5 }",
            "rule \"a\" { throttle 5KB/ }", "rule \"a\" { throttle 5KB/m }", "rule \"a\" { cache -5m }",
            "rule \"a\" { when status in 1.. }", "rule \"a\" { when port in [1, }", "rule \"a\" { when port in [1 2] }",
            "rule \"a\" { request { set-header } }", "rule \"a\" { request { inject-json \"a\" } }",
            "rule \"a\" { request { tag \"${}\" } }", "rule \"a\" { request { tag \"${\" } }",
            "rule \"a\" { request { set-body json } }", "rule \"a\" { request { set-body json {\"a\" 1} } }",
            "rule \"a\" { when path ~ / }", "rule \"a\" { when host == now( }", "rule \"a\" { when host == later() }",
            "rule \"a\" { stop stop }", "rule \"a\" { when host == \"\\x\" }", "rule \"a\" { when host == \"\\u{zz}\" }",
            "rule \"a\" {\n when host == \"a\"\n}\nrule \"a\" {\n when host == \"a\"\n}",
            "rule \"a\" { request { remove-header \"\" } }", "rule \"a\" { request { replace-body /(/ \"x\" } }",
        ]
        for input in inputs { expectErrors(input) }
    }
}
