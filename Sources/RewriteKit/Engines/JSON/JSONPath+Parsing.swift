/// Parsing of path text written in rules.
///
/// Grammar: an optional `$` root marker, then segments: a bare key (first segment,
/// or after `.`), `[N]` for an array index (decimal, no sign, no leading zeros), or
/// `["key"]` / `['key']` for any key, with JSON escapes inside double quotes.
extension JSONPath {
    /// Parses `text`, throwing a ``JSONPathError`` that quotes the path when it is malformed.
    package static func parse(_ text: String) throws(JSONPathError) -> JSONPath {
        let bytes = Array(text.utf8)
        func failure(_ message: String) -> JSONPathError {
            JSONPathError(message: "\(message) in path '\(text)'")
        }
        guard !bytes.isEmpty else { throw JSONPathError(message: "empty path") }
        var components: [Component] = []
        var i = 0
        let hasRoot = bytes[0] == 0x24 && (bytes.count == 1 || bytes[1] == JSONByte.dot || bytes[1] == JSONByte.openBracket)
        var expectKey = !hasRoot
        if hasRoot { i = 1 }
        while i < bytes.count || expectKey {
            if expectKey {
                let start = i
                while i < bytes.count && isBareKeyByte(bytes[i]) { i &+= 1 }
                if i == start {
                    if start == 0 && bytes[0] == JSONByte.openBracket {
                        expectKey = false
                        continue
                    }
                    let found = i < bytes.count ? JSONByte.describe(bytes[i]) : "end of path"
                    throw failure(start == 0 ? "expected a key, found \(found)" : "expected a key after '.', found \(found)")
                }
                components.append(.key(String(decoding: bytes[start..<i], as: UTF8.self)))
                expectKey = false
                continue
            }
            switch bytes[i] {
            case JSONByte.dot:
                i &+= 1
                expectKey = true
            case JSONByte.openBracket:
                components.append(try parseBracket(bytes, at: &i, failure: failure))
            default:
                throw failure("expected '.' or '[', found \(JSONByte.describe(bytes[i]))")
            }
        }
        return JSONPath(components)
    }

    /// Parses `[N]`, `["key"]` or `['key']` starting at the `[` at `i`.
    private static func parseBracket(
        _ bytes: [UInt8], at i: inout Int, failure: (String) -> JSONPathError
    ) throws(JSONPathError) -> Component {
        i &+= 1
        guard i < bytes.count else { throw failure("expected an index or a quoted key after '['") }
        let component: Component
        let first = bytes[i]
        if JSONByte.isDigit(first) {
            let start = i
            var value = 0
            while i < bytes.count && JSONByte.isDigit(bytes[i]) {
                let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
                let (sum, overflow2) = times.addingReportingOverflow(Int(bytes[i] &- JSONByte.zero))
                guard !overflow1 && !overflow2 else { throw failure("array index is too large") }
                value = sum
                i &+= 1
            }
            guard first != JSONByte.zero || i == start &+ 1 else {
                throw failure("array index must not have leading zeros")
            }
            component = .index(value)
        } else if first == JSONByte.quote || first == 0x27 {
            component = .key(try parseQuotedKey(bytes, at: &i, failure: failure))
        } else if first == JSONByte.minus {
            throw failure("array index must not be negative")
        } else {
            throw failure("expected an index or a quoted key after '[', found \(JSONByte.describe(first))")
        }
        guard i < bytes.count, bytes[i] == JSONByte.closeBracket else {
            throw failure("expected ']'")
        }
        i &+= 1
        return component
    }

    /// Parses a quoted key at `i` (on the opening quote), leaving `i` after the closing quote.
    private static func parseQuotedKey(
        _ bytes: [UInt8], at i: inout Int, failure: (String) -> JSONPathError
    ) throws(JSONPathError) -> String {
        let delimiter = bytes[i]
        var token: [UInt8] = [JSONByte.quote]
        i &+= 1
        while true {
            guard i < bytes.count else { throw failure("unterminated quoted key") }
            let byte = bytes[i]
            i &+= 1
            if byte == delimiter { break }
            if byte == JSONByte.backslash && i < bytes.count {
                if delimiter == 0x27 && bytes[i] == 0x27 {
                    token.append(0x27)
                    i &+= 1
                    continue
                }
                token.append(byte)
                token.append(bytes[i])
                i &+= 1
            } else if byte == JSONByte.quote {
                token.append(contentsOf: [JSONByte.backslash, JSONByte.quote])
            } else {
                token.append(byte)
            }
        }
        token.append(JSONByte.quote)
        if let error = JSONSyntax.validate(token) {
            throw failure("invalid quoted key: \(error.message)")
        }
        return token.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return "" }
            return JSONText.decodeString(base, from: 1, to: buffer.count &- 1)
        }
    }
}
