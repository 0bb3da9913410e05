/// One action inside `request { }` or `response { }`.
struct Action: Sendable, Hashable {
    /// Every action of the rule language, with typed arguments.
    enum Kind: Sendable, Hashable {
        /// `set-header NAME VALUE`.
        case setHeader(name: Template, value: Value)
        /// `add-header NAME VALUE` (keeps existing values).
        case addHeader(name: Template, value: Value)
        /// `remove-header NAME`.
        case removeHeader(name: Template)
        /// `set-query NAME VALUE`.
        case setQuery(name: Template, value: Value)
        /// `remove-query NAME`.
        case removeQuery(name: Template)
        /// `set-url VALUE` (request only).
        case setURL(Value)
        /// `set-host VALUE` (request only).
        case setHost(Value)
        /// `set-path VALUE` (request only).
        case setPath(Value)
        /// `set-scheme VALUE` (request only).
        case setScheme(Value)
        /// `wrap-json KEY`: body `B` becomes `{"KEY": B}`.
        case wrapJSON(key: Template)
        /// `inject-json PATH VALUE`.
        case injectJSON(path: Template, value: Value)
        /// `remove-json PATH`.
        case removeJSON(path: Template)
        /// `replace-body REGEX VALUE`.
        case replaceBody(pattern: RegexLiteral, replacement: Value)
        /// `set-body VALUE`, `set-body json {...}` or `set-body file "PATH"`.
        case setBody(Body)
        /// `set-status CODE` (response only).
        case setStatus(code: Int, range: SourceRange)
        /// `log`.
        case log
        /// `tag "NAME"`.
        case tag(Template)
    }

    /// Every action name, for suggestions.
    static let names = [
        "set-header", "add-header", "remove-header", "set-query", "remove-query", "set-url", "set-host",
        "set-path", "set-scheme", "wrap-json", "inject-json", "remove-json", "replace-body", "set-body",
        "set-status", "log", "tag",
    ]

    /// The action and its arguments.
    let kind: Kind
    /// Where the action's name is.
    let nameRange: SourceRange
    /// The whole action.
    let range: SourceRange

    /// Creates an action node.
    init(kind: Kind, nameRange: SourceRange, range: SourceRange) {
        self.kind = kind
        self.nameRange = nameRange
        self.range = range
    }

    /// The action's name as written in rule files.
    var name: String {
        switch kind {
        case .setHeader: "set-header"
        case .addHeader: "add-header"
        case .removeHeader: "remove-header"
        case .setQuery: "set-query"
        case .removeQuery: "remove-query"
        case .setURL: "set-url"
        case .setHost: "set-host"
        case .setPath: "set-path"
        case .setScheme: "set-scheme"
        case .wrapJSON: "wrap-json"
        case .injectJSON: "inject-json"
        case .removeJSON: "remove-json"
        case .replaceBody: "replace-body"
        case .setBody: "set-body"
        case .setStatus: "set-status"
        case .log: "log"
        case .tag: "tag"
        }
    }
}
