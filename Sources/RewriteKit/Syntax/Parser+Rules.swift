/// Files, rules and clauses.
extension Parser {
    /// Parses every rule, handing each to `rule` as soon as it is read (the parser keeps
    /// neither the rule nor its tokens); returns the file's range.
    mutating func parseFile(_ handle: (Rule) -> Void) -> SourceRange {
        let start = current.range.start
        while true {
            forgetReadTokens()
            skipSeparators()
            if current.kind == .endOfFile { break }
            if current.isWord("rule") {
                if let rule = parseRule() { handle(rule) }
                continue
            }
            if current.kind == .word, let suggestion = Suggestions.closest(to: current.text, in: ["rule"]) {
                // A misspelt `rule`: report it, then read the rule anyway to find more problems.
                report(
                    DiagnosticMessages.unknown("keyword", current.text, suggestion: suggestion),
                    at: current.range, fixIt: suggestion)
                if let rule = parseRule() { handle(rule) }
                continue
            }
            report(DiagnosticMessages.expected("'rule'", found: describe(current)), at: current.range, about: current)
            if current.kind == .rightBrace {
                advance()
            } else {
                recover()
            }
        }
        // An empty file, or one of only comments, is valid: users comment every rule out
        // to switch a file off, and apps may ship an empty file in release builds.
        return SourceRange(start: start, end: current.range.end)
    }

    /// `rule "NAME" { CLAUSES }`; called at the `rule` word.
    mutating func parseRule() -> Rule? {
        let ruleToken = take()
        let nameToken = current
        guard nameToken.kind == .string, case .template(let template) = nameToken.payload else {
            report(
                DiagnosticMessages.expected("a rule name string", after: "rule", found: describe(nameToken)),
                at: nameToken.range, about: nameToken)
            recover()
            return nil
        }
        advance()
        if template.parts.isEmpty {
            report(DiagnosticMessages.emptyRuleName, at: nameToken.range)
        }
        guard current.kind == .leftBrace else {
            report(
                DiagnosticMessages.expected("'{'", after: "rule \(nameToken.text)", found: describe(current)),
                at: current.range, about: current)
            recover()
            return nil
        }
        advance()
        var clauses: [RuleClause] = []
        // A `when` and a block or two: one allocation, not one per growth.
        clauses.reserveCapacity(4)
        while true {
            skipSeparators()
            if current.kind == .rightBrace {
                advance()
                break
            }
            if current.kind == .endOfFile || current.isWord("rule") {
                report(
                    DiagnosticMessages.expected("'}' to close rule \(nameToken.text)", found: describe(current)),
                    at: current.range)
                break
            }
            do {
                clauses.append(try parseClause())
                try expectStatementEnd()
            } catch {
                recover()
            }
        }
        return Rule(
            name: template.displayText, nameRange: nameToken.range, clauses: clauses,
            range: range(from: ruleToken.range.start))
    }

    /// `each message [when CONDITION] [times N] { … }` after `request` or `response`; called at `each`.
    private mutating func parseEachMessage(closing: String) throws(Abort) -> (Condition?, MessageBlock) {
        advance()
        guard current.isWord("message") else { try failExpected("'message'", after: "each") }
        advance()
        let (guardCondition, times) = try parseMessageGuard()
        var block = try parseMessageBlock(after: times != nil ? "times" : guardCondition == nil ? "message" : "condition", closing: closing)
        block.times = times
        return (guardCondition, block)
    }

    /// `[when CONDITION] [times N]` before a message block or an `on message` reply.
    mutating func parseMessageGuard() throws(Abort) -> (Condition?, (count: Int, range: SourceRange)?) {
        var guardCondition: Condition?
        if current.isWord("when") {
            advance()
            guardCondition = try parseCondition(after: "when")
            try failContinuedCondition()
        }
        var times: (count: Int, range: SourceRange)?
        if current.isWord("times") {
            times = try parseTimes(of: "messages")
        }
        return (guardCondition, times)
    }

    /// `times N`; called at `times`.
    private mutating func parseTimes(of what: String) throws(Abort) -> (count: Int, range: SourceRange) {
        advance()
        let value = try parseValue(after: "times")
        guard case .number(let number, _) = value.kind, number == number.rounded(), abs(number) < 1e15 else {
            report(DiagnosticMessages.expectedArgument("a whole number of \(what)", for: "times", found: value.kindDescription), at: value.range)
            throw Abort()
        }
        return (Int(number), value.range)
    }

    /// One clause; called at its first token.
    mutating func parseClause() throws(Abort) -> RuleClause {
        guard current.kind == .word else { try failExpected("a clause") }
        let keyword = current
        let start = keyword.range.start
        func clause(_ kind: RuleClause.Kind) -> RuleClause {
            RuleClause(kind: kind, keywordRange: keyword.range, range: range(from: start))
        }
        switch keyword.text {
        case "when":
            advance()
            let condition = try parseCondition(after: "when")
            try failContinuedCondition()
            return clause(.when(condition))
        case "request":
            advance()
            if current.isWord("each") {
                let (guardCondition, block) = try parseEachMessage(closing: "request each message")
                return clause(.eachSentMessage(guard: guardCondition, block))
            }
            return clause(.request(try parseActionBlock(closing: "request", after: "request")))
        case "response":
            advance()
            if current.isWord("each") {
                let (guardCondition, block) = try parseEachMessage(closing: "response each message")
                return clause(.eachMessage(guard: guardCondition, block))
            }
            var guardCondition: Condition?
            if current.isWord("when") {
                advance()
                guardCondition = try parseCondition(after: "when")
                try failContinuedCondition()
            }
            let block = try parseActionBlock(closing: "response", after: guardCondition == nil ? "response" : "condition")
            return clause(.response(guard: guardCondition, block))
        case "respond":
            advance()
            return clause(.respond(try parseRespond(start: start)))
        case "fail":
            advance()
            return clause(.fail(try parseFailError()))
        case "delay":
            advance()
            return clause(.delay(try parseDuration(after: "delay")))
        case "cache":
            advance()
            return clause(.cache(try parseDuration(after: "cache")))
        case "throttle":
            advance()
            return clause(.throttle(try parseRate()))
        case "network":
            advance()
            return clause(.network(try parseNetwork(start: start)))
        case "stop":
            advance()
            return clause(.stop)
        case "times":
            let (count, range) = try parseTimes(of: "requests")
            return clause(.times(count, range: range))
        default:
            try failUnknown("clause", candidates: Parser.clauseKeywords)
        }
    }
}
