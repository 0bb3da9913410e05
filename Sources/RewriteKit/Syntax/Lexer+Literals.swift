/// String, regex and JSON literals.
extension Lexer {
    // MARK: - Strings

    mutating func lexString() {
        let start = location
        advance()  // opening quote
        var parts: [Template.Part] = []
        // The text since the last part is a run of source bytes, sliced when the part ends;
        // `decoded` holds text before an escape, whose bytes differ from the source's.
        var decoded: [UInt8] = []
        var runStart = index
        while true {
            guard let byte = peek(), byte != UInt8(ascii: "\n") else {
                error(DiagnosticMessages.unterminatedString, SourceRange(start: start, end: location))
                break
            }
            if byte == UInt8(ascii: "\"") {
                break
            }
            if byte == UInt8(ascii: "\\") {
                decoded.append(contentsOf: bytes[runStart..<index])
                lexEscape(into: &decoded)
                runStart = index
            } else if byte == UInt8(ascii: "$"), peek(1) == UInt8(ascii: "{") {
                appendLiteral(&decoded, runStart: runStart, to: &parts)
                if let part = lexPlaceholder() { parts.append(part) }
                runStart = index
            } else {
                advance()
            }
        }
        appendLiteral(&decoded, runStart: runStart, to: &parts)
        if peek() == UInt8(ascii: "\"") { advance() }  // closing quote
        let range = SourceRange(start: start, end: location)
        emit(.string, from: start, payload: .template(Template(parts: parts, range: range)))
    }

    /// Ends a literal part of a string: the decoded text, then the source bytes from
    /// `runStart` to here; nothing when both are empty.
    private func appendLiteral(_ decoded: inout [UInt8], runStart: Int, to parts: inout [Template.Part]) {
        let run = bytes[runStart..<index]
        if decoded.isEmpty {
            if !run.isEmpty { parts.append(.literal(String(decoding: run, as: UTF8.self))) }
        } else {
            decoded.append(contentsOf: run)
            parts.append(.literal(String(decoding: decoded, as: UTF8.self)))
            decoded.removeAll(keepingCapacity: true)
        }
    }

    private mutating func lexEscape(into literal: inout [UInt8]) {
        let start = location
        advance()  // backslash
        guard let byte = peek(), byte != UInt8(ascii: "\n") else {
            error(DiagnosticMessages.invalidEscape("\\"), SourceRange(start: start, end: location))
            return
        }
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "$"):
            literal.append(byte)
            advance()
        case UInt8(ascii: "n"):
            literal.append(UInt8(ascii: "\n"))
            advance()
        case UInt8(ascii: "t"):
            literal.append(UInt8(ascii: "\t"))
            advance()
        case UInt8(ascii: "r"):
            literal.append(UInt8(ascii: "\r"))
            advance()
        case UInt8(ascii: "u"):
            advance()
            lexUnicodeEscape(from: start, into: &literal)
        default:
            advanceScalar()
            let sequence = text(from: start.offset, to: index)
            error(DiagnosticMessages.invalidEscape(sequence), SourceRange(start: start, end: location))
            literal.append(contentsOf: Array(sequence.utf8.dropFirst()))
        }
    }

    /// `\u{1F600}`; called after the `u`.
    private mutating func lexUnicodeEscape(from start: SourceLocation, into literal: inout [UInt8]) {
        var digits = ""
        var closed = false
        if peek() == UInt8(ascii: "{") {
            advance()
            while let byte = peek(), digits.count <= 8, ASCIIHex.isDigit(byte) {
                digits.append(Character(Unicode.Scalar(byte)))
                advance()
            }
            if peek() == UInt8(ascii: "}") {
                advance()
                closed = true
            }
        }
        if closed, (1...6).contains(digits.count), let value = UInt32(digits, radix: 16),
            let scalar = Unicode.Scalar(value)
        {
            literal.append(contentsOf: Array(String(Character(scalar)).utf8))
        } else {
            let sequence = text(from: start.offset, to: index)
            error(DiagnosticMessages.invalidUnicodeEscape(sequence), SourceRange(start: start, end: location))
        }
    }

    /// `${NAME}` inside a string; called at the `$`.
    private mutating func lexPlaceholder() -> Template.Part? {
        let start = location
        advance()  // $
        advance()  // {
        let nameStart = start.offset + 2
        while let byte = peek(), byte != UInt8(ascii: "}"), byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\n") {
            advance()
        }
        guard peek() == UInt8(ascii: "}") else {
            error(DiagnosticMessages.unterminatedTemplate, SourceRange(start: start, end: location))
            return nil
        }
        let name = text(from: nameStart, to: index)
        advance()
        let range = SourceRange(start: start, end: location)
        if name.trimmingWhitespace().isEmpty {
            error(DiagnosticMessages.emptyTemplate, range)
            return nil
        }
        return .variable(TemplateVariable(spelling: name), range: range)
    }

    // MARK: - Regexes

    mutating func lexRegex() {
        let start = location
        advance()  // opening slash
        let patternStart = location
        var pattern: [UInt8] = []
        var inClass = false
        var terminated = false
        var patternEnd = location
        while let byte = peek(), byte != UInt8(ascii: "\n") {
            if byte == UInt8(ascii: "\\") {
                advance()
                if peek() == UInt8(ascii: "/") {
                    pattern.append(UInt8(ascii: "/"))
                    advance()
                } else {
                    pattern.append(UInt8(ascii: "\\"))
                    if let next = peek(), next != UInt8(ascii: "\n") {
                        pattern.append(next)
                        advance()
                    }
                }
                continue
            }
            if byte == UInt8(ascii: "/") && !inClass {
                patternEnd = location
                advance()
                terminated = true
                break
            }
            if byte == UInt8(ascii: "[") { inClass = true }
            if byte == UInt8(ascii: "]") { inClass = false }
            pattern.append(byte)
            advance()
        }
        guard terminated else {
            error(DiagnosticMessages.unterminatedRegex, SourceRange(start: start, end: location))
            emit(.invalid, from: start)
            return
        }
        let flagsStart = index
        while let byte = peek(), isLetter(byte) {
            let flagStart = location
            advance()
            if byte != UInt8(ascii: "i") {
                error(
                    DiagnosticMessages.unknownRegexFlag(String(Character(Unicode.Scalar(byte)))),
                    SourceRange(start: flagStart, end: location))
            }
        }
        let literal = RegexLiteral(
            pattern: String(decoding: pattern, as: UTF8.self),
            flags: text(from: flagsStart, to: index),
            patternRange: SourceRange(start: patternStart, end: patternEnd),
            range: SourceRange(start: start, end: location))
        emit(.regex, from: start, payload: .regex(literal))
    }

    // MARK: - JSON

    /// A JSON literal after the word `json`: balanced brackets, respecting JSON strings.
    mutating func lexJSON() {
        let start = location
        let saved = (index, line, column)
        var closers: [UInt8] = []
        var tooDeep = false
        var closed = false
        var mismatch: (found: UInt8, expected: UInt8, at: SourceLocation)?
        scan: while let byte = peek() {
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                closers.append(byte == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]"))
                if closers.count > Parser.maximumDepth { tooDeep = true }
                advance()
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if let expected = closers.popLast(), expected != byte {
                    mismatch = (byte, expected, location)
                    break scan
                }
                advance()
                if closers.isEmpty {
                    closed = true
                    break scan
                }
            case UInt8(ascii: "\""):
                advance()
                while let inner = peek(), inner != UInt8(ascii: "\""), inner != UInt8(ascii: "\n") {
                    if inner == UInt8(ascii: "\\") { advance() }
                    advance()
                }
                advance()
            default:
                advance()
            }
        }
        if let mismatch {
            // The literal ends at the wrong closing bracket.
            advance()
            let found = String(Character(Unicode.Scalar(mismatch.found)))
            let expected = String(Character(Unicode.Scalar(mismatch.expected)))
            error(
                DiagnosticMessages.invalidJSON("expected '\(expected)', found '\(found)'"),
                SourceRange(start: mismatch.at, end: location))
            emit(.invalid, from: start)
            return
        }
        guard closed else {
            // Resume right after the opening line so the rest of the file is still checked.
            (index, line, column) = saved
            while let byte = peek(), byte != UInt8(ascii: "\n") { advance() }
            error(DiagnosticMessages.unterminatedJSON, SourceRange(start: start, end: location))
            emit(.invalid, from: start)
            return
        }
        let range = SourceRange(start: start, end: location)
        if tooDeep {
            error(DiagnosticMessages.jsonTooDeep(limit: Parser.maximumDepth), range)
            emit(.invalid, from: start)
            return
        }
        emit(.json, from: start, payload: .json(JSONLiteral(text: text(from: start.offset, to: index), range: range)))
    }
}
