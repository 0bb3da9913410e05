/// `set-header`, `add-header` and `remove-header`, in either phase.
///
/// Names must be HTTP tokens and values may hold no control character but tab: a rendered
/// template that breaks this (a `${query...}` with a line feed or an escape, say) is not
/// sent, the message goes on untouched, and the trace says why.
enum HeaderActionRunner {
    /// Runs a header action; returns false when `action` is not one.
    static func run(
        _ action: CompiledAction, on headers: inout HTTPHeaders, renderer: inout TemplateRenderer, context: inout ActionContext
    ) -> Bool {
        let name: String
        var value: String?
        let adds: Bool
        switch action.kind {
        case .setHeader(let nameTemplate, let valueValue):
            (name, value, adds) = (renderer.render(nameTemplate), renderer.text(of: valueValue), false)
        case .addHeader(let nameTemplate, let valueValue):
            (name, value, adds) = (renderer.render(nameTemplate), renderer.text(of: valueValue), true)
        case .removeHeader(let nameTemplate):
            (name, value, adds) = (renderer.render(nameTemplate), nil, false)
        default:
            return false
        }
        guard HTTPSyntax.isToken(name) else {
            context.record(.skipped(action: action.name, reason: "'\(name)' is not a valid header name"), line: action.line)
            return true
        }
        let before = headers.values(for: name)
        if let text = value {
            guard HTTPSyntax.isFieldValue(text) else {
                context.record(
                    .skipped(action: action.name, reason: "the value for '\(name)' contains a control character (CR, LF, NUL, DEL…)"), line: action.line)
                return true
            }
            if adds { headers.add(name, text) } else { headers.set(name, text) }
        } else {
            guard !before.isEmpty else {
                context.record(.unchanged(action: action.name, reason: "no '\(name)' header"), line: action.line)
                return true
            }
            headers.remove(name)
        }
        context.record(.changed(action: action.name, change: .header(name: name, before: before, after: headers.values(for: name))), line: action.line)
        return true
    }
}
