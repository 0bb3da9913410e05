/// The body actions, in either phase: `wrap-json`, `inject-json`, `remove-json`,
/// `replace-body` and `set-body`.
///
/// A body that is not what an action needs (no body, not JSON, not an object, not UTF-8)
/// passes through byte for byte, and the trace gives the JSON engine's reason. JSON
/// actions work on the phase's ``BodyView``, so the body is validated once however many
/// of them run. When a body does change, any `Content-Length` header is removed: the
/// transport computes it again.
enum BodyActionRunner {
    /// Runs a body action on `body`; returns false when `action` is not one.
    static func run(
        _ action: CompiledAction, body: inout BodyView?, headers: inout HTTPHeaders,
        renderer: inout TemplateRenderer, context: inout ActionContext
    ) -> Bool {
        if let result = PartActionRunner.result(
            of: action, body: body, contentType: headers["Content-Type"], renderer: &renderer, context: &context) {
            apply(result, of: action, body: &body, headers: &headers, context: &context)
            return true
        }
        if case .setBody(let source) = action.kind {
            // The body's own type, when it implies one a `Content-Type` must name (a multipart boundary).
            let (bytes, type) = renderer.bytes(of: source)
            let summary = switch source {
            case .text: "set text"
            case .json, .bytes(_, isJSON: true): "set JSON"
            case .bytes: "set bytes"
            case .multipart: "set multipart"
            }
            if apply(.changed(BodyView(bytes), summary: summary), of: action, body: &body, headers: &headers, context: &context),
               case .multipart = source, let type {
                headers.replace("Content-Type", with: type)
            }
            return true
        }
        guard let result = result(of: action, body: body, renderer: &renderer, context: &context) else { return false }
        apply(result, of: action, body: &body, headers: &headers, context: &context)
        return true
    }

    /// What a JSON action whose key, path and value are all literals (most are) does to
    /// `body`, with no renderer to make; nil for any other action.
    static func literalResult(of action: CompiledAction, body: BodyView?) -> Result? {
        switch action.kind {
        case .wrapJSON(let key, let summary):
            guard let name = key.constant else { return nil }
            return editJSON(body) { .success(JSONEditor.wrap($0, key: name)) }
                .summarized(summary ?? CompiledAction.wrapSummary(name))
        case .injectJSON(.parsed(let path, let text), _, let json?, let summary):
            return editJSON(body) { JSONEditor.inject(json, at: path, in: $0) }
                .summarized(summary ?? CompiledAction.injectSummary(text))
        case .removeJSON(.parsed(let path, let text), let summary):
            return editJSON(body) { JSONEditor.remove(path, from: $0) }
                .summarized(summary ?? CompiledAction.removeSummary(text))
        default:
            return nil
        }
    }

    /// What a body action does to `body`; nil when `action` is not one.
    private static func result(
        of action: CompiledAction, body: BodyView?, renderer: inout TemplateRenderer, context: inout ActionContext
    ) -> Result? {
        if let result = literalResult(of: action, body: body) { return result }
        let result: Result
        switch action.kind {
        case .wrapJSON(let key, let literalSummary):
            let name = renderer.render(key)
            result = editJSON(body) { .success(JSONEditor.wrap($0, key: name)) }
                .summarized(literalSummary ?? CompiledAction.wrapSummary(name))
        case .injectJSON(let pathOperand, let value, let literalJSON, let literalSummary):
            guard let (path, text) = resolve(pathOperand, renderer: &renderer, action: action, context: &context) else { return .traced }
            let json = literalJSON ?? renderer.json(of: value)
            result = editJSON(body) { JSONEditor.inject(json, at: path, in: $0) }
                .summarized(literalSummary ?? CompiledAction.injectSummary(text))
        case .removeJSON(let pathOperand, let literalSummary):
            guard let (path, text) = resolve(pathOperand, renderer: &renderer, action: action, context: &context) else { return .traced }
            result = editJSON(body) { JSONEditor.remove(path, from: $0) }
                .summarized(literalSummary ?? CompiledAction.removeSummary(text))
        case .replaceBody(let regex, let replacement):
            result = replace(regex, with: replacement, in: body, renderer: renderer)
        default:
            return nil
        }
        return result
    }

    /// Records what a body action did and, when it changed the body, takes the new one
    /// (removing `Content-Length`); returns whether the body changed.
    @discardableResult
    static func apply(
        _ result: Result, of action: CompiledAction, body: inout BodyView?, headers: inout HTTPHeaders, context: inout ActionContext
    ) -> Bool {
        switch result {
        case .changed(let edited, let summary):
            let before = body?.count
            body = edited
            context.record(
                .changed(action: action.name, change: .body(beforeLength: before, afterLength: edited.count, summary: summary)),
                line: action.line)
            if headers.contains("Content-Length") {
                headers.remove("Content-Length")
                context.record(.contentLengthRemoved, line: action.line)
            }
            return true
        case .unchanged(let reason):
            context.record(.skipped(action: action.name, reason: reason), line: action.line)
            return false
        case .traced:
            return false
        }
    }

    /// What a body action decided.
    enum Result {
        case changed(BodyView, summary: String)
        case unchanged(reason: String)
        /// Left alone, and the trace already says why (a path its values would change).
        case traced

        /// This result with `summary` if it is a change; the summary is made only then.
        func summarized(_ summary: @autoclosure () -> String) -> Result {
            guard case .changed(let body, _) = self else { return self }
            return .changed(body, summary: summary())
        }
    }

    /// Runs a JSON edit on the body's document (validated on first use, once per phase).
    /// Inlined into each JSON action's case, so the edit's closure is not one more call
    /// (a 1 KB run by callgrind: `wrap-json` about 140 instructions fewer, `inject-json` 260).
    @inline(__always)
    private static func editJSON(
        _ body: BodyView?, _ edit: (JSONDocument) -> Swift.Result<JSONDocument, JSONLocatorFailure>
    ) -> Result {
        guard let body else { return .unchanged(reason: "there is no body") }
        switch body.document {
        case .failure(let error):
            return .unchanged(reason: "body is not valid JSON: \(error)")
        case .success(let document):
            switch edit(document) {
            case .success(let edited): return .changed(BodyView(edited), summary: "")
            case .failure(let failure): return .unchanged(reason: failure.reason)
            }
        }
    }

    /// How much one `replace-body` may grow a body: by its own size, or by 1 MiB if that is
    /// more. Each match may put in a value from the request, so without a limit a few
    /// actions in a row would grow a body exponentially (100 bytes became 12.9 MB after three).
    static func replaceGrowthLimit(forBodyOf count: Int) -> Int {
        max(count, 1024 * 1024)
    }

    /// `replace-body`: like sed, `${n}` in the replacement is group n of each match of this
    /// regex, not of the rule's conditions. A result longer than the body by more than
    /// ``replaceGrowthLimit(forBodyOf:)`` skips the action.
    private static func replace(
        _ regex: SafeRegex, with replacement: CompiledTemplate, in body: BodyView?, renderer base: borrowing TemplateRenderer
    ) -> Result {
        guard let body else { return .unchanged(reason: "there is no body") }
        guard let text = UTF8Text.validated(body.bytes) else { return .unchanged(reason: "the body is not valid UTF-8 text") }
        let growth = Self.replaceGrowthLimit(forBodyOf: text.utf8.count)
        let result: String?
        do {
            result = try regex.replacingMatches(in: text, maxUTF8Count: text.utf8.count + growth) { match in
                var perMatch = TemplateRenderer(
                    request: base.request, response: base.response, body: base.body,
                    captures: match.ranges.indices.map { match.group($0) ?? "" }, environment: base.environment)
                return perMatch.render(replacement)
            }
        } catch {
            return .unchanged(reason: "\(error)")
        }
        guard let replaced = result else {
            return .unchanged(reason: "the result would grow the body by more than \(growth) bytes (its own size, or 1 MiB if that is more)")
        }
        guard !ByteText.equal(replaced, text) else { return .unchanged(reason: "the pattern did not match") }
        return .changed(BodyView(Array(replaced.utf8)), summary: "replaced matches of /\(regex.pattern)/")
    }

    /// The JSON path of an action, rendered and parsed if it has placeholders.
    private static func resolve(
        _ operand: JSONPathOperand, renderer: inout TemplateRenderer, action: CompiledAction, context: inout ActionContext
    ) -> (JSONPath, String)? {
        switch operand {
        case .parsed(let path, let text):
            return (path, text)
        case .template(let template):
            // A placeholder's value is data: it may name one key or index, never add path syntax.
            let parts = renderer.renderParts(template)
            for case .value(let value, let source) in parts where !value.isEmpty && !value.utf8.allSatisfy(JSONPath.isBareKeyByte) {
                context.record(
                    .skipped(action: action.name, reason: "the value of ${\(source.spelling)} would change the JSON path's structure"),
                    line: action.line)
                return nil
            }
            let text = parts.map(\.text).joined()
            guard let path = try? JSONPath.parse(text) else {
                context.record(.skipped(action: action.name, reason: "'\(text)' is not a valid JSON path"), line: action.line)
                return nil
            }
            return (path, text)
        }
    }
}
