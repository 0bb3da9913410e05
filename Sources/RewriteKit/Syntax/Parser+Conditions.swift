/// Conditions: `not` binds tightest, then `and`, then `or`; parentheses group.
extension Parser {
    /// A whole condition after `after` (`when`, `and`, ...).
    mutating func parseCondition(after: String) throws(Abort) -> Condition {
        try parseOr(after: after)
    }

    /// `A or B or …`, collected into one list.
    private mutating func parseOr(after: String) throws(Abort) -> Condition {
        let first = try parseAnd(after: after)
        guard current.isWord("or") else { return first }
        var operands = [first]
        while current.isWord("or") {
            advance()
            operands.append(try parseAnd(after: "or"))
        }
        return Condition(kind: .or(operands), range: first.range.union(operands[operands.count - 1].range))
    }

    /// `A and B and …`, collected into one list.
    private mutating func parseAnd(after: String) throws(Abort) -> Condition {
        let first = try parseNot(after: after)
        guard current.isWord("and") else { return first }
        var operands = [first]
        while current.isWord("and") {
            advance()
            operands.append(try parseNot(after: "and"))
        }
        return Condition(kind: .and(operands), range: first.range.union(operands[operands.count - 1].range))
    }

    /// `not not … OPERAND`: the `not`s are counted against the nesting limit.
    private mutating func parseNot(after: String) throws(Abort) -> Condition {
        var nots: [Token] = []
        defer { for _ in nots { leaveNesting() } }
        while current.isWord("not") {
            try enterNesting()
            nots.append(take())
        }
        var condition = try parsePrimary(after: nots.isEmpty ? after : "not")
        for notToken in nots.reversed() {
            condition = Condition(kind: .not(condition), range: notToken.range.union(condition.range))
        }
        return condition
    }

    /// A test or `( CONDITION )`. A condition ends at the line break, parentheses included:
    /// a `(` still open there is reported on its own line, with a note at the `(`.
    private mutating func parsePrimary(after: String) throws(Abort) -> Condition {
        if current.kind == .leftParen {
            try enterNesting()
            let open = take()
            defer { leaveNesting() }
            let inner = try parseOr(after: "(")
            guard current.kind == .rightParen else {
                try failContinuedCondition()
                report(
                    DiagnosticMessages.unclosedParenthesis(found: describe(current)), at: current.range, about: current,
                    notes: [Diagnostic.Note(message: DiagnosticMessages.openingParenthesisHere.text, range: open.range)])
                throw Abort()
            }
            advance()
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

    /// At a line break followed by a line that starts with `and` or `or`: reports that
    /// conditions end at the line break, skips the continuation line, and unwinds.
    /// Does nothing anywhere else.
    mutating func failContinuedCondition() throws(Abort) {
        guard current.kind == .newline else { return }
        var ahead = 1
        ensureLexed(ahead)
        while peek(ahead).kind == .newline {
            ahead += 1
            ensureLexed(ahead)
        }
        let next = peek(ahead)
        guard next.isWord("and") || next.isWord("or") else { return }
        for _ in 0..<ahead { advance() }
        report(DiagnosticMessages.conditionContinued(next.text), at: next.range)
        advance()
        recover()
        throw Abort()
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
        let word = take()
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
        case "event": kind = .event
        case "part":
            return try parsePartSubject(from: word.range.start)
        case "graphql":
            guard current.kind == .word, ["operation", "type"].contains(current.text) else {
                try failExpected("'operation' or 'type'", after: word.text)
            }
            kind = take().text == "operation" ? .graphQLOperation : .graphQLType
            return ConditionSubject(kind: kind, range: range(from: word.range.start))
        default:
            let what = word.text == "json" ? "a JSON path string" : "a \(word.text) name string"
            guard current.kind == .string, case .template(let template) = current.payload else {
                try failExpected(what, after: word.text)
            }
            let argument = take()
            let text = template.displayText
            kind = word.text == "query" ? .query(text) : word.text == "header" ? .header(text) : .json(text)
            return ConditionSubject(kind: kind, argumentRange: argument.range, range: range(from: word.range.start))
        }
        return ConditionSubject(kind: kind, range: word.range)
    }
}
