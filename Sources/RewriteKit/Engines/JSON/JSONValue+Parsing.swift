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
