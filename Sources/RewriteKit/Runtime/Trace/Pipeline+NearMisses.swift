extension Pipeline {
    /// Every rule, with each of its `when` conditions marked held or failed on `request`,
    /// closest to applying first: fewest conditions failed (the rules that apply, none
    /// failed, lead), then most held, then file order. Rules without conditions hold for
    /// every request. Reads every rule, so it is for explaining, not
    /// for the request path.
    public func nearMisses(for request: HTTPRequest) -> [NearMiss] {
        var evaluator = ConditionEvaluator(request: request, response: nil, body: BodyView.of(request.body), environment: environment)
        var scratch: [String] = []
        var misses: [NearMiss] = []
        misses.reserveCapacity(rules.count)
        for rule in rules {
            if scratch.count < rule.captureCount { scratch = [String](repeating: "", count: rule.captureCount) }
            let checks = (rule.condition?.conjuncts ?? []).map { conjunct -> NearMiss.Check in
                let held = evaluator.holds(conjunct, captures: &scratch)
                evaluator.problems.removeAll()
                var actual: String?
                if !held, case .test(let test) = conjunct {
                    actual = test.subject.name + ": " + Self.shown(evaluator.value(of: test.subject))
                }
                return NearMiss.Check(condition: conjunct.text, held: held, actual: actual)
            }
            misses.append(NearMiss(rule: rule.reference, checks: checks))
        }
        // Stable: equal counts keep file order.
        return misses.enumerated().sorted { lhs, rhs in
            let (left, right) = (lhs.element, rhs.element)
            let (leftFailed, rightFailed) = (left.checks.count - left.heldCount, right.checks.count - right.heldCount)
            if leftFailed != rightFailed { return leftFailed < rightFailed }
            if left.heldCount != right.heldCount { return left.heldCount > right.heldCount }
            return lhs.offset < rhs.offset
        }.map(\.element)
    }

    /// A subject's value for people: `absent`, a quoted text (cut at 120 characters), a number.
    private static func shown(_ value: ConditionEvaluator.SubjectValue) -> String {
        guard let text = ConditionEvaluator.text(of: value) else { return value.isAbsent ? "absent" : "a JSON value" }
        if case .number = value { return text }
        let cut = text.count > 120 ? String(text.prefix(120)) + "…" : text
        return "\"" + cut + "\""
    }
}
