extension CompiledCondition {
    /// The condition as a rule would write it (`path == "/v1/users"`), for near misses.
    var text: String {
        switch self {
        case .test(let test): test.text
        case .and(let operands): "(" + operands.map(\.text).joined(separator: " and ") + ")"
        case .or(let operands): "(" + operands.map(\.text).joined(separator: " or ") + ")"
        case .not(let operand): "not " + operand.text
        }
    }

    /// The operands of a top-level `and`, or the condition itself.
    var conjuncts: [CompiledCondition] {
        if case .and(let operands) = self { return operands }
        return [self]
    }
}
