/// Values: strings, numbers, ranges, durations, sizes, regexes, lists, JSON, calls, words.
extension Parser {
    /// A value after `after` (an operator or an action name), which is worked out only for
    /// a message: most values are well formed.
    mutating func parseValue(after: @autoclosure () -> String) throws(Abort) -> Value {
        let token = current
        switch token.kind {
        case .string:
            advance()
            guard case .template(let template) = token.payload else { throw Abort() }
            return Value(kind: .string(template), range: token.range)
        case .number:
            advance()
            let low = numberValue(token)
            if current.kind == .dotDot {
                advance()
                guard current.kind == .number else { try failExpected("a number", after: "..") }
                let highToken = take()
                let range = NumericRange(
                    low: low, high: numberValue(highToken), lowRange: token.range, highRange: highToken.range)
                return Value(kind: .range(range), range: token.range.union(highToken.range))
            }
            return Value(kind: .number(low, raw: token.text), range: token.range)
        case .quantity:
            advance()
            return try quantityValue(token)
        case .regex:
            advance()
            guard case .regex(let literal) = token.payload else { throw Abort() }
            return Value(kind: .regex(literal), range: token.range)
        case .leftBracket:
            return try parseList()
        case .word:
            return try parseWordValue()
        case .invalid:
            throw Abort()
        default:
            try failExpected("a value", after: after())
        }
    }

    func numberValue(_ token: Token) -> Double {
        if case .number(let value) = token.payload { return value }
        return 0
    }

    /// A duration or a size, told apart by the unit.
    mutating func quantityValue(_ token: Token) throws(Abort) -> Value {
        guard case .quantity(let number, let unit) = token.payload else { throw Abort() }
        if let factor = DurationValue.units.first(where: { $0.name == unit })?.milliseconds {
            let duration = DurationValue(milliseconds: saturating(number * factor), raw: token.text, range: token.range)
            return Value(kind: .duration(duration), range: token.range)
        }
        if let factor = SizeValue.units.first(where: { $0.name == unit })?.bytes {
            let size = SizeValue(bytes: saturating(number * factor), raw: token.text, range: token.range)
            return Value(kind: .size(size), range: token.range)
        }
        let units = DurationValue.units.map(\.name) + SizeValue.units.map(\.name)
        let suggestion = Suggestions.closest(to: unit, in: units)
        report(
            DiagnosticMessages.unknownUnit(unit, in: token.text, suggestion: suggestion), at: token.range,
            fixIt: suggestion.map { token.text.dropLast(unit.count) + $0 })
        throw Abort()
    }

    /// Rounds to an integer, clamping far-out values (the checker reports them as out of range).
    func saturating(_ value: Double) -> Int64 {
        let limit = 1e15
        return Int64(min(max(value, -limit), limit).rounded())
    }

    private mutating func parseList() throws(Abort) -> Value {
        try enterNesting()
        let open = take()
        defer { leaveNesting() }
        var elements: [Value] = []
        skipNewlines()
        while current.kind != .rightBracket {
            elements.append(try parseValue(after: elements.isEmpty ? "[" : ","))
            skipNewlines()
            if current.kind == .comma {
                advance()
                skipNewlines()
            } else if current.kind != .rightBracket {
                try failExpected("',' or ']' in list")
            }
        }
        advance()
        return Value(kind: .list(elements), range: range(from: open.range.start))
    }

    private mutating func parseWordValue() throws(Abort) -> Value {
        let word = take()
        switch word.text {
        case "true": return Value(kind: .bool(true), range: word.range)
        case "false": return Value(kind: .bool(false), range: word.range)
        case "null": return Value(kind: .null, range: word.range)
        case "json":
            if current.kind == .invalid { throw Abort() }
            guard current.kind == .json, case .json(let literal) = current.payload else {
                try failExpected("'{' or '[' starting a JSON literal", after: "json")
            }
            advance()
            return Value(kind: .json(literal), range: word.range.union(literal.range))
        default:
            break
        }
        guard current.kind == .leftParen, current.range.start.offset == word.range.end.offset else {
            return Value(kind: .word(word.text), range: word.range)
        }
        guard let call = Value.Call(rawValue: word.text) else {
            let suggestion = Suggestions.closest(to: word.text, in: Value.Call.allCases.map(\.rawValue))
            report(DiagnosticMessages.unknown("function", word.text + "()", suggestion: suggestion.map { $0 + "()" }),
                   at: word.range, fixIt: suggestion)
            throw Abort()
        }
        advance()
        try expect(.rightParen, "')'", after: word.text + "(")
        return Value(kind: .call(call), range: range(from: word.range.start))
    }

    /// A duration after `delay` or `cache`.
    mutating func parseDuration(after: String) throws(Abort) -> DurationValue {
        let what = "a duration such as '250ms', '2s' or '5m'"
        guard current.kind == .quantity else { try failExpected(what, after: after) }
        let token = current
        let value = try quantityValue(token)
        guard case .duration(let duration) = value.kind else { try failExpected(what, after: after) }
        advance()
        return duration
    }

    /// `SIZE/s` after `throttle`.
    mutating func parseRate() throws(Abort) -> SizeValue {
        guard current.kind == .quantity else { try fail(DiagnosticMessages.expectedRate(found: describe(current))) }
        let token = current
        let value = try quantityValue(token)
        guard case .size(let size) = value.kind else { try fail(DiagnosticMessages.expectedRate(found: describe(current))) }
        advance()
        guard current.kind == .slash, peek(1).isWord("s") else {
            try fail(DiagnosticMessages.expectedRate(found: describe(current)))
        }
        advance()
        advance()
        return SizeValue(bytes: size.bytes, raw: token.text, range: range(from: token.range.start))
    }
}
