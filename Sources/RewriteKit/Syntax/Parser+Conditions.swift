/// Conditions: `not` binds tightest, then `and`, then `or`; parentheses group.
extension Parser {
    /// A whole condition after `after` (`when`, `and`, ...).
    mutating func parseCondition(after: String) throws(Abort) -> Condition {
        try parseOr(after: after)
    }

    private mutating func parseOr(after: String) throws(Abort) -> Condition {
        var lhs = try parseAnd(after: after)
        while current.isWord("or") {
            advance()
            let rhs = try parseAnd(after: "or")
            lhs = Condition(kind: .or(lhs, rhs), range: lhs.range.union(rhs.range))
        }
        return lhs
    }

    private mutating func parseAnd(after: String) throws(Abort) -> Condition {
        var lhs = try parseNot(after: after)
        while current.isWord("and") {
            advance()
            let rhs = try parseNot(after: "and")
            lhs = Condition(kind: .and(lhs, rhs), range: lhs.range.union(rhs.range))
        }
        return lhs
    }

    private mutating func parseNot(after: String) throws(Abort) -> Condition {
        guard current.isWord("not") else { return try parsePrimary(after: after) }
        try enterNesting()
        let notToken = advance()
        defer { leaveNesting() }
        let operand = try parseNot(after: "not")
        return Condition(kind: .not(operand), range: notToken.range.union(operand.range))
    }

    private mutating func parsePrimary(after: String) throws(Abort) -> Condition {
        if current.kind == .leftParen {
            try enterNesting()
            let open = advance()
            defer { leaveNesting() }
            skipNewlines()
            let inner = try parseOr(after: "(")
            skipNewlines()
            try expect(.rightParen, "')' to close '('")
            return Condition(kind: inner.kind, range: range(from: open.range.start))
        }
        guard current.kind == .word, !["and", "or", "not"].contains(current.text) else {
            try failExpected("a condition", after: after)
        }
        guard ConditionSubject.keywords.contains(current.text) else {
            let suggestion = Suggestions.closest(to: current.text, in: ConditionSubject.keywords)
            if suggestion == nil, Parser.clauseKeywords.contains(current.text) || current.text == "rule" {
                try failExpected("a condition", after: after)
            }
            try failUnknown("subject", candidates: ConditionSubject.keywords)
        }
        let test = try parseTest()
        return Condition(kind: .test(test), range: test.range)
    }

    /// `SUBJECT OPERATOR VALUE` or `SUBJECT exists`; called at the subject word.
    private mutating func parseTest() throws(Abort) -> ConditionTest {
        let subject = try parseSubject()
        let opToken = current
        let op: ConditionOperator
        switch opToken.kind {
        case .equal: op = .equal
        case .notEqual: op = .notEqual
        case .tilde: op = .matches
        case .less: op = .less
        case .lessOrEqual: op = .lessOrEqual
        case .greater: op = .greater
        case .greaterOrEqual: op = .greaterOrEqual
        case .word:
            guard let wordOp = ConditionOperator(rawValue: opToken.text), ConditionOperator.words.contains(opToken.text)
            else {
                try failUnknown("operator", candidates: ConditionOperator.words)
            }
            op = wordOp
        default:
            try failExpected("an operator", after: source.text(in: subject.range))
        }
        advance()
        var value: Value?
        if op != .exists {
            value = try parseValue(after: op.rawValue)
        }
        return ConditionTest(
            subject: subject, op: op, operatorRange: opToken.range, value: value,
            range: range(from: subject.range.start))
    }

    private mutating func parseSubject() throws(Abort) -> ConditionSubject {
        let word = advance()
        let kind: ConditionSubject.Kind
        switch word.text {
        case "method": kind = .method
        case "scheme": kind = .scheme
        case "host": kind = .host
        case "port": kind = .port
        case "path": kind = .path
        case "url": kind = .url
        case "body": kind = .body
        case "status": kind = .status
        default:
            let what = word.text == "json" ? "a JSON path string" : "a \(word.text) name string"
            guard current.kind == .string, case .template(let template) = current.payload else {
                try failExpected(what, after: word.text)
            }
            let argument = advance()
            let text = template.displayText
            kind = word.text == "query" ? .query(text) : word.text == "header" ? .header(text) : .json(text)
            return ConditionSubject(kind: kind, argumentRange: argument.range, range: range(from: word.range.start))
        }
        return ConditionSubject(kind: kind, range: word.range)
    }
}
