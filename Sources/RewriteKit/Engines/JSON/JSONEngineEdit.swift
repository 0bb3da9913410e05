/// One `wrap-json` or `inject-json` edit by the JSON engine alone, outside the pipeline:
/// the body validated, the spot located, the edited bytes built. For `rewrite-bench`,
/// which sets it beside the same edit through a pipeline run, so that what the run adds
/// (finding the rule, testing its condition, the trace, the outcome) is measured apart
/// from what the JSON engine costs.
package struct JSONEngineEdit: Sendable {
    private enum Kind: Sendable {
        case wrap(key: String)
        case inject(path: JSONPath, value: JSONDocument)
    }

    private let kind: Kind

    /// The action's name in the rule language: `wrap-json` or `inject-json`.
    package var actionName: String {
        switch kind {
        case .wrap: "wrap-json"
        case .inject: "inject-json"
        }
    }

    /// `wrap-json KEY`.
    package static func wrap(key: String) -> JSONEngineEdit {
        JSONEngineEdit(kind: .wrap(key: key))
    }

    /// `inject-json PATH VALUE`, with `value` one JSON value; nil when the path or the
    /// value does not parse.
    package static func inject(path: String, value: String) -> JSONEngineEdit? {
        guard let path = try? JSONPath.parse(path), let value = try? JSONDocument(validating: Array(value.utf8)) else {
            return nil
        }
        return JSONEngineEdit(kind: .inject(path: path, value: value))
    }

    /// The edited body, or nil when the edit does not apply (not JSON, path unusable).
    package func callAsFunction(_ body: [UInt8]) -> [UInt8]? {
        guard let document = try? JSONDocument(validating: body) else { return nil }
        switch kind {
        case .wrap(let key):
            return JSONEditor.wrap(document, key: key).bytes
        case .inject(let path, let value):
            return try? JSONEditor.inject(value, at: path, in: document).get().bytes
        }
    }
}
