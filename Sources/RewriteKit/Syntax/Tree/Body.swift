/// A body given by `set-body` or by `body` inside `respond { }`.
struct Body: Sendable, Hashable {
    /// Where the body comes from.
    enum Kind: Sendable, Hashable {
        /// A string, possibly with templates.
        case text(Template)
        /// A JSON literal, kept as its exact source text.
        case json(JSONLiteral)
        /// `file "PATH"`: a file relative to the rule file's folder.
        case file(path: String, pathRange: SourceRange)
        /// `multipart { part "NAME" [filename "FILE"] BODY ... }`: a `multipart/form-data` body.
        indirect case multipart([MultipartBodyPart])
    }

    /// The body's source.
    let kind: Kind
    /// The body's value (after `body` / `set-body`).
    let range: SourceRange

    /// Creates a body node.
    init(kind: Kind, range: SourceRange) {
        self.kind = kind
        self.range = range
    }
}
