/// Runs a rule's `response { }` actions on the incoming response, in order.
///
/// Templates read `${header.NAME}` and `${json.PATH}` from the response as the earlier
/// actions left it, and the URL variables from the request that was sent.
enum ResponseActionRunner {
    /// Runs `actions` on `response`, whose body `body` views (and is kept in step with).
    static func run(
        _ actions: [CompiledAction], on response: inout HTTPResponse, body: inout BodyView, request: HTTPRequest,
        context: inout ActionContext
    ) {
        for action in actions {
            if let edit = HeaderActionRunner.literalEdit(of: action) {
                HeaderActionRunner.apply(edit, of: action, on: &response.headers, context: &context)
                continue
            }
            // So does a JSON action of literals.
            if let result = BodyActionRunner.literalResult(of: action, body: body) {
                var view: BodyView? = body
                BodyActionRunner.apply(result, of: action, body: &view, headers: &response.headers, context: &context)
                adopt(view, as: &body, of: &response)
                continue
            }
            var renderer = context.renderer(request: request, response: response, body: body)
            run(action, on: &response, body: &body, request: request, renderer: &renderer, context: &context)
            context.recordMissing(of: renderer, line: action.line)
        }
    }

    private static func run(
        _ action: CompiledAction, on response: inout HTTPResponse, body: inout BodyView, request: HTTPRequest,
        renderer: inout TemplateRenderer, context: inout ActionContext
    ) {
        if let edit = HeaderActionRunner.edit(of: action, renderer: &renderer) {
            return HeaderActionRunner.apply(edit, of: action, on: &response.headers, context: &context)
        }
        var view: BodyView? = body
        if BodyActionRunner.run(action, body: &view, headers: &response.headers, renderer: &renderer, context: &context) {
            return adopt(view, as: &body, of: &response)
        }
        switch action.kind {
        case .setStatus(let code):
            let before = response.status
            response.status = code
            if before == code {
                context.record(.unchanged(action: action.name, reason: "the status is already \(code)"), line: action.line)
            } else {
                context.record(.changed(action: action.name, change: .status(before: before, after: code)), line: action.line)
            }
        case .log:
            context.record(.log("\(response.status) \(request.url)"), line: action.line)
        case .tag(let name):
            context.record(.tag(renderer.render(name)), line: action.line)
        default:
            context.record(.skipped(action: action.name, reason: "'\(action.name)' only applies to requests"), line: action.line)
        }
    }

    /// Keeps the response's body in step with a body action's view, when the action made a new one.
    private static func adopt(_ view: BodyView?, as body: inout BodyView, of response: inout HTTPResponse) {
        guard let view, view !== body else { return }
        body = view
        response.body = view.bytes
    }
}
