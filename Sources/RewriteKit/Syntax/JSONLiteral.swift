/// A JSON literal after the word `json`: `json {"id": 1}` or `json [1, 2]`.
public struct JSONLiteral: Sendable, Hashable {
    /// The exact source text from the opening bracket to the closing one.
    public let text: String
    /// Where that text is.
    public let range: SourceRange

    /// Creates a JSON literal.
    public init(text: String, range: SourceRange) {
        self.text = text
        self.range = range
    }
}
