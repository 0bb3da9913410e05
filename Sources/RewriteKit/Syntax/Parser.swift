/// Builds a ``RuleFile`` from tokens, recovering from errors at line ends and braces so
/// that one pass reports every problem.
///
/// Parse functions throw ``Abort`` after reporting an error; the statement loops catch it
/// and skip to the end of the statement (newline, `;` or the enclosing `}`), stepping over
/// whole `{ ... }` blocks on the way.
struct Parser {
    /// How deeply parentheses, `not`s, lists and JSON literals may nest.
    static let maximumDepth = 200

    /// Thrown after an error has been reported, to unwind to the enclosing statement.
    struct Abort: Error {}

    /// The clause keywords, for suggestions.
    static let clauseKeywords = ["when", "request", "response", "respond", "fail", "delay", "throttle", "network", "cache", "stop", "times"]

    /// How many tokens past the current one are always lexed, for ``peek(_:)``.
    static let lookahead = 2

    let source: SourceFile
    /// Produces tokens as the parser needs them; its ``Lexer/tokens`` hold the ones not yet
    /// forgotten, and `position` indexes them.
    private(set) var lexer: Lexer
    var position = 0
    var depth = 0
    var diagnostics: [Diagnostic] = []

    /// A parser of the whole file, or of one part of it (see ``FilePart``).
    init(source: SourceFile, part: FilePart? = nil) {
        self.source = source
        lexer = Lexer(source: source, part: part)
        lexer.lex(atLeast: Self.lookahead + 1)
    }

    // MARK: - Token access

    var tokens: [Token] { lexer.tokens }

    /// The token being read. Lent, not copied: most reads only look at its kind or text.
    var current: Token {
        _read { yield lexer.tokens[min(position, lexer.tokens.count - 1)] }
    }

    /// The token `ahead` places on (at most ``lookahead``, or call ``ensureLexed(_:)`` first).
    func peek(_ ahead: Int) -> Token { lexer.tokens[min(position + ahead, lexer.tokens.count - 1)] }

    /// Lexes at least `ahead` tokens past the current one.
    mutating func ensureLexed(_ ahead: Int) {
        lexer.lex(atLeast: position + ahead + 1)
    }

    /// Moves to the next token (the end of file stays current).
    mutating func advance() {
        if position < lexer.tokens.count - 1 {
            position += 1
            lexer.lex(atLeast: position + Self.lookahead + 1)
        }
    }

    /// The current token, moving past it.
    mutating func take() -> Token {
        let token = current
        advance()
        return token
    }

    /// Forgets the tokens before the previous one: called between rules, so memory holds
    /// one rule's tokens, not the file's.
    mutating func forgetReadTokens() {
        guard position > 1 else { return }
        let count = lexer.tokens.count
        lexer.dropTokens(position - 1)
        position -= count - lexer.tokens.count
    }

    /// Skips newlines and `;`.
    mutating func skipSeparators() {
        while current.kind == .newline || current.kind == .semicolon { advance() }
    }

    /// Skips newlines only (inside parentheses and lists).
    mutating func skipNewlines() {
        while current.kind == .newline { advance() }
    }

    /// The end of the previous token.
    var previousEnd: SourceLocation { lexer.tokens[max(position - 1, 0)].range.end }

    func range(from start: SourceLocation) -> SourceRange {
        SourceRange(start: start, end: previousEnd)
    }

    // MARK: - Errors and recovery

    /// How a token is named in "found ..." parts of messages.
    func describe(_ token: Token) -> String {
        switch token.kind {
        case .newline: return "end of line"
        case .endOfFile: return "end of file"
        case .json: return "a JSON literal"
        case .string, .regex:
            return (token.kind == .string ? "string " : "regex ") + Self.shortened(token.text)
        default:
            return "'\(Self.shortened(token.text))'"
        }
    }

    /// Source text as quoted in messages: up to 30 characters, longer text cut with `...`.
    static func shortened(_ text: String) -> String {
        text.count > 30 ? String(text.prefix(27)) + "..." : text
    }

    /// Reports an error unless it is about a token the lexer already complained about.
    mutating func report(
        _ message: DiagnosticMessage, at range: SourceRange, about token: Token? = nil, fixIt: String? = nil,
        notes: [Diagnostic.Note] = []
    ) {
        if let token, token.kind == .invalid { return }
        diagnostics.append(
            Diagnostic(
                .error, message, file: source.name, range: range, notes: notes,
                fixIt: fixIt.map { Diagnostic.FixIt(range: range, replacement: $0) }))
    }

    /// Reports an error about the current token and unwinds.
    mutating func fail(_ message: DiagnosticMessage, fixIt: String? = nil) throws(Abort) -> Never {
        let token = current
        report(message, at: token.range, about: token, fixIt: fixIt)
        throw Abort()
    }

    /// Reports `expected WHAT [after 'AFTER'], found CURRENT` and unwinds.
    mutating func failExpected(_ what: String, after: String? = nil) throws(Abort) -> Never {
        let found = describe(current)
        if let after {
            try fail(DiagnosticMessages.expected(what, after: after, found: found))
        }
        try fail(DiagnosticMessages.expected(what, found: found))
    }

    /// Reports an unknown word with a "did you mean" suggestion and fix-it, and unwinds.
    mutating func failUnknown(_ kind: String, candidates: [String]) throws(Abort) -> Never {
        let word = current.text
        let suggestion = Suggestions.closest(to: word, in: candidates)
        try fail(DiagnosticMessages.unknown(kind, word, suggestion: suggestion, candidates: candidates), fixIt: suggestion)
    }

    /// Consumes a token of `kind` or reports `expected WHAT`.
    @discardableResult
    mutating func expect(_ kind: TokenKind, _ what: String, after: String? = nil) throws(Abort) -> Token {
        guard current.kind == kind else { try failExpected(what, after: after) }
        return take()
    }

    /// Requires the statement to end here: newline, `;`, `}` or end of file.
    mutating func expectStatementEnd() throws(Abort) {
        // A block closed early (missing `}`) leaves us at the start of the next line.
        let atLineStart = position > 0 && lexer.tokens[position - 1].kind == .newline
        guard current.kind.endsStatement || current.kind == .rightBrace || atLineStart else {
            try failExpected("end of line")
        }
    }

    /// Skips to the end of the current statement, stepping over `{ ... }` blocks.
    mutating func recover() {
        while !current.kind.endsStatement && current.kind != .rightBrace {
            if current.kind == .leftBrace {
                skipBlock()
            } else {
                advance()
            }
        }
    }

    /// Skips a balanced `{ ... }` starting at the current `{`.
    ///
    /// A line inside that starts with a clause keyword or `rule` shows the `{` was stray
    /// (`when a and {`): skipping stops at that line break so the clause is still read.
    mutating func skipBlock() {
        var open = 0
        repeat {
            if current.kind == .leftBrace { open += 1 }
            if current.kind == .rightBrace { open -= 1 }
            if current.kind == .newline, startsClause(peek(1)) { return }
            advance()
        } while open > 0 && current.kind != .endOfFile
    }

    /// Whether a token is a word that begins a clause or a rule.
    func startsClause(_ token: Token) -> Bool {
        guard token.kind == .word else { return false }
        // A switch over the words, not a set: asked at every statement, and hashing the
        // word cost more than comparing it with twelve short strings.
        switch token.text {
        case "when", "request", "response", "respond", "fail", "delay", "throttle", "network", "cache", "stop", "times", "rule": return true
        default: return false
        }
    }

    /// Counts one more level of nesting, reporting and unwinding past the limit.
    mutating func enterNesting() throws(Abort) {
        depth += 1
        if depth > Parser.maximumDepth {
            depth = 0
            try fail(DiagnosticMessages.nestingTooDeep(limit: Parser.maximumDepth))
        }
    }

    mutating func leaveNesting() {
        depth = max(depth - 1, 0)
    }
}
