/// Lays a rule file out one canonical way (`rewrite fmt`), keeping every comment where it is
/// and never changing what the file means.
///
/// The layout: four spaces of indent per open block; one statement a line (a `;` becomes
/// a line break); a block written on one line with one statement stays on its line as
/// `{ statement }`, any other block opens at the end of its line and closes on a line of its
/// own; one space between tokens, none inside `( )` and `[ ]`, before `,`, around `..` and
/// in `64KB/s`; a comment after a statement as far after it as it was written (aligned
/// comments stay aligned); at most one blank line in a
/// row, one after each top-level block (a rule), none at a block's start or end or the
/// file's start; one line break at the end.
/// Literals (strings, regexes, JSON) keep their text exactly.
///
/// It works on the lexer's tokens, which are what the parser reads: the text it writes must
/// lex to the same tokens, with line breaks only where they separate the same statements,
/// and it checks that before it returns, so a file is either laid out or left as it was.
/// A file with a lexical error (an unterminated string, a stray character) is left as it is.
package enum RuleFormatter {
    /// What formatting one file gave.
    package enum Outcome: Sendable {
        /// The file's canonical text (the same as the input when it was canonical already).
        case formatted(String)
        /// The file was left as it is: its lexical errors, or why else.
        case leftAsIs(reason: String, diagnostics: [Diagnostic])
    }

    /// Formats `source`.
    package static func format(_ source: SourceFile) -> Outcome {
        let tokens = lex(source)
        let errors = tokens.diagnostics.filter(\.isError)
        guard errors.isEmpty else {
            return .leftAsIs(reason: "the file has \(errors.count == 1 ? "an error" : "\(errors.count) errors") to fix first", diagnostics: errors)
        }
        var printer = Printer(tokens: tokens.tokens, bytes: source.bytes)
        let text = printer.print()
        // The text must mean what the file meant: the same tokens, separated alike.
        let relexed = lex(SourceFile(name: source.name, text: text))
        guard relexed.diagnostics.isEmpty, statements(of: relexed.tokens) == statements(of: tokens.tokens) else {
            return .leftAsIs(reason: "the formatter could not keep the file's meaning (a bug in rewrite fmt; please report it)", diagnostics: [])
        }
        return .formatted(text)
    }

    /// Every token of `source` and the lexer's diagnostics.
    private static func lex(_ source: SourceFile) -> (tokens: [Token], diagnostics: [Diagnostic]) {
        var lexer = Lexer(source: source)
        lexer.lex(atLeast: .max)
        return (lexer.tokens, lexer.diagnostics)
    }

    /// The tokens as the parser tells statements apart: kinds and texts, with one separator
    /// between statements (a `;` or a run of line breaks) and none at a block's edges.
    static func statements(of tokens: [Token]) -> [String] {
        var result: [String] = []
        var separated = true
        for token in tokens {
            switch token.kind {
            case .newline, .semicolon:
                if !separated { result.append("⏎") }
                separated = true
            case .endOfFile:
                continue
            case .rightBrace:
                if result.last == "⏎" { result.removeLast() }
                result.append("}")
                separated = false
            case .leftBrace:
                result.append("{")
                separated = true
            default:
                result.append("\(token.kind) \(token.text)")
                separated = false
            }
        }
        if result.last == "⏎" { result.removeLast() }
        return result
    }

    /// Writes the tokens out in the canonical layout.
    private struct Printer {
        let tokens: [Token]
        let bytes: [UInt8]
        /// The index of the `}` that closes each `{` kept on one line.
        private var inlineBlocks: [Int: Int] = [:]
        private var lines: [String] = []
        /// The current line's text so far, without its indent.
        private var line = ""
        private var depth = 0
        /// The depth the current line started at.
        private var lineDepth = 0
        /// The current line opens a block that spans lines.
        private var lineOpensBlock = false
        /// A blank line is owed before the next line (blank lines seen since the last one).
        private var blankOwed = false
        /// The last line written opened a block: no blank line may follow it.
        private var atBlockStart = true
        /// The next token starts a new line (after a block's `{`).
        private var breakBeforeNext = false
        /// The last line written closed a block at the top level: a blank line follows it.
        private var afterTopLevelBlock = false

        init(tokens: [Token], bytes: [UInt8]) {
            self.tokens = tokens
            self.bytes = bytes
            inlineBlocks = Self.inlineBlocks(in: tokens)
        }

        /// The blocks written on one line with at most one statement and no block inside:
        /// each `{`'s index and its `}`'s.
        private static func inlineBlocks(in tokens: [Token]) -> [Int: Int] {
            var blocks: [Int: Int] = [:]
            var open: [(index: Int, simple: Bool)] = []
            for (index, token) in tokens.enumerated() {
                switch token.kind {
                case .leftBrace:
                    if !open.isEmpty { open[open.count - 1].simple = false }
                    open.append((index, true))
                case .rightBrace:
                    guard let block = open.popLast() else { continue }
                    if block.simple { blocks[block.index] = index }
                case .newline, .semicolon:
                    if !open.isEmpty { open[open.count - 1].simple = false }
                default:
                    continue
                }
            }
            return blocks
        }

        mutating func print() -> String {
            var inlineCloses: Set<Int> = []
            for (index, token) in tokens.enumerated() {
                switch token.kind {
                case .newline, .semicolon, .endOfFile:
                    breakBeforeNext = false
                    endLine(comment: comment(before: index))
                case .leftBrace:
                    append(token, at: index)
                    if let close = inlineBlocks[index] {
                        inlineCloses.insert(close)
                    } else {
                        depth += 1
                        breakBeforeNext = true
                        lineOpensBlock = true
                    }
                case .rightBrace where inlineCloses.contains(index):
                    append(token, at: index)
                case .rightBrace:
                    if !line.isEmpty { endLine(comment: nil) }
                    blankOwed = false
                    depth = max(0, depth - 1)
                    breakBeforeNext = false
                    append(token, at: index)
                default:
                    if breakBeforeNext {
                        endLine(comment: nil)
                        breakBeforeNext = false
                    }
                    append(token, at: index)
                }
            }
            if !line.isEmpty { endLine(comment: nil) }
            return lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
        }

        /// Adds `token` to the current line, spaced from the one before.
        private mutating func append(_ token: Token, at index: Int) {
            if line.isEmpty {
                lineDepth = depth
            } else if spaced(before: index) {
                line += " "
            }
            line += token.text
        }

        /// Whether a space goes between token `index` and the one before it on the line.
        private func spaced(before index: Int) -> Bool {
            let token = tokens[index]
            let previous = tokens[index - 1]
            switch (previous.kind, token.kind) {
            case (.leftParen, _), (.leftBracket, _), (_, .rightParen), (_, .rightBracket), (_, .comma),
                 (.dotDot, _), (_, .dotDot), (.slash, _), (_, .slash):
                return false
            case (_, .leftParen), (_, .leftBracket):
                // As written: `now()` stays a call, `and (a or b)` stays apart.
                return previous.range.end.offset != token.range.start.offset
            default:
                return true
            }
        }

        /// The comment on the line that token `index` (a line break or the end) ends, if any,
        /// and the spaces before it (kept, so that aligned comments stay aligned).
        private func comment(before index: Int) -> (text: String, indent: Int)? {
            let start = index == 0 ? 0 : tokens[index - 1].range.end.offset
            let end = tokens[index].range.start.offset
            guard start < end, let hash = bytes[start..<end].firstIndex(of: UInt8(ascii: "#")) else { return nil }
            var text = Array(bytes[hash..<end])
            while let last = text.last, Lexer.isBlank(last) { text.removeLast() }
            let gap = bytes[start..<hash]
            return (String(decoding: text, as: UTF8.self), gap.allSatisfy { $0 == UInt8(ascii: " ") } ? max(1, gap.count) : 1)
        }

        /// Ends the current line (with `comment` after it); a line with neither is a blank
        /// line, owed to the next line unless a block edge comes first.
        private mutating func endLine(comment: (text: String, indent: Int)?) {
            guard !line.isEmpty || comment != nil else {
                if !atBlockStart { blankOwed = true }
                return
            }
            if line.isEmpty { lineDepth = depth }
            if (blankOwed || afterTopLevelBlock), !lines.isEmpty { lines.append("") }
            blankOwed = false
            afterTopLevelBlock = lineDepth == 0 && line.hasPrefix("}")
            var text = String(repeating: "    ", count: lineDepth) + line
            if let comment { text += line.isEmpty ? comment.text : String(repeating: " ", count: comment.indent) + comment.text }
            lines.append(text)
            atBlockStart = lineOpensBlock
            lineOpensBlock = false
            line = ""
        }
    }
}
