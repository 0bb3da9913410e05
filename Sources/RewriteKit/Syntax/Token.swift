/// One token of a rule file, with its source text and position.
struct Token: Sendable, Hashable {
    /// Decoded contents for tokens that carry more than their text.
    indirect enum Payload: Sendable, Hashable {
        /// Nothing beyond the text.
        case none
        /// A string literal's template.
        case template(Template)
        /// A number's value.
        case number(Double)
        /// A number with a unit: value and unit spelling (`64`, `KB`).
        case quantity(Double, unit: String)
        /// A regex literal.
        case regex(RegexLiteral)
        /// A JSON literal.
        case json(JSONLiteral)
    }

    /// The token's kind.
    let kind: TokenKind
    /// The exact source text.
    let text: String
    /// Where the token is.
    let range: SourceRange
    /// Decoded contents.
    let payload: Payload

    /// Creates a token.
    init(kind: TokenKind, text: String, range: SourceRange, payload: Payload = .none) {
        self.kind = kind
        self.text = text
        self.range = range
        self.payload = payload
    }

    /// Whether this is the bare word `word`.
    func isWord(_ word: String) -> Bool {
        kind == .word && text == word
    }
}
