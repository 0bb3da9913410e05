/// The syntax tree of a parsed regex, produced by ``RegexParser`` and turned into a
/// ``RegexProgram`` by ``RegexCompiler``.
///
/// Every node that can cause an error later (only a repetition, when the program grows too
/// large) is compiled immediately after parsing, so nodes carry no source positions.
indirect enum RegexNode: Sendable, Equatable {
    /// Matches the empty string (an empty pattern, group or alternative).
    case empty
    /// One literal scalar.
    case scalar(Unicode.Scalar)
    /// `.`: any scalar except `\n`.
    case anyExceptNewline
    /// A character class or `\d`-style escape.
    case characterClass(CharacterClass)
    /// A zero-width assertion: `^`, `$`, `\b`, `\B`.
    case assertion(RegexAssertion)
    /// A group; `captureIndex` is 1-based for capturing groups, `nil` for `(?:...)`.
    case group(RegexNode, captureIndex: Int?)
    /// A sequence.
    case concatenation([RegexNode])
    /// `a|b|c`, leftmost alternative preferred.
    case alternation([RegexNode])
    /// A quantified node; `max == nil` means unbounded.
    case repetition(RegexNode, min: Int, max: Int?, greedy: Bool)

    /// Whether the node can match the empty string.
    var isNullable: Bool {
        switch self {
        case .empty, .assertion:
            return true
        case .scalar, .anyExceptNewline, .characterClass:
            return false
        case .group(let body, _):
            return body.isNullable
        case .concatenation(let items):
            return items.allSatisfy(\.isNullable)
        case .alternation(let items):
            return items.contains(where: \.isNullable)
        case .repetition(let body, let min, _, _):
            return min == 0 || body.isNullable
        }
    }
}

/// A zero-width assertion.
enum RegexAssertion: Sendable, Equatable {
    /// `^`: the start of the text (not of a line).
    case startOfText
    /// `$`: the very end of the text (not before a final `\n`, not at line ends).
    case endOfText
    /// `\b`: between a word scalar (`[A-Za-z0-9_]`) and a non-word scalar or an edge.
    case wordBoundary
    /// `\B`: anywhere `\b` does not match.
    case notWordBoundary
}
