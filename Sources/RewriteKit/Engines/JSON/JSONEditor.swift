/// Edits JSON bodies by validated byte splicing, never by a parse and re-serialize.
///
/// Each action validates the body (and any injected value) with ``JSONSyntax``,
/// locates the spot with ``JSONLocator`` and copies the original bytes around a
/// single splice, so key order, whitespace, number spellings (`1.0E+2`) and escapes
/// (`\u00e9`) outside the edited spot are preserved exactly. When an action cannot
/// apply, the result is ``JSONEditResult/unchanged(reason:)`` and the caller keeps
/// its bytes.
///
/// - Duplicate keys act on the last occurrence, the one parsers keep; `remove`
///   deletes every occurrence so the key is really gone afterwards.
/// - Array indices only navigate existing elements; nothing is appended.
/// - Inserted text is compact (`"k":value`); `wrap` trims whitespace around the body.
enum JSONEditor {
    /// `{"KEY":` + the body's bytes (surrounding whitespace trimmed) + `}`, with `key` JSON-escaped.
    static func wrap(_ body: [UInt8], key: String) -> JSONEditResult {
        if let failure = invalidBody(body) { return failure }
        let content = trimmed(body)
        var out: [UInt8] = []
        out.reserveCapacity(content.count &+ key.utf8.count &+ 8)
        out.append(JSONByte.openBrace)
        JSONText.appendQuoted(key, to: &out)
        out.append(JSONByte.colon)
        body.withUnsafeBufferPointer { buffer in
            out.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[content]))
        }
        out.append(JSONByte.closeBrace)
        return .edited(out)
    }

    /// `.unchanged` with the syntax error when `body` is not valid JSON, else `nil`.
    static func invalidBody(_ body: [UInt8]) -> JSONEditResult? {
        guard let error = JSONSyntax.validate(body) else { return nil }
        return .unchanged(reason: "body is not valid JSON: \(error)")
    }

    /// The range of `bytes` without leading and trailing JSON whitespace.
    static func trimmed(_ bytes: [UInt8]) -> Range<Int> {
        var start = 0
        var stop = bytes.count
        while start < stop && JSONByte.isWhitespace(bytes[start]) { start &+= 1 }
        while stop > start && JSONByte.isWhitespace(bytes[stop &- 1]) { stop &-= 1 }
        return start..<stop
    }

    /// Runs `body` with a locator over `bytes`, which must be validated and non-empty.
    static func withLocator<T>(_ bytes: [UInt8], _ body: (JSONLocator) -> T) -> T? {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress, !buffer.isEmpty else { return nil }
            return body(JSONLocator(base: base, end: buffer.count))
        }
    }
}
