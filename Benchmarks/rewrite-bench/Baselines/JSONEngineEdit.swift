import RewriteKit

/// One `wrap-json` or `inject-json` edit by the JSON engine alone, outside the pipeline:
/// the body validated, the spot located, the edited bytes built. Set beside the same edit
/// through a pipeline run, so that what the run adds (finding the rule, testing its
/// condition, the trace, the outcome) is measured apart from what the JSON engine costs.
struct JSONEngineEdit: Sendable {
    private enum Kind: Sendable {
        case wrap(key: String)
        case inject(path: JSONPath, value: [UInt8])
    }

    private let kind: Kind

    /// The action's name in the rule language: `wrap-json` or `inject-json`.
    var actionName: String {
        switch kind {
        case .wrap: "wrap-json"
        case .inject: "inject-json"
        }
    }

    /// `wrap-json KEY`.
    static func wrap(key: String) -> JSONEngineEdit {
        JSONEngineEdit(kind: .wrap(key: key))
    }

    /// `inject-json PATH VALUE`, with `value` one JSON value; nil when the path or the
    /// value does not parse.
    static func inject(path: String, value: String) -> JSONEngineEdit? {
        guard let path = try? JSONPath.parse(path), JSONSyntax.isValid(Array(value.utf8)) else { return nil }
        return JSONEngineEdit(kind: .inject(path: path, value: Array(value.utf8)))
    }

    /// The edited body, or nil when the edit does not apply (not JSON, path unusable).
    func callAsFunction(_ body: [UInt8]) -> [UInt8]? {
        switch kind {
        case .wrap(let key): JSONEditor.wrap(body, key: key).editedBytes
        case .inject(let path, let value): JSONEditor.inject(body, path: path, value: value).editedBytes
        }
    }
}
