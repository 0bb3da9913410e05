/// A shell-style wildcard pattern matched against a whole string, such as `*.ads.example.com`.
///
/// `*` matches any run of scalars (including `/` and `.`), `?` exactly one scalar,
/// `[abc]`, `[a-z]` and `[!a]` (or `[^a]`) one scalar from a set, and `\` makes the next
/// scalar literal. A `[` without its `]` is a literal `[`. Text is compared scalar for
/// scalar: callers put text and pattern in the same normal form first.
///
/// The common shapes — exact text, `PREFIX*`, `*SUFFIX`, `*MIDDLE*` — are matched as byte
/// comparisons and keep no token list; any other pattern uses the greedy two-pointer
/// algorithm that backtracks only to the last `*`, so it never recurses and costs at most
/// O(pattern × text). Compiled globs are shared (a class) and immutable.
final class GlobPattern: Sendable {
    /// One element of a parsed glob.
    private enum Token: Sendable {
        /// A literal scalar.
        case literal(UInt32)
        /// `?`.
        case anyScalar
        /// `*` (runs of stars are collapsed).
        case star
        /// `[...]`.
        case set(CharacterClass)
    }

    /// How the pattern is matched.
    private enum Shape: Sendable {
        /// No wildcards: the text equals ``literalPrefix``.
        case exact
        /// `PREFIX*`.
        case prefix
        /// `*SUFFIX`.
        case suffix
        /// `*MIDDLE*`.
        case contains(String)
        /// Anything else.
        case general([Token])
    }

    /// The pattern text as written.
    let pattern: String
    /// The fixed text before the first wildcard (the whole pattern, unescaped, when literal).
    let literalPrefix: String
    /// The fixed text after the last wildcard (the whole pattern, unescaped, when literal).
    let literalSuffix: String
    /// Whether the pattern has no wildcards, so it matches exactly one string.
    let isLiteral: Bool
    private let shape: Shape

    /// Whether the pattern is one `*` followed by fixed text (``literalSuffix``), as
    /// `*.example.com` is: it matches exactly the texts that end with that text.
    var isStarThenLiteral: Bool {
        if case .suffix = shape { true } else { false }
    }

    /// Parses `pattern`; every pattern is valid (malformed brackets are literal).
    init(_ pattern: String) {
        self.pattern = pattern
        // The common shapes (only `*` wildcards, at the ends) need no token list.
        if !pattern.utf8.contains(where: { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "\\") }) {
            let stars = pattern.utf8.filter { $0 == UInt8(ascii: "*") }.count
            let leading = pattern.utf8.first == UInt8(ascii: "*")
            let trailing = pattern.utf8.last == UInt8(ascii: "*")
            let inner = pattern.utf8.dropFirst(leading ? 1 : 0).dropLast(trailing ? 1 : 0)
            let middle = String(decoding: inner, as: UTF8.self)
            if stars == 0 {
                (literalPrefix, literalSuffix, isLiteral, shape) = (pattern, pattern, true, .exact)
                return
            }
            if stars == 1 && trailing && !leading {
                (literalPrefix, literalSuffix, isLiteral, shape) = (middle, "", false, .prefix)
                return
            }
            if stars == 1 && leading && !trailing {
                (literalPrefix, literalSuffix, isLiteral, shape) = ("", middle, false, .suffix)
                return
            }
            if stars == 2 && leading && trailing && !middle.isEmpty {
                (literalPrefix, literalSuffix, isLiteral, shape) = ("", "", false, .contains(middle))
                return
            }
        }
        let tokens = Self.parse(Array(pattern.unicodeScalars))
        func literalText(_ slice: ArraySlice<Token>) -> String {
            var view = String.UnicodeScalarView()
            for case .literal(let value) in slice {
                if let scalar = Unicode.Scalar(value) { view.append(scalar) }
            }
            return String(view)
        }
        let isWildcard: (Token) -> Bool = { if case .literal = $0 { false } else { true } }
        let first = tokens.firstIndex(where: isWildcard)
        let last = tokens.lastIndex(where: isWildcard)
        isLiteral = first == nil
        literalPrefix = literalText(tokens[..<(first ?? tokens.endIndex)])
        literalSuffix = literalText(tokens[(last.map { $0 + 1 } ?? tokens.startIndex)...])
        let wildcards = tokens.filter(isWildcard)
        let onlyStars = wildcards.allSatisfy { if case .star = $0 { true } else { false } }
        switch (first, last) {
        case (nil, _):
            shape = .exact
        case (let first?, let last?) where first == last && onlyStars:
            shape = first == tokens.count - 1 ? .prefix : (first == 0 ? .suffix : .general(tokens))
        case (let first?, let last?) where first == 0 && last == tokens.count - 1 && wildcards.count == 2 && onlyStars:
            shape = .contains(literalText(tokens[1..<last]))
        default:
            shape = .general(tokens)
        }
    }

    /// Whether the whole of `text` matches the pattern.
    func matches(_ text: String) -> Bool {
        switch shape {
        case .exact: return ByteText.equal(text, literalPrefix)
        case .prefix: return ByteText.hasPrefix(text, literalPrefix)
        case .suffix: return ByteText.hasSuffix(text, literalSuffix)
        case .contains(let middle): return ByteText.contains(text, middle)
        case .general(let tokens): return Self.matches(tokens, text)
        }
    }

    private static func matches(_ tokens: [Token], _ text: String) -> Bool {
        let scalars = text.unicodeScalars.map(\.value)
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

    /// Whether a single-scalar token accepts the text scalar.
    private static func token(_ token: Token, accepts value: UInt32) -> Bool {
        switch token {
        case .literal(let literal): return literal == value
        case .anyScalar: return true
        case .set(let set): return set.contains(value)
        case .star: return false
        }
    }

    /// Splits the pattern into tokens.
    private static func parse(_ scalars: [Unicode.Scalar]) -> [Token] {
        var tokens: [Token] = []
        var index = 0
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
                tokens.append(.literal(index < scalars.count ? scalars[index].value : scalar.value))
                index += 1
            case "[":
                if let (set, end) = parseSet(scalars, from: index) {
                    tokens.append(.set(set))
                    index = end
                } else {
                    tokens.append(.literal(scalar.value))
                }
            default:
                tokens.append(.literal(scalar.value))
            }
        }
        return tokens
    }

    /// Parses a bracket set whose `[` is just before `start`; returns it and the index after `]`.
    private static func parseSet(_ scalars: [Unicode.Scalar], from start: Int) -> (CharacterClass, Int)? {
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
            if scalars[index] == "]" && !first { return (CharacterClass(ranges: members, negated: negated, caseInsensitive: false), index + 1) }
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
