/// What a `${...}` placeholder reads, resolved when the rules load.
enum TemplateSource: Sendable, Hashable {
    /// `${n}`: regex group `n` of the rule's conditions (`${0}` the first regex's whole match).
    case group(Int)
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

    /// The placeholder as written between `${` and `}`, for traces.
    var spelling: String {
        switch self {
        case .group(let number): String(number)
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
