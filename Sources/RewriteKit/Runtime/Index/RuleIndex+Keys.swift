extension RuleIndex.Key {
    /// The best key for a rule, from the tests its compiled condition `and`s together at
    /// the top: the same operands, in the same normal form, the evaluator compares with.
    static func key(for condition: CompiledCondition?) -> RuleIndex.Key {
        switch condition {
        case .test(let test)?:
            return key(for: test) ?? .any
        case .and(let operands)?:
            var best: RuleIndex.Key = .any
            for case .test(let test) in operands {
                guard let key = key(for: test), key.preference < best.preference else { continue }
                best = key
            }
            return best
        default:
            return .any
        }
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
    private static func key(for test: CompiledTest) -> RuleIndex.Key? {
        switch (test.subject, test.op, test.operand) {
        case (.host, .equal, .value(let operand)):
            return plainText(operand).map { .hosts([$0]) }
        case (.host, .in, .list(let operands)):
            let hosts = operands.compactMap(plainText)
            return hosts.isEmpty || hosts.count != operands.count ? nil : .hosts(hosts)
        case (.host, .matches, .glob(let glob)):
            if glob.isLiteral { return .hosts([glob.literalPrefix]) }
            guard glob.isStarThenLiteral, glob.literalSuffix.utf8.first == UInt8(ascii: ".") else { return nil }
            return .hostSuffix(String(decoding: glob.literalSuffix.utf8.dropFirst(), as: UTF8.self))
        case (.path, .equal, .value(let operand)):
            return plainText(operand).flatMap { firstSegment(of: $0, complete: true) }
        case (.path, .startsWith, .value(let operand)):
            return plainText(operand).flatMap { firstSegment(of: $0, complete: false) }
        case (.path, .matches, .glob(let glob)):
            return firstSegment(of: glob.literalPrefix, complete: glob.isLiteral)
        case (.method, .equal, .value(let operand)):
            return plainText(operand).map { .methods([$0]) }
        case (.method, .in, .list(let operands)):
            let names = operands.compactMap(plainText)
            return names.isEmpty || names.count != operands.count ? nil : .methods(names)
        default:
            return nil
        }
    }

    /// The operand's text when it is compared as plain text: not a number (compared
    /// numerically), not a JSON literal, not a template rendered per request.
    private static func plainText(_ operand: OperandValue) -> String? {
        operand.isNumber || operand.isJSONLiteral || operand.template != nil ? nil : operand.text
    }

    /// The first path segment a path with this prefix must have. When the text is the whole
    /// path (`complete`), `/a` gives `a`; as a mere prefix, only `/a/...` pins the segment.
    private static func firstSegment(of prefix: String, complete: Bool) -> RuleIndex.Key? {
        guard prefix.hasPrefix("/") else { return nil }
        let rest = prefix.utf8.dropFirst()
        if let slash = rest.firstIndex(of: UInt8(ascii: "/")) { return .pathSegment(String(decoding: rest[..<slash], as: UTF8.self)) }
        return complete ? .pathSegment(String(decoding: rest, as: UTF8.self)) : nil
    }
}
