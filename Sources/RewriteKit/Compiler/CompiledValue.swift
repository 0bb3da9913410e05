/// An action argument or `respond` header value, ready to render as text or as JSON.
enum CompiledValue: Sendable, Hashable {
    /// A value fixed when the rules load, in both forms: its text (header values, URL
    /// parts) and its JSON (`inject-json`): a string's JSON is quoted, a number keeps its
    /// spelling, a JSON literal its exact text.
    case constant(text: String, json: [UInt8])
    /// A string with placeholders: rendered per message; as JSON, a quoted string.
    case template(CompiledTemplate)
    /// `now()`: Unix seconds, a number in JSON.
    case now
    /// `uuid()`: a fresh UUID, a string in JSON.
    case uuid

    /// Whether rendering reads the JSON body.
    var readsJSONBody: Bool {
        if case .template(let template) = self { return template.readsJSONBody }
        return false
    }
}
