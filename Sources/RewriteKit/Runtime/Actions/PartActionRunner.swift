/// `part SELECTOR { … }`, `remove-part` and `add-part`, in either phase.
///
/// Each works on the body's ``MultipartBody``: a body that is not multipart (another
/// `Content-Type`, no boundary, no closing delimiter, …) passes through byte for byte and
/// the trace says why. Inside `part { }` the header and body actions run on the part as on
/// a message of its own (its header fields, its body), each traced at its line.
enum PartActionRunner {
    /// What a multipart action does to `body`; nil when `action` is not one.
    static func result(
        of action: CompiledAction, body: BodyView?, contentType: String?, renderer: inout TemplateRenderer,
        context: inout ActionContext
    ) -> BodyActionRunner.Result? {
        switch action.kind {
        case .part, .removePart, .addPart: break
        default: return nil
        }
        guard let body else { return .unchanged(reason: "there is no body") }
        var parts: MultipartBody
        switch body.multipart(contentType: contentType) {
        case .success(let read): parts = read
        case .failure(let failure): return .unchanged(reason: "the body is not multipart: \(failure)")
        }
        let summary: String
        switch action.kind {
        case .removePart(let selector):
            let picked = parts.picked(selector)
            guard !picked.isEmpty else { return .unchanged(reason: "no \(selector.spelling)") }
            parts.remove(picked)
            summary = "removed \(picked.count == 1 ? "1 part" : "\(picked.count) parts"): \(selector.spelling)"
        case .addPart(let part):
            let (name, headers, bytes) = renderer.part(of: part)
            parts.append(headers: headers, body: bytes)
            summary = "added part \"\(name)\""
        case .part(let selector, let actions):
            let picked = parts.picked(selector)
            guard !picked.isEmpty else { return .unchanged(reason: "no \(selector.spelling)") }
            var edited = 0
            for index in picked where edit(index, of: &parts, with: actions, renderer: &renderer, context: &context) {
                edited += 1
            }
            guard edited > 0 else { return .traced }
            summary = "edited \(edited == 1 ? "1 part" : "\(edited) parts"): \(selector.spelling)"
        default:
            return nil
        }
        let view = body.isFileBacked ? BodyView(parts: .success(parts)) : BodyView(parts.renderedBytes())
        return .changed(view, summary: summary)
    }

    /// Runs `actions` on one part; returns whether they changed it.
    private static func edit(
        _ index: Int, of parts: inout MultipartBody, with actions: [CompiledAction], renderer: inout TemplateRenderer,
        context: inout ActionContext
    ) -> Bool {
        let original = parts.parts[index].facts.headers
        var headers = HTTPHeaders(original.map { ($0.name, $0.value) })
        let bytes = parts.body(of: index)
        var body: BodyView? = bytes.map(BodyView.init)
        var bodyChanged = false
        for action in actions {
            if let edit = HeaderActionRunner.edit(of: action, renderer: &renderer) {
                HeaderActionRunner.apply(edit, of: action, on: &headers, context: &context)
                continue
            }
            if action.touchesBody {
                guard bytes != nil else {
                    context.record(
                        .skipped(action: action.name, reason: "the part's body is over \(MultipartBody.partReadLimit >> 20) MB, in the upload's file"),
                        line: action.line)
                    continue
                }
                let before = body
                if BodyActionRunner.run(action, body: &body, headers: &headers, renderer: &renderer, context: &context), body !== before {
                    bodyChanged = true
                }
                continue
            }
            switch action.kind {
            case .setFilename(let template):
                rename(to: renderer.render(template), headers: &headers, action: action, context: &context)
            case .log:
                let name = parts.parts[index].facts.name ?? "?"
                context.record(.log("part \"\(name)\": \(parts.bodyCount(of: index)) bytes"), line: action.line)
            case .tag(let name):
                context.record(.tag(renderer.render(name)), line: action.line)
            default:
                break
            }
        }
        let headersChanged = !headers.fields.elementsEqual(original) { $0.name == $1.name && $0.value == $1.value }
        if headersChanged { parts.setHeaders(of: index, headers.fields.map { (name: $0.name, value: $0.value) }) }
        if bodyChanged, let body { parts.setBody(of: index, body.bytes) }
        return headersChanged || bodyChanged
    }

    /// `set-filename`: the part's `Content-Disposition` with the new `filename` (and no
    /// `filename*`), its other parameters kept.
    private static func rename(to filename: String, headers: inout HTTPHeaders, action: CompiledAction, context: inout ActionContext) {
        guard let disposition = headers["Content-Disposition"] else {
            context.record(.skipped(action: action.name, reason: "the part has no Content-Disposition"), line: action.line)
            return
        }
        let parameters = HeaderParameters(disposition)
        var value = parameters.type.isEmpty ? "form-data" : parameters.type
        var renamed = false
        for parameter in parameters.parameters where parameter.name != "filename*" {
            if parameter.name == "filename" {
                value += "; filename=" + HeaderParameters.quoted(filename)
                renamed = true
            } else {
                value += "; \(parameter.name)=" + HeaderParameters.quoted(parameter.value)
            }
        }
        if !renamed { value += "; filename=" + HeaderParameters.quoted(filename) }
        guard HTTPSyntax.isFieldValue(value) else {
            context.record(.skipped(action: action.name, reason: "the file name contains a control character"), line: action.line)
            return
        }
        headers.replace("Content-Disposition", with: value)
        context.record(
            .changed(action: action.name, change: .header(name: "Content-Disposition", before: [disposition], after: [value])),
            line: action.line)
    }
}
