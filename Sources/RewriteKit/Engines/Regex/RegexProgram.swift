/// One instruction of a compiled regex, in the style of Thompson's construction:
/// consuming instructions read one scalar, the rest are free (epsilon) moves.
enum RegexInstruction: Sendable, Equatable {
    /// Consumes exactly this scalar.
    case scalar(UInt32)
    /// Consumes either scalar (a case-insensitive letter).
    case scalarPair(UInt32, UInt32)
    /// Consumes any scalar except `\n` (`.`).
    case anyExceptNewline
    /// Consumes a scalar in `RegexProgram.classes[index]`.
    case characterClass(Int)
    /// Continues at both targets; the first has priority (leftmost-first semantics).
    case split(Int, Int)
    /// Continues at the target.
    case jump(Int)
    /// Records the current position in capture slot `n` (group `n / 2`, start or end).
    case save(Int)
    /// Continues only if the assertion holds at the current position.
    case assert(RegexAssertion)
    /// The whole regex has matched.
    case match
}

/// A compiled regex: the instructions a ``PikeVM`` runs, and facts that let it skip work.
struct RegexProgram: Sendable {
    /// The instructions; execution starts at 0.
    var instructions: [RegexInstruction]
    /// Character classes referenced by `.characterClass(index)`.
    var classes: [CharacterClass]
    /// Number of capture slots: two per group, group 0 included.
    var slotCount: Int
    /// Whether every match must start at offset 0 (the regex begins with `^` on every path).
    var isAnchoredAtStart = false
    /// Scalars a match can start with; `nil` when unknown or when the regex can match empty.
    var firstScalars: RegexPrefilter?

    /// Whether the consuming `instruction` accepts `value`; false for other instructions.
    /// `classes` is ``classes`` as a buffer, so the VM's inner loop does no bounds checks.
    @inline(__always)
    static func accepts(
        _ instruction: RegexInstruction, _ value: UInt32, classes: UnsafeBufferPointer<CharacterClass>
    ) -> Bool {
        switch instruction {
        case .scalar(let expected):
            return value == expected
        case .scalarPair(let first, let second):
            return value == first || value == second
        case .anyExceptNewline:
            return value != 0x0A && value <= CharacterClass.maxScalar
        case .characterClass(let index):
            return value <= CharacterClass.maxScalar && classes[index].contains(value)
        case .split, .jump, .save, .assert, .match:
            return false
        }
    }
}
