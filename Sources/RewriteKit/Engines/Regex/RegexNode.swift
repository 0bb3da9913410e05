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

    /// How many instructions ``RegexCompiler`` emits for the node (saturating at `Int.max`),
    /// worked out without emitting them, so a too-large pattern is refused at once with its
    /// real size. Recursion follows group nesting, which the parser limits.
    var instructionCount: Int {
        func add(_ lhs: Int, _ rhs: Int) -> Int {
            let (sum, overflow) = lhs.addingReportingOverflow(rhs)
            return overflow ? .max : sum
        }
        func times(_ lhs: Int, _ rhs: Int) -> Int {
            let (product, overflow) = lhs.multipliedReportingOverflow(by: rhs)
            return overflow ? .max : product
        }
        switch self {
        case .empty:
            return 0
        case .scalar, .anyExceptNewline, .characterClass, .assertion:
            return 1
        case .group(let body, let captureIndex):
            return add(body.instructionCount, captureIndex == nil ? 0 : 2)
        case .concatenation(let items):
            return items.reduce(0) { add($0, $1.instructionCount) }
        case .alternation(let branches):
            return add(branches.reduce(0) { add($0, $1.instructionCount) }, times(2, max(branches.count - 1, 0)))
        case .repetition(let body, let min, let max, _):
            let size = body.instructionCount
            guard let max else { return min == 0 ? add(size, 2) : add(times(min, size), 1) }
            return add(times(min, size), times(max - min, add(size, 1)))
        }
    }

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
