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
    /// A JSON literal with placeholders in its strings: rendered per message, each value
    /// escaped inside its string, so the text stays one valid JSON value.
    case jsonTemplate(CompiledTemplate)
    /// `now()`: Unix seconds, a number in JSON.
    case now
    /// `uuid()`: a fresh UUID, a string in JSON.
    case uuid

    /// The value as one JSON value when it does not depend on the message (a string, a
    /// number, a JSON literal); nil for a template, `now()` and `uuid()`.
    /// `inject-json` keeps it, made once when the rules load.
    var literalJSON: JSONDocument? {
        switch self {
        case .string(let text): Self.json(quoting: text)
        case .json(let text), .number(_, let text): Self.json(literal: text)
        case .template, .jsonTemplate, .now, .uuid: nil
        }
    }

    /// `text` as a JSON string.
    static func json(quoting text: String) -> JSONDocument {
        JSONDocument(trusted: JSONText.quotedBytes(text))
    }

    /// `text`, which is one JSON value already (validated when the rules loaded, or a
    /// number the runtime wrote).
    static func json(literal text: String) -> JSONDocument {
        JSONDocument(trusted: Array(text.utf8))
    }

    /// Whether rendering reads the JSON body.
    var readsJSONBody: Bool {
        switch self {
        case .template(let template), .jsonTemplate(let template): template.readsJSONBody
        default: false
        }
    }
}
