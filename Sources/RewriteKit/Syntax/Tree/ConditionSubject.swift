/// The left-hand side of a test: which part of the traffic is looked at.
struct ConditionSubject: Sendable, Hashable {
    /// The subjects of the rule language.
    enum Kind: Sendable, Hashable {
        /// `method`.
        case method
        /// `scheme`.
        case scheme
        /// `host` (compared case-insensitively).
        case host
        /// `port`.
        case port
        /// `path`.
        case path
        /// `url`.
        case url
        /// `query "NAME"`.
        case query(String)
        /// `header "NAME"`.
        case header(String)
        /// `json "PATH"`.
        case json(String)
        /// `body`.
        case body
        /// `status` (only in `response when`).
        case status
        /// `graphql operation`: the GraphQL operation name (only in `when`).
        case graphQLOperation
        /// `graphql type`: `query`, `mutation` or `subscription` (only in `when`).
        case graphQLType
        /// `event`: a server-sent event's name (only in `response each message when`).
        case event
        /// `part SELECTOR [PROPERTY]`: a part of a multipart body.
        case part(PartSelector, PartProperty)
    }

    /// The subject keywords, for suggestions.
    static let keywords = [
        "method", "scheme", "host", "port", "path", "url", "query", "header", "json", "body", "status", "graphql", "event", "part",
    ]

    /// Which subject.
    let kind: Kind
    /// Where the argument string (`"NAME"`, `"PATH"`) is, for subjects that take one.
    let argumentRange: SourceRange?
    /// The whole subject, argument included.
    let range: SourceRange

    /// Creates a subject node.
    init(kind: Kind, argumentRange: SourceRange? = nil, range: SourceRange) {
        self.kind = kind
        self.argumentRange = argumentRange
        self.range = range
    }

    /// The subject's keyword.
    var keyword: String {
        switch kind {
        case .method: "method"
        case .scheme: "scheme"
        case .host: "host"
        case .port: "port"
        case .path: "path"
        case .url: "url"
        case .query: "query"
        case .header: "header"
        case .json: "json"
        case .body: "body"
        case .status: "status"
        case .graphQLOperation: "graphql operation"
        case .graphQLType: "graphql type"
        case .event: "event"
        case .part: "part"
        }
    }
}
