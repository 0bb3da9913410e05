/// Semantic equality: numbers compare as decimal values, object key order is irrelevant.
extension JSONValue: Equatable {
    /// Whether both sides mean the same JSON value. Objects compare by their effective
    /// members (last occurrence of each key); arrays compare element by element.
    static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null):
            return true
        case (.bool(let a), .bool(let b)):
            return a == b
        case (.number(let a), .number(let b)):
            return a == b
        case (.string(let a), .string(let b)):
            return a == b
        case (.array(let a), .array(let b)):
            return a == b
        case (.object(let a), .object(let b)):
            let left = effectiveMembers(a)
            let right = effectiveMembers(b)
            guard left.count == right.count else { return false }
            for (key, value) in left {
                guard let other = right[key], other == value else { return false }
            }
            return true
        default:
            return false
        }
    }

    /// The members a parser would keep: the last value for each key.
    private static func effectiveMembers(_ members: [(key: String, value: JSONValue)]) -> [String: JSONValue] {
        var result: [String: JSONValue] = [:]
        result.reserveCapacity(members.count)
        for member in members { result[member.key] = member.value }
        return result
    }
}
