extension RuleIndex.Key {
    /// The best key for a rule, from the tests its compiled condition `and`s together at
    /// the top: the same operands, in the same normal form, the evaluator compares with.
    static func key(for condition: CompiledCondition?) -> RuleIndex.Key {
        let tests: [CompiledTest]
        switch condition {
        case .test(let test)?: tests = [test]
        case .and(let operands)?: tests = operands.compactMap { if case .test(let test) = $0 { test } else { nil } }
        default: return .any
        }
        var hosts: RuleIndex.Key?
        var path: RuleIndex.PathKey?
        var best: RuleIndex.Key = .any
        for test in tests {
            guard let key = key(for: test) else { continue }
            switch key {
            case .hosts where hosts == nil: hosts = key
            case .path(let pinned) where path == nil || pinned.isWhole && path?.isWhole == false: path = pinned
            default: break
            }
            if key.preference < best.preference { best = key }
        }
        if case .hosts(let names, _)? = hosts { return .hosts(names, path: path) }
        return best
    }

    /// Lower is better: exact hosts narrow the most, then a whole path.
    private var preference: Int {
        switch self {
        case .hosts: 0
        case .path(.whole): 1
        case .hostSuffix: 2
        case .path(.firstSegment): 3
        case .methods: 4
        case .any: 5
        }
    }

    /// The key one test gives, if it can be indexed.
    private static func key(for test: CompiledTest) -> RuleIndex.Key? {
        switch (test.subject, test.op, test.operand) {
        case (.host, .equal, .value(let operand)):
            return plainText(operand).map { .hosts([$0], path: nil) }
        case (.host, .in, .list(let operands)):
            let hosts = operands.compactMap(plainText)
            return hosts.isEmpty || hosts.count != operands.count ? nil : .hosts(hosts, path: nil)
        case (.host, .matches, .glob(let glob)):
            if glob.isLiteral { return .hosts([glob.literalPrefix], path: nil) }
            guard glob.isStarThenLiteral, glob.literalSuffix.utf8.first == UInt8(ascii: ".") else { return nil }
            return .hostSuffix(String(decoding: glob.literalSuffix.utf8.dropFirst(), as: UTF8.self))
        case (.path, .equal, .value(let operand)):
            return plainText(operand).map { .path(.whole($0)) }
        case (.path, .startsWith, .value(let operand)):
            return plainText(operand).flatMap { firstSegment(of: $0) }
        case (.path, .matches, .glob(let glob)):
            if glob.isLiteral { return .path(.whole(glob.literalPrefix)) }
            return firstSegment(of: glob.literalPrefix)
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

    /// The first path segment a path with this prefix must have: only `/a/...` pins it.
    private static func firstSegment(of prefix: String) -> RuleIndex.Key? {
        guard prefix.hasPrefix("/") else { return nil }
        let rest = prefix.utf8.dropFirst()
        guard let slash = rest.firstIndex(of: UInt8(ascii: "/")) else { return nil }
        return .path(.firstSegment(String(decoding: rest[..<slash], as: UTF8.self)))
    }
}

extension RuleIndex.PathKey {
    var isWhole: Bool { if case .whole = self { true } else { false } }
}
