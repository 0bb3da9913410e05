/// One action of a `request { }` or `response { }` block, with its regex, JSON path and
/// file contents prepared when the rule set loads.
struct CompiledAction: Sendable {
    /// The action and its prepared arguments.
    enum Kind: Sendable {
        case setHeader(name: CompiledTemplate, value: CompiledValue)
        case addHeader(name: CompiledTemplate, value: CompiledValue)
        case removeHeader(name: CompiledTemplate)
        case setQuery(name: CompiledTemplate, value: CompiledValue)
        case removeQuery(name: CompiledTemplate)
        case setURL(CompiledTemplate)
        case setHost(CompiledTemplate)
        case setPath(CompiledTemplate)
        case setScheme(CompiledTemplate)
        /// A JSON edit's `literalSummary` is what the trace says it did when its key or path
        /// is written literally, made when the rules load (making it per edit cost about
        /// 1,000 instructions, a twentieth of a `wrap-json` of a 1 KB body); nil when the
        /// operand is rendered per message.
        case wrapJSON(key: CompiledTemplate, literalSummary: String?)
        /// `literalJSON` is the value as JSON when it is literal, made when the rules load.
        /// Boxed, so that the literal value and the summary do not make every action
        /// larger: this payload was already the largest, with `set-header`'s.
        indirect case injectJSON(path: JSONPathOperand, value: CompiledValue, literalJSON: JSONDocument?, literalSummary: String?)
        case removeJSON(path: JSONPathOperand, literalSummary: String?)
        /// `${n}` in the replacement is group `n` of each match of this regex (like sed).
        case replaceBody(SafeRegex, replacement: CompiledTemplate)
        case setBody(CompiledBody)
        case setStatus(Int)
        case log
        case tag(CompiledTemplate)
        /// `part SELECTOR { ACTIONS }`: each part picked is edited by the actions as if it
        /// were a message of its own (its header fields and its body).
        indirect case part(CompiledPartSelector, [CompiledAction])
        case removePart(CompiledPartSelector)
        indirect case addPart(CompiledBodyPart)
        case setFilename(CompiledTemplate)
    }

    /// The action's name, kept for messages and traces.
    let keyword: ActionKeyword
    /// The action and its arguments.
    let kind: Kind
    /// The 1-based line of the action.
    let line: Int

    /// The action's name as written (`set-header`).
    var name: String { keyword.rawValue }

    /// What the trace says `wrap-json` did with `key`: `wrapped in "data"`.
    static func wrapSummary(_ key: String) -> String { "wrapped in \"\(key)\"" }
    /// What the trace says `inject-json` did at `path`: `set "meta.by"`.
    static func injectSummary(_ path: String) -> String { "set \"\(path)\"" }
    /// What the trace says `remove-json` did at `path`: `removed "token"`.
    static func removeSummary(_ path: String) -> String { "removed \"\(path)\"" }

    /// Whether the action reads or writes the body.
    var touchesBody: Bool {
        switch kind {
        case .wrapJSON, .injectJSON, .removeJSON, .replaceBody, .setBody, .part, .removePart, .addPart: true
        default: false
        }
    }

    /// Whether the action edits parts of a multipart body, and reads nothing of the body
    /// outside the parts it picks.
    var onlyEditsParts: Bool {
        switch kind {
        case .part(_, let actions): !actions.contains { $0.readsMessageJSON }
        case .removePart: true
        case .addPart(let part): !part.readsJSONBody
        default: false
        }
    }

    /// Whether a template of the action reads `${json.PATH}` of the message's body.
    var readsMessageJSON: Bool {
        switch kind {
        case .setHeader(let name, let value), .addHeader(let name, let value), .setQuery(let name, let value):
            name.readsJSONBody || value.readsJSONBody
        case .removeHeader(let name), .removeQuery(let name), .tag(let name), .setURL(let name), .setHost(let name),
            .setPath(let name), .setScheme(let name), .setFilename(let name):
            name.readsJSONBody
        case .injectJSON(_, let value, _, _): value.readsJSONBody
        case .replaceBody(_, let replacement): replacement.readsJSONBody
        case .setBody(let body): body.readsJSONBody
        case .wrapJSON(let key, _): key.readsJSONBody
        case .part(_, let actions): actions.contains { $0.readsMessageJSON }
        case .addPart(let part): part.readsJSONBody
        default: false
        }
    }

    /// Whether the action only edits headers or observes (`log`, `tag`).
    var onlyEditsHeaders: Bool {
        switch kind {
        case .setHeader, .addHeader, .removeHeader, .log, .tag: true
        default: false
        }
    }

    /// Whether the action reads the body of the message it runs on (the request's in a
    /// `request` block, the response's in a `response` block): a body action, or a
    /// `${json.PATH}` template in one of its arguments.
    var readsBody: Bool {
        touchesBody || readsMessageJSON
    }
}
