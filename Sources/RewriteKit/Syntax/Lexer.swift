/// Turns a rule file's text into tokens, reporting malformed literals as it goes.
///
/// The lexer works on UTF-8 bytes and tracks line and column as it advances, so every
/// token knows its range the moment it is made. It never stops early: after a problem it
/// reports a diagnostic and carries on with the next character.
struct Lexer {
    let source: SourceFile
    let bytes: [UInt8]
    /// Where the text the lexer reads ends: the file's end, or a part's (see ``Parser/init(source:part:)``).
    let end: Int
    var index: Int
    var line: Int
    var column: Int
    var tokens: [Token] = []
    var diagnostics: [Diagnostic] = []

    /// A lexer of the whole file, or of the part of it from `part.start` (a line start) up to `part.end`.
    init(source: SourceFile, part: FilePart? = nil) {
        self.source = source
        self.bytes = source.bytes
        let start = part?.start ?? SourceLocation(line: 1, column: 1, offset: 0)
        self.end = min(part?.end ?? source.bytes.count, source.bytes.count)
        self.index = start.offset
        self.line = start.line
        self.column = start.column
    }

    /// Whether ``TokenKind/endOfFile`` has been emitted.
    private(set) var isFinished = false

    /// Lexes until ``tokens`` holds at least `count` tokens, or the file has ended.
    mutating func lex(atLeast count: Int) {
        while tokens.count < count && !isFinished { step() }
    }

    /// Forgets the first `count` tokens (the parser is done with them); the last token is
    /// always kept, since lexing the next one may depend on it.
    mutating func dropTokens(_ count: Int) {
        let dropped = min(count, tokens.count - 1)
        if dropped > 0 { tokens.removeFirst(dropped) }
    }

    // MARK: - Positions

    var location: SourceLocation { SourceLocation(line: line, column: column, offset: index) }

    func peek(_ ahead: Int = 0) -> UInt8? {
        let position = index + ahead
        return position < end ? bytes[position] : nil
    }

    mutating func advance() {
        guard index < end else { return }
        let byte = bytes[index]
        index += 1
        if byte == UInt8(ascii: "\n") {
            line += 1
            column = 1
        } else if byte & 0xC0 != 0x80 {
            column += 1
        }
    }

    /// Advances over one whole Unicode scalar.
    mutating func advanceScalar() {
        advance()
        while let byte = peek(), byte & 0xC0 == 0x80 { advance() }
    }

    func text(from start: Int, to end: Int) -> String {
        String(decoding: bytes[start..<end], as: UTF8.self)
    }

    mutating func error(_ message: DiagnosticMessage, _ range: SourceRange) {
        diagnostics.append(Diagnostic(.error, message, file: source.name, range: range))
    }

    mutating func emit(_ kind: TokenKind, from start: SourceLocation, payload: Token.Payload = .none) {
        let range = SourceRange(start: start, end: location)
        tokens.append(Token(kind: kind, text: kind.fixedText ?? text(from: start.offset, to: index), range: range, payload: payload))
    }

    // MARK: - Main loop

    /// Reads one lexical element (a token, or whitespace or a comment); at the end of the
    /// text, emits ``TokenKind/endOfFile``.
    mutating func step() {
        guard let byte = peek() else {
            emit(.endOfFile, from: location)
            isFinished = true
            return
        }
        do {
            let start = location
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), 0x0C:
                // The whole run of blanks in one step (an indent is four): each is one
                // ASCII byte and one column.
                repeat {
                    index += 1
                    column += 1
                } while index < end && Self.isBlank(bytes[index])
            case UInt8(ascii: "#"):
                while let next = peek(), next != UInt8(ascii: "\n") { advance() }
            case UInt8(ascii: "\n"):
                advance()
                emit(.newline, from: start)
            case UInt8(ascii: "\""):
                lexString()
            case UInt8(ascii: "/"):
                if let previous = tokens.last, previous.kind == .number || previous.kind == .quantity,
                    previous.range.end.offset == index
                {
                    advance()
                    emit(.slash, from: start)
                } else {
                    lexRegex()
                }
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                if let previous = tokens.last, previous.isWord("json") {
                    lexJSON()
                } else {
                    advance()
                    emit(byte == UInt8(ascii: "{") ? .leftBrace : .leftBracket, from: start)
                }
            case UInt8(ascii: "-"):
                if let next = peek(1), isDigit(next) { lexNumber() } else { lexInvalid() }
            default:
                if isDigit(byte) {
                    lexNumber()
                } else if isWordStart(byte) {
                    lexWord()
                } else if let kind = punctuation() {
                    emit(kind, from: start)
                } else {
                    lexInvalid()
                }
            }
        }
    }

    /// Space, tab, carriage return or form feed: blanks between tokens.
    static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") || byte == 0x0C
    }

    /// Consumes one- or two-character punctuation, returning its kind.
    mutating func punctuation() -> TokenKind? {
        guard let byte = peek() else { return nil }
        let next = peek(1)
        func two(_ kind: TokenKind) -> TokenKind {
            advance()
            advance()
            return kind
        }
        func one(_ kind: TokenKind) -> TokenKind {
            advance()
            return kind
        }
        switch byte {
        case UInt8(ascii: "}"): return one(.rightBrace)
        case UInt8(ascii: "]"): return one(.rightBracket)
        case UInt8(ascii: "("): return one(.leftParen)
        case UInt8(ascii: ")"): return one(.rightParen)
        case UInt8(ascii: ","): return one(.comma)
        case UInt8(ascii: ";"): return one(.semicolon)
        case UInt8(ascii: "~"): return one(.tilde)
        case UInt8(ascii: "."): return next == UInt8(ascii: ".") ? two(.dotDot) : nil
        case UInt8(ascii: "="): return next == UInt8(ascii: "=") ? two(.equal) : nil
        case UInt8(ascii: "!"): return next == UInt8(ascii: "=") ? two(.notEqual) : nil
        case UInt8(ascii: "<"): return next == UInt8(ascii: "=") ? two(.lessOrEqual) : one(.less)
        case UInt8(ascii: ">"): return next == UInt8(ascii: "=") ? two(.greaterOrEqual) : one(.greater)
        default: return nil
        }
    }

    /// Reports a run of characters that start no token as one diagnostic.
    mutating func lexInvalid() {
        let start = location
        repeat {
            advanceScalar()
        } while peek().map { !startsToken($0) } ?? false
        let range = SourceRange(start: start, end: location)
        let text = text(from: start.offset, to: index)
        error(DiagnosticMessages.unexpectedCharacter(text), range)
        tokens.append(Token(kind: .invalid, text: text, range: range))
    }

    func startsToken(_ byte: UInt8) -> Bool {
        if isWordStart(byte) || isDigit(byte) { return true }
        return Array(" \t\r\n#\"/{}[](),;~.<>=!-".utf8).contains(byte)
    }

    // MARK: - Words and numbers

    func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    func isLetter(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
    }

    func isWordStart(_ byte: UInt8) -> Bool { isLetter(byte) || byte == UInt8(ascii: "_") }

    /// A word; a dotted run such as `api.example.com` is kept as one word, which no keyword
    /// is, so an unquoted host or path gets one error with its whole text quoted as the fix-it.
    mutating func lexWord() {
        let start = location
        while let byte = peek() {
            if isWordStart(byte) || isDigit(byte) || byte == UInt8(ascii: "-") {
                advance()
            } else if byte == UInt8(ascii: "."), let next = peek(1), isWordStart(next) || isDigit(next) {
                advance()
            } else {
                break
            }
        }
        emit(.word, from: start)
    }

    mutating func lexNumber() {
        let start = location
        if peek() == UInt8(ascii: "-") { advance() }
        while let byte = peek(), isDigit(byte) { advance() }
        if peek() == UInt8(ascii: "."), let next = peek(1), isDigit(next) {
            advance()
            while let byte = peek(), isDigit(byte) { advance() }
        }
        let numberEnd = index
        let value = Double(text(from: start.offset, to: numberEnd)) ?? 0
        if let byte = peek(), isLetter(byte) || byte == UInt8(ascii: "%") {
            if byte == UInt8(ascii: "%") { advance() }
            while let byte = peek(), isLetter(byte) { advance() }
            emit(.quantity, from: start, payload: .quantity(value, unit: text(from: numberEnd, to: index)))
        } else {
            emit(.number, from: start, payload: .number(value))
        }
    }
}
