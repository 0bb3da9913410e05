/// A JSON literal after the word `json`: `json {"id": 1}` or `json [1, 2]`.
struct JSONLiteral: Sendable, Hashable {
    /// The exact source text from the opening bracket to the closing one.
    let text: String
    /// Where that text is.
    let range: SourceRange

    /// Creates a JSON literal.
    init(text: String, range: SourceRange) {
        self.text = text
        self.range = range
    }
}
