/// A shell-style wildcard pattern matched against a whole string, such as `*.ads.example.com`.
///
/// `*` matches any run of scalars (including `/` and `.`), `?` exactly one scalar,
/// `[abc]`, `[a-z]` and `[!a]` (or `[^a]`) one scalar from a set, and `\` makes the next
/// scalar literal. A `[` without its `]` is a literal `[`. Matching uses the greedy
/// two-pointer algorithm that backtracks only to the last `*`, so it never recurses and
/// costs at most O(pattern × text).
struct GlobPattern: Sendable {
    /// One element of a parsed glob.
    private enum Token: Sendable {
        /// A literal scalar and its case-folded value.
        case literal(original: UInt32, folded: UInt32)
        /// `?`.
        case anyScalar
        /// `*` (runs of stars are collapsed).
        case star
        /// `[...]`.
        case set(CharacterClass)
    }

    /// The pattern text as written.
    let pattern: String
    /// Whether letters match regardless of case.
    let isCaseInsensitive: Bool
    /// The fixed text before the first wildcard (the whole pattern, unescaped, when literal).
    let literalPrefix: String
    /// The fixed text after the last wildcard (the whole pattern, unescaped, when literal).
    let literalSuffix: String
    /// Whether the pattern has no wildcards, so it matches exactly one string.
    let isLiteral: Bool
    /// The parsed pattern.
    private let tokens: [Token]

    /// Parses `pattern`; every pattern is valid (malformed brackets are literal).
    init(_ pattern: String, caseInsensitive: Bool = false) {
        self.pattern = pattern
        isCaseInsensitive = caseInsensitive
        let tokens = Self.parse(Array(pattern.unicodeScalars), caseInsensitive: caseInsensitive)
        self.tokens = tokens
        func literalText(_ slice: ArraySlice<Token>) -> String {
            var view = String.UnicodeScalarView()
            for case .literal(let original, _) in slice {
                if let scalar = Unicode.Scalar(original) { view.append(scalar) }
            }
            return String(view)
        }
        let isWildcard: (Token) -> Bool = { if case .literal = $0 { false } else { true } }
        let first = tokens.firstIndex(where: isWildcard)
        let last = tokens.lastIndex(where: isWildcard)
        isLiteral = first == nil
        literalPrefix = literalText(tokens[..<(first ?? tokens.endIndex)])
        literalSuffix = literalText(tokens[(last.map { $0 + 1 } ?? tokens.startIndex)...])
    }

    /// Whether the whole of `text` matches the pattern.
    func matches(_ text: String) -> Bool {
        var scalars: [UInt32] = []
        scalars.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            scalars.append(isCaseInsensitive ? CaseFolding.lower(scalar.value) : scalar.value)
        }
        var patternIndex = 0
        var textIndex = 0
        var lastStar = -1
        var textAtLastStar = 0
        while textIndex < scalars.count {
            if patternIndex < tokens.count, Self.token(tokens[patternIndex], accepts: scalars[textIndex]) {
                patternIndex += 1
                textIndex += 1
            } else if patternIndex < tokens.count, case .star = tokens[patternIndex] {
                lastStar = patternIndex
                textAtLastStar = textIndex
                patternIndex += 1
            } else if lastStar >= 0 {
                patternIndex = lastStar + 1
                textAtLastStar += 1
                textIndex = textAtLastStar
            } else {
                return false
            }
        }
        while patternIndex < tokens.count, case .star = tokens[patternIndex] { patternIndex += 1 }
        return patternIndex == tokens.count
    }

    /// Whether a single-scalar token accepts the (already folded) text scalar.
    private static func token(_ token: Token, accepts value: UInt32) -> Bool {
        switch token {
        case .literal(_, let folded): return folded == value
        case .anyScalar: return true
        case .set(let set): return set.contains(value)
        case .star: return false
        }
    }

    /// Splits the pattern into tokens.
    private static func parse(_ scalars: [Unicode.Scalar], caseInsensitive: Bool) -> [Token] {
        var tokens: [Token] = []
        var index = 0
        func literal(_ value: UInt32) -> Token {
            .literal(original: value, folded: caseInsensitive ? CaseFolding.lower(value) : value)
        }
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            switch scalar {
            case "*":
                if case .star? = tokens.last { continue }
                tokens.append(.star)
            case "?":
                tokens.append(.anyScalar)
            case "\\":
                tokens.append(literal(index < scalars.count ? scalars[index].value : scalar.value))
                index += 1
            case "[":
                if let (set, end) = parseSet(scalars, from: index, caseInsensitive: caseInsensitive) {
                    tokens.append(.set(set))
                    index = end
                } else {
                    tokens.append(literal(scalar.value))
                }
            default:
                tokens.append(literal(scalar.value))
            }
        }
        return tokens
    }

    /// Parses a bracket set whose `[` is just before `start`; returns it and the index after `]`.
    private static func parseSet(_ scalars: [Unicode.Scalar], from start: Int, caseInsensitive: Bool) -> (CharacterClass, Int)? {
        var index = start
        let negated = index < scalars.count && (scalars[index] == "!" || scalars[index] == "^")
        if negated { index += 1 }
        var members: [ClosedRange<UInt32>] = []
        var first = true
        func item() -> UInt32? {
            guard index < scalars.count else { return nil }
            if scalars[index] == "\\" && index + 1 < scalars.count { index += 1 }
            defer { index += 1 }
            return scalars[index].value
        }
        while index < scalars.count {
            if scalars[index] == "]" && !first { return (CharacterClass(ranges: members, negated: negated, caseInsensitive: caseInsensitive), index + 1) }
            first = false
            guard let low = item() else { return nil }
            if index + 1 < scalars.count, scalars[index] == "-", scalars[index + 1] != "]" {
                index += 1
                guard let high = item() else { return nil }
                if low <= high { members.append(low...high) }
            } else {
                members.append(low...low)
            }
        }
        return nil
    }
}
