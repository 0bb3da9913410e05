/// Why a JSON path written in a rule could not be parsed.
package struct JSONPathError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong, lower case, quoting the path: `expected a key after '.' in 'a..b'`.
    var message: String

    /// Creates an error with `message`.
    init(message: String) {
        self.message = message
    }

    /// The message.
    package var description: String { message }
}
