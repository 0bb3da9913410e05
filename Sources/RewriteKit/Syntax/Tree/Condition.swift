/// A condition: a test, or tests combined with `and`, `or`, `not` and parentheses.
///
/// Chains of `and` and `or` are lists, not nested pairs, so a condition of ten thousand
/// tests is as deep as one of two; only `not` and parentheses nest, up to
/// ``Parser/maximumDepth``.
struct Condition: Sendable, Hashable {
    /// The shape of a condition.
    indirect enum Kind: Sendable, Hashable {
        /// `A and B and …`: two or more operands.
        case and([Condition])
        /// `A or B or …`: two or more operands.
        case or([Condition])
        /// `not OPERAND`.
        case not(Condition)
        /// `SUBJECT OPERATOR VALUE`.
        case test(ConditionTest)
    }

    /// The condition's shape.
    let kind: Kind
    /// The whole condition, parentheses included when it was written in them.
    let range: SourceRange

    /// The condition split at top-level `and`s: `a and (b or c) and d` gives `[a, b or c, d]`.
    var conjuncts: [Condition] {
        if case .and(let operands) = kind { return operands }
        return [self]
    }

    /// Every test in the condition, left to right (walked with a stack, not recursion).
    var tests: [ConditionTest] {
        var result: [ConditionTest] = []
        var pending: [Condition] = [self]
        while let condition = pending.popLast() {
            switch condition.kind {
            case .and(let operands), .or(let operands): pending += operands.reversed()
            case .not(let operand): pending.append(operand)
            case .test(let test): result.append(test)
            }
        }
        return result
    }
}
