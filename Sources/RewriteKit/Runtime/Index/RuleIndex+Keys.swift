extension RuleIndex.Key {
    /// The best key for a rule, from the tests its compiled condition `and`s together at
    /// the top: the same operands, in the same normal form, the evaluator compares with.
    static func key(for condition: CompiledCondition?) -> RuleIndex.Key {
        var choice = Choice()
        switch condition {
        case .test(let test)?: choice.consider(test)
        case .and(let operands)?: for case .test(let test) in operands { choice.consider(test) }
        default: return .any
        }
        return choice.key
    }

    /// The best key among a rule's tests so far, and what it pins of host, path and query.
    private struct Choice {
        var hosts: [String]?
        var path: RuleIndex.PathKey?
        var query: (name: String, value: String)?
        var best: RuleIndex.Key = .any

        mutating func consider(_ test: CompiledTest) {
            if query == nil, case (.query(let name), .equal, .value(let operand)) = (test.subject, test.op, test.operand),
               let value = RuleIndex.Key.plainText(operand) {
                query = (name, value)
            }
            guard let key = RuleIndex.Key.key(for: test) else { return }
            switch key {
            case .hosts(let names, _) where hosts == nil: hosts = names
            case .path(let pinned) where path == nil || pinned.isWhole && path?.isWhole == false: path = pinned
            default: break
            }
            if key.preference < best.preference { best = key }
        }

        /// The key: exact hosts with the path (and query) pinned, else the best single key.
        var key: RuleIndex.Key {
            var path = path
            var best = best
            if case .whole(let whole)? = path, let query {
                let pinned = RuleIndex.PathKey.wholeWithQuery(whole, name: query.name, value: query.value)
                path = pinned
                if case .path(.whole) = best { best = .path(pinned) }
            }
            if let hosts { return .hosts(hosts, path: path) }
            return best
        }
    }

    /// Lower is better: exact hosts narrow the most, then a whole path.
    fileprivate var preference: Int {
        switch self {
        case .hosts: 0
        case .path(.whole), .path(.wholeWithQuery): 1
        case .hostSuffix: 2
        case .path(.firstSegment): 3
        case .methods: 4
        case .any: 5
        }
    }

    /// The key one test gives, if it can be indexed.
    fileprivate static func key(for test: CompiledTest) -> RuleIndex.Key? {
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
    fileprivate static func plainText(_ operand: OperandValue) -> String? {
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
    var isWhole: Bool {
        switch self {
        case .whole, .wholeWithQuery: true
        case .firstSegment: false
        }
    }
}
