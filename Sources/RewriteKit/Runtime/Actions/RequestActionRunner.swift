/// Runs a rule's `request { }` actions on the outgoing request, in order.
///
/// Templates read the request as the earlier actions left it. In URL actions a template's
/// values are data: ``URLTemplate`` encodes each for the part of the URL it lands in, and a
/// value that cannot go there (a `/` in a host label, say) leaves the URL as it was, as does
/// a result that is not a usable URL; the trace says why.
enum RequestActionRunner {
    /// Runs `actions` on `request`, whose body `body` views (and is kept in step with).
    static func run(_ actions: [CompiledAction], on request: inout HTTPRequest, body: inout BodyView?, context: inout ActionContext) {
        for action in actions {
            // A header action of literals needs no renderer (most rules' actions are).
            if let edit = HeaderActionRunner.literalEdit(of: action) {
                HeaderActionRunner.apply(edit, of: action, on: &request.headers, context: &context)
                continue
            }
            // So does a JSON action of literals.
            if let result = BodyActionRunner.literalResult(of: action, body: body) {
                applyBody(result, of: action, to: &request, body: &body, context: &context)
                continue
            }
            var renderer = context.renderer(request: request, body: body)
            run(action, on: &request, body: &body, renderer: &renderer, context: &context)
            context.recordMissing(of: renderer, line: action.line)
        }
    }

    private static func run(
        _ action: CompiledAction, on request: inout HTTPRequest, body: inout BodyView?, renderer: inout TemplateRenderer,
        context: inout ActionContext
    ) {
        // The request is written only by an action that changes it (a shared one is copied first).
        if let edit = HeaderActionRunner.edit(of: action, renderer: &renderer) {
            return HeaderActionRunner.apply(edit, of: action, on: &request.headers, context: &context)
        }
        if action.touchesBody, BodyActionRunner.run(action, body: &body, headers: &request.headers, renderer: &renderer, context: &context) {
            // A file-backed upload stays in its file: the request phase writes its edited parts out.
            if body?.isFileBacked != true { request.body = body?.bytes }
            return
        }
        switch action.kind {
        case .setQuery(let name, let value):
            let key = renderer.render(name)
            let text = renderer.text(of: value)
            let before = QueryString.firstValue(named: key, in: request.url.query)
            request.url.setQueryValue(text, for: key)
            context.record(.changed(action: action.name, change: .query(name: key, before: before, after: text)), line: action.line)
        case .removeQuery(let name):
            let key = renderer.render(name)
            guard let before = QueryString.firstValue(named: key, in: request.url.query) else {
                context.record(.unchanged(action: action.name, reason: "no '\(key)' query parameter"), line: action.line)
                return
            }
            request.url.removeQueryValue(for: key)
            context.record(.changed(action: action.name, change: .query(name: key, before: before, after: nil)), line: action.line)
        case .setURL(let value):
            let text: String
            switch URLTemplate.url(renderer.renderParts(value)) {
            case .success(let composed): text = composed
            case .failure(let failure): return skip(action, "\(failure)", &context)
            }
            guard let url = RequestURL(string: text), URLPartSyntax.isValidHost(url.host) else {
                return skip(action, "'\(text)' is not an absolute URL", &context)
            }
            change(action, &request, &context) { $0 = url }
        case .setHost(let value):
            let text: String
            switch URLTemplate.hostAndPort(renderer.renderParts(value)) {
            case .success(let composed): text = composed
            case .failure(let failure): return skip(action, "\(failure)", &context)
            }
            guard let (host, port) = URLPartSyntax.hostAndPort(text) else {
                return skip(action, "'\(text)' is not a host name (or host:port)", &context)
            }
            change(action, &request, &context) { url in
                url.host = host
                if let port { url.port = port }
            }
        case .setPath(let value):
            let text: String
            switch URLTemplate.path(renderer.renderParts(value)) {
            case .success(let composed): text = composed
            case .failure(let failure): return skip(action, "\(failure)", &context)
            }
            guard let path = URLPartSyntax.path(text) else {
                return skip(action, "'\(text)' is not a URL path (spaces, '?' and '#' are not allowed)", &context)
            }
            change(action, &request, &context) { $0.path = path }
        case .setScheme(let value):
            let text: String
            switch URLTemplate.scheme(renderer.renderParts(value)) {
            case .success(let composed): text = ASCIICase.lowercased(composed)
            case .failure(let failure): return skip(action, "\(failure)", &context)
            }
            guard URLPartSyntax.isValidScheme(text) else { return skip(action, "'\(text)' is not a URL scheme", &context) }
            change(action, &request, &context) { $0.scheme = text }
        case .setStatus:
            skip(action, "'set-status' only applies to responses", &context)
        case .log:
            context.record(.log("\(request.method) \(request.url)"), line: action.line)
        case .tag(let name):
            context.record(.tag(renderer.render(name)), line: action.line)
        default:
            break
        }
    }

    /// Records a body action's result and, when it changed the body, keeps the request's in step.
    private static func applyBody(
        _ result: BodyActionRunner.Result, of action: CompiledAction, to request: inout HTTPRequest, body: inout BodyView?,
        context: inout ActionContext
    ) {
        if BodyActionRunner.apply(result, of: action, body: &body, headers: &request.headers, context: &context) {
            request.body = body?.bytes
        }
    }

    /// Applies a URL change and traces the URL before and after.
    private static func change(
        _ action: CompiledAction, _ request: inout HTTPRequest, _ context: inout ActionContext, _ edit: (inout RequestURL) -> Void
    ) {
        let before = request.url.description
        edit(&request.url)
        let after = request.url.description
        if before == after {
            context.record(.unchanged(action: action.name, reason: "the URL is already \(after)"), line: action.line)
        } else {
            context.record(.changed(action: action.name, change: .url(before: before, after: after)), line: action.line)
        }
    }

    private static func skip(_ action: CompiledAction, _ reason: String, _ context: inout ActionContext) {
        context.record(.skipped(action: action.name, reason: reason), line: action.line)
    }
}
