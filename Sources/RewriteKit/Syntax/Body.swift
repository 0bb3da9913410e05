/// A body given by `set-body` or by `body` inside `respond { }`.
public struct Body: Sendable, Hashable {
    /// Where the body comes from.
    public enum Kind: Sendable, Hashable {
        /// A string, possibly with templates.
        case text(Template)
        /// A JSON literal, kept as its exact source text.
        case json(JSONLiteral)
        /// `file "PATH"`: a file relative to the rule file's folder.
        case file(path: String, pathRange: SourceRange)
    }

    /// The body's source.
    public let kind: Kind
    /// The body's value (after `body` / `set-body`).
    public let range: SourceRange

    /// Creates a body node.
    public init(kind: Kind, range: SourceRange) {
        self.kind = kind
        self.range = range
    }
}
