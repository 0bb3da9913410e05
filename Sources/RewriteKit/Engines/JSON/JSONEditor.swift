/// Edits JSON documents by byte splicing, never by a parse and re-serialize.
///
/// Each edit locates the spot with ``JSONLocator`` and copies the original bytes around a
/// single splice, so key order, whitespace, number spellings (`1.0E+2`) and escapes
/// (`\u00e9`) outside the edited spot are preserved exactly, and the result is again a
/// valid ``JSONDocument`` without a second validation. When an edit cannot apply, the
/// result is a failure with a reason and the caller keeps its document.
///
/// - Duplicate keys act on the last occurrence, the one parsers keep; `remove`
///   deletes every occurrence so the key is really gone afterwards.
/// - Array indices only navigate existing elements; nothing is appended.
/// - Inserted text is compact (`"k":value`); `wrap` trims whitespace around the body.
///
/// The `[UInt8]` forms validate first and report an invalid body as
/// ``JSONEditResult/unchanged(reason:)``.
package enum JSONEditor {
    /// `{"KEY":` + the document (surrounding whitespace trimmed) + `}`, with `key` JSON-escaped.
    static func wrap(_ document: JSONDocument, key: String) -> JSONDocument {
        let body = document.bytes
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
        return JSONDocument(trusted: out)
    }

    /// `wrap` on bytes that have not been validated yet.
    package static func wrap(_ body: [UInt8], key: String) -> JSONEditResult {
        validated(body).map { .edited(wrap($0, key: key).bytes) }
    }

    /// `inject` on bytes that have not been validated yet; `value` must be one JSON value.
    package static func inject(_ body: [UInt8], path: JSONPath, value: [UInt8]) -> JSONEditResult {
        let valueDocument: JSONDocument
        do {
            valueDocument = try JSONDocument(validating: value)
        } catch {
            return .unchanged(reason: "value is not valid JSON: \(error)")
        }
        return validated(body).map { JSONEditResult(inject(valueDocument, at: path, in: $0)) }
    }

    /// `remove` on bytes that have not been validated yet.
    static func remove(_ body: [UInt8], path: JSONPath) -> JSONEditResult {
        validated(body).map { JSONEditResult(remove(path, from: $0)) }
    }

    /// The document, or `.unchanged` with the syntax error.
    private static func validated(_ body: [UInt8]) -> EditInput {
        do {
            return .document(try JSONDocument(validating: body))
        } catch {
            return .invalid(.unchanged(reason: "body is not valid JSON: \(error)"))
        }
    }

    /// A validated document, or the result to return for an invalid body.
    private enum EditInput {
        case document(JSONDocument)
        case invalid(JSONEditResult)

        func map(_ edit: (JSONDocument) -> JSONEditResult) -> JSONEditResult {
            switch self {
            case .document(let document): edit(document)
            case .invalid(let result): result
            }
        }
    }

    /// The range of `bytes` without leading and trailing JSON whitespace.
    static func trimmed(_ bytes: [UInt8]) -> Range<Int> {
        var start = 0
        var stop = bytes.count
        while start < stop && JSONByte.isWhitespace(bytes[start]) { start &+= 1 }
        while stop > start && JSONByte.isWhitespace(bytes[stop &- 1]) { stop &-= 1 }
        return start..<stop
    }
}
