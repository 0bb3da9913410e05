/// Turns regex pattern text into a ``RegexNode`` tree, rejecting every construct that
/// would need backtracking.
///
/// A recursive-descent parser over the pattern's Unicode scalars, so error offsets are
/// scalar offsets. Escapes and character classes live in `RegexParser+Escapes.swift`.
struct RegexParser {
    /// The largest count allowed in `{n}`, `{n,}` and `{n,m}`.
    static let maxRepetition = 1000
    /// The deepest group nesting accepted (keeps the parser's and compiler's stacks small).
    static let maxDepth = 200

    /// The pattern, one element per Unicode scalar.
    let scalars: [Unicode.Scalar]
    /// The offset of the next unread scalar.
    var position = 0
    /// Number of capturing groups seen so far (named ones included).
    private(set) var captureCount = 0
    /// Capture index of every named group.
    private(set) var captureNames: [String: Int] = [:]
    /// Whether the regex is case-insensitive (the caller's flag, or a leading `(?i)`).
    private(set) var caseInsensitive: Bool
    /// Current group nesting.
    private var depth = 0

    /// Creates a parser for `pattern`.
    init(pattern: String, caseInsensitive: Bool) {
        scalars = Array(pattern.unicodeScalars)
        self.caseInsensitive = caseInsensitive
    }

    /// Parses the whole pattern.
    mutating func parse() throws(RegexSyntaxError) -> RegexNode {
        if hasPrefix("(?i)", at: 0) {
            caseInsensitive = true
            position = 4
        }
        let node = try parseAlternation()
        if position < scalars.count { throw .unbalancedClose(at: position) }
        return node
    }

    /// The scalar at `offset`, if any.
    func scalar(at offset: Int) -> Unicode.Scalar? {
        offset >= 0 && offset < scalars.count ? scalars[offset] : nil
    }

    /// The next unread scalar, if any.
    var peek: Unicode.Scalar? { scalar(at: position) }

    /// The pattern text between two offsets, for quoting in messages.
    func text(_ start: Int, _ end: Int) -> String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars[max(0, start)..<min(end, scalars.count)])
        return String(view)
    }

    /// Whether the pattern continues with `literal` at `offset`.
    func hasPrefix(_ literal: String, at offset: Int) -> Bool {
        var index = offset
        for expected in literal.unicodeScalars {
            guard scalar(at: index) == expected else { return false }
            index += 1
        }
        return true
    }

    /// `a|b|c`.
    private mutating func parseAlternation() throws(RegexSyntaxError) -> RegexNode {
        var branches = [try parseConcatenation()]
        while peek == "|" {
            position += 1
            branches.append(try parseConcatenation())
        }
        return branches.count == 1 ? branches[0] : .alternation(branches)
    }

    /// A run of quantified atoms up to `|`, `)` or the end.
    private mutating func parseConcatenation() throws(RegexSyntaxError) -> RegexNode {
        var items: [RegexNode] = []
        while let next = peek, next != "|", next != ")" {
            let (atom, repeatable) = try parseAtom()
            items.append(try parseQuantifier(after: atom, repeatable: repeatable))
        }
        if items.count <= 1 { return items.first ?? .empty }
        return .concatenation(items)
    }

    /// One atom; `repeatable` is false for assertions, which take no quantifier.
    private mutating func parseAtom() throws(RegexSyntaxError) -> (RegexNode, repeatable: Bool) {
        guard let next = peek else { return (.empty, false) }
        switch next {
        case "(":
            return (try parseGroup(), true)
        case "[":
            return (.characterClass(try parseClass()), true)
        case "\\":
            let node = try parseEscape()
            if case .assertion = node { return (node, false) }
            return (node, true)
        case ".":
            position += 1
            return (.anyExceptNewline, true)
        case "^", "$":
            position += 1
            return (.assertion(next == "^" ? .startOfText : .endOfText), false)
        case "*", "+", "?":
            throw .nothingToRepeat(String(next), at: position)
        case "{":
            if let braces = try parseBraces() { throw .nothingToRepeat(braces.text, at: braces.start) }
            position += 1
            return (.scalar(next), true)
        default:
            position += 1
            return (.scalar(next), true)
        }
    }

    /// An optional quantifier (`* + ? {n} {n,} {n,m}`, each optionally lazy) after an atom.
    private mutating func parseQuantifier(after atom: RegexNode, repeatable: Bool) throws(RegexSyntaxError) -> RegexNode {
        let start = position
        var bounds: (min: Int, max: Int?)
        switch peek {
        case "*": bounds = (0, nil); position += 1
        case "+": bounds = (1, nil); position += 1
        case "?": bounds = (0, 1); position += 1
        case "{":
            guard let braces = try parseBraces() else { return atom }
            bounds = (braces.min, braces.max)
            position = braces.end
        default:
            return atom
        }
        let quantifier = text(start, position)
        guard repeatable else { throw .nothingToRepeat(quantifier, at: start) }
        var greedy = true
        if peek == "?" {
            greedy = false
            position += 1
        } else if peek == "+" {
            throw .possessive(quantifier + "+", at: start)
        }
        if let next = peek, next == "*" || next == "+" || next == "?" {
            throw .nothingToRepeat(String(next), at: position)
        }
        if peek == "{", let braces = try parseBraces() { throw .nothingToRepeat(braces.text, at: braces.start) }
        return .repetition(atom, min: bounds.min, max: bounds.max, greedy: greedy)
    }

    /// Reads `{n}`, `{n,}` or `{n,m}` at the current position without consuming it;
    /// `nil` when the brace does not start one (it is then a literal `{`).
    private func parseBraces() throws(RegexSyntaxError) -> (min: Int, max: Int?, start: Int, end: Int, text: String)? {
        let start = position
        var index = position + 1
        func number() -> (value: Int, text: String, start: Int)? {
            let numberStart = index
            var value = 0
            while let digit = scalar(at: index), digit.value >= 0x30, digit.value <= 0x39 {
                value = min(value * 10 + Int(digit.value - 0x30), 1_000_000_000)
                index += 1
            }
            return index > numberStart ? (value, text(numberStart, index), numberStart) : nil
        }
        guard let low = number() else { return nil }
        var high: (value: Int, text: String, start: Int)? = low
        if scalar(at: index) == "," {
            index += 1
            high = number()
        }
        guard scalar(at: index) == "}" else { return nil }
        index += 1
        for bound in [low, high].compactMap({ $0 }) where bound.value > Self.maxRepetition {
            throw .repetitionTooLarge(bound.text, limit: Self.maxRepetition, at: bound.start)
        }
        if let high, high.value < low.value { throw .repetitionOutOfOrder(text(start, index), at: start) }
        return (low.value, high?.value, start, index, text(start, index))
    }

    /// A group at `(`: capturing, `(?:`, `(?<name>` / `(?P<name>`; rejects lookaround,
    /// atomic groups, inline flags and other `(?` forms.
    private mutating func parseGroup() throws(RegexSyntaxError) -> RegexNode {
        let open = position
        depth += 1
        if depth > Self.maxDepth { throw .tooDeep(limit: Self.maxDepth, at: open) }
        position += 1
        var captureIndex: Int?
        if peek == "?" {
            let kind = scalar(at: position + 1)
            let after = scalar(at: position + 2)
            switch kind {
            case ":":
                position += 2
            case "=", "!":
                throw .lookaround(text(open, open + 3), at: open)
            case "<" where after == "=" || after == "!":
                throw .lookaround(text(open, open + 4), at: open)
            case ">":
                throw .atomicGroup(at: open)
            case "<":
                position += 2
                captureIndex = try parseGroupName()
            case "P" where after == "<":
                position += 3
                captureIndex = try parseGroupName()
            case "P" where after == "=":
                throw .backreference(at: open)
            case let flag? where "imsxnUJ-^".unicodeScalars.contains(flag):
                var end = position + 1
                while let next = scalar(at: end), next != ")", next != ":" { end += 1 }
                throw .inlineFlags(text(open, end + 1), at: open)
            default:
                throw .unknownGroup(text(open, open + 3), at: open)
            }
        } else {
            captureCount += 1
            captureIndex = captureCount
        }
        let body = try parseAlternation()
        guard peek == ")" else { throw .unbalancedOpen(at: open) }
        position += 1
        depth -= 1
        return .group(body, captureIndex: captureIndex)
    }

    /// `name>` after `(?<` or `(?P<`; registers the name and returns the capture index.
    private mutating func parseGroupName() throws(RegexSyntaxError) -> Int {
        let start = position
        while let next = peek, next.isASCII,
              next.properties.isAlphabetic || next == "_" || (position > start && ("0"..."9").contains(next)) {
            position += 1
        }
        guard position > start, peek == ">" else { throw .invalidGroupName(at: start) }
        let name = text(start, position)
        position += 1
        if captureNames[name] != nil { throw .duplicateGroupName(name, at: start) }
        captureCount += 1
        captureNames[name] = captureCount
        return captureCount
    }
}
