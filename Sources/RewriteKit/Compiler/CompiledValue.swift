/// An action argument or `respond` header value, ready to render as text or as JSON.
enum CompiledValue: Sendable, Hashable {
    /// A string fixed when the rules load: as text itself, as JSON a quoted string.
    case string(String)
    /// A number, `true`, `false`, `null` or a JSON literal: its text is its JSON (the
    /// spelling as written, validated when the rules load).
    case json(String)
    /// A number whose spelling is not JSON (`+1`): its text as written, its JSON normalized.
    case number(text: String, json: String)
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
