/// The body actions, in either phase: `wrap-json`, `inject-json`, `remove-json`,
/// `replace-body` and `set-body`.
///
/// A body that is not what an action needs (no body, not JSON, not an object, not UTF-8)
/// passes through byte for byte, and the trace gives the JSON engine's reason. When a body
/// does change, any `Content-Length` header is removed: the transport computes it again.
enum BodyActionRunner {
    /// Runs a body action; returns false when `action` is not one.
    static func run(
        _ action: CompiledAction, body: inout [UInt8]?, headers: inout HTTPHeaders,
        renderer: inout TemplateRenderer, context: inout ActionContext
    ) -> Bool {
        let result: Result
        switch action.kind {
        case .wrapJSON(let key):
            let name = renderer.render(key)
            result = edit(body) { JSONBridge.wrap($0, key: name) }.summarized("wrapped in \"\(name)\"")
        case .injectJSON(let pathOperand, let value):
            guard let (path, text) = resolve(pathOperand, renderer: &renderer, action: action, context: &context) else { return true }
            let bytes = renderer.jsonBytes(of: value)
            result = edit(body) { JSONBridge.inject($0, path: path, value: bytes) }.summarized("set \"\(text)\"")
        case .removeJSON(let pathOperand):
            guard let (path, text) = resolve(pathOperand, renderer: &renderer, action: action, context: &context) else { return true }
            result = edit(body) { JSONBridge.remove($0, path: path) }.summarized("removed \"\(text)\"")
        case .replaceBody(let regex, let replacement):
            // Like sed: `${n}` in the replacement is group n of each match of
            // this regex, not of the rule's conditions.
            let base = renderer
            result = edit(body) { bytes in
                guard let text = validUTF8(bytes) else { return .unchanged(reason: "the body is not valid UTF-8 text") }
                let replaced = regex.replacingMatches(in: text) { match in
                    var perMatch = TemplateRenderer(
                        request: base.request, response: base.response,
                        captures: match.ranges.indices.map { match.group($0) ?? "" }, environment: base.environment)
                    return perMatch.text(of: replacement)
                }
                return replaced == text ? .unchanged(reason: "the pattern did not match") : .edited(Array(replaced.utf8))
            }.summarized("replaced matches of /\(regex.pattern)/")
        case .setBody(let source):
            switch source {
            case .text(let template): result = .changed(Array(renderer.render(template).utf8), summary: "set text")
            case .bytes(let bytes, let isJSON): result = .changed(bytes, summary: isJSON ? "set JSON" : "set bytes")
            }
        default:
            return false
        }
        switch result {
        case .changed(let bytes, let summary):
            let before = body?.count
            body = bytes
            context.record(.changed(action: action.name, change: .body(beforeLength: before, afterLength: bytes.count, summary: summary)), line: action.line)
            if headers.contains("Content-Length") {
                headers.remove("Content-Length")
                context.record(.contentLengthRemoved, line: action.line)
            }
        case .unchanged(let reason):
            context.record(.skipped(action: action.name, reason: reason), line: action.line)
        }
        return true
    }

    /// What a body action decided.
    enum Result {
        case changed([UInt8], summary: String)
        case unchanged(reason: String)

        func summarized(_ summary: String) -> Result {
            if case .changed(let bytes, _) = self { return .changed(bytes, summary: summary) }
            return self
        }
    }

    /// Runs an edit on a body that exists.
    private static func edit(_ body: [UInt8]?, _ operation: ([UInt8]) -> JSONBridge.Edit) -> Result {
        guard let body else { return .unchanged(reason: "there is no body") }
        switch operation(body) {
        case .edited(let bytes): return .changed(bytes, summary: "")
        case .unchanged(let reason): return .unchanged(reason: reason)
        }
    }

    /// The JSON path of an action, rendered and parsed if it has placeholders.
    private static func resolve(
        _ operand: JSONPathOperand, renderer: inout TemplateRenderer, action: CompiledAction, context: inout ActionContext
    ) -> (JSONPath, String)? {
        switch operand {
        case .parsed(let path, let text):
            return (path, text)
        case .template(let template):
            let text = renderer.render(template)
            guard let path = JSONBridge.path(text) else {
                context.record(.skipped(action: action.name, reason: "'\(text)' is not a valid JSON path"), line: action.line)
                return nil
            }
            return (path, text)
        }
    }

    /// The bytes as a string if they are valid UTF-8.
    static func validUTF8(_ bytes: [UInt8]) -> String? {
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: return String(decoding: bytes, as: UTF8.self)
            case .error: return nil
            }
        }
    }
}
