/// A condition: a test, or tests combined with `and`, `or`, `not` and parentheses.
public struct Condition: Sendable, Hashable {
    /// The shape of a condition.
    public indirect enum Kind: Sendable, Hashable {
        /// `LHS and RHS`.
        case and(Condition, Condition)
        /// `LHS or RHS`.
        case or(Condition, Condition)
        /// `not OPERAND`.
        case not(Condition)
        /// `SUBJECT OPERATOR VALUE`.
        case test(ConditionTest)
    }

    /// The condition's shape.
    public let kind: Kind
    /// The whole condition, parentheses included when it was written in them.
    public let range: SourceRange

    /// Creates a condition node.
    public init(kind: Kind, range: SourceRange) {
        self.kind = kind
        self.range = range
    }

    /// The condition split at top-level `and`s: `a and (b or c) and d` gives `[a, b or c, d]`.
    public var conjuncts: [Condition] {
        if case .and(let lhs, let rhs) = kind { return lhs.conjuncts + rhs.conjuncts }
        return [self]
    }

    /// Every test in the condition, left to right.
    public var tests: [ConditionTest] {
        switch kind {
        case .and(let lhs, let rhs), .or(let lhs, let rhs): lhs.tests + rhs.tests
        case .not(let operand): operand.tests
        case .test(let test): [test]
        }
    }

    /// Whether two conditions are the same ignoring positions.
    public func isStructurallyEqual(to other: Condition) -> Bool {
        switch (kind, other.kind) {
        case (.and(let a1, let b1), .and(let a2, let b2)), (.or(let a1, let b1), .or(let a2, let b2)):
            a1.isStructurallyEqual(to: a2) && b1.isStructurallyEqual(to: b2)
        case (.not(let a), .not(let b)):
            a.isStructurallyEqual(to: b)
        case (.test(let a), .test(let b)):
            a.isStructurallyEqual(to: b)
        default:
            false
        }
    }
}
