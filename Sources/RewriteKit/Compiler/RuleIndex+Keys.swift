extension RuleIndex.Key {
    /// The best key for a rule, from the tests its `when` clauses `and` together at the top.
    static func key(for rule: Rule) -> RuleIndex.Key {
        let tests: [ConditionTest] = rule.conditions.flatMap(\.conjuncts).compactMap { condition in
            if case .test(let test) = condition.kind { return test }
            return nil
        }
        var best: RuleIndex.Key = .any
        for test in tests {
            guard let key = key(for: test), key.preference < best.preference else { continue }
            best = key
        }
        return best
    }

    /// Lower is better: exact hosts narrow the most.
    private var preference: Int {
        switch self {
        case .hosts: 0
        case .hostSuffix: 1
        case .pathSegment: 2
        case .methods: 3
        case .any: 4
        }
    }

    /// The key one test gives, if it can be indexed.
    private static func key(for test: ConditionTest) -> RuleIndex.Key? {
        switch (test.subject.kind, test.op) {
        case (.host, .equal):
            return literalText(test.value).map { .hosts([$0.lowercased()]) }
        case (.host, .in):
            guard case .list(let values)? = test.value?.kind else { return nil }
            var hosts: [String] = []
            for value in values {
                guard let text = literalText(value) else { return nil }
                hosts.append(text.lowercased())
            }
            return hosts.isEmpty ? nil : .hosts(hosts)
        case (.host, .matches):
            guard case .string(let template)? = test.value?.kind, let glob = template.literalValue else { return nil }
            let pattern = GlobPattern(glob)
            if pattern.isLiteral { return .hosts([pattern.literalPrefix.lowercased()]) }
            guard glob.hasPrefix("*.") else { return nil }
            let suffix = GlobPattern(String(glob.dropFirst(2)))
            return suffix.isLiteral ? .hostSuffix(suffix.literalPrefix.lowercased()) : nil
        case (.path, .equal):
            return literalText(test.value).flatMap { firstSegment(of: $0, complete: true) }
        case (.path, .startsWith):
            return literalText(test.value).flatMap { firstSegment(of: $0, complete: false) }
        case (.path, .matches):
            guard case .string(let template)? = test.value?.kind, let glob = template.literalValue else { return nil }
            let pattern = GlobPattern(glob)
            return firstSegment(of: pattern.literalPrefix, complete: pattern.isLiteral)
        case (.method, .equal):
            return literalText(test.value).map { .methods([$0.uppercased()]) }
        case (.method, .in):
            guard case .list(let values)? = test.value?.kind else { return nil }
            var names: [String] = []
            for value in values {
                guard let text = literalText(value) else { return nil }
                names.append(text.uppercased())
            }
            return names.isEmpty ? nil : .methods(names)
        default:
            return nil
        }
    }

    /// The text of a string without placeholders or of a bare word.
    private static func literalText(_ value: Value?) -> String? {
        switch value?.kind {
        case .string(let template)?: template.literalValue
        case .word(let word)?: word
        default: nil
        }
    }

    /// The first path segment a path with this prefix must have. When the text is the whole
    /// path (`complete`), `/a` gives `a`; as a mere prefix, only `/a/...` pins the segment.
    private static func firstSegment(of prefix: String, complete: Bool) -> RuleIndex.Key? {
        guard prefix.hasPrefix("/") else { return nil }
        let rest = prefix.dropFirst()
        if let slash = rest.firstIndex(of: "/") { return .pathSegment(String(rest[..<slash])) }
        return complete ? .pathSegment(String(rest)) : nil
    }
}
