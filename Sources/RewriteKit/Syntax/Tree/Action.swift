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
        /// `replace-body REGEX VALUE`. Boxed, as the largest payload: every action is the
        /// size of its largest kind.
        indirect case replaceBody(pattern: RegexLiteral, replacement: Value)
        /// `set-body VALUE`, `set-body json {...}` or `set-body file "PATH"`.
        case setBody(Body)
        /// `set-status CODE` (response only).
        case setStatus(code: Int, range: SourceRange)
        /// `log`.
        case log
        /// `tag "NAME"`.
        case tag(Template)
        /// `part SELECTOR { ACTIONS }`: header and body actions on each part picked.
        indirect case part(PartSelector, [Action])
        /// `remove-part SELECTOR`: leaves out each part picked.
        case removePart(PartSelector)
        /// `add-part "NAME" [filename "FILE"] BODY`: a new last part.
        indirect case addPart(MultipartBodyPart)
        /// `set-filename VALUE` (inside `part { }`).
        case setFilename(Value)
    }

    /// The action's name.
    let keyword: ActionKeyword
    /// The action and its arguments.
    let kind: Kind
    /// Where the action's name is.
    let nameRange: SourceRange
    /// The whole action.
    let range: SourceRange

    /// Creates an action node.
    init(keyword: ActionKeyword, kind: Kind, nameRange: SourceRange, range: SourceRange) {
        self.keyword = keyword
        self.kind = kind
        self.nameRange = nameRange
        self.range = range
    }

    /// The action's name as written in rule files.
    var name: String { keyword.rawValue }
}
