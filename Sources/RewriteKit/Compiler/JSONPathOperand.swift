/// A JSON path argument: parsed once when written literally, else rendered per message.
enum JSONPathOperand: Sendable {
    /// A literal path, parsed when the rule set loaded.
    case parsed(JSONPath, text: String)
    /// A path with placeholders, parsed after rendering.
    case template(CompiledTemplate)

    /// The path as written, when it is literal.
    var literalText: String? {
        if case .parsed(_, let text) = self { return text }
        return nil
    }
}
