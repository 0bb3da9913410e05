/// One `rule "NAME" { ... }` block.
struct Rule: Sendable, Hashable {
    /// The rule's name, escapes resolved.
    let name: String
    /// Where the name's string literal is, quotes included.
    let nameRange: SourceRange
    /// The clauses, in source order.
    let clauses: [RuleClause]
    /// From `rule` to the closing `}`.
    let range: SourceRange

    /// Creates a rule node.
    init(name: String, nameRange: SourceRange, clauses: [RuleClause], range: SourceRange) {
        self.name = name
        self.nameRange = nameRange
        self.clauses = clauses
        self.range = range
    }

    /// The conditions of every `when` clause (all must hold).
    var conditions: [Condition] {
        clauses.compactMap { clause in
            if case .when(let condition) = clause.kind { return condition }
            return nil
        }
    }

    /// Whether the rule has a `stop` clause.
    var stops: Bool {
        clauses.contains(where: \.isStop)
    }

    /// Whether the rule has `times N` (it applies to a limited number of requests).
    var isCounted: Bool {
        clauses.contains { if case .times = $0.kind { true } else { false } }
    }
}

/// `{ ACTIONS }` after `request`, `response` or `response when CONDITION`.
struct ActionBlock: Sendable, Hashable {
    /// The actions in order.
    let actions: [Action]
    /// From `{` to `}`.
    let range: SourceRange
}
