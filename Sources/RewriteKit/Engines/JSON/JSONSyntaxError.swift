/// Why a byte sequence is not valid JSON text, and where.
///
/// Messages are lower case and quote what was found, for example
/// `expected ',' or '}' after object member, found 'x'`.
struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong, in lower case, without the position.
    var message: String
    /// Zero-based byte offset of the offending byte (or of the construct it breaks).
    var offset: Int

    /// Creates an error with a message and a byte offset.
    init(message: String, offset: Int) {
        self.message = message
        self.offset = offset
    }

    /// The message followed by its position: `expected a value, found ']' at byte 12`.
    var description: String {
        "\(message) at byte \(offset)"
    }
}
