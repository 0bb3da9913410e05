/// Checks on `when` and `response when` conditions.
extension Checker {
    mutating func check(_ condition: Condition, inResponse: Bool, groups: Int?) {
        for test in condition.tests {
            check(test, inResponse: inResponse, groups: groups)
        }
    }

    mutating func check(_ test: ConditionTest, inResponse: Bool, groups: Int?) {
        if test.subject.kind == .status && !inResponse {
            error(DiagnosticMessages.statusOutsideResponse, test.subject.range)
        }
        if case .json(let path) = test.subject.kind {
            checkJSONPath(path, test.subject.argumentRange ?? test.subject.range)
        }
        guard let value = test.value else { return }
        let op = test.op.rawValue
        switch test.op {
        case .in:
            switch value.kind {
            case .list(let elements):
                for element in elements { checkScalar(element, subject: test.subject, groups: groups) }
            case .range(let range):
                if range.low > range.high {
                    error(DiagnosticMessages.emptyRange(source.text(in: range.lowRange), source.text(in: range.highRange)), value.range)
                }
            default:
                error(DiagnosticMessages.inNeedsListOrRange(found: value.kindDescription), value.range)
            }
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            if case .number = value.kind { break }
            error(DiagnosticMessages.operatorNeeds(op, "a number", found: value.kindDescription), value.range)
        case .matches:
            switch value.kind {
            case .string(let template): check(template, groups: groups)
            case .regex(let regex): _ = checkRegex(regex)
            default:
                error(DiagnosticMessages.operatorNeeds(op, "a glob string or a regex", found: value.kindDescription), value.range)
            }
        case .contains, .startsWith, .endsWith:
            if case .string(let template) = value.kind {
                check(template, groups: groups)
            } else {
                error(DiagnosticMessages.operatorNeeds(op, "a string", found: value.kindDescription), value.range)
            }
        case .equal, .notEqual:
            switch value.kind {
            case .list, .range, .regex, .duration, .size:
                error(DiagnosticMessages.operatorNeeds(op, "a single value", found: value.kindDescription), value.range)
            default:
                checkScalar(value, subject: test.subject, groups: groups)
            }
        case .exists:
            break
        }
    }

    /// A value compared for equality: bare words only for `method`; templates checked.
    mutating func checkScalar(_ value: Value, subject: ConditionSubject, groups: Int?) {
        switch value.kind {
        case .word(let word) where subject.kind != .method:
            error(
                DiagnosticMessages.bareWord(word), value.range,
                fixIt: Diagnostic.FixIt(range: value.range, replacement: "\"\(word)\""))
        case .string(let template):
            check(template, groups: groups)
        case .json(let literal):
            checkJSON(literal)
        case .list, .range, .regex, .duration, .size:
            error(DiagnosticMessages.operatorNeeds("in", "plain values in its list", found: value.kindDescription), value.range)
        default:
            break
        }
    }

    /// How many capture groups the conditions' regexes have together (the
    /// runtime numbers them on across regexes, in source order); `nil` if unknown.
    func captureGroups(in conditions: [Condition]) -> Int? {
        var total = 0
        for test in conditions.flatMap(\.tests) {
            guard let value = test.value, case .regex(let regex) = value.kind else { continue }
            guard let count = RegexValidation.captureCount(of: regex) else { return nil }
            total += count
        }
        return total
    }
}
