/// What a `${...}` placeholder reads.
enum TemplateVariable: Sendable, Hashable {
    /// `${1}` ... : a regex capture group of the rule's conditions (1-based).
    case group(Int)
    /// `${method}`.
    case method
    /// `${host}`.
    case host
    /// `${path}`.
    case path
    /// `${url}`.
    case url
    /// `${header.NAME}`.
    case header(String)
    /// `${query.NAME}`.
    case query(String)
    /// `${json.PATH}`.
    case json(String)
    /// `${env.NAME}`: the process environment.
    case env(String)
    /// `${now}`: Unix time in seconds.
    case now
    /// `${uuid}`: a fresh UUID.
    case uuid
    /// Anything else; the checker reports it.
    case unknown(String)

    /// The variable names that take no argument, for suggestions.
    static let simpleNames = ["method", "host", "path", "url", "now", "uuid"]
    /// The variable prefixes that take an argument after a dot.
    static let prefixes = ["header", "query", "json", "env"]

    /// Interprets the text between `${` and `}`.
    init(spelling raw: String) {
        let text = raw.trimmingWhitespace()
        if let first = text.unicodeScalars.first, ("0"..."9").contains(first),
            text.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) }), text.count <= 4, let number = Int(text)
        {
            self = .group(number)
            return
        }
        switch text {
        case "method": self = .method
        case "host": self = .host
        case "path": self = .path
        case "url": self = .url
        case "now": self = .now
        case "uuid": self = .uuid
        default:
            if let dot = text.firstIndex(of: ".") {
                let prefix = String(text[..<dot])
                let name = String(text[text.index(after: dot)...])
                if !name.isEmpty {
                    switch prefix {
                    case "header": self = .header(name); return
                    case "query": self = .query(name); return
                    case "json": self = .json(name); return
                    case "env": self = .env(name); return
                    default: break
                    }
                }
            }
            self = .unknown(text)
        }
    }

    /// The placeholder's text as it would be written between `${` and `}`.
    var spelling: String {
        switch self {
        case .group(let number): String(number)
        case .method: "method"
        case .host: "host"
        case .path: "path"
        case .url: "url"
        case .header(let name): "header.\(name)"
        case .query(let name): "query.\(name)"
        case .json(let path): "json.\(path)"
        case .env(let name): "env.\(name)"
        case .now: "now"
        case .uuid: "uuid"
        case .unknown(let text): text
        }
    }
}
