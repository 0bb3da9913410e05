/// A decoded JSON value.
///
/// Objects keep their members in document order, duplicates included; lookups and
/// equality use the last occurrence of a key, as parsers do. Numbers keep their
/// original spelling (see ``JSONNumber``).
enum JSONValue: Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number with its spelling.
    case number(JSONNumber)
    /// A string, decoded.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object's members in document order.
    case object([(key: String, value: JSONValue)])

    /// The member named `key` (its last occurrence), when this is an object.
    subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.last { $0.key == key }?.value
    }

    /// The element at `index`, when this is an array and the index exists.
    subscript(index: Int) -> JSONValue? {
        guard case .array(let elements) = self, elements.indices.contains(index) else { return nil }
        return elements[index]
    }

    /// The value at `path` inside this value, or `nil` when it does not exist.
    func value(at path: JSONPath) -> JSONValue? {
        var current = self
        for component in path.components {
            switch component {
            case .key(let key): guard let next = current[key] else { return nil }; current = next
            case .index(let index): guard let next = current[index] else { return nil }; current = next
            }
        }
        return current
    }

    /// Text for templates: strings without quotes, everything else as compact JSON.
    var textValue: String {
        if case .string(let string) = self { return string }
        return jsonText
    }
}

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

/// Decoding values from JSON bytes.
extension JSONValue {
    /// Parses `bytes` as one complete JSON text (validated strictly first).
    static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        if let error = JSONSyntax.validate(bytes) { throw error }
        return bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return .null }
            let locator = JSONLocator(base: base, end: buffer.count)
            return decode(locator, at: locator.skipWhitespace(0))
        }
    }

    /// Parses the UTF-8 of `text` as one complete JSON text.
    static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        try parse(Array(text.utf8))
    }

    /// Decodes the validated value starting at `start`. Recursion is bounded by
    /// ``JSONSyntax/maximumDepth`` because the text passed validation.
    static func decode(_ locator: JSONLocator, at start: Int) -> JSONValue {
        let base = locator.base
        switch base[start] {
        case JSONByte.openBrace:
            var members: [(key: String, value: JSONValue)] = []
            var cursor = start &+ 1
            while let member = locator.member(after: cursor) {
                let key = JSONText.decodeString(base, from: member.keyStart &+ 1, to: member.keyEnd &- 1)
                members.append((key, decode(locator, at: member.valueStart)))
                cursor = member.valueEnd
            }
            return .object(members)
        case JSONByte.openBracket:
            var elements: [JSONValue] = []
            var cursor = start &+ 1
            while let element = locator.element(after: cursor) {
                elements.append(decode(locator, at: element.lowerBound))
                cursor = element.upperBound
            }
            return .array(elements)
        case JSONByte.quote:
            let stop = locator.stringEnd(from: start)
            return .string(JSONText.decodeString(base, from: start &+ 1, to: stop &- 1))
        case 0x74:
            return .bool(true)
        case 0x66:
            return .bool(false)
        case 0x6E:
            return .null
        default:
            let stop = locator.valueEnd(from: start)
            let raw = String(decoding: UnsafeBufferPointer(start: base + start, count: stop &- start), as: UTF8.self)
            return .number(JSONNumber(validated: raw))
        }
    }
}

/// Compact JSON serialization of values (numbers keep their original spelling).
extension JSONValue {
    /// The value as compact JSON text: `{"a":[1,true,null]}`.
    var jsonText: String {
        String(decoding: serialized(), as: UTF8.self)
    }

    /// The value as compact JSON bytes.
    func serialized() -> [UInt8] {
        var out: [UInt8] = []
        append(to: &out)
        return out
    }

    /// Appends the value as compact JSON to `out`.
    func append(to out: inout [UInt8]) {
        switch self {
        case .null:
            out.append(contentsOf: "null".utf8)
        case .bool(let value):
            out.append(contentsOf: (value ? "true" : "false").utf8)
        case .number(let number):
            out.append(contentsOf: number.raw.utf8)
        case .string(let string):
            JSONText.appendQuoted(string, to: &out)
        case .array(let elements):
            out.append(JSONByte.openBracket)
            for (position, element) in elements.enumerated() {
                if position > 0 { out.append(JSONByte.comma) }
                element.append(to: &out)
            }
            out.append(JSONByte.closeBracket)
        case .object(let members):
            out.append(JSONByte.openBrace)
            for (position, member) in members.enumerated() {
                if position > 0 { out.append(JSONByte.comma) }
                JSONText.appendQuoted(member.key, to: &out)
                out.append(JSONByte.colon)
                member.value.append(to: &out)
            }
            out.append(JSONByte.closeBrace)
        }
    }
}
