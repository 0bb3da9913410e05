/// The name of an action as written in rule files, with the arguments it takes.
///
/// The one list of action names: the parser reads names through it, suggestions come
/// from it, and parsed and compiled actions keep it to name themselves in messages.
enum ActionKeyword: String, CaseIterable, Sendable, Hashable {
    case setHeader = "set-header"
    case addHeader = "add-header"
    case removeHeader = "remove-header"
    case setQuery = "set-query"
    case removeQuery = "remove-query"
    case setURL = "set-url"
    case setHost = "set-host"
    case setPath = "set-path"
    case setScheme = "set-scheme"
    case wrapJSON = "wrap-json"
    case injectJSON = "inject-json"
    case removeJSON = "remove-json"
    case replaceBody = "replace-body"
    case setBody = "set-body"
    case setStatus = "set-status"
    case log
    case tag
    case part
    case removePart = "remove-part"
    case addPart = "add-part"
    case setFilename = "set-filename"

    /// Every action name, for suggestions.
    static let names = allCases.map(\.rawValue)

    /// How many arguments the action takes and their usage line (`NAME VALUE`);
    /// `set-body`, `part`, `remove-part` and `add-part` read their own forms and are not counted.
    var arguments: (count: Int, usage: String) {
        switch self {
        case .setHeader, .addHeader, .setQuery: (2, "NAME VALUE")
        case .removeHeader, .removeQuery, .tag: (1, "NAME")
        case .part: (1, "SELECTOR { ACTIONS }")
        case .removePart: (1, "SELECTOR")
        case .addPart: (2, "NAME BODY")
        case .setFilename: (1, "VALUE")
        case .setURL, .setHost, .setPath, .setScheme, .setBody: (1, "VALUE")
        case .wrapJSON: (1, "KEY")
        case .injectJSON: (2, "PATH VALUE")
        case .removeJSON: (1, "PATH")
        case .replaceBody: (2, "REGEX VALUE")
        case .setStatus: (1, "CODE")
        case .log: (0, "")
        }
    }
}
