@testable import RewriteKit

// Whole-file entry points only the tests need: the library lexes on demand as the parser
// asks, and compiles each rule as soon as it is parsed, never holding a file's tree.

/// The syntax tree of a whole rule file: its rules in file order.
struct RuleFile: Sendable, Hashable {
    /// The rules, in file order.
    let rules: [Rule]
    /// The whole file.
    let range: SourceRange
}

extension Parser {
    /// Parses a whole file into a syntax tree (the lexer's diagnostics first).
    static func parse(_ source: SourceFile) -> (file: RuleFile, diagnostics: [Diagnostic]) {
        var parser = Parser(source: source)
        var rules: [Rule] = []
        let range = parser.parseFile { rules.append($0) }
        return (RuleFile(rules: rules, range: range), parser.lexer.diagnostics + parser.diagnostics)
    }
}

extension Lexer {
    /// Lexes the whole file; the last token is always ``TokenKind/endOfFile``.
    static func tokenize(_ source: SourceFile) -> (tokens: [Token], diagnostics: [Diagnostic]) {
        var lexer = Lexer(source: source)
        lexer.lex(atLeast: Int.max)
        return (lexer.tokens, lexer.diagnostics)
    }
}
