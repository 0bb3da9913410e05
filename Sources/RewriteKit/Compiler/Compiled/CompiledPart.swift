/// A `part` selector, ready to pick parts: a name compared exactly, a file name or media
/// type through its glob.
struct CompiledPartSelector: Sendable, Hashable {
    /// What the parts are picked by.
    let kind: PartSelector.Kind
    /// The name or glob as written.
    let text: String
    /// The glob, for `filename` and `content-type`.
    let glob: GlobPattern?
    /// The selector as written (`part "meta"`, `part filename "*.jpg"`), for traces.
    let spelling: String

    /// Compiles a selector.
    init(_ selector: PartSelector) {
        kind = selector.kind
        text = selector.kind == .contentType ? ASCIICase.lowercased(selector.text) : selector.text
        glob = selector.kind == .name ? nil : GlobPattern(text)
        spelling = selector.spelling
    }

    /// Whether the selector picks a part with these facts.
    func picks(_ part: MultipartPartFacts) -> Bool {
        switch kind {
        case .name: return part.name.map { ByteText.equal($0, text) } ?? false
        case .filename: return part.filename.map { glob?.matches($0) ?? false } ?? false
        case .contentType: return glob?.matches(part.mediaType) ?? false
        }
    }

    static func == (lhs: CompiledPartSelector, rhs: CompiledPartSelector) -> Bool {
        lhs.kind == rhs.kind && lhs.text == rhs.text
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        hasher.combine(text)
    }
}

/// What a `part` test reads, with its JSON path parsed.
enum CompiledPartProperty: Sendable, Hashable {
    case value
    case json(JSONPath)
    case header(String)
    case filename
    case contentType
    case size

    /// The property as written after the selector (empty for the value).
    var spelling: String {
        switch self {
        case .value: ""
        case .json(let path): " json \"\(path)\""
        case .header(let name): " header \"\(name)\""
        case .filename: " filename"
        case .contentType: " content-type"
        case .size: " size"
        }
    }
}

/// A part that `add-part` or a `multipart { }` body writes.
struct CompiledBodyPart: Sendable {
    /// The form field's name.
    let name: CompiledTemplate
    /// The file name, when the part is a file.
    let filename: CompiledTemplate?
    /// The part's body.
    let body: CompiledBody

    /// The part's `Content-Type`: JSON for a JSON literal or a `.json` file, bytes for
    /// another file, none (text, RFC 7578's default) for a string.
    var contentType: String? {
        switch body {
        case .json, .bytes(_, isJSON: true): "application/json"
        case .bytes: "application/octet-stream"
        case .multipart: nil
        case .text: nil
        }
    }

    /// Whether rendering reads the JSON body.
    var readsJSONBody: Bool {
        name.readsJSONBody || (filename?.readsJSONBody ?? false) || body.readsJSONBody
    }
}
