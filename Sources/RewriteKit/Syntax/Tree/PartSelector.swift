/// `part "NAME"`, `part filename "GLOB"` or `part content-type "GLOB"`: which parts of a
/// multipart body a test or an action means.
struct PartSelector: Sendable, Hashable {
    /// What the parts are picked by.
    enum Kind: String, Sendable, Hashable {
        /// The form field's name (`Content-Disposition`'s `name`), exactly.
        case name
        /// The file name (`filename`, or `filename*` decoded), a glob.
        case filename
        /// The media type (`Content-Type` without its parameters, in lower case), a glob.
        case contentType = "content-type"
    }

    /// What the parts are picked by.
    let kind: Kind
    /// The name or glob.
    let text: String
    /// The whole selector, from `part`.
    let range: SourceRange

    /// Creates a selector node.
    init(kind: Kind, text: String, range: SourceRange) {
        self.kind = kind
        self.text = text
        self.range = range
    }

    /// The selector as written (`part "meta"`, `part filename "*.jpg"`), for messages.
    var spelling: String {
        kind == .name ? "part \"\(text)\"" : "part \(kind.rawValue) \"\(text)\""
    }
}

/// What a `part` test reads of the part it picks.
enum PartProperty: Sendable, Hashable {
    /// The part's body as text (no word after the selector).
    case value
    /// `json "PATH"`: a value in the part's JSON body.
    case json(String)
    /// `header "NAME"`: one of the part's header fields.
    case header(String)
    /// `filename`.
    case filename
    /// `content-type`: the media type, without parameters, in lower case.
    case contentType
    /// `size`: the body's length in bytes.
    case size

    /// The words that may follow a selector.
    static let words = ["json", "header", "filename", "content-type", "size"]
}

/// One part of a `multipart { }` body: `part "NAME" [filename "FILE"] BODY`.
struct MultipartBodyPart: Sendable, Hashable {
    /// The form field's name.
    let name: Template
    /// The file name, when the part is a file.
    let filename: Template?
    /// The part's body.
    let body: Body
    /// The whole line.
    let range: SourceRange

    /// Creates a part node.
    init(name: Template, filename: Template?, body: Body, range: SourceRange) {
        self.name = name
        self.filename = filename
        self.body = body
        self.range = range
    }
}
