/// One action of a `request { }` or `response { }` block, with its regex, JSON path and
/// file contents prepared when the rule set loads.
struct CompiledAction: Sendable {
    /// The action and its prepared arguments.
    enum Kind: Sendable {
        case setHeader(name: Template, value: Value)
        case addHeader(name: Template, value: Value)
        case removeHeader(name: Template)
        case setQuery(name: Template, value: Value)
        case removeQuery(name: Template)
        case setURL(Value)
        case setHost(Value)
        case setPath(Value)
        case setScheme(Value)
        case wrapJSON(key: Template)
        case injectJSON(path: JSONPathOperand, value: Value)
        case removeJSON(path: JSONPathOperand)
        case replaceBody(SafeRegex, replacement: Value)
        case setBody(CompiledBody)
        case setStatus(Int)
        case log
        case tag(Template)
    }

    /// The action and its arguments.
    let kind: Kind
    /// The action's name as written (`set-header`).
    let name: String
    /// The 1-based line of the action.
    let line: Int

    /// Whether the action reads or writes the body.
    var touchesBody: Bool {
        switch kind {
        case .wrapJSON, .injectJSON, .removeJSON, .replaceBody, .setBody: true
        default: false
        }
    }

    /// Whether the action, run on a request, reads the request body: a body action, or
    /// a `${json.PATH}` template in one of its arguments.
    var readsRequestBody: Bool {
        if touchesBody { return true }
        switch kind {
        case .setHeader(let name, let value), .addHeader(let name, let value), .setQuery(let name, let value):
            return name.readsJSONVariable || value.readsJSONVariable
        case .removeHeader(let name), .removeQuery(let name), .tag(let name):
            return name.readsJSONVariable
        case .setURL(let value), .setHost(let value), .setPath(let value), .setScheme(let value):
            return value.readsJSONVariable
        default:
            return false
        }
    }
}

/// A JSON path argument: parsed once when written literally, else rendered per message.
enum JSONPathOperand: Sendable {
    /// A literal path, parsed when the rule set loaded.
    case parsed(JSONPath, text: String)
    /// A path with placeholders, parsed after rendering.
    case template(Template)
}

/// A body given by `set-body` or `respond { body ... }`.
enum CompiledBody: Sendable {
    /// Text with placeholders, rendered per message and sent as UTF-8.
    case text(Template)
    /// Fixed bytes: a JSON literal's text or a file's contents (read once, at load).
    /// `isJSON` is true for JSON literals and `.json` files.
    case bytes([UInt8], isJSON: Bool)
}
