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
        case wrapJSON(key: CompiledTemplate)
        case injectJSON(path: JSONPathOperand, value: CompiledValue)
        case removeJSON(path: JSONPathOperand)
        /// `${n}` in the replacement is group `n` of each match of this regex (like sed).
        case replaceBody(SafeRegex, replacement: CompiledTemplate)
        case setBody(CompiledBody)
        case setStatus(Int)
        case log
        case tag(CompiledTemplate)
    }

    /// The action's name, kept for messages and traces.
    let keyword: ActionKeyword
    /// The action and its arguments.
    let kind: Kind
    /// The 1-based line of the action.
    let line: Int

    /// What the trace says this body edit did, when its key or path is written literally:
    /// made once when the rules load, since making it per edit cost about 1,100
    /// instructions, a twentieth of a whole `wrap-json` of a 1 KB body. Nil otherwise
    /// (``bodyEditSummary(of:operand:)`` makes it from the rendered operand).
    let literalSummary: String?

    init(keyword: ActionKeyword, kind: Kind, line: Int) {
        self.keyword = keyword
        self.kind = kind
        self.line = line
        let literalOperand: String? = switch kind {
        case .wrapJSON(let key): key.constant
        case .injectJSON(.parsed(_, let text), _), .removeJSON(.parsed(_, let text)): text
        default: nil
        }
        literalSummary = literalOperand.map { Self.bodyEditSummary(of: kind, operand: $0) }
    }

    /// The action's name as written (`set-header`).
    var name: String { keyword.rawValue }

    /// What the trace says a JSON body edit did, from its rendered key or path:
    /// `wrapped in "data"`, `set "meta.by"`, `removed "token"`.
    static func bodyEditSummary(of kind: Kind, operand: String) -> String {
        switch kind {
        case .wrapJSON: "wrapped in \"\(operand)\""
        case .injectJSON: "set \"\(operand)\""
        default: "removed \"\(operand)\""
        }
    }

    /// Whether the action reads or writes the body.
    var touchesBody: Bool {
        switch kind {
        case .wrapJSON, .injectJSON, .removeJSON, .replaceBody, .setBody: true
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

    /// Whether the action, run on a request, reads the request body: a body action, or
    /// a `${json.PATH}` template in one of its arguments.
    var readsRequestBody: Bool {
        if touchesBody { return true }
        switch kind {
        case .setHeader(let name, let value), .addHeader(let name, let value), .setQuery(let name, let value):
            return name.readsJSONBody || value.readsJSONBody
        case .removeHeader(let name), .removeQuery(let name), .tag(let name), .setURL(let name), .setHost(let name),
            .setPath(let name), .setScheme(let name):
            return name.readsJSONBody
        default:
            return false
        }
    }
}
