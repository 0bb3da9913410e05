/// What a `${...}` placeholder reads, resolved when the rules load.
enum TemplateSource: Sendable, Hashable {
    /// `${n}`: regex group `n` of the rule's conditions (`${0}` the first regex's whole match);
    /// `fromURL` when the regex tested a part of the URL (`url`, `path`, `host`, `scheme`),
    /// so the group is URL text rather than decoded data.
    case group(Int, fromURL: Bool)
    /// `${method}`.
    case method
    /// `${host}`: the request host in its normal form.
    case host
    /// `${path}`.
    case path
    /// `${url}`.
    case url
    /// `${header.NAME}`.
    case header(String)
    /// `${query.NAME}`.
    case query(String)
    /// `${json.PATH}`, with the path parsed and its text as written.
    case json(JSONPath, text: String)
    /// `${env.NAME}`.
    case env(String)
    /// `${now}`.
    case now
    /// `${uuid}`.
    case uuid

    /// Whether the value is the developer's configuration (`${env.NAME}`: the process
    /// environment or the app's ``EvaluationEnvironment/variables``), not request data: in
    /// a URL it lays out structure as the rule's own text does (a scheme, `HOST:PORT`, a
    /// whole base URL), never with whitespace or control characters.
    var isConfiguration: Bool {
        if case .env = self { return true }
        return false
    }

    /// Whether the value is text from the request's URL, already in its encoded form (`${path}`,
    /// `${url}`, `${host}`, a group of a regex on the URL): it goes into a URL as it is.
    /// Every other value but configuration is data (decoded query values, headers, JSON), which is
    /// encoded for the part of a URL it lands in and can never change that URL's structure.
    var isURLText: Bool {
        switch self {
        case .host, .path, .url: true
        case .group(_, let fromURL): fromURL
        default: false
        }
    }

    /// The placeholder as written between `${` and `}`, for traces.
    var spelling: String {
        switch self {
        case .group(let number, _): String(number)
        case .method: "method"
        case .host: "host"
        case .path: "path"
        case .url: "url"
        case .header(let name): "header.\(name)"
        case .query(let name): "query.\(name)"
        case .json(_, let text): "json.\(text)"
        case .env(let name): "env.\(name)"
        case .now: "now"
        case .uuid: "uuid"
        }
    }
}
