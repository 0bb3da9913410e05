/// Strict RFC 8259 validation of complete JSON texts.
///
/// Accepts exactly one value with optional surrounding whitespace (space, tab, LF, CR).
/// Inside strings it requires well-formed UTF-8 (no overlongs, no encoded surrogates),
/// no raw control characters, and valid escapes; an unpaired surrogate escape such as
/// `\uD800` is grammatical (RFC 8259 section 8.2), accepted and kept as written (decoding
/// gives U+FFFD), as JSONSerialization and most parsers do. Numbers follow the RFC grammar (no
/// leading zeros, no `+`, no bare `.`). A byte order mark is rejected. Nesting deeper
/// than ``maximumDepth`` is reported as an error; validation never recurses.
package enum JSONSyntax {
    /// The deepest nesting of arrays and objects accepted.
    static let maximumDepth = 512

    /// Whether `bytes` are one valid JSON text: the check every JSON action makes before
    /// it edits (for `rewrite-bench`, which measures it as the floor of a JSON edit).
    package static func isValid(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { JSONValidator.isValid($0) }
    }

    /// Validates `bytes`, returning `nil` when they are one valid JSON text.
    static func validate(_ bytes: [UInt8]) -> JSONSyntaxError? {
        bytes.withUnsafeBufferPointer { validate($0) }
    }

    /// Validates the bytes in `buffer`, returning `nil` when they are one valid JSON text.
    /// The fast ``JSONValidator`` decides; only when it says no does the scanner run, to
    /// find the error and its offset.
    static func validate(_ buffer: UnsafeBufferPointer<UInt8>) -> JSONSyntaxError? {
        if JSONValidator.isValid(buffer) { return nil }
        return diagnose(buffer)
    }

    /// The first error in bytes known to be invalid, as the detailed scanner finds it.
    static func diagnose(_ buffer: UnsafeBufferPointer<UInt8>) -> JSONSyntaxError? {
        guard let base = buffer.baseAddress, !buffer.isEmpty else {
            return JSONSyntaxError(message: "expected a value, found end of input", offset: 0)
        }
        return withUnsafeTemporaryAllocation(of: Bool.self, capacity: maximumDepth) { stack -> JSONSyntaxError? in
            var scanner = JSONSyntaxScanner(base: base, end: buffer.count)
            do throws(JSONSyntaxError) {
                try scanner.scanText(stack: stack)
                return nil
            } catch {
                return error
            }
        }
    }
}
